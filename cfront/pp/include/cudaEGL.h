/* Built-in <cudaEGL.h>: the driver API's EGL interop types (the toolkit's
   values and layout, a part of the enumerators). */
#ifndef __PTXABI_CUDAEGL_H
#define __PTXABI_CUDAEGL_H
#include <cuda.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#define MAX_PLANES 3
typedef enum CUeglFrameType_enum { CU_EGL_FRAME_TYPE_ARRAY = 0, CU_EGL_FRAME_TYPE_PITCH = 1 } CUeglFrameType;
typedef enum CUeglResourceLocationFlags_enum { CU_EGL_RESOURCE_LOCATION_SYSMEM = 0x00, CU_EGL_RESOURCE_LOCATION_VIDMEM = 0x01 } CUeglResourceLocationFlags;
typedef enum CUeglColorFormat_enum {
	CU_EGL_COLOR_FORMAT_YUV420_PLANAR = 0x00, CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR = 0x01,
	CU_EGL_COLOR_FORMAT_YUV422_PLANAR = 0x02, CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR = 0x03,
	CU_EGL_COLOR_FORMAT_RGB = 0x04, CU_EGL_COLOR_FORMAT_BGR = 0x05, CU_EGL_COLOR_FORMAT_ARGB = 0x06,
	CU_EGL_COLOR_FORMAT_RGBA = 0x07, CU_EGL_COLOR_FORMAT_L = 0x08, CU_EGL_COLOR_FORMAT_R = 0x09
} CUeglColorFormat;
typedef struct CUeglFrame_st {
	union {
		CUarray pArray[MAX_PLANES];
		void *pPitch[MAX_PLANES];
	} frame;
	unsigned int width;
	unsigned int height;
	unsigned int depth;
	unsigned int pitch;
	unsigned int planeCount;
	unsigned int numChannels;
	CUeglFrameType frameType;
	CUeglColorFormat eglColorFormat;
	CUarray_format cuFormat;
} CUeglFrame_v1, CUeglFrame;
typedef struct CUeglStreamConnection_st *CUeglStreamConnection;
#endif

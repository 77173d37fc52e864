/* Built-in <cuda.h>: the driver API's handle types. */
#ifndef __PTXABI_CUDA_H
#define __PTXABI_CUDA_H
#include <cuda_runtime.h>
#define CUDA_VERSION 11080
#ifdef __LP64__
typedef unsigned long long CUdeviceptr;
#else
typedef unsigned int CUdeviceptr;
#endif
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef int CUdevice;
typedef enum cudaError_enum { CUDA_SUCCESS = 0 } CUresult;
typedef enum CUmemAllocationHandleType_enum {
	CU_MEM_HANDLE_TYPE_NONE = 0x0,
	CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 0x1,
	CU_MEM_HANDLE_TYPE_WIN32 = 0x2,
	CU_MEM_HANDLE_TYPE_WIN32_KMT = 0x4,
	CU_MEM_HANDLE_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationHandleType;
typedef unsigned long long CUmemGenericAllocationHandle;
#endif

/* Built-in <EGL/egl.h>: EGL's handle types. */
#ifndef __PTXABI_EGL_H
#define __PTXABI_EGL_H
typedef void *EGLDisplay;
typedef void *EGLSurface;
typedef void *EGLContext;
typedef void *EGLConfig;
typedef void *EGLImageKHR;
typedef void *EGLStreamKHR;
typedef void *EGLSyncKHR;
typedef int EGLint;
typedef unsigned int EGLBoolean;
typedef unsigned int EGLenum;
#endif

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
#endif

/* Built-in <cuda_runtime.h>, included before every translation unit as
   nvcc does. */
#ifndef __PTXABI_CUDA_RUNTIME_H
#define __PTXABI_CUDA_RUNTIME_H
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector_types.h>
/* texture_types.h and surface_types.h: 64-bit object handles. */
__ptxabi_builtin_type(cudaTextureObject_t, cudaSurfaceObject_t);
enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2
};
typedef enum cudaError cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
extern "C" __device__ const uint3 threadIdx;
extern "C" __device__ const uint3 blockIdx;
extern "C" __device__ const dim3 blockDim;
extern "C" __device__ const dim3 gridDim;
extern "C" __device__ const int warpSize;
#endif

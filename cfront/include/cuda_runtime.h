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
/* Host code's runtime API types (its functions are called in bodies,
   which are not parsed). */
enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4
};
struct cudaDeviceProp {
	char name[256];
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int clockRate;
	int major;
	int minor;
	int multiProcessorCount;
	int concurrentKernels;
	int memoryClockRate;
	int memoryBusWidth;
	int l2CacheSize;
	int maxThreadsPerMultiProcessor;
	int managedMemory;
	int cooperativeLaunch;
};
struct cudaFuncAttributes { size_t sharedSizeBytes; size_t constSizeBytes; size_t localSizeBytes; int maxThreadsPerBlock; int numRegs; int ptxVersion; int binaryVersion; };
typedef struct cudaArray *cudaArray_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocMapped 0x02
#define cudaMemAttachGlobal 0x01
extern "C" const char *cudaGetErrorString(cudaError_t error);
extern "C" const char *cudaGetErrorName(cudaError_t error);
extern "C" cudaError_t cudaGetLastError(void);
extern "C" cudaError_t cudaDeviceSynchronize(void);
#endif

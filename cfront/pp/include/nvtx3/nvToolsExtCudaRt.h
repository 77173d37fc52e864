/* Built-in <nvtx3/nvToolsExtCudaRt.h>: NVTX's names for CUDA runtime
   objects (the ASCII forms). */
#ifndef __PTXABI_NVTOOLSEXTCUDART_H
#define __PTXABI_NVTOOLSEXTCUDART_H
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
extern "C" void nvtxNameCudaDeviceA(int device, const char *name);
extern "C" void nvtxNameCudaStreamA(cudaStream_t stream, const char *name);
extern "C" void nvtxNameCudaEventA(cudaEvent_t event, const char *name);
#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
#endif

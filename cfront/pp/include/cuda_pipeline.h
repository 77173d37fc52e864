/* Built-in <cuda_pipeline.h>: the pipeline primitives. */
#ifndef __PTXABI_CUDA_PIPELINE_H
#define __PTXABI_CUDA_PIPELINE_H
#include <cuda_runtime.h>
__device__ void __pipeline_memcpy_async(void *__dst, const void *__src, size_t __size_and_align, size_t __zfill = 0);
__device__ void __pipeline_commit();
__device__ void __pipeline_wait_prior(size_t __prior);
__device__ void __pipeline_arrive_on(unsigned long long *__barrier);
#endif

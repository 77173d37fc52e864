/* Built-in: what CUDA's cuda_runtime.h declares of the C library for
   device code (crt/common_functions.h): printf, malloc, free, memcpy,
   memset, clock, and assert (it includes <assert.h>, so that a kernel
   file for NVRTC that names assert without an #include compiles, as with
   nvcc). <stdio.h>, <stdlib.h>, <string.h> and <time.h> add the host's
   functions when a file includes them. */
#ifndef __PTXABI_CRT_H
#define __PTXABI_CRT_H
#include <stddef.h>
#include <assert.h>
typedef long clock_t;
extern "C" __host__ __device__ int printf(const char *format, ...);
extern "C" __host__ __device__ void *malloc(size_t size);
extern "C" __host__ __device__ void free(void *ptr);
extern "C" __host__ __device__ void *memcpy(void *dst, const void *src, size_t n);
extern "C" __host__ __device__ void *memset(void *dst, int c, size_t n);
extern "C" __host__ __device__ clock_t clock(void);
#endif

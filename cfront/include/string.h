/* Built-in <string.h>: what device code may call. */
#ifndef __PTXABI_STRING_H
#define __PTXABI_STRING_H
#include <stddef.h>
extern "C" __host__ __device__ void *malloc(size_t size);
extern "C" __host__ __device__ void free(void *ptr);
extern "C" __host__ __device__ void *memcpy(void *dst, const void *src, size_t n);
extern "C" __host__ __device__ void *memset(void *dst, int c, size_t n);
#endif

/* Built-in <stdio.h>: what device code may call. */
#ifndef __PTXABI_STDIO_H
#define __PTXABI_STDIO_H
#include <stddef.h>
extern "C" __host__ __device__ int printf(const char *format, ...);
#endif

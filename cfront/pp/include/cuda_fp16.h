/* Built-in <cuda_fp16.h>: __half is a 2-byte, 2-aligned type. */
#ifndef __PTXABI_CUDA_FP16_H
#define __PTXABI_CUDA_FP16_H
__ptxabi_builtin_type(__half);
struct __align__(4) __half2 {
	__half x;
	__half y;
	__half2() = default;
	__host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
};
typedef __half half;
typedef __half2 half2;
#ifdef __PTXABI_DEVICE_BUILTINS
#include <ptxabi_device_fp16.h>
#endif
#endif

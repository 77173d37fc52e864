/* Built-in <cuda_fp16.h>: __half is a 2-byte, 2-aligned type. */
#ifndef __PTXABI_CUDA_FP16_H
#define __PTXABI_CUDA_FP16_H
__ptxabi_builtin_type(__half);
struct __align__(4) __half2 {
	__half x;
	__half y;
#ifdef __cplusplus
	__half2() = default;
	__host__ __device__ __half2(const __half &__a, const __half &__b) : x(__a), y(__b) {}
	/* A copy constructor of its own, as CUDA 11.8's: a .func takes and
	   returns a __half2 through a pointer to a copy. */
	__host__ __device__ __half2(const __half2 &__s) : x(__s.x), y(__s.y) {}
	__host__ __device__ __half2 &operator=(const __half2 &__s)
	{
		x = __s.x;
		y = __s.y;
		return *this;
	}
#endif
};
typedef __half half;
typedef __half2 half2;
#ifdef __PTXABI_DEVICE_BUILTINS
#include <ptxabi_device_fp16.h>
#endif
#endif

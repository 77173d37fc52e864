/* Built-in: the __half functions of CUDA's cuda_fp16.h that device code
   calls (conversions, reinterpretations, arithmetic), lowered by the
   compiler (cfront/sema's Builtins). */
#ifndef __PTXABI_DEVICE_FP16_H
#define __PTXABI_DEVICE_FP16_H
#include <cuda_fp16.h>
__host__ __device__ __half __float2half(float a);
__host__ __device__ __half __float2half_rn(float a);
__host__ __device__ float __half2float(__half a);
__device__ unsigned short int __half_as_ushort(__half h);
__device__ __half __ushort_as_half(unsigned short int i);
__device__ short int __half_as_short(__half h);
__device__ __half __short_as_half(short int i);
__device__ __half __hadd(__half a, __half b);
__device__ __half __hsub(__half a, __half b);
__device__ __half __hmul(__half a, __half b);
__device__ __half __hdiv(__half a, __half b);
__device__ __half __hneg(__half a);
__device__ __half __hfma(__half a, __half b, __half c);
__device__ bool __heq(__half a, __half b);
__device__ bool __hlt(__half a, __half b);
__device__ bool __hgt(__half a, __half b);
__device__ __half __float2half_rz(float a);
__device__ __half __float2half_rd(float a);
__device__ __half __float2half_ru(float a);
__host__ __device__ __half2 __halves2half2(__half a, __half b);
__host__ __device__ __half2 __half2half2(__half a);
__host__ __device__ __half2 __float2half2_rn(float a);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ __half __low2half(__half2 a);
__host__ __device__ __half __high2half(__half2 a);
__host__ __device__ __half2 __lows2half2(__half2 a, __half2 b);
__host__ __device__ __half2 __highs2half2(__half2 a, __half2 b);
__host__ __device__ __half2 __lowhigh2highlow(__half2 a);
__host__ __device__ __half2 __low2half2(__half2 a);
__host__ __device__ __half2 __high2half2(__half2 a);
__host__ __device__ float __low2float(__half2 a);
__host__ __device__ float __high2float(__half2 a);
__device__ int __half2int_rn(__half h);
__device__ __half __int2half_rn(int i);
__device__ int __half2int_rz(__half h);
__device__ __half __int2half_rz(int i);
__device__ int __half2int_rd(__half h);
__device__ __half __int2half_rd(int i);
__device__ int __half2int_ru(__half h);
__device__ __half __int2half_ru(int i);
__device__ unsigned int __half2uint_rn(__half h);
__device__ __half __uint2half_rn(unsigned int i);
__device__ unsigned int __half2uint_rz(__half h);
__device__ __half __uint2half_rz(unsigned int i);
__device__ unsigned int __half2uint_rd(__half h);
__device__ __half __uint2half_rd(unsigned int i);
__device__ unsigned int __half2uint_ru(__half h);
__device__ __half __uint2half_ru(unsigned int i);
__device__ short __half2short_rn(__half h);
__device__ __half __short2half_rn(short i);
__device__ short __half2short_rz(__half h);
__device__ __half __short2half_rz(short i);
__device__ short __half2short_rd(__half h);
__device__ __half __short2half_rd(short i);
__device__ short __half2short_ru(__half h);
__device__ __half __short2half_ru(short i);
__device__ unsigned short __half2ushort_rn(__half h);
__device__ __half __ushort2half_rn(unsigned short i);
__device__ unsigned short __half2ushort_rz(__half h);
__device__ __half __ushort2half_rz(unsigned short i);
__device__ unsigned short __half2ushort_rd(__half h);
__device__ __half __ushort2half_rd(unsigned short i);
__device__ unsigned short __half2ushort_ru(__half h);
__device__ __half __ushort2half_ru(unsigned short i);
__device__ long long __half2ll_rn(__half h);
__device__ __half __ll2half_rn(long long i);
__device__ long long __half2ll_rz(__half h);
__device__ __half __ll2half_rz(long long i);
__device__ long long __half2ll_rd(__half h);
__device__ __half __ll2half_rd(long long i);
__device__ long long __half2ll_ru(__half h);
__device__ __half __ll2half_ru(long long i);
__device__ unsigned long long __half2ull_rn(__half h);
__device__ __half __ull2half_rn(unsigned long long i);
__device__ unsigned long long __half2ull_rz(__half h);
__device__ __half __ull2half_rz(unsigned long long i);
__device__ unsigned long long __half2ull_rd(__half h);
__device__ __half __ull2half_rd(unsigned long long i);
__device__ unsigned long long __half2ull_ru(__half h);
__device__ __half __ull2half_ru(unsigned long long i);
/* __half2 arithmetic (sm_53 and later, as CUDA 11.8 declares it): each
   half computed as the __half function computes it, which rounds each
   result once to f16 as add.f16x2, sub, mul and neg do; fma is nvcc's
   instruction. */
#if __CUDA_ARCH__ >= 530
#define __PTXABI_HALF2_OP2(name, f)                                                 \
	static __device__ __forceinline__ __half2 name(const __half2 __a, const __half2 __b) \
	{                                                                           \
		__half2 __r;                                                        \
		__r.x = f(__a.x, __b.x);                                            \
		__r.y = f(__a.y, __b.y);                                            \
		return __r;                                                         \
	}
__PTXABI_HALF2_OP2(__hadd2, __hadd)
__PTXABI_HALF2_OP2(__hsub2, __hsub)
__PTXABI_HALF2_OP2(__hmul2, __hmul)
__PTXABI_HALF2_OP2(__h2div, __hdiv)
#undef __PTXABI_HALF2_OP2
static __device__ __forceinline__ __half2 __hneg2(const __half2 __a)
{
	__half2 __r;
	__r.x = __hneg(__a.x);
	__r.y = __hneg(__a.y);
	return __r;
}
/* One rounding of a*b+c per half, as fma.rn.f16x2 (nvcc's instruction). */
static __device__ __forceinline__ unsigned int __ptxabi_half2_bits(const __half2 &__a)
{
	return (unsigned int)__half_as_ushort(__a.x) | (unsigned int)__half_as_ushort(__a.y) << 16;
}
static __device__ __forceinline__ __half2 __hfma2(const __half2 __a, const __half2 __b, const __half2 __c)
{
	unsigned int __r;
	asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(__r) : "r"(__ptxabi_half2_bits(__a)), "r"(__ptxabi_half2_bits(__b)), "r"(__ptxabi_half2_bits(__c)));
	return __half2(__ushort_as_half((unsigned short)__r), __ushort_as_half((unsigned short)(__r >> 16)));
}
__device__ __forceinline__ __half2 operator+(const __half2 &__a, const __half2 &__b) { return __hadd2(__a, __b); }
__device__ __forceinline__ __half2 operator-(const __half2 &__a, const __half2 &__b) { return __hsub2(__a, __b); }
__device__ __forceinline__ __half2 operator*(const __half2 &__a, const __half2 &__b) { return __hmul2(__a, __b); }
__device__ __forceinline__ __half2 operator/(const __half2 &__a, const __half2 &__b) { return __h2div(__a, __b); }
__device__ __forceinline__ __half2 &operator+=(__half2 &__a, const __half2 &__b) { __a = __hadd2(__a, __b); return __a; }
__device__ __forceinline__ __half2 &operator-=(__half2 &__a, const __half2 &__b) { __a = __hsub2(__a, __b); return __a; }
__device__ __forceinline__ __half2 &operator*=(__half2 &__a, const __half2 &__b) { __a = __hmul2(__a, __b); return __a; }
__device__ __forceinline__ __half2 &operator/=(__half2 &__a, const __half2 &__b) { __a = __h2div(__a, __b); return __a; }
__device__ __forceinline__ __half2 operator-(const __half2 &__a) { return __hneg2(__a); }
#endif
#endif

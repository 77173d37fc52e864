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
__device__ __half2 __hadd2(__half2 a, __half2 b);
__device__ __half2 __hsub2(__half2 a, __half2 b);
__device__ __half2 __hmul2(__half2 a, __half2 b);
__device__ __half2 __hneg2(__half2 a);
__device__ __half2 __hfma2(__half2 a, __half2 b, __half2 c);
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
/* cuda_fp16.hpp's operators on __half2 (sm_53 on), each a __half2
   function above. */
#if (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 530) && !defined(__CUDA_NO_HALF2_OPERATORS__)
__device__ __forceinline__ __half2 operator+(const __half2 &lh, const __half2 &rh) { return __hadd2(lh, rh); }
__device__ __forceinline__ __half2 operator-(const __half2 &lh, const __half2 &rh) { return __hsub2(lh, rh); }
__device__ __forceinline__ __half2 operator*(const __half2 &lh, const __half2 &rh) { return __hmul2(lh, rh); }
__device__ __forceinline__ __half2 operator-(const __half2 &h) { return __hneg2(h); }
__device__ __forceinline__ __half2 operator+(const __half2 &h) { return h; }
__device__ __forceinline__ __half2 &operator+=(__half2 &lh, const __half2 &rh) { lh = __hadd2(lh, rh); return lh; }
__device__ __forceinline__ __half2 &operator-=(__half2 &lh, const __half2 &rh) { lh = __hsub2(lh, rh); return lh; }
__device__ __forceinline__ __half2 &operator*=(__half2 &lh, const __half2 &rh) { lh = __hmul2(lh, rh); return lh; }
#endif
#endif

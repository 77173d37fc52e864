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
#endif

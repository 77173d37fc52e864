/* Built-in <cuda_bf16.h>: __nv_bfloat16 is a 2-byte, 2-aligned type. */
#ifndef __PTXABI_CUDA_BF16_H
#define __PTXABI_CUDA_BF16_H
__ptxabi_builtin_type(__nv_bfloat16);
struct __align__(4) __nv_bfloat162 {
	__nv_bfloat16 x;
	__nv_bfloat16 y;
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
#endif

//@ kernel: half_functions
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:64:-8:8
//@ arg: zero:256
// <cuda_fp16.h> functions beyond the basic conversions: __halves2half2,
// __low2half, __high2half, __lows2half2, __highs2half2, __int2half_rn,
// __half2int_rz.
#include <cuda_fp16.h>
extern "C" __global__ void half_functions(const float *in, unsigned *out)
{
	int t = threadIdx.x;
	__half2 p = __halves2half2(__float2half(in[2 * t]), __float2half(in[2 * t + 1]));
	__half2 q = __lows2half2(p, p), r = __highs2half2(p, q);
	out[2 * t] = __half_as_ushort(__low2half(r)) | (unsigned)__half_as_ushort(__high2half(q)) << 16;
	out[2 * t + 1] = (unsigned)__half2int_rz(__low2half(p)) + __half_as_ushort(__int2half_rn(t * 100 - 7));
}

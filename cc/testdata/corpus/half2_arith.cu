//@ kernel: half2_arith
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:64:-30:30
//@ arg: zero:1024
// __half2 arithmetic (sm_53 and later): __hadd2, __hsub2, __hmul2,
// __h2div, __hneg2, __hfma2 and the operators, and a __half2 built with its
// two-half constructor. Below sm_53 the sums are done in float.
#include <cuda_fp16.h>
__device__ unsigned bits2(__half2 h)
{
	return __half_as_ushort(h.x) | (unsigned)__half_as_ushort(h.y) << 16;
}
extern "C" __global__ void half2_arith(const float *in, unsigned *out)
{
	int t = threadIdx.x;
	unsigned *o = out + t * 8;
	__half2 p(__float2half(in[2 * t]), __float2half(in[2 * t + 1]));
	__half2 q = __floats2half2_rn(in[(2 * t + 5) % 64], -in[(2 * t + 8) % 64]);
	o[0] = bits2(p) ^ bits2(q);
#if __CUDA_ARCH__ >= 530
	o[1] = bits2(__hadd2(p, q));
	o[2] = bits2(__hsub2(p, q)) ^ bits2(__hneg2(q));
	o[3] = bits2(__hmul2(p, q));
	o[4] = bits2(__h2div(p, q));
	__half2 r = p * q + p - q / p;
	r += q;
	r *= p;
	o[5] = bits2(r) ^ bits2(-r);
	o[6] = bits2(__hfma2(p, q, r));
#else
	o[1] = __float_as_uint(__low2float(p) + __high2float(q));
#endif
}

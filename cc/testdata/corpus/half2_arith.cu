//@ kernel: half2_arith
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-200:200
//@ arg: zero:1024
// __half2 arithmetic (fp16ScalarProduct): __hadd2, __hsub2, __hmul2,
// __hneg2 and __hfma2, the operators on __half2 and its constructor from
// two halves; each half rounded as CUDA's f16x2 instructions round it
// (sm_53 on: on sm_52 CUDA declares none of them, and the kernel converts
// only).
#include <cuda_fp16.h>
extern "C" __global__ void half2_arith(const int *in, float *out)
{
	int t = threadIdx.x;
	half2 a = __floats2half2_rn(in[t] * 0.37f, in[t + 32] * 1.13f);
	half2 b = __floats2half2_rn(in[t + 32] * 0.05f + 0.3f, t * 0.71f - 3.0f);
	float *o = out + t * 8;
#if __CUDA_ARCH__ >= 530
	half2 s = __hadd2(a, b), d = __hsub2(a, b), p = __hmul2(a, b);
	half2 f = __hfma2(a, b, s), n = __hneg2(d);
	half2 v(__float2half(0.5f), __float2half(-1.25f));
	half2 w = a * b + v;
	w += s;
	w -= -p;
	o[0] = __low2float(s) + 1000 * __high2float(s);
	o[1] = __low2float(d) - __high2float(d);
	o[2] = __low2float(p) * 3 + __high2float(p);
	o[3] = __low2float(f);
	o[4] = __high2float(f);
	o[5] = __low2float(n) + __high2float(n) * 7;
	o[6] = __low2float(w);
	o[7] = __high2float(w);
#else
	o[0] = __low2float(a) + __high2float(b);
	o[1] = __high2float(a) - __low2float(b);
#endif
}

//@ kernel: half_abi
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:64:-8:8
//@ arg: zero:512
// __half and __half2 through the ABI (sm_52 has no half arithmetic; the
// arithmetic is done in float): passed to and returned from __noinline__
// functions, a __half in a struct by value, an array of __half, a __half2
// built from its members, and the conversions __float2half,
// __float2half_rn, __half2float, __half_as_ushort and __ushort_as_half.
// (__halves2half2, __low2half, __int2half_rn...: pending/half_functions.cu.)
#include <cuda_fp16.h>
struct HS {
	__half h;
	short s;
	__half g;
};
__device__ __noinline__ __half hmix(__half a, __half b)
{
	return __float2half(__half2float(a) * __half2float(b) - __half2float(b));
}
__device__ __noinline__ __half2 hswap(__half2 a, __half k)
{
	__half2 r;
	r.x = a.y;
	r.y = __float2half_rn(__half2float(a.x) + __half2float(k));
	return r;
}
__device__ __noinline__ HS hs_step(HS x)
{
	x.h = __float2half(__half2float(x.h) + __half2float(x.g));
	x.s = (short)(x.s + (int)__half2float(x.g));
	x.g = __ushort_as_half((unsigned short)(__half_as_ushort(x.g) ^ 0x8000));
	return x;
}
__device__ __noinline__ float hsum(const __half *p, int n)
{
	float s = 0;
	for (int k = 0; k < n; k++)
		s += __half2float(p[k]);
	return s;
}
extern "C" __global__ void half_abi(const float *in, unsigned *out)
{
	int t = threadIdx.x;
	__half a = __float2half(in[2 * t]), b = __float2half(in[2 * t + 1]);
	__half c = hmix(a, b);
	__half2 p;
	p.x = a;
	p.y = b;
	__half2 r = hswap(p, __float2half((float)t));
	HS s = {a, (short)t, b};
	HS u = hs_step(s);
	__half arr[4] = {a, b, c, __float2half((float)-t)};
	unsigned *o = out + t * 4;
	o[0] = __half_as_ushort(c) | (unsigned)__half_as_ushort(__float2half_rn(in[2 * t] / 3.0f)) << 16;
	o[1] = __half_as_ushort(r.x) | (unsigned)__half_as_ushort(r.y) << 16;
	o[2] = __half_as_ushort(u.h) ^ (unsigned)u.s << 8 ^ (unsigned)__half_as_ushort(u.g) << 16;
	o[3] = __float_as_uint(hsum(arr, 4)) + sizeof(HS) + sizeof(__half2) * 16;
}

//@ kernel: fp16
//@ grid: 1
//@ block: 64
//@ arg: gen:f32:64:-70000:70000
//@ arg: gen:u16:64:0:65536
//@ arg: zero:128
//@ arg: zero:512
//@ arg: zero:256
// __half from <cuda_fp16.h>: float to half (round to nearest even, overflow
// to infinity, subnormals), half to float for every bit pattern in the input,
// and half arithmetic: native on sm_53 and later, through float elsewhere
// (both round the exact result once, so they agree).
#include <cuda_fp16.h>
__device__ __half hadd(__half a, __half b)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 530
	return __hadd(a, b);
#else
	return __float2half(__half2float(a) + __half2float(b));
#endif
}
__device__ __half hmul(__half a, __half b)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 530
	return __hmul(a, b);
#else
	return __float2half(__half2float(a) * __half2float(b));
#endif
}
extern "C" __global__ void fp16(const float *f, const unsigned short *bits, unsigned short *h, float *back, unsigned short *ar)
{
	int t = threadIdx.x;
	float x = f[t] / (t & 1 ? 1.0f : 65536.0f * 4096.0f);
	__half hx = __float2half(x);
	h[t] = __half_as_ushort(hx);
	float b = __half2float(__ushort_as_half(bits[t]));
	back[t] = b != b ? 12345.0f : b; // NaN payloads are not compared
	__half p = __ushort_as_half(bits[t] & 0x7bff), q = __float2half(f[t] / 65536.0f);
	ar[2 * t] = __half_as_ushort(hadd(p, q));
	ar[2 * t + 1] = __half_as_ushort(hmul(q, __float2half(1.0f + t / 64.0f)));
}

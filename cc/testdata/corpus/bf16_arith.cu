//@ kernel: bf16_arith
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:96:-20:20
//@ arg: zero:4096
// __nv_bfloat16 and __nv_bfloat162 arithmetic as CUDA 11.8 defines it
// from sm_80 on (one fma.rn for add, sub and mul; division in f32; the
// comparisons on the float values), through the functions and the
// operators, with the integer conversions, the halves, atomicAdd of a
// pair and the cache-operator loads and stores. Below sm_80 there is
// none of it: the same values are computed in float.
#include <cuda_bf16.h>
__device__ unsigned bits(__nv_bfloat16 h)
{
	return ((__nv_bfloat16_raw)h).x;
}
__device__ unsigned bits2(__nv_bfloat162 h)
{
	return ((__nv_bfloat16_raw)h.x).x | (unsigned)((__nv_bfloat16_raw)h.y).x << 16;
}
#if __CUDA_ARCH__ >= 800
__device__ __noinline__ __nv_bfloat162 axpy2(__nv_bfloat162 a, __nv_bfloat162 x, __nv_bfloat162 y)
{
	return __hfma2(a, x, y) - __hmul2(x, y);
}
#endif
extern "C" __global__ void bf16_arith(const float *in, unsigned *out)
{
	int t = threadIdx.x;
	unsigned *o = out + t * 32;
	__shared__ __nv_bfloat162 acc[4];
	if (t < 4)
		acc[t] = __floats2bfloat162_rn(0.0f, 1.0f);
	__syncthreads();
#if __CUDA_ARCH__ >= 800
	__nv_bfloat16 a = in[3 * t], b = in[3 * t + 1], c = __float2bfloat16(in[3 * t + 2]);
	if (t == 5)
		b = __ushort_as_bfloat16(0x7fc1); // NaN
	if (t == 6)
		b = __ushort_as_bfloat16(0xff80); // -inf
	if (t == 7)
		c = __ushort_as_bfloat16(0x8000); // -0
	if (t == 8 || t == 9)
		b = a;
	if (t == 9 || t == 10)
		a = __ushort_as_bfloat16(0x8000);
	if (t == 11)
		a = __ushort_as_bfloat16(0x0000);
	o[0] = bits(__hadd(a, b)) | bits(__hsub(a, b)) << 16;
	o[1] = bits(__hmul(a, b)) | bits(__hfma(a, b, c)) << 16;
	o[2] = bits(__hdiv(a, b)) | bits(__hneg(a)) << 16;
	o[3] = bits(__habs(b)) | bits(__hmax(a, b)) << 16;
	o[4] = bits(__hmin(a, c)) | bits(a + b * c) << 16;
	__nv_bfloat16 d = a;
	d += b;
	d *= c;
	d -= a;
	d /= b;
	++d;
	d--;
	o[5] = bits(d) | bits(-d) << 16;
	o[6] = __heq(a, b) | __hne(a, b) << 1 | __hle(a, b) << 2 | __hge(a, b) << 3 | __hlt(a, b) << 4 | __hgt(a, b) << 5 |
		__hequ(a, b) << 6 | __hneu(a, b) << 7 | __hleu(a, b) << 8 | __hgeu(a, b) << 9 | __hltu(a, b) << 10 |
		__hgtu(a, b) << 11 | (a == b) << 12 | (a != b) << 13 | (a < c) << 14 | (a > c) << 15 | (b <= c) << 16 |
		(b >= c) << 17 | __hisnan(b) << 18 | (__hisinf(b) & 3) << 19;
	o[7] = (unsigned)__bfloat162int_rn(a) ^ (unsigned)__bfloat162int_rz(b) << 8 ^ (unsigned)__bfloat162int_rd(c) << 16 ^
		(unsigned)__bfloat162int_ru(a) << 24;
	o[8] = bits(__int2bfloat16_rn(t * 1234567 - 9999999)) | bits(__int2bfloat16_rz(-t * 3333)) << 16;
	o[9] = bits(__uint2bfloat16_rn(0xffffffffu - t * 77777u)) | bits(__ll2bfloat16_rd(-(long long)t << 40)) << 16;
	o[10] = (unsigned)__bfloat162short_rn(a) | (unsigned)__bfloat162ushort_rz(b) << 16;
	o[11] = (unsigned)(int)a ^ (unsigned)(long long)c << 4 ^ (unsigned)(bool)c << 31;
	__nv_bfloat16 e = t - 7;
	o[12] = bits(e) | bits(__short2bfloat16_rn((short)(t * 1001))) << 16;
	__nv_bfloat162 p = __halves2bfloat162(a, b), q = __floats2bfloat162_rn(in[3 * t + 2], -in[3 * t]);
	o[13] = bits2(__hadd2(p, q));
	o[14] = bits2(__hsub2(p, q));
	o[15] = bits2(__hmul2(p, q));
	o[16] = bits2(__hfma2(p, q, p));
	o[17] = bits2(__h2div(p, q));
	o[18] = bits2(p + q * p - q / p);
	o[19] = bits2(-p) ^ bits2(__habs2(q));
	o[20] = bits2(axpy2(p, q, __lowhigh2highlow(p)));
	o[21] = bits2(__lows2bfloat162(p, q)) ^ bits2(__highs2bfloat162(p, q)) ^ bits2(__high2bfloat162(q));
	o[22] = __hbeq2(p, q) | __hblt2(p, q) << 1 | __hbgt2(p, q) << 2 | (p == p) << 3 | (p != q) << 4 | bits2(__hlt2(p, q)) << 8;
	float2 f2 = __bfloat1622float2(q);
	o[23] = __float_as_uint(f2.x + f2.y) ^ bits2(__float22bfloat162_rn(make_float2(in[3 * t], 1.0f / 3.0f)));
	__nv_bfloat162 r = p;
	r += q;
	r *= q;
	o[24] = bits2(r) ^ bits2(__bfloat162bfloat162(c));
	atomicAdd(&acc[t % 4], __floats2bfloat162_rn(0.5f, (float)t));
	__nv_bfloat16 *ob = (__nv_bfloat16 *)(o + 26);
	__stcs(ob, __hadd(__ldcs((const __nv_bfloat16 *)(in + 3 * t)), c));
	__nv_bfloat162 *ob2 = (__nv_bfloat162 *)(o + 27);
	__stcg(ob2, __ldcg((const __nv_bfloat162 *)(in + 3 * t)));
	o[28] = bits(__shfl_xor_sync(0xffffffffu, a, 1)) | bits2(__shfl_down_sync(0xffffffffu, p, 2)) << 16;
#else
	float a = in[3 * t], b = in[3 * t + 1], c = in[3 * t + 2];
	o[0] = __float_as_uint(a + b * c);
	atomicAdd((float *)&acc[t % 4], 1.0f);
#endif
	__syncthreads();
	if (t < 4)
		o[25] = bits2(acc[t]);
}

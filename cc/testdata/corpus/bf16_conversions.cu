//@ kernel: bf16_conversions
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:64:-300:300
//@ arg: zero:4096
// __nv_bfloat16 and __nv_bfloat162 conversions, on every target (below
// sm_80 CUDA 11.8 rounds in integers): float to bfloat16 with each
// rounding, on values made to hit ties, NaN, infinities, subnormals and
// overflow; double to bfloat16 (round to odd, then to nearest); the
// constructors and operator float; the pairs; and both types through
// __noinline__ functions (a bfloat16 by value, a bfloat162 through a
// pointer to a copy, as its copy constructor makes it) and in a struct.
#include <cuda_bf16.h>
struct BS {
	__nv_bfloat16 h;
	short s;
	__nv_bfloat16 g;
};
__device__ __noinline__ __nv_bfloat16 bmix(__nv_bfloat16 a, __nv_bfloat16 b)
{
	return __float2bfloat16((float)a * (float)b - __bfloat162float(b));
}
__device__ __noinline__ __nv_bfloat162 bswap(__nv_bfloat162 a, __nv_bfloat16 k)
{
	__nv_bfloat162 r;
	r.x = a.y;
	r.y = __float2bfloat16_rn(__low2float(a) + (float)k);
	return r;
}
__device__ __noinline__ BS bs_step(BS x)
{
	x.h = __float2bfloat16_rz(__bfloat162float(x.h) + __bfloat162float(x.g));
	x.s = (short)(x.s + (int)__bfloat162float(x.g));
	return x;
}
__device__ unsigned bits(__nv_bfloat16 h)
{
	return ((__nv_bfloat16_raw)h).x;
}
extern "C" __global__ void bf16_conversions(const float *in, unsigned *out)
{
	int t = threadIdx.x;
	unsigned u = __float_as_uint(in[2 * t]);
	unsigned special[8] = {0x7fc00001u, 0xff800000u, 0x7f7fffffu, 0x00000001u,
		0x80018000u, 0x3f818000u, 0x3f808000u, 0xbf80ffffu};
	float v[6] = {in[2 * t], __uint_as_float((u & 0xffff0000u) | 0x8000u),
		__uint_as_float(u ^ 0x00018000u), __uint_as_float(special[t % 8]),
		__uint_as_float(special[(t + 3) % 8] ^ (t & 0x10) << 27), in[2 * t + 1] * 1e-38f};
	unsigned *o = out + t * 32;
	for (int k = 0; k < 6; k++) {
		o[k] = bits(__float2bfloat16(v[k])) | bits(__float2bfloat16_rn(v[k])) << 16;
		o[6 + k] = bits(__float2bfloat16_rz(v[k])) | bits(__float2bfloat16_rd(v[k])) << 16;
		o[12 + k] = bits(__float2bfloat16_ru(v[k])) | bits(__nv_bfloat16(v[k])) << 16;
		o[18 + k] = __float_as_uint(__bfloat162float(__float2bfloat16(v[k])));
	}
	double d = (double)in[2 * t] + (double)in[2 * t + 1] * 1e-9;
	o[24] = bits(__double2bfloat16(d)) | bits(__nv_bfloat16(d * 3.0)) << 16;
	__nv_bfloat16 a = in[2 * t], b = __float2bfloat16(in[2 * t + 1]);
	__nv_bfloat16 c = bmix(a, b);
	__nv_bfloat162 p;
	p.x = a;
	p.y = b;
	__nv_bfloat162 r = bswap(p, __float2bfloat16((float)t));
	BS s = {a, (short)t, b};
	BS w = bs_step(s);
	__nv_bfloat162 q = __floats2bfloat162_rn(in[2 * t] / 3.0f, -in[2 * t + 1]);
	__nv_bfloat162 e = __float2bfloat162_rn(in[2 * t + 1] * 7.0f);
	o[25] = bits(c) | bits(r.x) << 16;
	o[26] = bits(r.y) | bits(w.h) << 16;
	o[27] = (unsigned)w.s + sizeof(BS) * 256 + sizeof(__nv_bfloat162) * 65536 + alignof(__nv_bfloat162) * 16777216;
	o[28] = bits(q.x) | bits(q.y) << 16;
	o[29] = __float_as_uint(__low2float(e) + __high2float(q));
	float f = c;
	o[30] = __float_as_uint(f + (float)r.y);
	__nv_bfloat16_raw raw;
	raw.x = (unsigned short)(0x3f80 + t);
	__nv_bfloat16 h = raw;
	o[31] = __float_as_uint((float)h);
}

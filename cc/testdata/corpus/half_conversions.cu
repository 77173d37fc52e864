//@ kernel: half_conversions
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:64:-70000:70000
//@ arg: gen:s32:32:-70000:70000
//@ arg: zero:1024
// <cuda_fp16.h> conversions with each rounding between __half and the
// integer types (int, unsigned, short, unsigned short, long long,
// unsigned long long) and from float, and the __half2 builders and
// accessors: __float2half2_rn, __floats2half2_rn, __half2half2,
// __lowhigh2highlow, __low2half2, __high2half2, __low2float,
// __high2float.
#include <cuda_fp16.h>
extern "C" __global__ void half_conversions(const float *fin, const int *iin, unsigned *out)
{
	int t = threadIdx.x;
	float f = fin[2 * t] / 64.0f, g = fin[2 * t + 1];
	int i = iin[t];
	__half h = __float2half(f);
	unsigned *o = out + t * 8;
	o[0] = __half_as_ushort(__float2half_rz(f)) | (unsigned)__half_as_ushort(__float2half_rd(f)) << 16;
	o[1] = __half_as_ushort(__float2half_ru(f)) | (unsigned)__half_as_ushort(__int2half_rz(i)) << 16;
	o[2] = __half2int_rn(h) * 7 + __half2int_rd(h) * 3 + __half2int_ru(h) + __half2short_rz(h) * 11;
	o[3] = __half2uint_rz(__float2half(fabsf(f))) + __half2ushort_rn(__float2half(fabsf(f))) * 5 +
		(unsigned)__half2ll_rd(h) * 13 + (unsigned)__half2ull_ru(__float2half(fabsf(f)));
	o[4] = __half_as_ushort(__uint2half_rd((unsigned)i)) | (unsigned)__half_as_ushort(__short2half_ru((short)i)) << 16;
	o[5] = __half_as_ushort(__ushort2half_rn((unsigned short)i)) | (unsigned)__half_as_ushort(__ll2half_rz((long long)i * 3)) << 16;
	__half2 a = __floats2half2_rn(f, g), b = __float2half2_rn(g), c = __half2half2(h);
	__half2 d = __lowhigh2highlow(a), e = __low2half2(a), k = __high2half2(a);
	o[6] = __half_as_ushort(__low2half(d)) ^ __half_as_ushort(__high2half(b)) << 1 ^ __half_as_ushort(c.y) << 2 ^
		(unsigned)__half_as_ushort(e.y) << 16 ^ (unsigned)__half_as_ushort(k.x) << 13;
	o[7] = __float_as_uint(__low2float(a) + __high2float(a) * 2.0f) ^ __half_as_ushort(__ull2half_rd((unsigned long long)i * 5));
}

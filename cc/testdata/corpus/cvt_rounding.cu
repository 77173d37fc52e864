//@ kernel: cvt_rounding
//@ grid: 1
//@ block: 64
//@ arg: gen:f32:64:-8:8
//@ arg: gen:u32:64:bits
//@ arg: gen:u64:64:bits
//@ arg: zero:28672
//@ tags: approx
// The conversions with a rounding mode (__float2int_rd ... __ull2double_rz,
// __double2float_r*, __int2double_rn, __uint2double_rn), __double2hiint,
// __double2loint, __hiloint2double, __powf, __tanf and (from sm_53, where
// nvcc declares it) __hdiv, on values that round differently in each mode:
// multiples of 1/64 (halfway cases), raw bits (NaN, infinities,
// subnormals, integers out of range), floats near 2^24 and 2^31, doubles
// with more bits than a float holds, integers wider than a float's or a
// double's mantissa; halves whose quotients are subnormal.
#include <cuda_fp16.h>
#define W(v) (o[k++] = (unsigned)(v))
#define WF(v) W(__float_as_uint(v))
#define W64(v) \
	do { \
		unsigned long long w_ = (v); \
		o[k++] = (unsigned)w_; \
		o[k++] = (unsigned)(w_ >> 32); \
	} while (0)
#define WD(v) W64(__double_as_longlong(v))
extern "C" __global__ void cvt_rounding(const float *fin, const unsigned *bits, const unsigned long long *bits64, unsigned *out)
{
	int t = threadIdx.x;
	unsigned r = bits[t], r2 = bits[(t + 7) & 63];
	unsigned long long q = bits64[t];
	float fm = fin[t], fn = fin[(t + 1) & 63];
	float f;
	double d;
	switch (t & 3) {
	case 0: // a multiple of 1/64 in [-8, 8)
		f = fm;
		d = fm;
		break;
	case 1: // raw bits
		f = __uint_as_float(r);
		d = __longlong_as_double((long long)q);
		break;
	case 2: // large: around 2^31 and 2^63 and beyond
		f = fm * 0x1p28f;
		d = (double)fm * 0x1p60 + (double)fn * 0x1p10;
		break;
	default: // fractions with the bits a float keeps, or one more
		f = __uint_as_float((r & 0x807fffffu) | 0x4a800000u);
		d = (double)(long long)q * 0x1p-40;
		break;
	}
	int i = (t & 1) ? (int)r : (int)fm * 3;
	unsigned u = (t & 2) ? r2 : (unsigned)(int)(fm * 64.0f);
	long long l = (t & 1) ? (long long)q : (long long)((unsigned long long)r << (t & 31));
	unsigned long long ul = (t & 2) ? q : q >> (t & 63);
	unsigned *o = out + t * 112;
	int k = 0;
	W(__float2int_rd(f)); W(__float2int_rn(f)); W(__float2int_ru(f)); W(__float2int_rz(f));
	W(__float2uint_rd(f)); W(__float2uint_rn(f)); W(__float2uint_ru(f)); W(__float2uint_rz(f));
	W64(__float2ll_rd(f)); W64(__float2ll_rn(f)); W64(__float2ll_ru(f)); W64(__float2ll_rz(f));
	W64(__float2ull_rd(f)); W64(__float2ull_rn(f)); W64(__float2ull_ru(f)); W64(__float2ull_rz(f));
	W(__double2int_rd(d)); W(__double2int_rn(d)); W(__double2int_ru(d)); W(__double2int_rz(d));
	W(__double2uint_rd(d)); W(__double2uint_rn(d)); W(__double2uint_ru(d)); W(__double2uint_rz(d));
	W64(__double2ll_rd(d)); W64(__double2ll_rn(d)); W64(__double2ll_ru(d)); W64(__double2ll_rz(d));
	W64(__double2ull_rd(d)); W64(__double2ull_rn(d)); W64(__double2ull_ru(d)); W64(__double2ull_rz(d));
	WF(__double2float_rd(d)); WF(__double2float_rn(d)); WF(__double2float_ru(d)); WF(__double2float_rz(d));
	WF(__int2float_rd(i)); WF(__int2float_rn(i)); WF(__int2float_ru(i)); WF(__int2float_rz(i));
	WF(__uint2float_rd(u)); WF(__uint2float_rn(u)); WF(__uint2float_ru(u)); WF(__uint2float_rz(u));
	WF(__ll2float_rd(l)); WF(__ll2float_rn(l)); WF(__ll2float_ru(l)); WF(__ll2float_rz(l));
	WF(__ull2float_rd(ul)); WF(__ull2float_rn(ul)); WF(__ull2float_ru(ul)); WF(__ull2float_rz(ul));
	WD(__ll2double_rd(l)); WD(__ll2double_rn(l)); WD(__ll2double_ru(l)); WD(__ll2double_rz(l));
	WD(__ull2double_rd(ul)); WD(__ull2double_rn(ul)); WD(__ull2double_ru(ul)); WD(__ull2double_rz(ul));
	WD(__int2double_rn(i)); WD(__uint2double_rn(u));
	// The halves of a double's bits, and a double made of two ints.
	W(__double2hiint(d)); W(__double2loint(d));
	WD(__hiloint2double(__double2hiint(d) ^ i, (int)u));
	WD(__hiloint2double((int)r, (int)(q >> 32)));
	// The fast intrinsics nvcc expands into .approx instructions.
	float x = (t & 1) ? fm : fm * 0.25f;
	WF(__powf(fabsf(x), fn)); WF(__powf(x, 2.0f)); WF(__tanf(x)); WF(__tanf(f));
#if __CUDA_ARCH__ >= 530
	__half ha = __float2half(fm), hb = __float2half(fn);
	if (t & 1)
		ha = __float2half(fm * 0x1p-16f);
	if ((t & 7) == 6)
		hb = __ushort_as_half((unsigned short)r);
	W(__half_as_ushort(__hdiv(ha, hb)));
	W(__half_as_ushort(__hdiv(hb, ha)));
	W(__half_as_ushort(__hdiv(__float2half(fm * 0x1p-10f), __float2half(fn * 0x1p8f + 1.0f))));
#else
	W(1); W(2); W(3);
#endif
	o[111] = k;
}

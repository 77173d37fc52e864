//@ kernel: math_funcs
//@ grid: 1
//@ block: 64
//@ arg: gen:f32:64:-20:20
//@ arg: gen:f64:64:-20:20
//@ arg: zero:5120
//@ tags: approx
// The math functions that map to PTX instructions: sqrt sqrtf fabs fabsf
// fmin fmax fminf fmaxf floor floorf ceil ceilf trunc truncf round roundf
// rint rintf fma fmaf copysign copysignf rsqrtf, and the intrinsics __expf
// __logf __sinf __cosf __fdividef __saturatef; the results stored as bits.
#include <cmath>
extern "C" __global__ void math_funcs(const float *fin, const double *din, unsigned *out)
{
	int t = threadIdx.x;
	float f = fin[t] + 0.3f, g = fin[(t + 7) & 63] - 0.1f;
	double d = din[t] + 0.7, e = din[(t + 3) & 63];
	float af = fabsf(f);
	double ad = fabs(d);
	unsigned *o = out + t * 20;
	o[0] = __float_as_uint(sqrtf(af));
	o[1] = (unsigned)(__double_as_longlong(sqrt(ad)) >> 12);
	o[2] = __float_as_uint(fminf(f, g)) ^ __float_as_uint(fmaxf(f, g));
	o[3] = (unsigned)__double_as_longlong(fmin(d, e) - fmax(d, e));
	o[4] = __float_as_uint(floorf(f)) ^ __float_as_uint(ceilf(g));
	o[5] = (unsigned)(__double_as_longlong(floor(d) + ceil(e)) >> 20);
	o[6] = __float_as_uint(truncf(f)) + __float_as_uint(roundf(g * 2.5f));
	o[7] = (unsigned)(__double_as_longlong(trunc(d) * round(e * 1.5)) >> 16);
	o[8] = __float_as_uint(rintf(f * 0.5f)) ^ (unsigned)(__double_as_longlong(rint(e * 0.5)) >> 32);
	o[9] = __float_as_uint(fmaf(f, g, 1.0f));
	o[10] = (unsigned)__double_as_longlong(fma(d, e, -1.0));
	o[11] = __float_as_uint(copysignf(f, g)) ^ (unsigned)(__double_as_longlong(copysign(d, e)) >> 32);
	o[12] = __float_as_uint(rsqrtf(af + 1.0f));
	o[13] = __float_as_uint(__expf(f * 0.25f));
	o[14] = __float_as_uint(__logf(af + 0.5f));
	o[15] = __float_as_uint(__sinf(f)) ^ __float_as_uint(__cosf(g));
	o[16] = __float_as_uint(__fdividef(f, g));
	o[17] = __float_as_uint(__saturatef(f * 0.1f));
	o[18] = __float_as_uint(sqrt(af) + fabs(f) + floor(f)); // float overloads from <cmath>
	o[19] = __float_as_uint(fmin(f, 2.0f) + fmax(g, -2.0f) + fma(f, g, f));
}

//@ kernel: fp_special
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:32:-3:3
//@ arg: zero:1536
// Floating-point corner cases in float: signed zeros, infinities, NaN through
// fminf/fmaxf (the other operand wins), comparisons with NaN, fabsf,
// copysignf, subnormals, division by zero (a NaN result is stored as 777), float<->double and float<->int
// conversions of exact and inexact values, __saturatef.
#include <math.h>
// canon keeps NaN out of the compared memory: its bits (the payload and the
// sign) are the producer's choice, not part of the result.
__device__ float canon(float f) { return f != f ? 777.0f : f; }
extern "C" __global__ void fp_special(const float *in, float *out)
{
	int t = threadIdx.x;
	float x = in[t], zero = in[0] - in[0];
	float inf = 1.0f / zero, nan = zero / zero;
	float *o = out + t * 12;
	o[0] = fminf(x, nan) + fmaxf(nan, x);
	o[1] = (x < nan) + (x > nan) * 2 + (x != nan) * 4 + (nan == nan) * 8;
	o[2] = fabsf(-x) - copysignf(1.5f, -x);
	o[3] = canon(x / zero);
	o[4] = -zero * x;
	o[5] = x * 1e-40f;
	o[6] = (x * 1e-38f) * 1e-3f * 1e3f;
	o[7] = (float)((double)x / 3.0);
	o[8] = (float)(int)(x * 1e6f) + (float)(unsigned)(fabsf(x) * 1e9f);
	o[9] = (float)(16777217 + t) + (float)(0x7fffffff - t);
	o[10] = __saturatef(x) + (inf > 1e38f) - fmaxf(-inf, x);
	o[11] = canon((x == 0.0f ? 1.0f / x : x) + sqrtf(fabsf(x)) / x);
}

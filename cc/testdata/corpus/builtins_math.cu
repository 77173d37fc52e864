//@ kernel: builtins_math
//@ grid: 1
//@ block: 64
//@ arg: gen:f32:64
//@ arg: gen:u32:64:bits
//@ arg: zero:1536
// The math functions that are PTX instructions, integer intrinsics, min
// and max, __ldg, vector types with make_*, and printf of their results.
#include <cstdio>
extern "C" __global__ void builtins_math(const float *__restrict__ f, const unsigned *__restrict__ u, float *out)
{
	int t = threadIdx.x;
	float x = __ldg(&f[t]);
	unsigned v = u[t];
	float *o = out + 6 * t;
	float2 p = make_float2(x, -x);
	o[0] = sqrtf(fabsf(x)) + floorf(x) + ceilf(x) + truncf(x) + roundf(x * 3.0f) + rintf(x * 5.0f);
	o[1] = fminf(x, 0.25f) + fmaxf(x, -0.5f) + copysignf(1.5f, x) + fmaf(x, 2.0f, 1.0f) + p.x * p.y;
	o[2] = (float)(__popc(v) + __clz(v) + __ffs(v) + __brev(v) % 1000u + __byte_perm(v, ~v, 0x3210) % 77);
	o[3] = (float)(__umulhi(v, 0x9e3779b9u) % 1000u + __mul24((int)(v & 0xffff), 3) + min((int)v, 7) + max(v, 9u) % 100);
	o[4] = (float)(sqrt((double)fabsf(x)) + fabs((double)x) + floor((double)x * 1.5));
	o[5] = __int_as_float(__float_as_int(x) ^ 0x80000000);
	if (t < 4)
		printf("t%d x=%f pop=%d v2=(%g,%g)\n", t, x, __popc(v), p.x, p.y);
}

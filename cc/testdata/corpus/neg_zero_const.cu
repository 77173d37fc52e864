//@ kernel: neg_zero_const
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:32:-4:4
//@ arg: zero:1024
// Negative zero in constant expressions: the literal -0.0 and -0.0f,
// -(0.0f), a product and a quotient that underflow to -0, 0.0 * -1.0,
// -0.0 + -0.0, converted between float and double, chosen by ?:, cast,
// in device variables' initializers, and used where the sign shows
// (1 / -0.0 is -inf, copysign, signbit via the bits).
__device__ float gf = -0.0f;
__device__ double gd = -0.0;
__device__ float gfa[3] = {-(0.0f), 0.0f * -2.0f, -0.0f - 0.0f};
__constant__ double cd = (double)-0.0f;
extern "C" __global__ void neg_zero_const(const float *in, unsigned *out)
{
	int t = threadIdx.x;
	float x = in[t];
	unsigned *o = out + t * 8;
	const float nz = -0.0f;
	o[0] = __float_as_uint(-0.0f) ^ __float_as_uint(nz + x * 0.0f);
	o[1] = __float_as_uint(-2.5e-3f * 0.0f) | __float_as_uint(0.0f / -3.0f) >> 1 ^ __float_as_uint(-1e-30f * 1e-30f) >> 2;
	o[2] = __float_as_uint(1.0f / -0.0f) ^ (unsigned)(__double_as_longlong(1.0 / (-0.0 + -0.0)) >> 32);
	o[3] = __float_as_uint(t & 1 ? -0.0f : 0.0f) ^ __float_as_uint((float)-0.0) >> 3;
	o[4] = __float_as_uint(gf) ^ (unsigned)(__double_as_longlong(gd) >> 32) >> 5;
	o[5] = __float_as_uint(gfa[0]) ^ __float_as_uint(gfa[1]) >> 1 ^ __float_as_uint(gfa[2]) >> 2;
	o[6] = (unsigned)(__double_as_longlong(cd) >> 40) ^ __float_as_uint(copysignf(1.0f, -0.0f * 1.0f));
	o[7] = __float_as_uint(x * -0.0f) ^ __float_as_uint(-(x - x)) >> 7 ^ (unsigned)(-0.0 == 0.0);
}

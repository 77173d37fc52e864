//@ kernel: rounded_arith
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-1000:1000
//@ arg: zero:2048
// Arithmetic intrinsics with a rounding mode (interval arithmetic's
// bounds: __fadd_rd, __fadd_ru...): each one PTX instruction with the
// rounding its name ends with, float and double, for operands whose exact
// results are not representable.
extern "C" __global__ void rounded_arith(const int *in, unsigned int *out)
{
	int t = threadIdx.x;
	float a = in[t] / 7.0f, b = in[t + 32] / 3.0f + 0.1f;
	double x = in[t] / 7.0, y = in[t + 32] / 3.0 + 0.1;
	unsigned int *o = out + t * 16;
	o[0] = __float_as_uint(__fadd_rd(a, b)) ^ __float_as_uint(__fadd_ru(a, b));
	o[1] = __float_as_uint(__fsub_rz(a, b)) + __float_as_uint(__fsub_rn(a, b));
	o[2] = __float_as_uint(__fmul_rd(a, b)) - __float_as_uint(__fmul_ru(a, b));
	o[3] = __float_as_uint(__fdiv_rd(a, b)) + __float_as_uint(__fdiv_rz(a, b)) * 3;
	o[4] = __float_as_uint(__frcp_ru(b)) ^ __float_as_uint(__frcp_rd(b));
	o[5] = __float_as_uint(__fsqrt_rd(fabsf(a))) + __float_as_uint(__fsqrt_ru(fabsf(b)));
	o[6] = __float_as_uint(__fmaf_rd(a, b, 0.3f)) ^ __float_as_uint(__fmaf_ru(a, b, 0.3f));
	o[7] = __float_as_uint(__fmaf_rz(a, b, -0.7f));
	unsigned long long r[8];
	r[0] = __double_as_longlong(__dadd_rd(x, y)) ^ __double_as_longlong(__dadd_ru(x, y));
	r[1] = __double_as_longlong(__dsub_rz(x, y));
	r[2] = __double_as_longlong(__dmul_rd(x, y)) - __double_as_longlong(__dmul_ru(x, y));
	r[3] = __double_as_longlong(__ddiv_ru(x, y)) + __double_as_longlong(__ddiv_rz(x, y));
	r[4] = __double_as_longlong(__drcp_rd(y)) ^ __double_as_longlong(__drcp_ru(y));
	r[5] = __double_as_longlong(__dsqrt_rd(fabs(x))) + __double_as_longlong(__dsqrt_rz(fabs(y)));
	r[6] = __double_as_longlong(__fma_rd(x, y, 0.3)) ^ __double_as_longlong(__fma_ru(x, y, 0.3));
	r[7] = __double_as_longlong(__fma_rz(x, y, -0.7)) + __double_as_longlong(__dadd_rn(x, y));
	for (int k = 0; k < 8; k++)
		o[8 + k] = (unsigned int)r[k] ^ (unsigned int)(r[k] >> 32);
}

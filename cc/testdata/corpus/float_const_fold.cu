//@ kernel: float_const_fold
//@ grid: 1
//@ block: 4
//@ arg: gen:f64:4:-4:4
//@ arg: zero:128
// Regression (found by TestRandomPrograms): constant expressions of
// floating type are rounded to their type after every operation, as nvcc
// folds them and as the machine computes ((0.1 + 7.25) - 7.25 is not 0.1
// in double), and a float constant that overflows is infinity, not 0.
extern "C" __global__ void float_const_fold(const double *in, unsigned long long *out)
{
	int t = threadIdx.x;
	out[4 * t] = __double_as_longlong((0.1 + 7.25) - 7.25) ^ __double_as_longlong(in[t]);
	out[4 * t + 1] = __float_as_uint(1.0e30f * 1.0e30f) + __float_as_uint((0.1f + 7.25f) - 7.25f);
	out[4 * t + 2] = __double_as_longlong(1.0 / 3.0 * 3.0 - 1.0) + __double_as_longlong(1.0e300 * -1.0e300);
	out[4 * t + 3] = __double_as_longlong((double)(1.0e20f * 3.0e20f) + in[t]);
}

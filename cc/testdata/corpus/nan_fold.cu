//@ kernel: nan_fold
//@ grid: 1
//@ block: 8
//@ arg: gen:f32:8
//@ arg: zero:256
// Regression (found while reducing a TestRandomPrograms case): -O3 folded
// 0.0f/0.0f to Go's NaN (0xffc00000) where the machine and nvcc give the
// canonical 0x7fffffff (.f64: 0x7fffffffffffffff).
extern "C" __global__ void nan_fold(const float *in, unsigned long long *out)
{
	int t = threadIdx.x;
	float z = 0.0f;
	double dz = 0.0;
	out[4 * t] = __float_as_uint(z / z) + __float_as_uint(in[t]);
	out[4 * t + 1] = __double_as_longlong(dz / dz);
	out[4 * t + 2] = __double_as_longlong((double)(z / z));
	out[4 * t + 3] = __float_as_uint(__fsqrt_rn(-1.0f + z)) + __float_as_uint((z * 0.0f - 1.0f) * 0.0f);
}

//@ kernel: warp_ops
//@ grid: 1
//@ block: 64
//@ arg: gen:s32:64:-500:500
//@ arg: gen:f32:64
//@ arg: zero:2048
// Warp shuffles and votes: __shfl_sync, __shfl_up_sync, __shfl_down_sync and
// __shfl_xor_sync on int, float, double and long long, with a width of 32,
// 16 and 8; __ballot_sync, __any_sync, __all_sync and __activemask in
// converged code and under a branch with a partial mask; a butterfly sum.
extern "C" __global__ void warp_ops(const int *in, const float *fin, int *out)
{
	int t = threadIdx.x, lane = t & 31, v = in[t];
	float f = fin[t];
	double d = v * 0.5;
	long long ll = (long long)v << 33 | (unsigned)t;
	const unsigned full = 0xffffffffu;
	int *o = out + t * 8;
	o[0] = __shfl_sync(full, v, (lane * 7) & 31) + __shfl_sync(full, v, 3, 8);
	o[1] = __shfl_up_sync(full, v, 1) - __shfl_up_sync(full, v, 3, 16);
	o[2] = __float_as_int(__shfl_down_sync(full, f, 2) + __shfl_xor_sync(full, f, 5, 8));
	o[3] = (int)(__shfl_xor_sync(full, d, 1) * 4) + (int)(__shfl_down_sync(full, ll, 4) >> 33);
	int s = v;
	for (int m = 16; m > 0; m >>= 1)
		s += __shfl_xor_sync(full, s, m);
	o[4] = s;
	unsigned b = __ballot_sync(full, v > 0);
	o[5] = (int)b ^ __any_sync(full, v > 490) << 1 ^ __all_sync(full, v > -501) << 2;
	if (v & 1) {
		unsigned m = __activemask();
		unsigned odd = __ballot_sync(m, v > 100);
		o[6] = (int)(m ^ odd) + __all_sync(m, (v & 1) == 1);
		o[7] = __shfl_sync(m, v, __ffs(m) - 1);
	} else {
		o[6] = -1;
		o[7] = __popc(__ballot_sync(__activemask(), 1));
	}
}

//@ kernel: shfl_reduce
//@ grid: 2
//@ block: 128
//@ arg: gen:s32:256
//@ arg: gen:f32:256
//@ arg: zero:64
//@ arg: zero:32
// Warp reductions with __shfl_down_sync (int sum) and __shfl_xor_sync (a float
// butterfly sum and an int max), one result per warp.
extern "C" __global__ void shfl_reduce(const int *in, const float *fin, int *out, float *fout)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i], m = v;
	float f = fin[i];
	for (int d = 16; d > 0; d /= 2) {
		v += __shfl_down_sync(0xffffffff, v, d);
		m = max(m, __shfl_xor_sync(0xffffffff, m, d));
		f += __shfl_xor_sync(0xffffffff, f, d);
	}
	int w = i / 32;
	if ((threadIdx.x & 31) == 0) {
		out[2 * w] = v;
		fout[w] = f;
	}
	if ((threadIdx.x & 31) == 7)
		out[2 * w + 1] = m;
}

//@ kernel: scan
//@ grid: 2
//@ block: 256
//@ arg: gen:s32:512
//@ arg: zero:2048
// Hillis-Steele inclusive prefix sum of each block's 256 integers, double
// buffered in shared memory.
extern "C" __global__ void scan(const int *in, int *out)
{
	__shared__ int buf[2][256];
	int t = threadIdx.x, cur = 0;
	buf[0][t] = in[blockIdx.x * 256 + t];
	__syncthreads();
	for (int d = 1; d < 256; d *= 2) {
		int v = buf[cur][t];
		if (t >= d)
			v += buf[cur][t - d];
		buf[cur ^ 1][t] = v;
		cur ^= 1;
		__syncthreads();
	}
	out[blockIdx.x * 256 + t] = buf[cur][t];
}

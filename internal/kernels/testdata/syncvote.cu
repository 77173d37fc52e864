//@ kernel: syncvote
//@ grid: 3
//@ block: 80
//@ arg: gen:s32:240
//@ arg: zero:36
// __syncthreads_count, __syncthreads_and and __syncthreads_or over a block of
// 80 threads (a partial third warp).
extern "C" __global__ void syncvote(const int *in, int *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	int c = __syncthreads_count(v > 0);
	int a = __syncthreads_and(v > -900 + (int)blockIdx.x * 500);
	int o = __syncthreads_or(v > 990 - (int)blockIdx.x * 20);
	if (threadIdx.x == 5) {
		out[blockIdx.x * 3] = c;
		out[blockIdx.x * 3 + 1] = a;
		out[blockIdx.x * 3 + 2] = o;
	}
}

//@ kernel: sync_fences
//@ grid: 2
//@ block: 96
//@ arg: gen:s32:192:-50:50
//@ arg: zero:1536
// Block-wide barriers with a result: __syncthreads_count, _and and _or;
// __threadfence, __threadfence_block and __threadfence_system between
// writes; a volatile __shared__ array read after a barrier; a barrier
// inside a loop that every thread runs.
extern "C" __global__ void sync_fences(const int *in, int *out)
{
	volatile __shared__ int buf[96];
	int t = threadIdx.x, i = blockIdx.x * 96 + t, v = in[i];
	int cnt = __syncthreads_count(v > 0);
	int all = __syncthreads_and(v > -50);
	int any = __syncthreads_or(v == 49);
	buf[t] = v;
	__threadfence_block();
	__syncthreads();
	int acc = 0;
	for (int r = 0; r < 3; r++) {
		acc += buf[(t + r * 7) % 96];
		__syncthreads();
		buf[t] = acc;
		__threadfence();
		__syncthreads();
	}
	out[i * 2] = cnt * 4 + all * 2 + any;
	__threadfence_system();
	out[i * 2 + 1] = acc + buf[95 - t];
}

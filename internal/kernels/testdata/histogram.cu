//@ kernel: histogram
//@ grid: 4
//@ block: 64
//@ arg: gen:u8:2048:0:256
//@ arg: s32:2048
//@ arg: zero:128
// A 32-bin histogram: per-block bins in shared memory with shared atomics,
// merged into the global bins with global atomics.
extern "C" __global__ void histogram(const unsigned char *in, int n, unsigned *bins)
{
	__shared__ unsigned local[32];
	if (threadIdx.x < 32)
		local[threadIdx.x] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		atomicAdd(&local[in[i] >> 3], 1u);
	__syncthreads();
	if (threadIdx.x < 32)
		atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

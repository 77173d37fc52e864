//@ kernel: reduce_int
//@ grid: 4
//@ block: 128
//@ arg: gen:s32:512:-100000:100000
//@ arg: zero:16
//@ arg: zero:8
// Shared-memory tree reduction per block (sum, min, max), one result per block,
// and a grid total with atomicAdd on a 64-bit counter.
extern "C" __global__ void reduce_int(const int *in, int *blocksum, unsigned long long *total)
{
	__shared__ int s[128], lo[128], hi[128];
	int t = threadIdx.x, v = in[blockIdx.x * blockDim.x + t];
	s[t] = v;
	lo[t] = v;
	hi[t] = v;
	__syncthreads();
	for (int d = blockDim.x / 2; d > 0; d >>= 1) {
		if (t < d) {
			s[t] += s[t + d];
			lo[t] = min(lo[t], lo[t + d]);
			hi[t] = max(hi[t], hi[t + d]);
		}
		__syncthreads();
	}
	if (t == 0) {
		blocksum[blockIdx.x] = s[0] ^ lo[0] ^ hi[0];
		atomicAdd(total, (unsigned long long)(long long)s[0]);
	}
}

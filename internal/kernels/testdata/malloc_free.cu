//@ kernel: malloc_free
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:1:40
//@ arg: zero:256
//@ arg: zero:8
// Per-thread malloc and free: each thread allocates in[i] ints, fills and sums
// them, frees them; one block-shared allocation made by thread 0 and shared
// through shared memory.
#include <cstdlib>
extern "C" __global__ void malloc_free(const int *in, int *out, int *blockres)
{
	__shared__ int *shared_buf;
	int i = blockIdx.x * blockDim.x + threadIdx.x, n = in[i];
	if (threadIdx.x == 0)
		shared_buf = (int *)malloc(32 * sizeof(int));
	__syncthreads();
	int *p = (int *)malloc(n * sizeof(int));
	if (p == NULL) {
		out[i] = -1;
		return;
	}
	for (int k = 0; k < n; k++)
		p[k] = k * i;
	int s = 0;
	for (int k = 0; k < n; k++)
		s += p[k];
	free(p);
	out[i] = s;
	shared_buf[threadIdx.x] = s;
	__syncthreads();
	if (threadIdx.x == 0) {
		int t = 0;
		for (int k = 0; k < 32; k++)
			t ^= shared_buf[k] + k;
		blockres[blockIdx.x] = t;
		free(shared_buf);
	}
}

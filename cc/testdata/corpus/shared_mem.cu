//@ kernel: shared_mem
//@ grid: 2
//@ block: 64
//@ shared: 768
//@ arg: gen:s32:128:-1000:1000
//@ arg: zero:1024
// Shared memory: a static __shared__ array and a __shared__ struct,
// extern __shared__ dynamic memory used as two arrays of different types
// (ints, then doubles at an aligned offset), a __shared__ variable written
// by one thread, a pointer to shared memory passed to a __noinline__
// function (generic addressing), and reductions over barriers.
struct Stats {
	int min, max;
};
extern __shared__ int dyn[];
__device__ __noinline__ int sum_generic(const int *p, int n)
{
	int s = 0;
	for (int k = 0; k < n; k++)
		s += p[k];
	return s;
}
extern "C" __global__ void shared_mem(const int *in, int *out)
{
	__shared__ int st[64];
	__shared__ Stats stats;
	__shared__ int flag;
	int t = threadIdx.x, i = blockIdx.x * 64 + t, v = in[i];
	double *dd = (double *)(dyn + 64);
	st[t] = v;
	dyn[t] = v * 3;
	dd[t] = v * 0.5;
	if (t == 0) {
		stats.min = 1 << 30;
		stats.max = -(1 << 30);
		flag = 0;
	}
	__syncthreads();
	if (t == 0) {
		for (int k = 0; k < 64; k++) {
			stats.min = min(stats.min, st[k]);
			stats.max = max(stats.max, st[k]);
		}
		flag = sum_generic(st, 64);
	}
	for (int d = 32; d > 0; d >>= 1) {
		__syncthreads();
		if (t < d) {
			dyn[t] += dyn[t + d];
			dd[t] += dd[t + d];
		}
	}
	__syncthreads();
	int *o = out + i * 2;
	o[0] = st[63 - t] + dyn[0] + sum_generic(dyn + t, 1);
	o[1] = stats.min * 3 + stats.max + flag + (int)dd[0];
}

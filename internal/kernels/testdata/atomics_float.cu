//@ kernel: atomics_float
//@ grid: 4
//@ block: 64
//@ arg: gen:s32:256:-2000:2000
//@ arg: zero:16
//@ arg: zero:24
//@ arg: zero:32
// Floating-point atomicAdd (float and double) and atomicExch on float (a
// slot per block; after the barrier only the slot plus the sum of the
// returned values is kept), with values whose sums are exact in any order
// (multiples of 1/16 well inside the precision).
// atomicAdd on double is an instruction from sm_60; before, the usual
// compare-and-swap loop (the host shim's atomicAdd does the same).
__device__ double add_double(double *p, double v)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
	unsigned long long *q = (unsigned long long *)p, cur = *q, seen;
	do {
		seen = cur;
		cur = atomicCAS(q, seen, __double_as_longlong(__longlong_as_double(seen) + v));
	} while (cur != seen);
	return __longlong_as_double(cur);
#else
	return atomicAdd(p, v);
#endif
}
extern "C" __global__ void atomics_float(const int *in, float *f, double *d, float *xs)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float x = in[i] / 16.0f;
	atomicAdd(&f[0], x);
	atomicAdd(&f[1], -0.5f);
	add_double(&d[0], (double)in[i] / 1024.0);
	add_double(&d[1], 0.125);
	float *slot = &xs[2 * blockIdx.x];
	float old = atomicExch(&slot[0], x);
	atomicAdd(&slot[1], old);
	if (i == 255)
		atomicAdd(&f[3], 3.0f);
	__syncthreads();
	if (threadIdx.x == 0) {
		slot[1] += slot[0];
		slot[0] = 0.0f;
	}
}

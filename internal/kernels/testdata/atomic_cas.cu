//@ kernel: atomic_cas
//@ grid: 2
//@ block: 128
//@ arg: gen:u32:256:1:1000000
//@ arg: zero:12
//@ arg: zero:16
// Atomics built from atomicCAS: a 32-bit wrapping product, an unsigned
// maximum, and a float maximum done on the bits. atomicExch on a slot per
// block, adding what it returned to a second slot: after the block's barrier
// the slot plus the sum (the initial value plus the inputs) is
// order-independent, and thread 0 stores only that.
__device__ unsigned cas_op(unsigned *p, unsigned v, int kind)
{
	unsigned cur = *p, seen;
	do {
		seen = cur;
		unsigned nv = kind == 0 ? (seen | 1) * (v | 1) : (seen > v ? seen : v);
		cur = atomicCAS(p, seen, nv);
	} while (cur != seen);
	return cur;
}
extern "C" __global__ void atomic_cas(const unsigned *in, unsigned *r, unsigned *xs)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned v = in[i];
	cas_op(&r[0], v, 0);
	cas_op(&r[1], v, 1);
	float f = (float)v * 0.25f;
	int *fp = (int *)&r[2];
	int cur = *fp, seen;
	do {
		seen = cur;
		if (__int_as_float(seen) >= f)
			break;
		cur = atomicCAS(fp, seen, __float_as_int(f));
	} while (cur != seen);
	unsigned *slot = &xs[2 * blockIdx.x];
	unsigned old = atomicExch(&slot[0], v);
	atomicAdd(&slot[1], old);
	__syncthreads();
	if (threadIdx.x == 0) {
		slot[1] += slot[0];
		slot[0] = 0;
	}
}

//@ kernel: atomics_64
//@ grid: 3
//@ block: 96
//@ arg: gen:s64:288:-9000000000000000000:9000000000000000000
//@ arg: zero:96
//@ arg: zero:48
// 64-bit atomics: atomicAdd, Min/Max signed and unsigned, And/Or/Xor on
// unsigned long long, atomicExch on a slot per block (after the barrier,
// thread 0 keeps only the slot plus the sum of the returned values, which is
// order-independent), and a CAS loop computing a wrapping product.
extern "C" __global__ void atomics_64(const long long *in, unsigned long long *r, unsigned long long *xs)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	long long v = in[i];
	unsigned long long u = (unsigned long long)v;
	atomicAdd(&r[0], u);
	atomicMin((long long *)&r[1], v);
	atomicMax((long long *)&r[2], v);
	atomicMin(&r[3], u | 1);
	atomicMax(&r[4], u);
	atomicAnd(&r[5], u | 0xff00ff00ff00ff00ull);
	atomicOr(&r[6], u & 0x0f0f0f0f0f0f0f0full);
	atomicXor(&r[7], u);
	unsigned long long *slot = &xs[2 * blockIdx.x];
	unsigned long long old = atomicExch(&slot[0], u >> 8);
	atomicAdd(&slot[1], old);
	unsigned long long cur = r[10], seen;
	do {
		seen = cur;
		cur = atomicCAS(&r[10], seen, (seen | 1) * (u | 1));
	} while (cur != seen);
	if (i == 0)
		atomicAdd(&r[11], 1ull);
	__syncthreads();
	if (threadIdx.x == 0) {
		slot[1] += slot[0];
		slot[0] = 0;
	}
}

//@ kernel: atomics_all
//@ grid: 2
//@ block: 64
//@ arg: gen:s32:128:-1000:1000
//@ arg: zero:40
//@ arg: gen:u32:2:4000000000:4294967295
//@ arg: gen:s32:1:2000000000:2147483647
//@ arg: zero:24
//@ arg: gen:u64:1:9000000000000000000:9223372036854775807
//@ arg: gen:s64:2:9000000000000000000:9223372036854775807
//@ arg: gen:s64:1:-9223372036854775807:-9000000000000000000
//@ arg: zero:528
// Atomics whose final values do not depend on the order: atomicAdd on int,
// unsigned, float (small integers, exact) and unsigned long long;
// atomicMin and atomicMax on int, unsigned, unsigned long long and long
// long (the minima starting from large values); atomicExch where every
// thread writes its own slot; atomicCAS as a lock-free add loop (int and
// unsigned long long); atomicAnd/Or/Xor; atomicSub; on global memory and
// on __shared__ memory.
struct Z32 {
	int iadd, isub, imax, cas;
	unsigned uadd, umax, uor, uxor;
	float fadd;
	int pad;
};
struct Z64 {
	unsigned long long ulladd, ullmax, ullcas;
};
extern "C" __global__ void atomics_all(const int *in, Z32 *r, unsigned *umin_and, int *imin, Z64 *r64,
	unsigned long long *ullmin, long long *llmin, long long *llmax, int *slots)
{
	__shared__ int sh_sum;
	__shared__ unsigned sh_max;
	int t = threadIdx.x, i = blockIdx.x * 64 + t, v = in[i];
	unsigned u = (unsigned)v * 2654435761u;
	unsigned long long w = (unsigned long long)u << 12 | (unsigned)i;
	if (t == 0) {
		sh_sum = 0;
		sh_max = 0;
	}
	__syncthreads();
	atomicAdd(&r->iadd, v);
	atomicSub(&r->isub, v);
	atomicMin(imin, v);
	atomicMax(&r->imax, v);
	atomicAdd(&r->uadd, u);
	atomicMin(&umin_and[0], u | 1);
	atomicMax(&r->umax, u);
	atomicAnd(&umin_and[1], u | 0x0f0f0f0f);
	atomicOr(&r->uor, u & 0x11111111);
	atomicXor(&r->uxor, u);
	atomicAdd(&r->fadd, (float)(v % 64));
	atomicAdd(&r64->ulladd, w);
	atomicMin(ullmin, w | 1);
	atomicMax(&r64->ullmax, w);
	atomicMin(llmin, (long long)v * 1000000007LL);
	atomicMax(llmax, (long long)v * 1000000007LL);
	int old = r->cas, seen;
	do {
		seen = old;
		old = atomicCAS(&r->cas, seen, seen + (v & 15));
	} while (old != seen);
	unsigned long long o64 = r64->ullcas, s64;
	do {
		s64 = o64;
		o64 = atomicCAS(&r64->ullcas, s64, s64 + w);
	} while (o64 != s64);
	atomicExch(&slots[i], v * 3);
	atomicAdd(&sh_sum, v);
	atomicMax(&sh_max, u);
	__syncthreads();
	if (t == 0) {
		atomicAdd(&slots[128 + blockIdx.x], sh_sum);
		atomicExch((unsigned *)&slots[130 + blockIdx.x], sh_max);
	}
}

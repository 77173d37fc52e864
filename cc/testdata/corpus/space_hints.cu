//@ kernel: space_hints
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:0:1000
//@ arg: zero:8192
// __isGlobal, __isShared, __isLocal and __isConstant of generic addresses
// into each state space (and of null), __cvta_generic_to_global and
// __cvta_generic_to_shared (offsets between converted addresses), and the hints that make no code:
// __builtin_expect (its value), __builtin_assume (its condition is not
// evaluated: the increment in it never happens), __builtin_assume_aligned
// (its pointer) and __builtin_unreachable.
__device__ int gvar[4] = {11, 22, 33, 44};
__constant__ int cvar[4] = {5, 6, 7, 8};

__device__ __noinline__ unsigned spaces(const void *p)
{
	return __isGlobal(p) | __isShared(p) << 1 | __isLocal(p) << 2 | __isConstant(p) << 3;
}

__device__ __noinline__ int pick(int v, int n)
{
	switch (v & 3) {
	case 0:
		return n + 1;
	case 1:
		return n * 2;
	case 2:
		return n - 3;
	case 3:
		return n ^ 5;
	}
	__builtin_unreachable();
}

extern "C" __global__ void space_hints(int *in, unsigned *out)
{
	__shared__ int sh[32];
	int loc[4];
	int t = threadIdx.x + blockIdx.x * blockDim.x;
	int v = in[t];
	sh[threadIdx.x] = v;
	loc[v & 3] = v;
	loc[(v + 1) & 3] = t;
	__syncthreads();
	unsigned *o = out + t * 32;
	const void *ps[6] = {in + t, sh + (v & 31), loc + (v & 3), cvar + (t & 3), gvar + (v & 3), 0};
	for (int j = 0; j < 6; j++)
		o[j] = __isGlobal(ps[j]) | __isShared(ps[j]) << 1 | __isLocal(ps[j]) << 2 | __isConstant(ps[j]) << 3;
	o[6] = spaces(ps[v % 6]);
	o[7] = spaces(ps[t % 6]);
	o[8] = (unsigned)(__cvta_generic_to_shared(sh + (v & 31)) - __cvta_generic_to_shared(sh));
	o[9] = (unsigned)(__cvta_generic_to_global(in + t) - __cvta_generic_to_global(in));
	o[10] = (unsigned)(__cvta_generic_to_global(gvar + 3) - __cvta_generic_to_global(gvar));
	o[11] = (unsigned)(__cvta_generic_to_global(&in[t + 1]) - __cvta_generic_to_global(&in[t]));
	o[12] = __cvta_generic_to_shared(sh + 1) != 0;
	long e = __builtin_expect(v > 500, 1);
	o[13] = (unsigned)e;
	if (__builtin_expect(v & 1, 0))
		o[14] = v * 3;
	else
		o[14] = v + 7;
	o[15] = (unsigned)__builtin_expect((long)v * 1000003, 42);
	__builtin_assume(v >= 0);
	__builtin_assume(in[t]++ > 0);
	o[16] = in[t];
	int *a = (int *)__builtin_assume_aligned(in + (t & ~3), 16);
	o[17] = a[0] + a[1] + a[2] + a[3];
	o[18] = (unsigned)((const int *)__builtin_assume_aligned(loc, 8))[v & 3];
	o[19] = pick(v, t);
	if (v < 0)
		__builtin_unreachable();
	o[20] = v / 4;
}

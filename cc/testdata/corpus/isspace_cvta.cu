//@ kernel: isspace_cvta
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:512
// Address-space queries in a __device__ function (the pointer's space
// known only at run time), and __cvta_generic_to_shared and
// __cvta_generic_to_global: offsets within the space compared between
// two elements.
__device__ __noinline__ unsigned where(const void *p)
{
	return __isGlobal(p) | __isShared(p) << 1 | __isLocal(p) << 2 | __isConstant(p) << 3;
}
extern "C" __global__ void isspace_cvta(const int *in, int *out)
{
	__shared__ int sh[32];
	int t = threadIdx.x, loc = in[t];
	sh[t] = t;
	__syncthreads();
	size_t s0 = __cvta_generic_to_shared(&sh[0]), s1 = __cvta_generic_to_shared(&sh[t]);
	size_t g0 = __cvta_generic_to_global(in), g1 = __cvta_generic_to_global(in + t);
	int *o = out + (blockIdx.x * 32 + t) * 2;
	o[0] = where(&sh[t]) + where(in + t) * 16 + where(&loc) * 256;
	o[1] = (int)(s1 - s0) + (int)(g1 - g0) * 1000 + (t & 1 ? where(&sh[t]) : where(&loc));
}

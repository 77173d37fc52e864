//@ kernel: addrspace_mix
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:1536
// Generic pointers the compiler cannot place in one state space: a
// pointer chosen at run time between global, shared, local and constant
// memory, stored in a struct, passed to a __noinline__ function and
// written through; pointers to __device__ globals and to constant data
// converted to generic; a pointer into shared memory returned by a
// function; __restrict__ const global loads beside generic ones.
struct Ref {
	int *p;
	const int *q;
};
__constant__ int ctab[4] = {7, 11, 13, 17};
__device__ int gvar[64];
__device__ __noinline__ int bump(Ref r, int k)
{
	*r.p += k;
	return *r.p + *r.q;
}
__device__ __noinline__ int *slot(int *base, int k) { return base + (k & 31); }
extern "C" __global__ void addrspace_mix(const int *__restrict__ in, int *out)
{
	__shared__ int sh[32];
	int t = threadIdx.x, i = blockIdx.x * 32 + t, v = in[i];
	int loc[4] = {v, v + 1, v + 2, v + 3};
	sh[t] = v * 2;
	gvar[i] = v * 3;
	__syncthreads();
	int *choice;
	switch (t & 3) {
	case 0: choice = &out[i * 6 + 5]; break;
	case 1: choice = &sh[(t + 1) & 31]; break;
	case 2: choice = &loc[t & 3]; break;
	default: choice = &gvar[i]; break;
	}
	const int *cq = (t & 4) ? &ctab[t & 3] : in + ((i + 1) & 63);
	Ref r = {choice, cq};
	int a = bump(r, t);
	__syncthreads();
	int *s = slot(sh, t + 3);
	int *o = out + i * 6;
	o[0] = a;
	o[1] = *s + sh[t];
	o[2] = loc[0] + loc[1] + loc[2] + loc[3];
	o[3] = gvar[i] + *cq;
	o[4] = *choice * 3 + *slot(&gvar[blockIdx.x * 32], t); // __isShared...: pending/isspace.cu
}

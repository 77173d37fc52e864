//@ kernel: isspace
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// The address-space predicates __isShared, __isGlobal, __isLocal and
// __isConstant (isspacep) on generic pointers chosen at run time.
__constant__ int ctab[4] = {7, 11, 13, 17};
extern "C" __global__ void isspace(const int *in, int *out)
{
	__shared__ int sh[32];
	int t = threadIdx.x, loc[2] = {in[t], t};
	sh[t] = t;
	const int *p = (t & 3) == 0 ? &in[t] : (t & 3) == 1 ? &sh[t] : (t & 3) == 2 ? &loc[t & 1] : &ctab[t & 3];
	out[t] = __isShared(p) + __isGlobal(p) * 2 + __isLocal(p) * 4 + __isConstant(p) * 8 + *p * 16;
}

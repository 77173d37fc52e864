//@ kernel: volatile_local
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// A volatile local variable, read twice and written: every access is a
// load or store of memory (ptxas rejects ld.volatile.local).
extern "C" __global__ void volatile_local(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	volatile int vol = v;
	int r1 = vol;
	vol = r1 + 1;
	out[t] = vol - r1 + v;
}

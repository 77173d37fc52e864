//@ kernel: ctor_init_cast
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// A constructor's member initializer whose argument is a cast:
// w((short)a).
struct Sized {
	short w, h;
	__device__ Sized(int a, int b) : w((short)a), h((short)b) {}
};
extern "C" __global__ void ctor_init_cast(const int *in, int *out)
{
	int t = threadIdx.x;
	Sized s(in[t] * 1000, t);
	out[t] = s.w * 3 + s.h;
}

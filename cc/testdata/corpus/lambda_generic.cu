//@ kernel: lambda_generic
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// A generic lambda (an auto parameter), called with an int and a float.
extern "C" __global__ void lambda_generic(const int *in, int *out)
{
	int t = threadIdx.x;
	auto twice = [](auto x) { return x + x; };
	out[t] = twice(in[t]) + (int)(twice(in[t] * 0.25f) * 4);
}

//@ kernel: lambda_init_capture
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// C++14 init-captures: [k = v * 2] and [&r = total].
extern "C" __global__ void lambda_init_capture(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t], total = 0;
	auto f = [k = v * 2, &r = total](int x) { r += x; return x * k; };
	out[t] = f(3) + f(t) + total;
}

//@ kernel: lambda_this
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// A lambda in a member function that uses the object's members: this
// captured explicitly and by the capture default.
struct Acc {
	int base, total;
	__device__ int run(const int *p, int n)
	{
		auto add = [this](int v) { total += v + base; };
		for (int k = 0; k < n; k++)
			add(p[k]);
		auto get = [=]() { return total * 2; };
		return get();
	}
};
extern "C" __global__ void lambda_this(const int *in, int *out)
{
	int t = threadIdx.x;
	Acc a = {t, 0};
	out[t] = a.run(in + (t & ~3), 4);
}

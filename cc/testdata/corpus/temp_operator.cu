//@ kernel: temp_operator
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// An overloaded operator applied to a temporary object (the value of a
// call), and a member of a temporary: f(x) * 3 and f(x).y.
struct V {
	int x, y;
	__device__ V operator*(int k) const
	{
		V r = {x * k, y * k};
		return r;
	}
};
__device__ V make(int a)
{
	V v = {a, a + 1};
	return v;
}
extern "C" __global__ void temp_operator(const int *in, int *out)
{
	int t = threadIdx.x;
	V b = make(in[t]) * 3;
	out[t] = b.x + b.y + make(t).y;
}

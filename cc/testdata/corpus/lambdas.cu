//@ kernel: lambdas
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:384
// Lambdas in device code: captures by value and by reference, called
// directly, stored in auto variables, passed to a function template, and
// an immediately invoked lambda.
template <typename F>
__device__ int apply_all(const int *p, int n, F f)
{
	int s = 0;
	for (int k = 0; k < n; k++)
		s += f(p[k]);
	return s;
}
extern "C" __global__ void lambdas(const int *in, int *out)
{
	int t = threadIdx.x;
	int a[4] = {in[2 * t], in[2 * t + 1], t, -t};
	int k = 3, calls = 0;
	auto scale = [k](int x) { return x * k; };
	auto count = [&calls](int x) { calls++; return x > 0 ? 1 : 0; };
	int *o = out + t * 3;
	o[0] = apply_all(a, 4, scale) + apply_all(a, 4, count) * 100;
	o[1] = calls + scale(t);
	o[2] = [](int x, int y) { return x - y; }(a[0], a[1]);
}

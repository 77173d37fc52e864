//@ kernel: lambdas_more
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:512
// Lambdas: capture defaults [=] and [&] (what the body names is
// captured), mixed ([=, &n] and [&, k]), a mutable lambda with its own
// copy, an explicit result type, a void lambda, a struct and a parameter
// captured, a const local used without capture, a lambda inside a loop,
// one returned through a __noinline__ function template, the same
// template instantiated with two closure types, and a lambda in a
// function template.
struct P {
	int a, b;
};
template <typename F>
__device__ __noinline__ int call2(F f, int x) { return f(x) + f(x + 1); }
template <typename F>
__device__ void each(int *p, int n, F f)
{
	for (int k = 0; k < n; k++)
		f(p[k]);
}
template <typename T>
__device__ T scaled_sum(const T *p, int n, T s)
{
	T total = 0;
	auto add = [&](T v) { total += v * s; };
	for (int k = 0; k < n; k++)
		add(p[k]);
	return total;
}
__device__ int apply(int v, int m)
{
	auto f = [=](int x) { return x * m + v; };
	return f(2);
}
extern "C" __global__ void lambdas_more(const int *in, int *out)
{
	int t = threadIdx.x;
	int a = in[2 * t], b = in[2 * t + 1], n = 0;
	const int kBias = 5;
	P p = {a, b};
	auto byval = [=](int x) { return x * a + p.b + kBias; };
	auto byref = [&](int x) { n += x; return n; };
	auto mixed = [=, &n](int x) { n -= x * b; };
	auto mixed2 = [&, a](int x) -> double { return x * 0.5 + a + n; };
	int copy = 3;
	auto counter = [copy]() mutable { copy *= 2; return copy; };
	int arr[4] = {a, b, t, 1};
	int sum = 0;
	each(arr, 4, [&sum](int v) { sum += v; });
	each(arr, 2, [&](int v) { sum -= v * kBias; });
	for (int k = 0; k < 3; k++) {
		auto inner = [k, &sum](int v) { sum += v * k; };
		inner(t);
	}
	byref(a);
	byref(b);
	mixed(2);
	int *o = out + t * 4;
	o[0] = byval(t) + call2(byval, t) * 3 + call2([](int x) { return x * x; }, t);
	o[1] = n + (int)(mixed2(t) * 2) + counter() + counter() * 10 + copy * 100;
	o[2] = sum + apply(t, a);
	float fs[3] = {a * 0.25f, b * 0.5f, 1.5f};
	o[3] = scaled_sum(arr, 4, 3) + (int)(scaled_sum(fs, 3, 2.0f) * 4);
}

//@ kernel: lambda_generic_more
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:384
// Generic lambdas: called with several argument types (one call
// operator each), auto & writing through, const auto &, a typed
// parameter beside an auto one, captures by copy and by reference
// found in the body, passed to a function template and called there
// with element types, a generic lambda in a member function using the
// object, and one that returns another lambda's result.
template <typename F>
__device__ int fold(const int *p, int n, F f)
{
	int s = 0;
	for (int k = 0; k < n; k++)
		s = f(s, p[k]);
	return s;
}
struct Scale {
	int k;
	__device__ float apply(float v, int i)
	{
		auto g = [=](auto x) { return x * k; };
		return g(v) + g(i);
	}
};
extern "C" __global__ void lambda_generic_more(const int *in, int *out)
{
	int t = threadIdx.x, a = in[2 * t], b = in[2 * t + 1], hits = 0;
	auto sq = [](auto x) { return x * x; };
	auto bump = [](auto &x, int by) { x += by; };
	auto weigh = [a, &hits](const auto &x) { hits++; return x * a; };
	int arr[4] = {a, b, t, 3};
	float f = b * 0.25f;
	double d = a * 0.125;
	bump(f, 2);
	bump(arr[2], t);
	int *o = out + t * 3;
	o[0] = sq(a) + (int)(sq(f) * 16) + (int)(sq(d) * 64) + weigh(b) + (int)weigh(0.5f) + hits * 1000;
	o[1] = fold(arr, 4, [b](auto acc, auto v) { return acc + v * b; }) + fold(arr, 2, [](int acc, auto v) { return acc ^ v; });
	Scale s = {t + 1};
	auto twice = [&](auto x) { return sq(x) + sq(x); };
	o[2] = (int)(s.apply(f, a) * 4) + twice(b) + (int)(twice(f) * 8) + arr[2];
}

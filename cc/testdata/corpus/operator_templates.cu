//@ kernel: operator_templates
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-1000:1000
//@ arg: zero:1024
// Operator function templates, as interval arithmetic (cuda-samples'
// interval) declares them: unary and binary, at namespace scope, found
// through the operands' namespace and through a using-directive, the
// comparisons among them (operator< and operator> declared as templates),
// an operand of the template's parameter type, and instances made for
// several argument types.
template <class T>
struct Iv {
	T lo, hi;
};
template <class T>
__device__ Iv<T> operator-(Iv<T> const &x) { return Iv<T>{-x.hi, -x.lo}; }
template <class T>
__device__ Iv<T> operator-(Iv<T> const &x, Iv<T> const &y) { return Iv<T>{x.lo - y.hi, x.hi - y.lo}; }
template <class T>
__device__ Iv<T> operator*(Iv<T> const &x, T const &s) { return s >= 0 ? Iv<T>{x.lo * s, x.hi * s} : Iv<T>{x.hi * s, x.lo * s}; }
namespace geo {
template <class T, int N>
struct Vec {
	T v[N];
};
template <class T, int N>
__device__ Vec<T, N> operator+(const Vec<T, N> &a, const Vec<T, N> &b)
{
	Vec<T, N> r;
	for (int i = 0; i < N; i++)
		r.v[i] = a.v[i] + b.v[i];
	return r;
}
}
namespace certain {
template <class T, class P1, class P2> inline
__device__ bool operator<(const Iv<T> &x, const Iv<T> &y) { return x.hi < y.lo; }
template <class T> inline
__device__ bool operator>(const Iv<T> &x, const T &y) { return x.lo > y; }
}
extern "C" __global__ void operator_templates(const int *in, int *out)
{
	int t = threadIdx.x;
	int a = in[t], b = in[t + 32];
	Iv<int> x = {min(a, b), max(a, b)}, y = {a / 3, a / 3 + 10};
	Iv<int> d = x - y, n = -x, s = x * -3;
	Iv<double> xd = {a * 0.5, b * 0.5 + 600}, yd = {1.5, 2.5};
	Iv<double> dd = -(xd - yd) * 0.25;
	geo::Vec<int, 3> u = {{a, b, t}}, w = {{1, 2, 3}};
	geo::Vec<int, 3> z = u + w + u;
	int *o = out + t * 8;
	o[0] = d.lo * 7 + d.hi;
	o[1] = n.lo + n.hi * 3;
	o[2] = s.lo - s.hi;
	o[3] = (int)(dd.lo * 4) + (int)(dd.hi * 8);
	o[4] = z.v[0] + z.v[1] * 2 + z.v[2] * 3;
	{
		using namespace certain;
		o[5] = (x > a / 2) + 2 * (Iv<int>{a, a} > b);
	}
	o[6] = x.lo < y.lo;
}

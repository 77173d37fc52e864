//@ kernel: templates_out_of_class_ctors
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:1024
// Constructors of class templates defined outside the class: with member
// initializers (parenthesized and braced), without, a default one, and
// overloads told apart by their parameter types; overloaded member
// functions defined outside the class in another order than declared,
// and const and non-const overloads, each instance getting the body
// written for its own signature. Instances are made before and after the
// definitions.
template <class T> struct Pair {
	T a, b;
	__device__ Pair();
	__device__ Pair(T x);
	__device__ Pair(T x, T y);
	__device__ Pair(const Pair &o, int k);
	__device__ T f(int k) const;
	__device__ T f(float k) const;
	__device__ T &at(int i);
	__device__ T at(int i) const;
};
__device__ int early(int v)
{
	Pair<int> p(v), q(v, 3), d;
	Pair<int> r(q, 2);
	return p.a + p.b * 3 + q.f(2) + q.f(0.5f) + d.a + r.a - r.b;
}
template <class T> __device__ T Pair<T>::f(float k) const { return (T)(a * k) - b; }
template <class T> __device__ T Pair<T>::f(int k) const { return a * k + b; }
template <class T> __device__ Pair<T>::Pair() : a(7), b{-7} {}
template <class T> __device__ Pair<T>::Pair(T x) : a(x), b{x * 2} {}
template <class T> __device__ Pair<T>::Pair(T x, T y) { a = x - y; b = x + y; }
template <class T> __device__ Pair<T>::Pair(const Pair &o, int k) : a(o.a * k), b(o.b - k) {}
template <class T> __device__ T &Pair<T>::at(int i) { return i ? b : a; }
template <class T> __device__ T Pair<T>::at(int i) const { return (i ? b : a) + 100; }
extern "C" __global__ void templates_out_of_class_ctors(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 8;
	o[0] = early(v);
	Pair<float> pf((float)v, 0.25f);
	o[1] = (int)(pf.f(3) * 4.0f) + (int)pf.f(2.0f);
	Pair<long long> pl((long long)v << 33);
	o[2] = (int)(pl.b >> 30);
	Pair<short> ps;
	o[3] = ps.a * 10 + ps.b;
	Pair<int> pi(v, t);
	pi.at(1) = 5;
	const Pair<int> &cp = pi;
	o[4] = pi.at(0) + cp.at(1);
	Pair<int> c2(pi, 3);
	o[5] = c2.a + c2.b;
	o[6] = Pair<int>(t).f(t);
	o[7] = Pair<long long>().a;
}

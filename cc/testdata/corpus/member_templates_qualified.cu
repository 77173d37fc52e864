//@ kernel: member_templates_qualified
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:768
// Static member function templates of class templates called through the
// instance's name (S<3>::run(f)), their arguments deduced from a
// function object or a lambda; a recursion over a class template's
// instances through them (an unrolled loop, as CUTLASS writes one); a
// member template called on an object, and one of a class that is no
// template.
template <int N> struct U1 {
	template <class F> __device__ static int run(F f) { return f(N); }
};
struct U2 {
	template <class F> __device__ static int run(F f) { return f(7); }
};
template <int N> struct U3 {
	template <class F> __device__ int go(F f) const { return f(N) + 1; }
};
template <int N> struct Unroll {
	template <class F> __device__ static void run(F f)
	{
		f(N - 1);
		Unroll<N - 1>::run(f);
	}
};
template <> struct Unroll<0> {
	template <class F> __device__ static void run(F) {}
};
struct Sq {
	__device__ int operator()(int x) const { return x * x; }
};
extern "C" __global__ void member_templates_qualified(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 6;
	o[0] = U1<3>::run(Sq());
	o[1] = U2::run(Sq()) + v;
	U3<4> u3;
	o[2] = u3.go(Sq());
	o[3] = U1<2>::run([v](int x) { return x + v; });
	int acc = 0;
	Unroll<5>::run([&](int i) { acc += i * v + 1; });
	o[4] = acc;
	o[5] = U1<-1>::run(Sq()) + U2::run([](int x) { return -x; });
}

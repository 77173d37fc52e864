//@ kernel: ctor_chains
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:1792
// Constructors that call constructors: a base's with an argument and a
// default one, a delegating constructor (also in a class template, with
// and without the template's arguments, and to one that runs default
// member initializers), explicit and converting constructors, default
// constructors of bases (one and two), and a default member initializer
// that calls a static member function.
struct Base {
	int a;
	__device__ Base(int x, int y = 5) : a(x * y) {}
};
struct Der : Base {
	int b;
	__device__ Der(int x) : Base(x), b(a + 1) {}
	__device__ Der(int x, int y) : Base(x, y), b(-1) {}
};
struct Deleg {
	int v, w;
	__device__ Deleg(int x) : Deleg(x, x * 2) {}
	__device__ Deleg(int x, int y) : v(x), w(y) {}
};
struct Ex {
	int v;
	__device__ explicit Ex(int x) : v(x) {}
};
struct Im {
	int v;
	__device__ Im(int x) : v(x + 1) {}
};
__device__ int takeIm(Im i) { return i.v; }
struct Cnt {
	int n;
	__device__ Cnt() : n(0) {}
	__device__ Cnt &operator+=(int d)
	{
		n += d;
		return *this;
	}
};
struct Mid {
	int m;
	__device__ Mid() : m(4) {}
};
struct Top : Mid {
	int t;
	__device__ Top() : t(m * 2) {}
};
struct Multi : Mid, Cnt {
	int q;
	__device__ Multi() : q(m + n + 1) {}
};
struct WithStatic {
	static __device__ int tally(int x) { return x * 7; }
	int k = tally(2);
};
template <class T> struct W {
	T a, b;
	__device__ W(T x) : W(x, x * 2) {}
	__device__ W(T x, T y) : a(x), b(y) {}
};
template <class T> struct W2 {
	T a;
	int b = 7;
	__device__ W2() : W2<T>(T(3)) {}
	__device__ W2(T x) : a(x) {}
};
extern "C" __global__ void ctor_chains(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 14;
	Der d1(v);
	o[0] = d1.a + d1.b;
	Der d2(v, 3);
	o[1] = d2.a + d2.b;
	Deleg dg(v);
	o[2] = dg.v + dg.w;
	Ex ex(v);
	o[3] = ex.v;
	o[4] = takeIm(v);
	Cnt c;
	c += v;
	c += 2;
	o[5] = c.n;
	Top tp;
	o[6] = tp.t + tp.m;
	Multi mu;
	o[7] = mu.q;
	WithStatic ws;
	o[8] = ws.k;
	Im im = v;
	o[9] = im.v;
	Im arr[2] = {v, 3};
	o[10] = arr[0].v + arr[1].v;
	W<int> w(v);
	o[11] = w.a + w.b;
	W<float> wf(1.5f * v);
	o[12] = (int)(wf.b * 10);
	W2<int> w2;
	o[13] = w2.a + w2.b;
}

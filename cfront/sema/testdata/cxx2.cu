// C++: friends found by argument-dependent lookup, functors, static
// member functions, class template members and enumerators, bases.
namespace mathx {
struct Complex {
	float re, im;
	__device__ Complex(float r = 0, float i = 0) : re(r), im(i) {}
	__device__ friend Complex operator*(const Complex &a, const Complex &b) { return Complex(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re); }
	__device__ bool operator==(const Complex &o) const { return re == o.re && im == o.im; }
	__device__ Complex operator-() const { return Complex(-re, -im); }
	__device__ static Complex unit() { return Complex(1, 0); }
	__device__ float norm2() const { return re * re + im * im; }
	__device__ float abs() const { return sqrtf(this->norm2()); }
};
}
struct Adder { int k; __device__ int operator()(int x) const { return x + k; } };
template <typename T> struct Stack {
	T items[8]; int top;
	__device__ void push(T v) { items[top++] = v; }
	__device__ T pop() { return items[--top]; }
	__device__ bool empty() const { return top == 0; }
	struct Iter { int pos; };
	enum { Capacity = 8 };
};
struct Base { int b; __device__ int get() const { return b; } };
struct Derived : Base { int d; __device__ int both() const { return get() + d + Base::get(); } };
using mathx::Complex;
__global__ void k(float *out, Derived *dp, int n)
{
	Complex z(1.0f, 2.0f), w = Complex::unit();
	Complex p = z * w;
	Complex q = -p;
	bool same = (p == q);
	out[0] = p.abs() + q.norm2() + same;
	Adder add = {5};
	out[1] = add(3);
	Stack<int> st; st.top = 0;
	st.push(1); st.push(n);
	out[2] = st.pop() + Stack<int>::Capacity;
	Base *bp = dp;
	out[3] = bp->get() + dp->both() + dp[0].b;
	Complex c2 = 3.0f;
	out[4] = c2.re;
	Stack<int>::Iter it = {0};
	out[5] = it.pos + !st.empty();
}
struct Fixed {
	int raw;
	__device__ operator float() const { return raw / 256.0f; }
	__device__ explicit operator bool() const { return raw != 0; }
};
__device__ float fixed(Fixed f)
{
	static_assert(sizeof(Fixed) == 4, "Fixed is one int");
	float x = f;
	if (f) x += 1;
	return x + (float)f + (f ? 2 : 3);
}
struct V { float x; int n; __device__ V(int a, double d) : x((float)d * 2), n(static_cast<int>(d) + a) {} };
__device__ float f() { V v(1, 2.5); return v.x + v.n; }
struct Ctr {
	int n;
	__device__ Ctr &operator++() { ++n; return *this; }
	__device__ Ctr operator++(int) { Ctr t = *this; ++n; return t; }
};
__device__ int counters(Ctr c)
{
	++c;
	c++;
	return (++c).n;
}

// Templates, namespaces, operators, constructors and lambdas whose device
// functions nvcc names; TestDemangleOracle demangles every name in the PTX.
#include <cuda_fp16.h>
#include <cuda/std/atomic>
#include <cuda/std/tuple>
#include <cuda/std/utility>
#include <cuda/std/complex>

namespace outer {
namespace inner {
struct Vec { float x, y; __device__ Vec() : x(0), y(0) {} __device__ Vec(float a, float b) : x(a), y(b) {} };
__device__ __noinline__ Vec operator+(Vec a, Vec b) { return Vec(a.x + b.x, a.y + b.y); }
__device__ __noinline__ Vec operator-(Vec a, Vec b) { return Vec(a.x - b.x, a.y - b.y); }
__device__ __noinline__ Vec operator*(Vec a, float s) { return Vec(a.x * s, a.y * s); }
__device__ __noinline__ bool operator==(const Vec &a, const Vec &b) { return a.x == b.x && a.y == b.y; }
__device__ __noinline__ bool operator<(const Vec &a, const Vec &b) { return a.x < b.x; }
__device__ __noinline__ Vec &operator+=(Vec &a, const Vec &b) { a.x += b.x; return a; }
__device__ __noinline__ Vec operator-(Vec a) { return Vec(-a.x, -a.y); }
__device__ __noinline__ bool operator!(const Vec &a) { return a.x == 0; }
} // namespace inner

template <typename T> struct Box {
	T v;
	__device__ __noinline__ Box(T x) : v(x) {}
	__device__ __noinline__ ~Box() {}
	__device__ __noinline__ T get() const { return v; }
	__device__ __noinline__ T &ref() { return v; }
	__device__ __noinline__ Box &operator=(const Box &o) { v = o.v; return *this; }
	__device__ __noinline__ T operator()(T a) const { return a + v; }
	__device__ __noinline__ T operator[](int i) const { return v; }
	__device__ __noinline__ operator bool() const { return v != T(); }
	template <typename U> __device__ __noinline__ U as() const { return U(v); }
	template <typename F> __device__ __noinline__ T apply(F f) const { return f(v); }
};

template <typename T, int N> struct Arr {
	T a[N];
	__device__ __noinline__ T sum() const { T s = T(); for (int i = 0; i < N; i++) s += a[i]; return s; }
	__device__ __noinline__ static int size() { return N; }
};

template <typename T> __device__ __noinline__ T twice(T x) { return x + x; }
template <typename T, typename U> __device__ __noinline__ T conv(U u, T *out) { *out = T(u); return *out; }
template <int N> __device__ __noinline__ int fixed(int x) { return x * N; }
template <bool B> __device__ __noinline__ int flag(int x) { return B ? x : -x; }
template <char C> __device__ __noinline__ int chr(int x) { return x + C; }
template <unsigned long long N> __device__ __noinline__ int big(int x) { return x + (int)N; }
template <typename T> __device__ __noinline__ void swap2(T &a, T &b) { T t = a; a = b; b = t; }
template <typename T, typename... Ts> __device__ __noinline__ int count(T, Ts...) { return 1 + sizeof...(Ts); }
template <typename F> __device__ __noinline__ int call(F f, int x) { return f(x); }
template <typename T> __device__ __noinline__ T *advance(T *p, long n) { return p + n; }
template <typename T> __device__ __noinline__ const T &pick(const T &a, const T &b) { return a < b ? b : a; }
template <typename T, int N> __device__ __noinline__ int len(T (&)[N]) { return N; }
template <typename R, typename A> __device__ __noinline__ R via(R (*f)(A), A a) { return f(a); }
template <template <typename> class C, typename T> __device__ __noinline__ T unbox(const C<T> &c) { return c.get(); }
__device__ __noinline__ int inc(int x) { return x + 1; }
__device__ __noinline__ float half_it(float x) { return x / 2; }
enum Color { Red, Green };
enum class Mode : short { Fast = 3, Slow };
template <Color C> __device__ __noinline__ int col(int x) { return x + C; }
template <Mode M> __device__ __noinline__ int mode(int x) { return x + (int)M; }
template <typename T> struct Traits { typedef T type; };
template <typename T> __device__ __noinline__ typename Traits<T>::type ident(T x) { return x; }
template <typename T> __device__ __noinline__ auto dbl(T x) -> decltype(x * 2) { return x * 2; }
template <typename T> __device__ __noinline__ void vol(volatile T *p, const T *const q) { *p = *q; }
template <typename T> __device__ __noinline__ void memptr(int T::*m, T &t) { t.*m = 1; }
struct WithMember { int a; int b; __device__ __noinline__ int meth(int x) const volatile { return x; } __device__ __noinline__ int rmeth() && { return a; } };
template <typename T> __device__ __noinline__ int memfn(int (T::*f)(int) const volatile, const volatile T &t) { return (t.*f)(1); }
} // namespace outer


namespace outer {
template <typename T> struct Outer {
	template <typename U> struct Inner {
		__device__ __noinline__ static T mix(T t, U u) { return t + T(u); }
	};
	struct Plain { __device__ __noinline__ static int get(const T *) { return 1; } };
};
namespace {
__device__ __noinline__ int hidden(int x) { return x * 7; }
template <typename T> __device__ __noinline__ T hidden_t(T x) { return x; }
}
__device__ int gvar;
template <int *P> __device__ __noinline__ int ptrarg() { return *P; }
template <typename T> __device__ __noinline__ int counter() { static __device__ int calls; return ++calls; }
template <typename T> __device__ __noinline__ int local_lambda(T t) {
	auto f = [t](int k) { return (int)t + k; };
	auto g = [](T a, T b) { return a < b; };
	return f(1) + g(t, t);
}
template <typename... Ts> __device__ __noinline__ int pack_refs(const Ts &...ts) { return sizeof...(Ts); }
template <typename T, typename... Ts> __device__ __noinline__ T first(T t, Ts *...) { return t; }
__device__ __noinline__ int overload(int (*f)(int), int (&g)(int), int x) { return f(x) + g(x); }
struct Ops {
	int v;
	__device__ __noinline__ Ops operator%(const Ops &o) const { return Ops{v % o.v}; }
	__device__ __noinline__ Ops operator<<(int s) const { return Ops{v << s}; }
	__device__ __noinline__ Ops &operator++() { ++v; return *this; }
	__device__ __noinline__ Ops operator++(int) { Ops t = *this; ++v; return t; }
	__device__ __noinline__ bool operator&&(const Ops &o) const { return v && o.v; }
	__device__ __noinline__ int operator->*(int Ops::*m) const { return this->*m; }
	__device__ __noinline__ operator int() const { return v; }
	__device__ __noinline__ explicit operator float *() { return nullptr; }
};
} // namespace outer

using namespace outer;

typedef signed char sc_t; typedef unsigned char uc_t; typedef unsigned short us_t; typedef unsigned long ul_t;
typedef long long ll_t; typedef unsigned long long ull_t;

__device__ int sink;

#define USE2(T) { T t = T(); Box<T> b(t); sink += (int)(b.get()) + (int)(b.ref()) + (int)(b(t)) + (int)(b[0]) + b.as<int>(); \
		Arr<T, 3> a3 = {}; sink += (int)(a3.sum()) + Arr<T, 3>::size(); sink += (int)(Outer<T>::Inner<int>::mix(t, 1)); \
		sink += Outer<T>::Plain::get(&t) + counter<T>() + local_lambda(t) + pack_refs(t, t) + pack_refs(t, 1, 2.0) + (int)(int)(first(t, &t, &sink)); \
		sink += (int)(hidden_t(t)); }

extern "C" __global__ void templates_kernel(float *out, int n) {
	int i = threadIdx.x;
#define USE(T) { T t = T(); T u = T(); sink += (int)(twice(t)); swap2(t, u); count(t); count(t, u, 1); \
		T o; conv<T>(1, &o); advance(&t, n); sink += (int)(pick(t, u)); vol<T>(&t, &u); sink += (int)(ident(t)); \
		T arr[3]; sink += len(arr); }
	USE(int) USE(unsigned) USE(char) USE(sc_t) USE(uc_t) USE(short) USE(us_t)
	USE(long) USE(ul_t) USE(ll_t) USE(ull_t) USE(float) USE(double) USE(bool)
	USE(wchar_t) USE(char16_t) USE(char32_t)
	sink += fixed<3>(i) + fixed<-7>(i) + fixed<0>(i) + flag<true>(i) + flag<false>(i) + chr<'a'>(i) + chr<'\n'>(i);
	sink += big<0xffffffffffULL>(i) + col<Red>(i) + col<Green>(i) + mode<Mode::Fast>(i) + mode<Mode::Slow>(i);
	sink += call([](int x) { return x * 3; }, i) + call([=](int x) { return x + n; }, i) + call(inc, i);
	sink += via(inc, i) + (int)via(half_it, 1.0f) + dbl(i) + (int)dbl(2.0f);
	Box<int> bi(i); Box<float> bf(1.0f); Box<double> bd(2.0); Box<long> bl(3); Box<inner::Vec> *bv = nullptr;
	sink += bi.get() + (int)bf.get() + bi.ref() + bi(2) + bi[0] + (bool)bf + bi.as<float>() + (int)bf.as<double>();
	sink += bi.apply([](int v) { return v * 2; }) + (int)bd.apply([&](double v) { return v + i; }) + (int)bl.get();
	bi = Box<int>(5); bf = Box<float>(2.0f);
	sink += unbox(bi) + (int)unbox(bd);
	Arr<int, 4> a4 = {}; Arr<float, 2> a2 = {}; Arr<inner::Vec, 1> av = {};
	sink += a4.sum() + (int)a2.sum() + Arr<int, 4>::size() + Arr<char, 16>::size() + (int)av.sum().x;
	inner::Vec v(1, 2), w(3, 4);
	v = v + w; v = v - w; v = v * 2.0f; v += w; v = -v; sink += (v == w) + (v < w) + !v;
	WithMember wm = {1, 2}; memptr(&WithMember::a, wm); sink += memfn(&WithMember::meth, wm) + WithMember{3, 4}.rmeth();
	cuda::std::atomic<int> at(0); at.fetch_add(1); at.store(2); sink += at.load() + at.exchange(3);
	cuda::std::atomic<unsigned long long> au(0); au.fetch_or(1); sink += (int)au.load();
	auto tp = cuda::std::make_tuple(1, 2.0f, 'c'); sink += cuda::std::get<0>(tp) + (int)cuda::std::get<1>(tp);
	auto pr = cuda::std::make_pair(i, 1.0); sink += pr.first + (int)pr.second;
	cuda::std::complex<float> c(1, 2); c = c * c; sink += (int)c.real();
	USE2(int) USE2(unsigned) USE2(char) USE2(sc_t) USE2(uc_t) USE2(short) USE2(us_t) USE2(long) USE2(ul_t)
	USE2(ll_t) USE2(ull_t) USE2(float) USE2(double) USE2(bool) USE2(wchar_t) USE2(char16_t) USE2(char32_t)
	sink += hidden(i) + ptrarg<&gvar>() + overload(inc, inc, i) + pack_refs() + pack_refs(v, w, c);
	Ops op{3}; op = op % op; op = op << 2; ++op; op++; sink += (op && op) + (op->*(&Ops::v)) + (int)op + ((float *)op != nullptr);
	out[i] = (float)sink + (bv != nullptr);
}

// Unnamed local types as template arguments (Ut_).
__device__ int taken;
template <typename T> __device__ __noinline__ int takes(T t) { taken += *(const char *)&t; return taken; }
__device__ __noinline__ int unnamed_local() {
	struct { int a; } s = {1};
	enum { X1 } e = X1;
	struct { float f; } s2 = {2};
	return takes(s) + takes(e) + takes(s2);
}
extern "C" __global__ void unnamed_kernel(int *out) { out[0] = unnamed_local(); }

// Kernel templates instantiated from host code with extended lambdas
// (nvcc --extended-lambda) and namespaced class templates.
template <typename F> __global__ void apply_kernel(F f, int *out) { out[threadIdx.x] = f(threadIdx.x); }
template <typename T, int N> __global__ void fill_kernel(outer::Arr<T, N> *a, T v) { a->a[threadIdx.x % N] = v; }
void host_launch(int *out, int k) {
	apply_kernel<<<1, 1>>>([] __device__(int x) { return x * 2; }, out);
	apply_kernel<<<1, 1>>>([=] __device__(int x) { return x + k; }, out);
	apply_kernel<<<1, 1>>>([=] __host__ __device__(int x) { return x - k; }, out);
	fill_kernel<<<1, 1>>>((outer::Arr<float, 4> *)nullptr, 1.0f);
	fill_kernel<<<1, 1>>>((outer::Arr<outer::inner::Vec, 2> *)nullptr, outer::inner::Vec());
	fill_kernel<<<1, 1>>>((outer::Arr<unsigned long long, 8> *)nullptr, 1ull);
}

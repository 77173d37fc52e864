//@ kernel: cxx_classes
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:-50:50
//@ arg: zero:512
// C++ as device code uses it: a class with constructors, member
// functions, operators and a base class; references; a function
// template called with deduced and explicit arguments; a namespace.
namespace geo {
struct Vec {
	int x, y;
	__device__ Vec() : x(0), y(0) {}
	__device__ Vec(int a, int b) : x(a), y(b) {}
	__device__ Vec operator+(const Vec &o) const { return Vec(x + o.x, y + o.y); }
	__device__ Vec &operator+=(const Vec &o) { x += o.x; y += o.y; return *this; }
	__device__ int dot(const Vec &o) const { return x * o.x + y * o.y; }
};
struct Named {
	int id;
	__device__ int tag() const { return id * 3; }
};
struct Point : Named {
	Vec v;
	__device__ Point(int i, Vec p) { id = i; v = p; }
	__device__ int score() const { return tag() + v.dot(v); }
};
}
template <typename T> __device__ T clampv(T v, T lo, T hi) { return v < lo ? lo : v > hi ? hi : v; }
template <int N> __device__ int times(int v) { return v * N; }
__device__ void swap2(int &a, int &b) { int t = a; a = b; b = t; }
extern "C" __global__ void cxx_classes(const int *in, long long *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int a = in[i], b = in[(i + 5) & 63];
	geo::Vec p(a, b), q(b, -a);
	geo::Vec r = p + q;
	r += geo::Vec(1, 2);
	geo::Point pt(i, r);
	swap2(a, b);
	out[i] = (long long)pt.score() * 1000 + clampv(a, -10, 10) + times<3>(b) + clampv<long long>((long long)r.x, 0LL, 5LL);
}

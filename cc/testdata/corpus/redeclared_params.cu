//@ kernel: redeclared_params
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-1000:1000
//@ arg: zero:512
// Functions declared first without parameter names, or with others, and
// defined later (simpleCUFFT's forward declarations): the body uses the
// names of its definition. Free functions, static inline __host__
// __device__ ones, member functions and a namespace's functions defined
// out of line, and a constructor with member initializers.
typedef float2 Complex;
static __device__ __host__ inline Complex cadd(Complex, Complex);
static __device__ __host__ inline Complex cscale(Complex, float);
__device__ int mix(int x, int y);
struct Acc {
	int base;
	__device__ Acc(int);
	__device__ int add(int, int) const;
	static __device__ int twice(int);
};
namespace ops {
__device__ int sub3(int, int, int);
}
extern "C" __global__ void redeclared_params(const int *in, int *out)
{
	int t = threadIdx.x;
	Complex a = make_float2(in[t], in[t + 32]), b = make_float2(t, -t);
	Complex c = cscale(cadd(a, b), 0.5f);
	Acc acc(in[t]);
	int *o = out + t * 4;
	o[0] = (int)c.x;
	o[1] = (int)c.y;
	o[2] = acc.add(in[t + 1 < 64 ? t + 1 : 0], t) + Acc::twice(in[t]);
	o[3] = mix(in[t], t) + ops::sub3(in[t], t, 7);
}
static __device__ __host__ inline Complex cadd(Complex a, Complex b)
{
	Complex c;
	c.x = a.x + b.x;
	c.y = a.y + b.y;
	return c;
}
static __device__ __host__ inline Complex cscale(Complex a, float s)
{
	Complex c;
	c.x = s * a.x;
	c.y = s * a.y;
	return c;
}
__device__ int mix(int p, int q) { return p * 3 - q; }
__device__ Acc::Acc(int b) : base(b * 2) {}
__device__ int Acc::add(int u, int v) const { return base + u - v; }
__device__ int Acc::twice(int w) { return w * 2; }
__device__ int ops::sub3(int a, int b, int c) { return a - b - c; }

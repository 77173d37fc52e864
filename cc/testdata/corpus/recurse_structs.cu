//@ kernel: recurse_structs
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:12
//@ arg: zero:256
// Recursion, structs returned and passed by value to __noinline__
// functions, arrays of structs in local memory, an indirect call through
// a pointer chosen at run time, and __shared__ memory with a barrier.
struct Pair {
	int lo, hi;
	double w;
};
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __noinline__ Pair mk(int a, int b) { Pair p = {a < b ? a : b, a < b ? b : a, 0.5 * (a + b)}; return p; }
__device__ __noinline__ int span(Pair p) { return p.hi - p.lo + (int)(p.w * 4.0); }
__device__ int add1(int v) { return v + 1; }
__device__ int dbl(int v) { return v * 2; }
extern "C" __global__ void recurse_structs(const int *in, long long *out)
{
	__shared__ int sh[32];
	int t = threadIdx.x;
	sh[t] = in[t];
	__syncthreads();
	Pair ps[4];
	for (int k = 0; k < 4; k++)
		ps[k] = mk(sh[(t + k) & 31], sh[(t + 3 * k) & 31]);
	int acc = 0;
	for (int k = 0; k < 4; k++)
		acc += span(ps[k]);
	int (*f)(int) = (t & 1) ? add1 : dbl;
	out[t] = (long long)fib(sh[t]) * 100000 + acc * 10 + f(t);
}

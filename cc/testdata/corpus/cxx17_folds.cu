//@ kernel: cxx17_folds
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:128:-50:50
//@ arg: zero:1024
// Variadic function templates in bodies: fold expressions (C++17) —
// unary right and left, binary with an initial value on either side,
// over + - * && || & and a pattern ((t * t)), sizeof... of a type pack
// and of a function parameter pack, pack expansions in a call's
// arguments (t..., (t + 1)...), recursion over a pack. (all_of and any_of,
// not all and any: CUDA 11.8 declares a legacy bool all(bool) and any(bool),
// warp votes, which a call with one argument would pick.)
template <class... T>
__device__ int sum(T... t) { return (t + ...); }
template <class... T>
__device__ int lsub(T... t) { return (... - t); }
template <class... T>
__device__ int rsub(T... t) { return (t - ...); }
template <class... T>
__device__ int from100(T... t) { return (100 - ... - t); }
template <class... T>
__device__ int to100(T... t) { return (t - ... - 100); }
template <class... T>
__device__ bool all_of(T... t) { return (t && ...); }
template <class... T>
__device__ bool any_of(T... t) { return (... || t); }
template <class... T>
__device__ int squares(T... t) { return (0 + ... + (t * t)); }
template <class... T>
__device__ unsigned mask(T... t) { return (0xffu & ... & (unsigned)t); }

__device__ int join(int a, int b, int c) { return a * 10000 + b * 100 + c; }

template <class... T>
__device__ int forward(T... t) { return join(t...) + join((t + 1)...) + (int)sizeof...(T) * 7 + (int)sizeof...(t); }

__device__ int count() { return 0; }
template <class H, class... R>
__device__ int count(H h, R... r) { return (h > 0) + count(r...); }

extern "C" __global__ void cxx17_folds(const int *in, int *out)
{
	int t = threadIdx.x;
	int a = in[4 * t], b = in[4 * t + 1], c = in[4 * t + 2], d = in[4 * t + 3];
	int *o = out + 8 * t;
	o[0] = sum(a, b, c) + sum(d) + sum(a, 2.5f, 'b');
	o[1] = lsub(a, b, c) * 1000 + rsub(a, b, c, d);
	o[2] = from100(a, b) * 1000 + to100(a, b, c);
	o[3] = all_of(a, b, c) + all_of(a > 0, true) * 2 + any_of(a > 40, b > 40, c > 40) * 4 + any_of(false) * 8;
	o[4] = squares(a, b, c, d);
	o[5] = (int)mask(a, b | 0x70, c);
	o[6] = forward(a, b, c);
	o[7] = count(a, b, c, d) + count(a) + all_of() * 16 + any_of() * 32;
}

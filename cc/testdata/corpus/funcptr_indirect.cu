//@ kernel: funcptr_indirect
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:512
// Indirect calls: a local table of function pointers, pointers passed to
// and returned from functions, a function pointer in a struct, pointers to
// functions of different signatures (float, void, struct return), a
// comparison of function pointers, and a call through a dereferenced
// pointer ((*f)(x)).
struct V2 {
	int x, y;
};
typedef int (*IntOp)(int);
typedef float (*FloatOp)(float, float);
typedef V2 (*V2Op)(V2);
__device__ __noinline__ int neg(int v) { return -v; }
__device__ __noinline__ int sq(int v) { return v * v; }
__device__ __noinline__ int half(int v) { return v / 2; }
__device__ __noinline__ float fmadd(float a, float b) { return a * 2.0f + b; }
__device__ __noinline__ V2 rot(V2 v)
{
	V2 r = {-v.y, v.x};
	return r;
}
__device__ __noinline__ void store(int *p, int v) { *p = v * 3; }
struct Stage {
	IntOp op;
	int bias;
};
__device__ __noinline__ IntOp pick(int k)
{
	return k == 0 ? neg : k == 1 ? sq : half;
}
__device__ __noinline__ int run(const Stage *s, int n, int v)
{
	for (int k = 0; k < n; k++)
		v = s[k].op(v) + s[k].bias;
	return v;
}
extern "C" __global__ void funcptr_indirect(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	IntOp ops[3] = {neg, sq, half};
	Stage st[3] = {{ops[t % 3], 1}, {pick((t + 1) % 3), 2}, {ops[(t + 2) % 3], 3}};
	FloatOp fo = fmadd;
	V2Op vo = rot;
	void (*sf)(int *, int) = store;
	V2 p = {v, t};
	V2 q = (*vo)(p);
	int *o = out + t * 4;
	o[0] = run(st, 3, v);
	o[1] = (int)fo((float)v, 0.5f) * 2;
	o[2] = q.x * 1000 + q.y + (pick(t % 3) == ops[t % 3]) * 100000;
	sf(&o[3], v);
}

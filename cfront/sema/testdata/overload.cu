// Overload resolution among CUDA's built-ins and user functions.
__device__ float over(float x) { return x; }
__device__ double over(double x) { return x; }
__device__ int over(int x) { return x; }
__device__ void k(float *pf, int *pi, unsigned *pu, double dd, short sh)
{
	float f = sqrt(2.0f) + sqrtf(*pf) + fabs(-1.0f);
	double d = sqrt(dd) + fmin(dd, 1.0);
	int m = min(*pi, 3) + max(sh, 'c');
	unsigned um = min(*pu, 2u);
	atomicAdd(pf, 1.0f);
	atomicAdd(pi, 1);
	atomicAdd(pu, 1u);
	atomicCAS(pi, 0, 1);
	int lane = __shfl_down_sync(0xffffffffu, m, 1);
	float fl = __shfl_xor_sync(0xffffffffu, f, 2, 16);
	over(1);
	over(1.0f);
	over(sh);
	over(dd);
	printf("%d %f\n", m, f);
	__syncthreads();
	int c = __popc(um) + __clz(m) + __ldg(pi);
	float4 v = make_float4(1, 2, 3, 4);
	v.w = v.x + v.y;
}
enum { DefaultN = 3 };
__device__ float scale(float x, float s = 2.0f, int n = DefaultN * 2) { return x * s + n; }
struct Acc { float v; __device__ void add(float x, float w = 1) { v += x * w; } };
__device__ float defaults(Acc &a)
{
	a.add(1.0f);
	a.add(2.0f, 0.5f);
	return scale(1.0f) + scale(1.0f, 3) + scale(1, 2, 3);
}
__device__ int hints(int *p, int n)
{
	if (__builtin_expect(n > 0, 1))
		return p[0];
	__builtin_assume(n <= 0);
	if (__isGlobal(p))
		return 2;
	__builtin_unreachable();
}

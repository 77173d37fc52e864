// The half of a two-module program that ptxabi cc -rdc compiles: it calls
// nv_square_minus, which theirs.cu (nvcc -rdc=true) defines, and defines
// twice_plus, which theirs.cu calls (cc's TestLinkWithNVCC, internal/gpucheck).
extern __device__ int nv_square_minus(int v);
__device__ int twice_plus(int v, int k) { return 2 * v + k; }
// The address of a function the other module defines, in an initializer:
// declared .extern before the variable.
__device__ int (*nv_square_minus_ptr)(int) = nv_square_minus;
extern "C" __global__ void k_ours(int *p)
{
	int t = threadIdx.x;
	p[t] = nv_square_minus_ptr(t) + twice_plus(t, 5);
}

// Cooperative groups across the two modules: each passes groups it made to
// a function of the other, which reads them through its own headers
// (CUDA's, or the built-in one), so the 16 bytes must mean the same.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern __device__ unsigned long long nv_group_info(cg::thread_group g);
__device__ unsigned long long our_group_info(cg::thread_group g) { return g.thread_rank() * 1000 + g.size(); }
extern "C" __global__ void k_ours_cg(int *p)
{
	cg::thread_block b = cg::this_thread_block();
	int t = b.thread_rank();
	p[2 * t] = (int)nv_group_info(cg::tiled_partition(b, 8));
	p[2 * t + 1] = (int)nv_group_info(b) + (int)nv_group_info(cg::tiled_partition<4>(b)) * 100000;
}

// bfloat16 across the two modules: a __nv_bfloat16 by value, and a
// __nv_bfloat162 (whose copy constructor makes it non-trivial) through a
// pointer to a copy, returned through a hidden first parameter.
#include <cuda_bf16.h>
extern __device__ __nv_bfloat162 nv_bf(__nv_bfloat16 a, __nv_bfloat162 b);
__device__ __nv_bfloat162 our_bf(__nv_bfloat16 a, __nv_bfloat162 b)
{
	return __floats2bfloat162_rn((float)a + (float)b.y, (float)b.x * 2.0f);
}
extern "C" __global__ void k_ours_bf(int *p)
{
	int t = threadIdx.x;
	__nv_bfloat162 r = nv_bf(__float2bfloat16((float)t), __floats2bfloat162_rn(t * 3.0f, 1.0f));
	p[t] = (int)(float)r.x * 1000 + (int)(float)r.y;
}
// A member function returning a __nv_bfloat162: the result's pointer
// comes before this.
struct BfScale {
	float s;
	__device__ __nv_bfloat162 nv_scale(__nv_bfloat162 v) const;
	__device__ __nv_bfloat162 our_scale(__nv_bfloat162 v) const;
};
__device__ __nv_bfloat162 BfScale::our_scale(__nv_bfloat162 v) const
{
	return __floats2bfloat162_rn((float)v.x * s, (float)v.y + s);
}
extern "C" __global__ void k_ours_bfm(int *p)
{
	int t = threadIdx.x;
	BfScale b = {(float)t};
	__nv_bfloat162 r = b.nv_scale(__floats2bfloat162_rn(2.0f, (float)(t * 4)));
	p[t] = (int)(float)r.x * 1000 + (int)(float)r.y;
}

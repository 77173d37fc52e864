// The half of a two-module program that nvcc -rdc=true compiles (see ours.cu).
extern __device__ int twice_plus(int v, int k);
__device__ int nv_square_minus(int v) { return v * v - 1; }
extern "C" __global__ void k_nv(int *p)
{
	int t = threadIdx.x;
	p[t] = twice_plus(t, 7) * 3;
}

// Cooperative groups across the two modules (see ours.cu).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern __device__ unsigned long long our_group_info(cg::thread_group g);
__device__ unsigned long long nv_group_info(cg::thread_group g) { return g.thread_rank() * 1000 + g.size(); }
extern "C" __global__ void k_nv_cg(int *p)
{
	cg::thread_block b = cg::this_thread_block();
	int t = b.thread_rank();
	p[2 * t] = (int)our_group_info(cg::tiled_partition(b, 8));
	p[2 * t + 1] = (int)our_group_info(b) + (int)our_group_info(cg::tiled_partition<4>(b)) * 100000;
}

// bfloat16 across the two modules (see ours.cu).
#include <cuda_bf16.h>
extern __device__ __nv_bfloat162 our_bf(__nv_bfloat16 a, __nv_bfloat162 b);
__device__ __nv_bfloat162 nv_bf(__nv_bfloat16 a, __nv_bfloat162 b)
{
	return __floats2bfloat162_rn((float)a + (float)b.y, (float)b.x * 2.0f);
}
extern "C" __global__ void k_nv_bf(int *p)
{
	int t = threadIdx.x;
	__nv_bfloat162 r = our_bf(__float2bfloat16((float)t), __floats2bfloat162_rn(t * 3.0f, 1.0f));
	p[t] = (int)(float)r.x * 1000 + (int)(float)r.y;
}
struct BfScale {
	float s;
	__device__ __nv_bfloat162 nv_scale(__nv_bfloat162 v) const;
	__device__ __nv_bfloat162 our_scale(__nv_bfloat162 v) const;
};
__device__ __nv_bfloat162 BfScale::nv_scale(__nv_bfloat162 v) const
{
	return __floats2bfloat162_rn((float)v.x * s, (float)v.y + s);
}
extern "C" __global__ void k_nv_bfm(int *p)
{
	int t = threadIdx.x;
	BfScale b = {(float)t};
	__nv_bfloat162 r = b.our_scale(__floats2bfloat162_rn(2.0f, (float)(t * 4)));
	p[t] = (int)(float)r.x * 1000 + (int)(float)r.y;
}

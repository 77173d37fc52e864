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

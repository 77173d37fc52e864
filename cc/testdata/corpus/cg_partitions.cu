//@ kernel: cg_partitions
//@ grid: 2
//@ block: 64
//@ arg: gen:s32:128:-50:50
//@ arg: zero:8192
//@ tags: jit-redux
// Cooperative groups as cuda-samples use them: shuffles in a coalesced
// group by rank (shfl, shfl_up, shfl_down over the lanes of a divergent
// branch, and over a full warp), shuffles of a vector type in a tile
// (shfl_xor of uint4, 32 bits at a time), binary_partition of a tile and
// of a coalesced group, labeled_partition (sm_70 on), cg::reduce over
// coalesced groups (integers and floats, in CUDA's order), the grid's
// thread ranks (without -G), and a partition's meta group rank and size.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
struct Pair {
	short a;
	char b;
};
extern "C" __global__ void cg_partitions(const int *in, int *out)
{
	cg::thread_block cta = cg::this_thread_block();
	cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
#ifndef __CUDACC_DEBUG__
	cg::grid_group grid = cg::this_grid();
	int t = grid.thread_rank();
	int size = (int)grid.size() * 1000 + (int)grid.num_threads();
#else
	// nvcc -G makes the grid group read its workspace from %envreg2,
	// which the executor has not: the same values without it.
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int size = gridDim.x * blockDim.x * 1001;
#endif
	int v = in[t];
	int *o = out + t * 16;
	o[0] = size;
	uint4 q = make_uint4(v, v + 1, v * 2, t);
	q = tile32.shfl_xor(q, 5);
	o[1] = q.x + q.y + q.z + q.w;
	Pair p = {(short)(v * 3), (char)t};
	p = tile32.shfl_down(p, 3);
	o[2] = p.a * 100 + p.b;
	if (v % 3 != 0) {
		cg::coalesced_group active = cg::coalesced_threads();
		int r = active.thread_rank();
		o[3] = active.shfl(v, 0) * 1000 + active.shfl(v * 2, (r + 2) % active.size());
		o[4] = active.shfl_up(v, 2) + 100 * active.shfl_down(v + 7, 3);
		o[5] = cg::reduce(active, v, cg::plus<int>());
		o[6] = cg::reduce(active, v, cg::greater<int>());
		float f = cg::reduce(active, v * 0.37f + 0.01f * r, cg::plus<float>());
		o[7] = __float_as_int(f);
		cg::coalesced_group half = cg::binary_partition(active, v > 0);
		o[8] = half.thread_rank() * 1000 + half.size() * 10 + half.meta_group_rank() + 100 * half.meta_group_size();
		o[9] = cg::reduce(half, v, cg::plus<int>());
	}
	cg::coalesced_group odd = cg::binary_partition(tile32, v & 1);
	o[10] = odd.size() * 100 + odd.thread_rank() + 10000 * odd.meta_group_rank();
	o[11] = cg::reduce(odd, v, cg::plus<int>());
	cg::coalesced_group all = cg::coalesced_threads();
	o[12] = cg::reduce(all, v, cg::plus<int>()) + all.shfl_up(v, 1) * 7 + all.shfl_down(v, 31) * 3;
#if __CUDA_ARCH__ >= 700
	cg::coalesced_group byLabel = cg::labeled_partition(tile32, (v + 60) % 4);
	o[13] = byLabel.size() * 100 + byLabel.thread_rank() + 10000 * byLabel.meta_group_rank() + 1000 * byLabel.meta_group_size();
	o[14] = cg::reduce(byLabel, v, cg::plus<int>());
	if (t % 2 == 0) {
		cg::coalesced_group even = cg::coalesced_threads();
		cg::coalesced_group lab = cg::labeled_partition(even, v > 10);
		o[15] = lab.shfl(t, 0) + 1000 * lab.meta_group_rank();
	}
#endif
}

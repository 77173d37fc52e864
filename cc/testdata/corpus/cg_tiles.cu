//@ kernel: cg_tiles
//@ grid: 1
//@ block: 64
//@ arg: gen:s32:64:-20:20
//@ arg: zero:1024
// Cooperative groups: the thread block, static tiles of 32 and 4 (shuffles,
// votes, ballot relative to the tile), a dynamic tile of 8 through
// thread_group, and the coalesced threads of a divergent branch.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ int reduce_tile(cg::thread_block_tile<32> t, int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += t.shfl_down(v, o);
	return v;
}
extern "C" __global__ void cg_tiles(const int *in, int *out)
{
	cg::thread_block cta = cg::this_thread_block();
	__shared__ int sm[64];
	int r = cta.thread_rank();
	sm[r] = in[r];
	cg::sync(cta);
	cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(cta);
	int s = reduce_tile(t32, sm[r] + sm[(r + 1) % 64]);
	cg::thread_group t8 = cg::tiled_partition(cta, 8);
	cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(cta);
	int x = t4.shfl_xor(sm[r], 1) + t4.shfl(r, 3) * 100;
	unsigned b = t4.ballot(sm[r] & 1);
	out[r] = s;
	out[64 + r] = (int)(t8.thread_rank() * 1000 + t8.size()) + (int)cta.size();
	out[128 + r] = x + (int)b * 7 + t32.meta_group_rank() * 3 + t4.any(r == 5) + t4.all(r < 60);
	cta.sync();
	if (in[r] > 0) {
		cg::coalesced_group a = cg::coalesced_threads();
		out[192 + r] = (int)(a.thread_rank() * 100 + a.size());
	}
}

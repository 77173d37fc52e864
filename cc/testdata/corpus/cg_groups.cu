//@ kernel: cg_groups
//@ grid: 2
//@ block: 32,3
//@ arg: gen:s32:96:-20:20
//@ arg: zero:24576
// Cooperative groups in a 2-D block: thread_index, group_index and
// group_dim, an inclusive scan over a tile of 16 with shfl_up, tiles
// through a template and through thread_group, 64-bit and double
// shuffles, the coalesced threads of a divergent branch (ballot packed
// by rank).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
template <typename G> __device__ unsigned long long info(const G &g) { return g.thread_rank() * 1000 + g.size(); }
__device__ int scan_tile(cg::thread_block_tile<16> t, int v)
{
	for (int o = 1; o < 16; o *= 2) {
		int u = t.shfl_up(v, o);
		if (t.thread_rank() >= o)
			v += u;
	}
	return v;
}
extern "C" __global__ void cg_groups(const int *in, long long *out)
{
	cg::thread_block cta = cg::this_thread_block();
	int r = cta.thread_rank();
	int n = cta.size();
	dim3 ti = cta.thread_index(), gi = cta.group_index(), gd = cta.group_dim();
	long long *o = out + 16 * (gi.x * n + r);
	o[0] = ti.x + 10 * ti.y + 100 * ti.z + 1000 * gd.x + 10000 * gd.y;
	auto t16 = cg::tiled_partition<16>(cta);
	o[1] = scan_tile(t16, in[r]);
	o[2] = t16.meta_group_rank() * 100 + t16.meta_group_size();
	o[3] = info(t16);
	cg::thread_group t2 = cg::tiled_partition(cta, 2);
	o[4] = info(t2);
	t2.sync();
	cg::thread_group g = cta;
	o[5] = info(g);
	cg::thread_block_tile<32> w = cg::tiled_partition<32>(cta);
	o[6] = w.ballot(in[r] > 0);
	o[7] = w.any(in[r] > 15) * 10 + w.all(in[r] > -21);
	o[8] = w.shfl(in[r], 7) + w.shfl_xor((long long)in[r] << 33, 3);
	o[9] = w.shfl_down(1.5 * in[r], 2) * 4;
	if (in[r] & 1) {
		cg::coalesced_group a = cg::coalesced_threads();
		o[10] = info(a);
		a.sync();
		o[11] = a.any(in[r] > 10) + 2 * a.all(in[r] < 100);
		o[13] = a.ballot(in[r] > 0);
	}
	cg::sync(cta);
	o[12] = cta.dim_threads().x;
}

//@ kernel: cg_reduce
//@ grid: 1
//@ block: 64
//@ arg: gen:s32:64:-20:20
//@ arg: zero:1024
// cg::reduce over static tiles of 32 and 8 with each of its operations,
// float and integer (nvcc uses redux.sync for integers on sm_80).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
extern "C" __global__ void cg_reduce(const int *in, float *out)
{
	cg::thread_block b = cg::this_thread_block();
	int t = b.thread_rank();
	auto w = cg::tiled_partition<32>(b);
	cg::thread_block_tile<8> e = cg::tiled_partition<8>(b);
	float f = in[t] * 0.37f;
	out[4 * t] = cg::reduce(w, f, cg::plus<float>());
	out[4 * t + 1] = (float)cg::reduce(w, in[t], cg::plus<int>());
	out[4 * t + 2] = cg::reduce(e, f, cg::less<float>()) + cg::reduce(e, f, cg::greater<float>());
	out[4 * t + 3] = (float)cg::reduce(e, (unsigned)in[t], cg::bit_xor<unsigned>());
}

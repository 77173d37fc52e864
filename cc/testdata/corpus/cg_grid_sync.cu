//@ kernel: cg_grid_sync
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:512
//@ fails: undefined symbol %envreg
// The grid's barrier (reductionMultiBlockCG, conjugateGradientMultiBlockCG):
// it needs a cooperative launch, whose workspace %envreg1 and %envreg2
// give; the executor launches no cooperative kernel and has no %envreg,
// so nvcc's code and ours both stop where they read it (on a GPU without
// a cooperative launch both trap). What is compared is that both stop
// there; TestPTXAS assembles ours for every target.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void cg_grid_sync(const int *in, int *out)
{
	cg::grid_group grid = cg::this_grid();
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	out[t] = in[t] * 2;
	grid.sync();
	out[64 + t] = out[(t + 32) % 64] + (grid.is_valid() ? 1 : 0);
	cg::sync(grid);
}

//@ kernel: legacy_votes
//@ grid: 1
//@ block: 64
//@ arg: gen:s32:64:-3:3
//@ arg: zero:1024
// The warp votes of before CUDA 9, with no mask, that CUDA 11.8 still
// declares: __any, __all, __ballot, and any(bool) and all(bool), which a
// one-argument call of those names picks. They are vote without .sync,
// which ptxas refuses for sm_70 and later (nvcc's output as ours), so
// there the kernel votes with the _sync forms.
extern "C" __global__ void legacy_votes(const int *in, int *out)
{
	int t = threadIdx.x;
	int v = in[t];
	int *o = out + t * 4;
#if __CUDA_ARCH__ < 700
	o[0] = __any(v > 1) + 2 * __any(v < -4) + 4 * __any(t == 40 && v > -9);
	o[1] = __all(v > -3) + 2 * __all(v < 4);
	o[2] = (int)__ballot(v & 1);
	o[3] = any(v == 0) + 2 * all(v != 5);
#else
	o[0] = __any_sync(0xffffffffu, v > 1) + 2 * __any_sync(0xffffffffu, v < -4) + 4 * __any_sync(0xffffffffu, t == 40 && v > -9);
	o[1] = __all_sync(0xffffffffu, v > -3) + 2 * __all_sync(0xffffffffu, v < 4);
	o[2] = (int)__ballot_sync(0xffffffffu, v & 1);
	o[3] = __any_sync(0xffffffffu, v == 0) + 2 * __all_sync(0xffffffffu, v != 5);
#endif
}

//@ kernel: votes
//@ grid: 2
//@ block: 64
//@ arg: gen:s32:128
//@ arg: zero:512
// Warp votes: __ballot_sync, __any_sync, __all_sync over the whole warp and,
// under divergence, over the even lanes only; __activemask in converged code.
extern "C" __global__ void votes(const int *in, unsigned *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
	int v = in[i];
	unsigned am = __activemask(); // here, where the warp is converged
	unsigned b = __ballot_sync(0xffffffff, v > 500);
	int any = __any_sync(0xffffffff, v > 990);
	int all = __all_sync(0xffffffff, v >= 0);
	unsigned even = 0;
	if ((lane & 1) == 0)
		even = __ballot_sync(0x55555555, v & 1) | (unsigned)__all_sync(0x55555555, v < 999) << 1 | (unsigned)__any_sync(0x55555555, v < 5);
	out[i] = lane == 0 ? b : lane == 1 ? (unsigned)any : lane == 2 ? (unsigned)all : lane == 3 ? am : even ^ (unsigned)__popc(b);
}

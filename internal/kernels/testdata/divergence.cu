//@ kernel: divergence
//@ grid: 3
//@ block: 64
//@ arg: gen:s32:192:1:100
//@ arg: zero:768
//@ arg: zero:768
// Nested divergent branches and data-dependent loops (Collatz steps), with a
// warp shuffle after reconvergence and early-exiting threads.
extern "C" __global__ void divergence(const int *in, int *steps, int *after)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned n = (unsigned)in[i];
	int s = 0;
	while (n != 1) {
		if (n & 1) {
			if (n % 3 == 0)
				n = n * 3 + 1;
			else
				n = 3 * n + 1;
		} else {
			n >>= 1;
		}
		s++;
	}
	if (i % 5 == 0) {
		s = -s;
		if (i % 10 == 0)
			s *= 2;
	}
	steps[i] = s;
	int nb = __shfl_xor_sync(0xffffffff, s, 1);
	if (i % 7 == 3)
		return;
	after[i] = nb + s;
}

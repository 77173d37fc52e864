//@ kernel: assert_pass
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:0:1000
//@ arg: zero:256
// Assertions that hold do nothing: the kernel's other effects are all seen.
#include <cassert>
extern "C" __global__ void assert_pass(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	assert(in[i] >= 0);
	assert(i < 64 && "index in range");
	out[i] = in[i] * 2 + 1;
	assert(out[i] % 2 == 1);
}

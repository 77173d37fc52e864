//@ kernel: assert_holds
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:0:1000
//@ arg: zero:256
// assert that holds in every thread: on a loop invariant, on a value
// computed through a call, and inside a __noinline__ function; the
// kernel's results show that the code after each assert ran.
#include <cassert>
__device__ __noinline__ int checked_div(int a, int b)
{
	assert(b != 0);
	return a / b;
}
extern "C" __global__ void assert_holds(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i];
	assert(v >= 0 && v < 1000);
	int s = 0;
	for (int k = 0; k < 10; k++) {
		s += k;
		assert(s == k * (k + 1) / 2);
	}
	int q = checked_div(v + 1000, (i & 3) + 1);
	assert(q > 0);
	out[i] = q + s;
}

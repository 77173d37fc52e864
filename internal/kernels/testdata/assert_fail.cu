//@ kernel: assert_fail
//@ grid: 2
//@ block: 32
//@ arg: zero:256
//@ fails: block: [1,0,0], thread: [5,0,0] Assertion `i != 37` failed.
// One thread's assertion fails: the launch fails with the driver's message
// naming that thread (no host reference: the failure is the result).
#include <cassert>
extern "C" __global__ void assert_fail(int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = i;
	assert(i != 37);
}

//@ kernel: brkpt_trap
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:100
//@ arg: zero:128
//@ fails: brkpt: trap
// __brkpt: a breakpoint, which without a debugger ends the launch with an
// error (the executor's message: "brkpt: trap") — reached by one thread,
// after the others have written their results. That thread says so first
// (the executor prints it on standard output, a GPU too where its printf
// buffer outlives the failed launch, as it does for an assert's message).
#include <cstdio>
extern "C" __global__ void brkpt_trap(const int *in, int *out)
{
	int t = threadIdx.x;
	out[t] = in[t] * 2;
	if (t == 9 && in[t] >= 0) {
		printf("thread %d: brkpt: trap\n", t);
		__brkpt();
	}
	out[t] += 1;
}

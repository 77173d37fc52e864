//@ kernel: brkpt_trap
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:100
//@ arg: zero:128
//@ fails: trap
// __brkpt: a breakpoint, which without a debugger ends the launch with an
// error (the executor reports it as a trap) — reached by one thread,
// after the others have written their results.
extern "C" __global__ void brkpt_trap(const int *in, int *out)
{
	int t = threadIdx.x;
	out[t] = in[t] * 2;
	if (t == 9 && in[t] >= 0)
		__brkpt();
	out[t] += 1;
}

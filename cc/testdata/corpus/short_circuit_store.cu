//@ kernel: short_circuit_store
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:0:3
//@ arg: zero:256
// Regression (found by TestRandomPrograms): an assignment in the right
// operand of || whose own value is a constant. After -O1 folded the
// constant branch, the block for "left operand true" kept a phi of one
// argument behind a conditional branch, and the code generator wrote no
// copy for it: x read an undefined register where the left operand held.
extern "C" __global__ void short_circuit_store(const unsigned *in, unsigned long long *out)
{
	unsigned t = threadIdx.x;
	unsigned x = in[t];
	unsigned v = (x != 0u) || ((x |= 0xfffffff6u), false);
	unsigned y = x + 5u;
	unsigned w = (y > 6u) && ((y ^= 0x30u), true);
	out[t] = (unsigned long long)x * 10u + v + ((unsigned long long)y << 40) + w;
}

//@ kernel: asm_inout
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: zero:128
// Inline PTX with a read-write operand ("+r"): the register is both read
// and written by the asm.
extern "C" __global__ void asm_inout(const unsigned *in, unsigned *out)
{
	int t = threadIdx.x;
	unsigned x = in[t];
	asm("shf.l.wrap.b32 %0, %0, %0, %1;" : "+r"(x) : "r"(t));
	out[t] = x;
}

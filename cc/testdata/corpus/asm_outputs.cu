//@ kernel: asm_outputs
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: gen:f32:32
//@ arg: zero:768
// Inline PTX with several outputs: two 32-bit ones (mul.lo and mul.hi),
// two floats, an in-out operand beside an output, four 16-bit ones
// unpacked from a word, a template that uses its outputs as inputs,
// outputs to an array element and a struct member, and %% in a
// template with an output.
struct Pair {
	unsigned lo, hi;
};
extern "C" __global__ void asm_outputs(const unsigned *in, const float *fin, unsigned *out)
{
	int t = threadIdx.x;
	unsigned x = in[t], y = in[(t + 5) & 31];
	Pair p;
	asm("mul.lo.u32 %0, %2, %3;\n\tmul.hi.u32 %1, %2, %3;" : "=r"(p.lo), "=r"(p.hi) : "r"(x), "r"(y));
	float f = fin[t], s, d;
	asm("add.f32 %0, %2, %3;\n\tsub.f32 %1, %2, %3;" : "=f"(s), "=f"(d) : "f"(f), "f"(1.5f));
	unsigned acc = x, carry;
	asm("add.cc.u32 %0, %0, %2;\n\taddc.u32 %1, 0, 0;" : "+r"(acc), "=r"(carry) : "r"(y));
	unsigned short h[4];
	asm("mov.b64 {%0, %1, %2, %3}, %4;" : "=h"(h[0]), "=h"(h[1]), "=h"(h[2]), "=h"(h[3]) : "l"((unsigned long long)x << 32 | y));
	int a, b;
	asm("{\n\t.reg .u32 %%t;\n\tmov.u32 %%t, %%laneid;\n\tmov.u32 %0, %%t;\n\tadd.s32 %1, %0, %2;\n\t}" : "=r"(a), "=r"(b) : "r"(t));
	unsigned *o = out + t * 6;
	o[0] = p.lo;
	o[1] = p.hi;
	o[2] = __float_as_uint(s) ^ __float_as_uint(d);
	o[3] = acc + carry * 7;
	o[4] = h[0] | (unsigned)h[1] << 16 ^ h[2] ^ (unsigned)h[3] << 3;
	o[5] = a * 100 + b;
}

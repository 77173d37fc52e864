//@ kernel: asm_mixed_outputs
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: zero:256
// Inline PTX with outputs of different widths ("=r" and "=l") and with
// two 64-bit outputs.
extern "C" __global__ void asm_mixed_outputs(const unsigned *in, unsigned *out)
{
	int t = threadIdx.x;
	unsigned x = in[t], lo;
	unsigned long long wide, w2;
	asm("mul.lo.u32 %0, %2, %2;\n\tmul.wide.u32 %1, %2, %2;" : "=r"(lo), "=l"(wide) : "r"(x));
	asm("mul.wide.u32 %0, %2, 3;\n\tmul.wide.u32 %1, %2, 5;" : "=l"(wide), "=l"(w2) : "r"(x));
	out[2 * t] = lo ^ (unsigned)(wide >> 7);
	out[2 * t + 1] = (unsigned)w2 ^ (unsigned)(w2 >> 32);
}

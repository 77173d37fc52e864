//@ kernel: inline_asm_two_outputs
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: gen:f32:32
//@ arg: zero:1024
// Inline PTX: asm volatile with "r", "l", "f", "d" and "h" operands, an
// in-out ("+r") operand, two outputs, an immediate ("n"), a "memory"
// clobber with no operands, a predicate and a
// register declared inside braces, and a special register read.
extern "C" __global__ void inline_asm_two_outputs(const unsigned *in, const float *fin, unsigned *out)
{
	int t = threadIdx.x;
	unsigned x = in[t], y = in[(t + 1) & 31], r, hi, lo;
	float f = fin[t], g;
	double d = f * 0.5, e;
	unsigned short h = (unsigned short)x, h2;
	unsigned long long w = (unsigned long long)x << 32 | y, w2;
	asm volatile("add.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
	asm("mul.wide.u32 %0, %1, %2;" : "=l"(w2) : "r"(x), "r"(y));
	asm("{\n\t.reg .pred p;\n\tsetp.gt.u32 p, %2, %3;\n\tselp.u32 %0, %2, %3, p;\n\tselp.u32 %1, %3, %2, p;\n}" : "=r"(hi), "=r"(lo) : "r"(x), "r"(y));
	asm("mul.f32 %0, %1, %2;" : "=f"(g) : "f"(f), "f"(3.5f));
	asm("add.f64 %0, %1, %1;" : "=d"(e) : "d"(d));
	asm("add.u16 %0, %1, %2;" : "=h"(h2) : "h"(h), "n"(1000));
	asm("shf.l.wrap.b32 %0, %0, %0, %1;" : "+r"(x) : "r"(t));
	unsigned lane;
	asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
	unsigned *o = out + t * 8;
	o[7] = r ^ lane;
	asm volatile("membar.cta;" : : : "memory");
	o[0] = r;
	o[1] = (unsigned)w2 ^ (unsigned)(w2 >> 32);
	o[2] = hi * 3 + lo;
	o[3] = __float_as_uint(g);
	o[4] = (unsigned)(__double_as_longlong(e) >> 29);
	o[5] = h2 | (unsigned)(w >> 48) << 16;
	o[6] = x;
}

//@ kernel: inline_asm
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32
//@ arg: gen:f32:32
//@ arg: zero:256
// Inline PTX as nvcc takes it: outputs, read-write operands ("+r", "+f"),
// register inputs of each width, immediates ("n"), volatile, a memory
// clobber, and a scoped block with its own register.
extern "C" __global__ void inline_asm(int *p, float *q, long long *o)
{
	int t = threadIdx.x;
	int v = p[t];
	asm("add.s32 %0, %0, %1;" : "+r"(v) : "r"(t));
	float f = q[t];
	asm volatile("mul.f32 %0, %0, %1;" : "+f"(f) : "f"(2.5f));
	int w;
	asm("{\n\t.reg .s32 tmp;\n\tmul.lo.s32 tmp, %1, %2;\n\tadd.s32 %0, tmp, %3;\n\t}" : "=r"(w) : "r"(v), "n"(3), "r"(t));
	long long l;
	asm("mul.wide.s32 %0, %1, %2;" : "=l"(l) : "r"(w), "r"(v));
	unsigned lane;
	asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane) : : "memory");
	p[t] = v;
	q[t] = f;
	o[t] = l + lane;
}

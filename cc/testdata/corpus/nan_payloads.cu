//@ kernel: nan_payloads
//@ grid: 1
//@ block: 1
//@ arg: zero:1024
// What the machine does with NaNs, for the executor to do the same: the
// NaN an invalid operation makes (0/0, inf-inf, 0*inf, sqrt(-1)) in .f32
// and .f64, which operand's payload an operation passes on, quieting of a
// signaling NaN, and conversions between the widths. Each result goes to
// its own slot of out.
// The operands are read from memory at run time, so that no compiler folds
// the operations.
// Which of two NaN operands a .f64 operation passes on depends on the order
// in which ptxas puts the operands (nvcc's PTX and ptxabi's gave different
// answers for the same source on an H200), not on PTX, so there are no .f64
// operations on two NaNs here; in .f32 every NaN result is canonical, so
// those stay.
__device__ unsigned long long dbits[] = {0x7ff8000000000123ULL, 0xfff8000000000456ULL, 0x7ff0000000000789ULL,
	0x7ff0000000000000ULL, 0x3ff0000000000000ULL, 0};
__device__ unsigned fbits[] = {0x7fc00123u, 0xffc00456u, 0x7f800789u, 0x7f800000u, 0x3f800000u, 0};
__device__ int k;
__device__ void put(unsigned long long *out, double d) { out[k++] = __double_as_longlong(d); }
__device__ void putf(unsigned long long *out, float f) { out[k++] = __float_as_uint(f); }
__device__ double ddiv(double a, double b) { return a / b; }
__device__ float fdiv(float a, float b) { return a / b; }
extern "C" __global__ void nan_payloads(unsigned long long *out)
{
	k = 0;
	volatile unsigned long long *db = dbits;
	volatile unsigned *fb = fbits;
	double qa = __longlong_as_double(db[0]), qb = __longlong_as_double(db[1]), sa = __longlong_as_double(db[2]),
	       inf = __longlong_as_double(db[3]), one = __longlong_as_double(db[4]), zero = __longlong_as_double(db[5]);
	float fqa = __uint_as_float(fb[0]), fqb = __uint_as_float(fb[1]), fsa = __uint_as_float(fb[2]), finf = __uint_as_float(fb[3]),
	      fone = __uint_as_float(fb[4]), fzero = __uint_as_float(fb[5]);
	// .f64: made by an invalid operation.
	put(out, __dadd_rn(inf, -inf));
	put(out, __dmul_rn(zero, inf));
	put(out, ddiv(zero, zero));
	put(out, ddiv(inf, inf));
	put(out, sqrt(-one));
	put(out, __fma_rn(zero, inf, one));
	// .f64: passed on.
	put(out, __dadd_rn(qa, one));
	put(out, __dadd_rn(one, qb));
	put(out, __dmul_rn(qb, 2.0));
	put(out, __dadd_rn(sa, one));
	put(out, __fma_rn(qa, one, one));
	put(out, __fma_rn(one, one, qb));
	put(out, ddiv(qa, one));
	put(out, ddiv(one, qb));
	put(out, sqrt(qb));
	put(out, -qa);
	put(out, fabs(qb));
	put(out, fmin(qa, one));
	// .f32: made by an invalid operation.
	putf(out, __fadd_rn(finf, -finf));
	putf(out, __fmul_rn(fzero, finf));
	putf(out, fdiv(fzero, fzero));
	putf(out, sqrtf(-fone));
	putf(out, __fmaf_rn(fzero, finf, fone));
	// .f32: passed on.
	putf(out, __fadd_rn(fqa, fone));
	putf(out, __fadd_rn(fone, fqb));
	putf(out, __fadd_rn(fqa, fqb));
	putf(out, __fmul_rn(fsa, fone));
	putf(out, __fmaf_rn(fone, fqa, fqb));
	putf(out, fdiv(fqb, fone));
	putf(out, sqrtf(fqb));
	putf(out, -fqa);
	putf(out, fminf(fqa, fone));
	putf(out, fmaxf(fqa, fqb));
	// Conversions.
	put(out, (double)fqa);
	put(out, (double)fqb);
	put(out, (double)fsa);
	putf(out, (float)qa);
	putf(out, (float)qb);
	putf(out, (float)sa);
	out[k++] = (unsigned long long)(long long)qa;
	out[k++] = (unsigned)fqa;
	out[k++] = (unsigned long long)(int)qb;
}

//@ kernel: bitfield_unit_copy
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: zero:512
// Regression (found by TestRandomPrograms): a struct whose bit fields
// have storage units of different widths at the same offset (an 8-bit
// unit, then a 64-bit one holding bits 8..44) was copied member by member
// with the wider unit left out, so that f1 was lost in every copy:
// returned by value, assigned, passed by value.
struct Mixed {
	unsigned char f0 : 8;
	long long f1 : 37;
};
struct Wider {
	unsigned short a : 5;
	unsigned b : 20;
	unsigned long long c : 40;
};
__device__ __noinline__ Mixed make(long long v)
{
	Mixed r;
	r.f0 = (unsigned char)v;
	r.f1 = v;
	return r;
}
__device__ __noinline__ long long take(Mixed m) { return m.f1 + m.f0; }
__device__ __noinline__ Wider widen(unsigned v)
{
	Wider w;
	w.a = v;
	w.b = v >> 3;
	w.c = (unsigned long long)v * 977u;
	return w;
}
extern "C" __global__ void bitfield_unit_copy(const unsigned *in, long long *out)
{
	int t = threadIdx.x;
	Mixed s = make((long long)in[t] * 3 - 7);
	Mixed u = s;
	Wider w = widen(in[t]);
	Wider w2;
	w2 = w;
	out[2 * t] = u.f1 * 1000 + s.f0 + take(u);
	out[2 * t + 1] = (long long)(w2.a + w2.b + w2.c);
}

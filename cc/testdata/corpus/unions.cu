//@ kernel: unions
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: zero:512
// Unions: type punning float/int/bytes, a union in a struct, a union
// passed to and returned from __noinline__ functions by value, and an
// anonymous union member.
union Word {
	float f;
	unsigned u;
	unsigned char b[4];
	short s[2];
};
struct Tagged {
	int kind;
	union {
		int i;
		float f;
	};
};
__device__ __noinline__ Word flip(Word w)
{
	unsigned char t = w.b[0];
	w.b[0] = w.b[3];
	w.b[3] = t;
	return w;
}
__device__ __noinline__ Tagged promote(Tagged x)
{
	if (x.kind == 0) {
		float f = (float)x.i;
		x.kind = 1;
		x.f = f * 0.5f;
	} else {
		x.kind = 0;
		x.i = (int)x.f;
	}
	return x;
}
extern "C" __global__ void unions(const unsigned *in, unsigned *out)
{
	int t = threadIdx.x;
	Word w;
	w.u = in[t] & 0x3fffffffu; // no NaNs
	Word v = flip(w);
	Tagged a;
	a.kind = t & 1;
	if (a.kind)
		a.f = (float)(t * 3) + 0.75f;
	else
		a.i = (int)(in[t] % 1000) - 500;
	Tagged b = promote(a);
	unsigned *o = out + t * 4;
	o[0] = v.u;
	o[1] = (unsigned)(w.s[0] + w.s[1]);
	o[2] = b.kind ? __float_as_uint(b.f) : (unsigned)b.i;
	o[3] = sizeof(Word) + sizeof(Tagged) * 16;
}

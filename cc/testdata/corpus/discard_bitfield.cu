//@ kernel: discard_bitfield
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: zero:256
// A bit field as a discarded value: the left operand of a comma, an
// expression statement (found rejected by TestRandomPrograms: "bit field
// has no address").
struct B { unsigned a : 3; int b : 4; };
extern "C" __global__ void discard_bitfield(const unsigned *in, long long *out)
{
	unsigned t = threadIdx.x;
	B s;
	s.a = in[t]; s.b = in[t] >> 3;
	B *p = &s;
	out[t] = (s.a, (short)(s.b, 7)) + (p->b, (long long)t) + (s.b, s.a);
	s.a;
	p->b;
}

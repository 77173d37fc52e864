//@ kernel: comma_bitfield
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: zero:256
// The comma operator whose right operand is a bit field (an lvalue
// without an address), read for its value: found rejected by
// TestRandomPrograms.
struct B { unsigned a : 3; int b : 4; };
extern "C" __global__ void comma_bitfield(const unsigned *in, long long *out)
{
	unsigned t = threadIdx.x;
	B s;
	s.a = in[t]; s.b = in[t] >> 3;
	unsigned u = in[t];
	long long r = (u++, s.a) + (long long)(t, s.b) * 100;
	int y = (s.a++, ++s.b);
	out[t] = r * 1000 + (u, y) + (t & 1 ? (t, s.a) : s.b);
}

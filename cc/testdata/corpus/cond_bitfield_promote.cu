//@ kernel: cond_bitfield_promote
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: zero:512
// Regression (found by TestRandomPrograms): c ? s.a : s.b with an unsigned
// and an int bit field narrower than int promotes both to int before the
// usual arithmetic conversions (nvcc: int, sign-extended), also through
// the comma operator; it was typed unsigned.
struct B { unsigned a : 3; int b : 4; };
extern "C" __global__ void cond_bitfield_promote(const unsigned *in, long long *out)
{
	unsigned t = threadIdx.x;
	B s;
	s.a = in[t]; s.b = in[t] >> 3;
	out[2 * t] = (t & 1 ? (t, s.a) : s.b);
	out[2 * t + 1] = (t & 1 ? s.a : s.b);
}

//@ kernel: bitfield_incdec
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: zero:256
// ++ and -- of bit fields of every width and signedness, prefix (the value
// is what the field holds after the store) and postfix: found rejected by
// TestRandomPrograms.
struct B { unsigned a : 3; int b : 4; unsigned long long c : 40; short d : 5; unsigned char e : 2; };
extern "C" __global__ void bitfield_incdec(const unsigned *in, long long *out)
{
	unsigned t = threadIdx.x;
	B s;
	s.a = in[t]; s.b = in[t] >> 3; s.c = in[t] * 1000ull; s.d = in[t] >> 7; s.e = in[t] >> 9;
	long long acc = 0;
	for (int i = 0; i < 9; i++) {
		acc = acc * 31 + s.a++;
		acc = acc * 31 + ++s.b;
		acc = acc * 31 + (long long)--s.c;
		acc = acc * 31 + s.d--;
		acc = acc * 31 + ++s.e;
	}
	out[t] = acc + s.a + s.b + (long long)s.c + s.d + s.e;
}

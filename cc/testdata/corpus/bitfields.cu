//@ kernel: bitfields
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:64:bits
//@ arg: zero:1024
// Bit fields: signed and unsigned fields of several widths across a word
// boundary, read, written, incremented (wrapping at their width) and
// sign-extended; a struct of bit fields passed and returned by value.
struct Flags {
	unsigned a : 3;
	int b : 5;
	unsigned c : 12;
	unsigned d : 1;
	int e : 11;
	unsigned long long f : 40;
	short g : 7;
};
__device__ __noinline__ Flags bump(Flags x, int k)
{
	x.a += k;
	x.b -= k;
	x.c = x.c * 3 + k;
	x.d = !x.d;
	x.e = x.e + 1000 * k;
	x.f += 0xfffffffffULL * k;
	x.g = x.g - 3;
	return x;
}
extern "C" __global__ void bitfields(const unsigned *in, unsigned *out)
{
	int t = threadIdx.x;
	unsigned u = in[2 * t], w = in[2 * t + 1];
	Flags x;
	x.a = u;
	x.b = u >> 3;
	x.c = u >> 8;
	x.d = u >> 20;
	x.e = u >> 21;
	x.f = ((unsigned long long)w << 8) | (u & 0xff);
	x.g = (short)w;
	Flags y = bump(x, t % 5 + 1);
	unsigned *o = out + t * 8;
	o[0] = x.a | (unsigned)x.b << 8;
	o[1] = (unsigned)y.a | (unsigned)y.b << 8;
	o[2] = y.c | y.d << 16;
	o[3] = (unsigned)y.e;
	o[4] = (unsigned)y.f;
	o[5] = (unsigned)(y.f >> 32);
	o[6] = (unsigned)y.g;
	o[7] = (unsigned)(x.b < 0) + 2 * (unsigned)(y.e < 0) + 4 * sizeof(Flags);
}

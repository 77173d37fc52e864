//@ kernel: structs
//@ grid: 1
//@ block: 32
//@ arg: bytes:000000000000f83f03000000000000000700f9ff2a000000
//@ arg: gen:s32:32
//@ arg: zero:768
// Structs passed by value to __noinline__ functions and returned by value:
// sizes 2, 12, 16 and 24 bytes with char, short, int, double and array
// members, and a struct kernel parameter (given as bytes).
struct Param { // the same layout under -m32 and -m64
	double scale;
	long long n;
	short a, b;
	int pad;
};
struct Small {
	char c;
	unsigned char d;
};
struct Trio {
	int x, y, z;
};
struct Mixed {
	char tag;
	double v;
	short s[3];
};
struct Quad {
	float f[4];
};
__device__ __noinline__ Trio trio_add(Trio a, Trio b, int k)
{
	Trio r = {a.x + b.x * k, a.y - b.y, a.z ^ b.z};
	return r;
}
__device__ __noinline__ Mixed mix(Small s, Mixed m, Param p)
{
	Mixed r;
	r.tag = (char)(s.c + m.tag);
	r.v = m.v * p.scale + s.d;
	for (int k = 0; k < 3; k++)
		r.s[k] = (short)(m.s[k] * p.a + p.b);
	return r;
}
__device__ __noinline__ Quad quad_of(int v, Small s)
{
	Quad q;
	for (int k = 0; k < 4; k++)
		q.f[k] = (float)(v + k * s.c);
	return q;
}
__device__ __noinline__ Small small_of(int v)
{
	Small s = {(char)(v & 0x7f), (unsigned char)(v >> 3)};
	return s;
}
extern "C" __global__ void structs(Param p, const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	Trio a = {v, t, v * t}, b = {t, v, (int)p.n};
	Trio c = trio_add(a, b, (int)p.n);
	Small s = small_of(v);
	Mixed m = {(char)t, (double)v, {(short)v, (short)(v + 1), (short)(v - 1)}};
	Mixed r = mix(s, m, p);
	Quad q = quad_of(v, s);
	int *o = out + t * 6;
	o[0] = c.x;
	o[1] = c.y ^ c.z;
	o[2] = r.tag;
	o[3] = (int)(r.v * 4.0);
	o[4] = r.s[0] + r.s[1] * 3 + r.s[2] * 7;
	o[5] = (int)(q.f[0] + q.f[1] + q.f[2] + q.f[3]);
}

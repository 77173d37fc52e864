//@ kernel: compound_assign
//@ grid: 1
//@ block: 64
//@ arg: gen:s32:64:-10000:10000
//@ arg: gen:f32:64:-8:8
//@ arg: zero:3072
// Compound assignment with every operator (+= -= *= /= %= <<= >>= &= ^= |=)
// on int, unsigned, char, short, long long, float and double lvalues:
// locals, array elements, struct members, through pointers, with the
// conversion back to the narrow type; pre and post increment and decrement
// and their values.
struct S {
	short h;
	unsigned char b;
	long long w;
	float f;
};
extern "C" __global__ void compound_assign(const int *in, const float *fin, int *out)
{
	int t = threadIdx.x;
	int a = in[t], k = (t & 7) + 1;
	unsigned u = (unsigned)a * 2654435761u;
	char c = (char)a;
	S s = {(short)a, (unsigned char)t, (long long)a << 20, fin[t]};
	double d = fin[t];
	int arr[4] = {a, a + 1, a + 2, a + 3};
	int *p = &arr[1];
	a += k;
	a -= 3;
	a *= k;
	a /= 3;
	a %= 1000;
	a <<= k;
	a >>= 2;
	a &= 0x7fff3;
	a ^= 0x5555;
	a |= 0x100;
	u += 7;
	u *= 31;
	u >>= k;
	u %= 100003u;
	u /= 3;
	c += 100;
	c *= 3;
	c >>= 1;
	s.h *= 300;
	s.h -= 7;
	s.b += 250;
	s.b <<= 1;
	s.w /= k;
	s.w ^= 0x123456789LL;
	s.w %= 100000007LL;
	s.f *= 1.5f;
	s.f -= k;
	s.f /= 3;
	d += s.f;
	d *= 0.25;
	*p += 10;
	p[1] *= -2;
	arr[3] -= arr[0];
	int pre = ++arr[0], post = arr[0]++;
	int dec = --*p, pdec = (*p)--;
	float fl = fin[t];
	fl += 1;
	fl++;
	int *o = out + t * 12;
	o[0] = a;
	o[1] = (int)u;
	o[2] = c;
	o[3] = s.h | s.b << 16;
	o[4] = (int)s.w;
	o[5] = __float_as_int(s.f);
	o[6] = (int)(d * 1024);
	o[7] = arr[0] + arr[1] * 3 + arr[2] * 5 + arr[3] * 7;
	o[8] = pre * 11 + post;
	o[9] = dec * 13 + pdec;
	o[10] = __float_as_int(fl);
	o[11] = (o[0] += 5) + (o[1] -= 2);
}

//@ kernel: c_language
//@ grid: 2
//@ block: 32
//@ arg: gen:u32:64:bits
//@ arg: zero:1024
// C's statements and operators: bit fields and unions, enums, multi-dimensional
// arrays, pointer differences, compound assignment in every operator, shifts
// of signed and unsigned values, char and short arithmetic, ?: as an lvalue,
// the comma operator, do/while, switch with fall-through, goto, static locals
// and string literals.
enum Color { Red = 1, Green = 4, Blue = 9 };
struct Bits {
	unsigned a : 3;
	int b : 7;
	unsigned c : 12;
	unsigned char d;
	short e : 5;
};
union Word {
	unsigned u;
	float f;
	unsigned char bytes[4];
};
__device__ int counter_like(int v)
{
	static const int table[2][3] = {{1, 2, 3}, {4, 5, 6}};
	return table[v & 1][(unsigned)v % 3];
}
__device__ int classify(unsigned v)
{
	int r = 0;
	switch (v & 7) {
	case 0:
		r += 1;
	case 1:
		r += 2;
		break;
	case 5:
	case 6:
		r = -3;
		break;
	default:
		r = 100;
	}
	return r;
}
extern "C" __global__ void c_language(const unsigned *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned v = in[i];
	int *o = out + 4 * i;
	struct Bits bf;
	bf.a = v;
	bf.b = (int)(v >> 3);
	bf.c = v >> 10;
	bf.d = (unsigned char)(v >> 7);
	bf.e = (short)(v >> 20);
	bf.b += 5;
	bf.c ^= 0x5a5;
	union Word w;
	w.u = v & 0x3fffffff;
	int m[3][4];
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 4; c++)
			m[r][c] = r * 10 + c + (int)(v & 3);
	int *pa = &m[2][1], *pb = &m[0][3];
	long d = pa - pb;
	int s = (int)v;
	s >>= 3;
	s *= -3;
	s %= 1000;
	s |= 1;
	s &= 0xfffff;
	s ^= 77;
	s <<= 2;
	s -= 11;
	s /= 3;
	unsigned u = v;
	u >>= 5;
	char ch = (char)v;
	short sh = (short)(v >> 8);
	ch += 100;
	sh = (short)(sh * 3);
	int x = 0, y = 0;
	(v & 1 ? x : y) = 42;
	int z = (x++, y += 2, x + y);
	int k = 0;
	do {
		k += 3;
		if (k == 9)
			continue;
		if (k > 20)
			goto done;
	} while (k < 30);
done:
	const char *msg = "hello";
	enum Color col = (v & 2) ? Green : Blue;
	o[0] = bf.a + bf.b * 8 + (int)bf.c * 1000 + bf.d + bf.e * 3;
	o[1] = (int)w.bytes[1] + (int)w.bytes[3] * 256 + (int)d + s + (int)u;
	o[2] = ch + sh + x * 100 + y + z + k + msg[v % 5] + col + Red;
	o[3] = classify(v) + counter_like((int)v) + m[v % 3][v % 4];
}

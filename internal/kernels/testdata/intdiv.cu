//@ kernel: intdiv
//@ grid: 2
//@ block: 64
//@ arg: gen:s32:128:bits
//@ arg: gen:s64:128:bits
//@ arg: zero:8192
// Integer division and remainder, signed and unsigned, 32 and 64 bits, with
// negative operands and divisors of every size (never zero, never INT_MIN/-1),
// by constants (strength-reduced) and by variables; 8- and 16-bit arithmetic
// with C's promotions; mixed sign extension.
extern "C" __global__ void intdiv(const int *in, const long long *in64, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int a = in[i], b = in[(i * 7 + 3) & 127] >> (i & 31);
	if (b == 0 || (b == -1 && a == (int)0x80000000))
		b = 3;
	long long c = in64[i], d = in64[(i + 5) & 127] >> (i & 63);
	if (d == 0 || d == -1)
		d = 7;
	unsigned ua = (unsigned)a, ub = (unsigned)b;
	int *o = out + i * 16;
	o[0] = a / b;
	o[1] = a % b;
	o[2] = (int)(ua / ub);
	o[3] = (int)(ua % ub);
	o[4] = a / 7 + a % 7;
	o[5] = (int)(ua / 10u) ^ (int)(ua % 1000u);
	o[6] = (int)(c / d);
	o[7] = (int)((c % d) >> 3);
	o[8] = (int)((unsigned long long)c / (unsigned long long)d);
	o[9] = (int)((unsigned long long)c % 1000000007ull);
	o[10] = (int)(c / 3) ^ (int)(c / -5 >> 32);
	signed char sc = (signed char)a;
	unsigned char uc = (unsigned char)b;
	short ss = (short)(a >> 8);
	unsigned short us = (unsigned short)b;
	o[11] = sc * uc + ss * us;
	o[12] = (signed char)(sc + uc) + (short)(ss * 3);
	o[13] = (int)((long long)a * b >> 16);
	o[14] = (int)(((unsigned long long)ua * ub) >> 32);
	o[15] = sc / (uc | 1) + ss % (short)(us | 1);
}

//@ kernel: int_conv
//@ grid: 2
//@ block: 32
//@ arg: gen:u64:64:bits
//@ arg: zero:4096
// Every integer type mixed with C's conversions: char (signed), signed and
// unsigned char, short, unsigned short, int, unsigned, long long and
// unsigned long long; integer promotion, the usual arithmetic conversions
// (signed against unsigned, narrow against wide), truncation, sign and zero
// extension, signed and unsigned comparison, division and remainder of
// negative values, and shifts of promoted types.
extern "C" __global__ void int_conv(const unsigned long long *in, unsigned *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned long long x = in[i];
	char c = (char)x;
	signed char sc = (signed char)(x >> 8);
	unsigned char uc = (unsigned char)(x >> 16);
	short s = (short)(x >> 24);
	unsigned short us = (unsigned short)(x >> 40);
	int n = (int)(x >> 13);
	unsigned u = (unsigned)(x >> 29);
	long long ll = (long long)x;
	unsigned long long ull = x * 0x9e3779b97f4a7c15ULL;
	unsigned *o = out + i * 16;
	o[0] = c + sc + uc;                  // promoted to int
	o[1] = (unsigned)(s * us);           // int multiply
	o[2] = (unsigned)(uc << 24) >> 3;    // shift of a promoted char
	o[3] = n < u;                        // int converted to unsigned
	o[4] = sc < us;                      // both promoted to int
	o[5] = (unsigned)(ll / (sc | 1));    // signed 64-bit division
	o[6] = (unsigned)(ll % (s | 1));
	o[7] = (unsigned)(ull / (us | 1)) ^ (unsigned)(ull % (uc | 1));
	o[8] = (unsigned)((n >> 3) ^ (int)(u >> 3)); // arithmetic and logical shifts
	o[9] = (unsigned)(ll >> 40) + (unsigned)(ull >> 40);
	o[10] = (unsigned)(short)(n * 7) + (unsigned)(unsigned short)(n * 7);
	o[11] = (unsigned)(c * 1LL * u);     // signed char times unsigned, in 64 bits
	o[12] = (unsigned)(n / (int)(sc | 1)) + (unsigned)(n % (int)(c | 1));
	o[13] = (unsigned)(-u) + (unsigned)(~uc) + (unsigned)(-sc);
	long long wide = (long long)n * (long long)(int)u;
	o[14] = (unsigned)(wide >> 32) ^ (unsigned)wide;
	o[15] = (ll < 0) | (ull > 0x8000000000000000ULL) << 1 | ((unsigned)n > 0x80000000u) << 2 |
		((signed char)uc < 0) << 3 | (us > s) << 4 | ((long long)u > n) << 5;
}

//@ kernel: printf_packing
//@ grid: 1
//@ block: 4
//@ arg: gen:s32:4:-100000:100000
// The vprintf buffer's packing (guide chapter 3): arguments of 4 and 8
// bytes alternating so that every 8-byte one needs padding, sixteen
// arguments in one call, chars and shorts promoted to int, floats to
// double, unsigned long long and long long at odd positions, a string
// between numbers, and a call with no arguments but the format.
#include <cstdio>
extern "C" __global__ void printf_packing(const int *in)
{
	int t = threadIdx.x, v = in[t];
	char c = (char)('A' + t);
	short s = (short)(v >> 3);
	float f = v * 0.125f;
	double d = v / 7.0;
	long long ll = (long long)v * -123456789LL;
	unsigned long long ull = (unsigned long long)(unsigned)v << 32 | 0xabcdu;
	printf("%d %f %c %lld %hd %e %u %llx %s %g %d %.2f %d %lld %x %f\n",
		t, d, c, ll, s, f, (unsigned)v, ull, "mid", d * 2, v, f, t * t, ll >> 7, (unsigned)v >> 4, (double)s);
	printf("no arguments\n");
	printf("%c%c%c %d\n", c, c + 1, c + 2, t);
}

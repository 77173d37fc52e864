//@ kernel: printf_string_table
//@ grid: 1
//@ block: 8
//@ arg: gen:s32:8:-100000:100000
// printf with many argument types in one call: char, signed and unsigned
// short (promoted), int, unsigned, long long, unsigned long long, float
// (promoted to double), double, string literals and a char array, %c, %x,
// %o, %e, %g, %%, widths, precisions and flags; string literals in a
// table; printf's return value is not used.
#include <cstdio>
__device__ const char *const names[4] = {"zero", "one", "two", "three"};
extern "C" __global__ void printf_string_table(const int *in)
{
	int t = threadIdx.x, v = in[t];
	char c = 'a' + t;
	short s = (short)v;
	unsigned short us = (unsigned short)v;
	unsigned u = (unsigned)v * 2654435761u;
	long long ll = (long long)v * 1000003LL;
	unsigned long long ull = (unsigned long long)u << 20;
	float f = v / 7.0f;
	double d = v / 3.0;
	char buf[8] = {'t', 'h', 'r', (char)('0' + t), 0};
	printf("%d: %c %hd %hu %d %u %lld %llu\n", t, c, s, us, v, u, ll, ull);
	printf("%d: %x %X %o %#x %08d %-6d| %+d\n", t, u, u, u & 0777, v & 0xff, v, t, v);
	printf("%d: %f %.3f %e %g %10.2f %s %s %5.2s%%\n", t, f, d, d, f, d, names[t & 3], buf, "string");
	if (t == 3)
		printf("literal only\n");
}

//@ kernel: switch_wide
//@ grid: 2
//@ block: 32
//@ arg: gen:u64:64:bits
//@ arg: zero:768
// switch on long long, unsigned long long, unsigned char, short and an
// enum: negative and very large case values, a dense range (a jump table
// where the compiler makes one), a sparse set, cases in no order, and
// nested switches that break out of the inner one only.
enum Dir { N = 1, E = 2, S = 4, W = 8 };
__device__ __noinline__ int by_ll(long long x)
{
	switch (x) {
	case -1: return 1;
	case 0x100000000LL: return 2;
	case -0x7fffffffffffffffLL - 1: return 3;
	case 42: return 4;
	default: return (int)(x & 7) + 10;
	}
}
__device__ __noinline__ int by_uc(unsigned char c)
{
	int r = 0;
	switch (c) {
	case 0: case 1: case 2: case 3: r = 1; break;
	case 4: case 5: case 6: r = 2; break;
	case 7: r = 3;
	case 8: r += 4; break;
	case 9: case 10: case 11: case 12: case 13: r = 5; break;
	case 255: r = 6; break;
	default:
		switch (c & 3) {
		case 0: r = 7; break;
		default: r = 8;
		}
		r += 100;
	}
	return r;
}
extern "C" __global__ void switch_wide(const unsigned long long *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned long long x = in[i];
	long long sel = (i % 5 == 0) ? -1 : (i % 5 == 1) ? 0x100000000LL : (i % 5 == 2) ? 42 : (long long)x;
	short s = (short)(x >> 20);
	Dir d = (Dir)(1 << (x & 3));
	int ds = 0;
	switch (d) {
	case N: ds = 'n'; break;
	case S: ds = 's'; break;
	case E:
	case W: ds = 'x';
	}
	int ss;
	switch (s % 6) {
	case -5: ss = -50; break;
	case -3: ss = -30; break;
	case 0: ss = 0; break;
	case 4: ss = 40; break;
	default: ss = s % 6;
	}
	int us;
	switch (x >> 61) {
	case 7ULL: us = 70; break;
	case 0ULL: us = 1; break;
	default: us = (int)(x >> 61);
	}
	int *o = out + i * 3;
	o[0] = by_ll(sel) * 1000 + by_uc((unsigned char)(x >> (i & 7)));
	o[1] = by_uc((unsigned char)i) * 1000 + ds;
	o[2] = ss * 100 + us;
}

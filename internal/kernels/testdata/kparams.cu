//@ kernel: kparams
//@ grid: 1
//@ block: 2
//@ arg: s8:-5
//@ arg: u8:250
//@ arg: s16:-30000
//@ arg: u16:65000
//@ arg: s32:-2000000000
//@ arg: u32:0xfffffff0
//@ arg: s64:-0x7000000000000000
//@ arg: u64:18446744073709551000
//@ arg: f32:1.5e-3
//@ arg: f64:-2.75e100
//@ arg: zero:80
// Kernel parameters of every scalar type, echoed to memory and printf.
#include <cstdio>
extern "C" __global__ void kparams(signed char a, unsigned char b, short c, unsigned short d, int e, unsigned f, long long g,
				   unsigned long long h, float x, double y, long long *out)
{
	long long *o = out + threadIdx.x * 5;
	o[0] = a * (long long)b;
	o[1] = c + (long long)d * threadIdx.x;
	o[2] = (long long)e - f;
	o[3] = g ^ (long long)h;
	o[4] = (long long)(x * 1e6f) + (long long)(y / 1e90);
	if (threadIdx.x == 1)
		printf("%d %u %d %u %d %u %lld %llu %.9g %.17g\n", a, b, c, d, e, f, g, h, x, y);
}

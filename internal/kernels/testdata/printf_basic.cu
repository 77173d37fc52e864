//@ kernel: printf_basic
//@ grid: 2
//@ block: 8
//@ arg: gen:s32:16
// printf of integers in every length the device supports, %x %X %o %c %s %%,
// widths, precision, flags and left adjustment, from a few threads.
#include <cstdio>
extern "C" __global__ void printf_basic(const int *in)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i];
	if (i % 3 != 0)
		return;
	printf("thread %d block %d: v=%d |%5d|%-5d|%05d|%+d\n", (int)threadIdx.x, (int)blockIdx.x, v, v, v, v, v);
	printf("hex %x %X %#x %08x oct %o unsigned %u\n", v * 977, v * 977, v, v, v, (unsigned)-v);
	printf("ll %lld %llx %llu short %hd char %c%c str [%s] [%8s] [%-6s] [%.2s] 100%%\n", (long long)v * 123456789LL,
	       (unsigned long long)v << 33, 0xfedcba9876543210ull, (short)(v * 100), 'A' + v % 26, 'a' + i, "kern",
	       i % 2 ? "odd" : "even", "ab", "xyz");
}

//@ kernel: bits
//@ grid: 2
//@ block: 64
//@ arg: gen:u32:128:bits
//@ arg: gen:u64:128:bits
//@ arg: zero:8192
// Bit manipulation: __popc, __clz, __brev, __ffs (and their 64-bit forms),
// __byte_perm with several selectors, bit-field extract and insert written
// as shifts and masks, funnel shifts, rotates, __umulhi and __mulhi.
extern "C" __global__ void bits(const unsigned *in, const unsigned long long *in64, unsigned *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned x = in[i], y = in[(i + 17) & 127];
	unsigned long long z = in64[i];
	unsigned *o = out + i * 16;
	unsigned pos = y & 31, len = (y >> 5) % (33 - pos);
	o[0] = __popc(x) | __popcll(z) << 8;
	o[1] = __clz(x) | __clzll(z >> (x & 63)) << 8 | __clz(0) << 16;
	o[2] = __brev(x);
	o[3] = (unsigned)__brevll(z) ^ (unsigned)(__brevll(z) >> 32);
	o[4] = __ffs(x) | __ffsll(z & (z - 1)) << 8 | __ffs(0) << 16;
	o[5] = __byte_perm(x, y, 0x3210) ^ __byte_perm(x, y, 0x7654);
	o[6] = __byte_perm(x, y, y & 0x7777) + __byte_perm(x, y, 0x0123);
	o[7] = len == 0 ? 0 : (x >> pos) & (len == 32 ? 0xffffffffu : (1u << len) - 1);
	o[8] = (unsigned)(((int)x << (31 - pos % 32)) >> 27);
	o[9] = (x & ~(0xffu << (y & 15))) | ((y & 0xff) << (y & 15));
	o[10] = __funnelshift_l(x, y, z & 63) ^ __funnelshift_r(x, y, (z >> 8) & 31);
	o[11] = (x << (y & 31)) | (x >> ((32 - (y & 31)) & 31));
	o[12] = __umulhi(x, y);
	o[13] = (unsigned)__mulhi((int)x, (int)y);
	o[14] = (unsigned)((z << (x & 63)) >> 32) ^ (unsigned)((long long)z >> (y & 63));
	o[15] = (unsigned)(__umul64hi(z, (unsigned long long)x * y) >> 7);
}

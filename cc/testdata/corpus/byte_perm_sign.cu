//@ kernel: byte_perm_sign
//@ grid: 1
//@ block: 64
//@ arg: gen:u32:64:bits
//@ arg: gen:u64:64:bits
//@ arg: zero:4096
// The bit intrinsics: __popc, __popcll, __clz, __clzll, __brev, __brevll,
// __ffs, __ffsll (including on zero), __byte_perm with several selectors,
// __mul24, __umul24, __umulhi, __mulhi, __mul64hi, __umul64hi, __sad,
// __usad, __funnelshift_l/_r, min and max on mixed types.
extern "C" __global__ void byte_perm_sign(const unsigned *in, const unsigned long long *in64, unsigned *out)
{
	int t = threadIdx.x;
	unsigned x = in[t], y = in[(t + 1) & 63];
	unsigned long long w = in64[t], z = in64[(t + 5) & 63];
	if (t == 3)
		x = 0, w = 0;
	unsigned *o = out + t * 16;
	o[0] = __popc(x) | __popcll(w) << 8 | __clz(x) << 16 | __clzll(w) << 24;
	o[1] = __brev(x);
	o[2] = (unsigned)__brevll(w) ^ (unsigned)(__brevll(w) >> 32);
	o[3] = __ffs(x) | __ffsll(w) << 8 | __ffs((int)(x & 0xffff0000u)) << 16;
	o[4] = __byte_perm(x, y, 0x3210) ^ __byte_perm(x, y, 0x7654);
	o[5] = __byte_perm(x, y, 0x0123) + __byte_perm(x, y, 0x5140 + (t & 7)) + __byte_perm(x, y, 0x8888);
	o[6] = (unsigned)__mul24((int)x, (int)y) ^ __umul24(x, y);
	o[7] = __umulhi(x, y);
	o[8] = (unsigned)__mulhi((int)x, (int)y);
	o[9] = (unsigned)(__umul64hi(w, z) >> 7);
	o[10] = (unsigned)__mul64hi((long long)w, (long long)z);
	o[11] = __sad((int)x, (int)y, 5u) + __usad(x, y, 7u);
	o[12] = __funnelshift_l(x, y, t) ^ __funnelshift_r(x, y, t + 3);
	o[13] = min(x, y) + (unsigned)max((int)x, (int)y);
	o[14] = (unsigned)min((long long)w, (long long)z) ^ (unsigned)(max(w, z) >> 32);
	o[15] = __popc(x ^ y) + __clz(x | 1) * 64 + __brev(__brev(y)) - y;
}

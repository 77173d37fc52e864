//@ kernel: int_averages
//@ grid: 1
//@ block: 64
//@ arg: gen:u32:64:bits
//@ arg: zero:2048
// The integer averages __hadd, __rhadd, __uhadd and __urhadd (no overflow
// on the extremes, signed rounding toward minus infinity), and the
// clamping funnel shifts __funnelshift_lc and __funnelshift_rc with
// shifts of 32 and more, next to the wrapping ones.
extern "C" __global__ void int_averages(const unsigned *in, unsigned *out)
{
	int t = threadIdx.x;
	unsigned *o = out + t * 8;
	unsigned x = in[t], y = in[(t * 7 + 3) % 64];
	if (t == 1)
		x = 0x7fffffffu, y = 0x7fffffffu;
	if (t == 2)
		x = 0x80000000u, y = 0x80000000u;
	if (t == 3)
		x = 0xffffffffu, y = 1u;
	o[0] = (unsigned)__hadd((int)x, (int)y);
	o[1] = (unsigned)__rhadd((int)x, (int)y);
	o[2] = __uhadd(x, y);
	o[3] = __urhadd(x, y);
	unsigned s = (unsigned)t * 3u;
	o[4] = __funnelshift_lc(x, y, s);
	o[5] = __funnelshift_rc(x, y, s);
	o[6] = __funnelshift_l(x, y, s) ^ __funnelshift_r(x, y, s);
	o[7] = (unsigned)__hadd(-(int)(x & 0xff), (int)(y & 0xf)) + __uhadd(x >> 4, y << 4);
}

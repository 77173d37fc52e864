//@ kernel: opt_hazards
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:-100000:100000
//@ arg: zero:4096
// What an optimizer must not break: loads that alias a store in the same
// loop (not hoisted, not reused), a store through one pointer read back
// through another, a loop-invariant-looking load from memory the loop
// writes, division and remainder of negative values by powers of two and
// by constants (not plain shifts), unsigned wrap-around, signed overflow avoided by unsigned arithmetic, a
// comparison that folds only for unsigned, and a loop whose trip count is
// zero.
__device__ __noinline__ void accumulate(int *dst, const int *src, int n)
{
	for (int k = 0; k < n; k++)
		dst[k] += src[0] + k; // src may point into dst
}
extern "C" __global__ void opt_hazards(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i];
	int buf[8];
	for (int k = 0; k < 8; k++)
		buf[k] = v + k;
	accumulate(buf, buf + 2, 6); // buf[2] changes during the loop
	int *p = &buf[1], *q = &buf[1];
	int before = *p;
	*q = before * 3 + 1;
	int after = *p;
	int *o = out + i * 16;
	o[0] = buf[0] ^ buf[5] ^ buf[7];
	o[1] = after - before;
	o[2] = v / 8 + v % 8 * 100;
	o[3] = v / -4 + v % -16;
	o[4] = v / 7 + v % 7 * 1000 + v / 1000;
	o[5] = (int)((unsigned)v / 16u + (unsigned)v % 10u);
	unsigned u = (unsigned)v;
	o[6] = (int)(u * 0x9e3779b9u + 0xffffffffu);
	o[7] = v * 5; // a volatile local: volatile_local.cu
	o[8] = (int)((unsigned)v * 65536u * 65536u) + (int)((unsigned)v << 31);
	o[9] = (u + 1u > u) + ((unsigned)(v - 1) < u) * 2 + (v + 0 >= v) * 4;
	int z = 0;
	for (int k = v; k < v; k++)
		z++;
	int w = 0;
	for (int k = 0; k < (v & 3); k++)
		for (int j = k; j < 3; j++)
			w += j * k + 1;
	o[10] = z * 1000 + w;
	long long wide = (long long)v * v;
	o[11] = (int)(wide >> 16) ^ (int)(wide / 3);
	o[12] = v > 0 ? v >> 3 : -((-v) >> 3);
	o[13] = (v * 4) / 4 + ((v << 2) >> 2);
	o[14] = (v & -v) + (v | ~v) + (v ^ v) + (v & 0) - !v;
	o[15] = __float_as_int((float)v * 0.0f) ^ __float_as_int(-(float)v + (float)v);
}

//@ kernel: counted_loops
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:1024
// Counted loops whose trip count is known only at run time, which the
// compiler unrolls by four with a loop for the rest: each thread runs
// them for n from -3 to 28 (none, fewer than four, and every remainder),
// signed and unsigned, from 0 and from 2, with a 64-bit index, with the
// bound on the left (n > k), a row-major and a column-major walk, and
// two accumulators; and a tail-recursive sum (a loop, after tailrec).
__device__ __noinline__ int tsum(const int *p, int k, int acc)
{
	return k <= 0 ? acc : tsum(p + 1, k - 1, acc + *p);
}
__device__ int twice_sum(const int *p, int k) { return k <= 0 ? 0 : 2 * p[0] + twice_sum(p + 1, k - 1); }
extern "C" __global__ void counted_loops(const int *in, int *out)
{
	int t = threadIdx.x, n = t - 3;
	int *o = out + t * 8;
	int s = 0;
	for (int k = 0; k < n; k++)
		s += in[k] * (k + 1);
	o[0] = s;
	unsigned u = 0, un = (unsigned)(t > 2 ? t - 2 : 0);
	for (unsigned k = 2; k < un; k++)
		u = u * 3u + (unsigned)in[k];
	o[1] = (int)u;
	long long w = 0;
	for (long long k = 0; n > k; k++)
		w += (long long)in[63 - k] << (k & 7);
	o[2] = (int)(w ^ (w >> 32));
	int a = 0, b = 1;
	for (int k = 0; k < n && k < 8; k++) {
		a += in[k * 8 + (t & 7)];
		b ^= in[(t & 7) * 8 + k];
	}
	o[3] = a;
	o[4] = b;
	float f = 0.0f;
	for (int k = 0; k < n; k++)
		f = f * 0.5f + (float)in[k];
	o[5] = (int)(f * 16.0f);
	o[6] = tsum(in, n, t);
	o[7] = twice_sum(in + 1, n < 16 ? n : 16);
}

//@ kernel: shfl_scan
//@ grid: 1
//@ block: 96
//@ arg: gen:s32:96
//@ arg: zero:384
//@ arg: zero:384
//@ arg: zero:384
// Inclusive scans with __shfl_up_sync over the whole warp and over segments of
// 8 lanes (width 8), and a segment-reversal with __shfl_xor_sync width 16.
extern "C" __global__ void shfl_scan(const int *in, int *scan32, int *scan8, int *rev16)
{
	int t = threadIdx.x, lane = t & 31;
	int v = in[t], s = v, s8 = v;
	for (int d = 1; d < 32; d *= 2) {
		int u = __shfl_up_sync(0xffffffff, s, d);
		if (lane >= d)
			s += u;
	}
	for (int d = 1; d < 8; d *= 2) {
		int u = __shfl_up_sync(0xffffffff, s8, d, 8);
		if ((lane & 7) >= d)
			s8 += u;
	}
	scan32[t] = s;
	scan8[t] = s8;
	rev16[t] = __shfl_xor_sync(0xffffffff, v, 15, 16);
}

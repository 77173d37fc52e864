//@ kernel: shfl_bcast
//@ grid: 2
//@ block: 64
//@ arg: gen:f64:128
//@ arg: gen:s64:128:-4000000000000:4000000000000
//@ arg: zero:1024
//@ arg: zero:1024
//@ arg: zero:512
// __shfl_sync of 64-bit values (double, long long): broadcast from a lane
// chosen by the data, rotation within segments of 4 and 16 lanes, and
// __shfl_down_sync past the end of a segment (the lane keeps its own value).
extern "C" __global__ void shfl_bcast(const double *d, const long long *l, double *od, long long *ol, int *oi)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
	double x = d[i];
	long long y = l[i];
	int src = (int)(l[i & ~31] & 31);
	od[i] = __shfl_sync(0xffffffff, x, src);
	ol[i] = __shfl_sync(0xffffffff, y, lane + 1, 4) ^ __shfl_sync(0xffffffff, y, lane + 3, 16);
	oi[i] = __shfl_down_sync(0xffffffff, lane * 10 + (int)blockIdx.x, 3, 8);
}

//@ kernel: local_array
//@ grid: 3
//@ block: 32
//@ arg: gen:s32:96:0:64
//@ arg: zero:384
// A per-thread array indexed with data-dependent indices (so it lives in
// local memory), a local struct array, and a local array passed to a
// __noinline__ function.
struct P {
	int k;
	float w;
};
__device__ __noinline__ int walk(const int *a, int n, int start)
{
	int s = 0, j = start;
	for (int k = 0; k < n; k++) {
		s += a[j];
		j = a[j] & 63;
	}
	return s;
}
extern "C" __global__ void local_array(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int a[64];
	P ps[8];
	for (int k = 0; k < 64; k++)
		a[k] = (k * 37 + i * 11) & 63;
	for (int k = 0; k < 8; k++) {
		ps[k].k = a[in[i] ^ k];
		ps[k].w = (float)k * 0.5f;
	}
	a[in[i]] += 1000;
	int s = walk(a, 20, in[i]);
	for (int k = 0; k < 8; k++)
		s += ps[ps[k].k & 7].k + (int)ps[k].w;
	out[i] = s;
}

//@ kernel: atax
//@ grid: 1
//@ block: 64
//@ arg: s32:48
//@ arg: s32:64
//@ arg: gen:f32:3072
//@ arg: gen:f32:64
//@ arg: zero:256
//@ tags: fp
// PolyBench atax: y = A^T (A x), A is m x n; tmp = A x lives in shared memory.
extern "C" __global__ void atax(int m, int n, const float *a, const float *x, float *y)
{
	__shared__ float tmp[64];
	int t = threadIdx.x;
	if (t < m) {
		float s = 0.0f;
		for (int j = 0; j < n; j++)
			s += a[t * n + j] * x[j];
		tmp[t] = s;
	}
	__syncthreads();
	if (t < n) {
		float s = 0.0f;
		for (int i = 0; i < m; i++)
			s += a[i * n + t] * tmp[i];
		y[t] = s;
	}
}

//@ kernel: threemm
//@ grid: 1
//@ block: 12,12
//@ arg: gen:f32:144
//@ arg: gen:f32:144
//@ arg: gen:f32:144
//@ arg: gen:f32:144
//@ arg: zero:576
//@ tags: fp
// PolyBench 3mm in one block: E = A*B and F = C*D in shared memory, G = E*F.
#define N 12
__device__ __noinline__ float dot(const float *x, int xs, const float *y, int ys)
{
	float s = 0.0f;
	for (int k = 0; k < N; k++)
		s += x[k * xs] * y[k * ys];
	return s;
}
extern "C" __global__ void threemm(const float *a, const float *b, const float *c, const float *d, float *g)
{
	__shared__ float e[N * N], f[N * N];
	int i = threadIdx.y, j = threadIdx.x;
	e[i * N + j] = dot(a + i * N, 1, b + j, N);
	f[i * N + j] = dot(c + i * N, 1, d + j, N);
	__syncthreads();
	g[i * N + j] = dot(e + i * N, 1, f + j, N);
}

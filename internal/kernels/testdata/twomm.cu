//@ kernel: twomm
//@ grid: 1
//@ block: 16,16
//@ arg: f32:1.25
//@ arg: f32:0.5
//@ arg: gen:f32:256
//@ arg: gen:f32:256
//@ arg: gen:f32:256
//@ arg: gen:f32:256
//@ tags: fp
// PolyBench 2mm in one block: tmp = alpha*A*B (kept in shared memory), then
// D = tmp*C + beta*D, with a barrier between the two products.
#define N 16
extern "C" __global__ void twomm(float alpha, float beta, const float *a, const float *b, const float *c, float *d)
{
	__shared__ float tmp[N][N];
	int i = threadIdx.y, j = threadIdx.x;
	float s = 0.0f;
	for (int k = 0; k < N; k++)
		s += alpha * a[i * N + k] * b[k * N + j];
	tmp[i][j] = s;
	__syncthreads();
	float t = beta * d[i * N + j];
	for (int k = 0; k < N; k++)
		t += tmp[i][k] * c[k * N + j];
	d[i * N + j] = t;
}

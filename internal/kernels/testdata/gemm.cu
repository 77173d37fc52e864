//@ kernel: gemm
//@ grid: 2,2
//@ block: 16,16
//@ arg: s32:32
//@ arg: f32:1.5
//@ arg: f32:-0.75
//@ arg: gen:f32:1024
//@ arg: gen:f32:1024
//@ arg: gen:f32:1024
//@ tags: fp
// PolyBench gemm: C = alpha*A*B + beta*C, one thread per element of C.
extern "C" __global__ void gemm(int n, float alpha, float beta, const float *a, const float *b, float *c)
{
	int i = blockIdx.y * blockDim.y + threadIdx.y;
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n || j >= n)
		return;
	float acc = 0.0f;
	for (int k = 0; k < n; k++)
		acc += alpha * a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc + beta * c[i * n + j];
}

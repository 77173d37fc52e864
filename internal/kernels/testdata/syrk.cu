//@ kernel: syrk
//@ grid: 2,2
//@ block: 16,16
//@ arg: s32:32
//@ arg: s32:24
//@ arg: f64:0.5
//@ arg: f64:1.5
//@ arg: gen:f64:768
//@ arg: gen:f64:1024
//@ tags: fp
// PolyBench syrk, lower triangle only: C = alpha A A^T + beta C for j <= i.
extern "C" __global__ void syrk(int n, int m, double alpha, double beta, const double *a, double *c)
{
	int i = blockIdx.y * blockDim.y + threadIdx.y;
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n || j > i)
		return;
	double s = c[i * n + j] * beta;
	for (int k = 0; k < m; k++)
		s += alpha * a[i * m + k] * a[j * m + k];
	c[i * n + j] = s;
}

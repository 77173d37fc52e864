//@ kernel: bicg
//@ grid: 2
//@ block: 32
//@ arg: s32:64
//@ arg: gen:f64:4096
//@ arg: gen:f64:64
//@ arg: gen:f64:64
//@ arg: zero:512
//@ arg: zero:512
//@ tags: fp
// PolyBench bicg in double: s = r^T A and q = A p, one thread per row and column.
extern "C" __global__ void bicg(int n, const double *a, const double *p, const double *r, double *s, double *q)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double sq = 0.0, ss = 0.0;
	for (int j = 0; j < n; j++) {
		sq += a[i * n + j] * p[j];
		ss += r[j] * a[j * n + i];
	}
	q[i] = sq;
	s[i] = ss;
}

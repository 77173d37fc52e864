//@ kernel: jacobi1d
//@ grid: 1
//@ block: 62
//@ arg: s32:8
//@ arg: gen:f64:64
//@ arg: gen:f64:64
// PolyBench jacobi-1d in double, in one block of 62 threads (two warps, the
// second partial).
extern "C" __global__ void jacobi1d(int tsteps, double *a, double *b)
{
	int i = threadIdx.x + 1;
	for (int t = 0; t < tsteps; t++) {
		b[i] = 0.33333 * (a[i - 1] + a[i] + a[i + 1]);
		__syncthreads();
		a[i] = 0.33333 * (b[i - 1] + b[i] + b[i + 1]);
		__syncthreads();
	}
}

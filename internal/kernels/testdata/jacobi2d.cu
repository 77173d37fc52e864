//@ kernel: jacobi2d
//@ grid: 1
//@ block: 16,16
//@ arg: s32:5
//@ arg: gen:f32:324
//@ arg: zero:1296
// PolyBench jacobi-2d on an 18x18 grid, tsteps sweeps inside one block,
// ping-ponging between A and B with barriers between the sweeps.
#define W 18
extern "C" __global__ void jacobi2d(int tsteps, float *a, float *b)
{
	int i = threadIdx.y + 1, j = threadIdx.x + 1;
	if (threadIdx.x == 0 && threadIdx.y == 0)
		for (int k = 0; k < W * W; k++)
			b[k] = a[k];
	__syncthreads();
	for (int t = 0; t < tsteps; t++) {
		b[i * W + j] = 0.2f * (a[i * W + j] + a[i * W + j - 1] + a[i * W + j + 1] + a[(i + 1) * W + j] + a[(i - 1) * W + j]);
		__syncthreads();
		a[i * W + j] = 0.2f * (b[i * W + j] + b[i * W + j - 1] + b[i * W + j + 1] + b[(i + 1) * W + j] + b[(i - 1) * W + j]);
		__syncthreads();
	}
}

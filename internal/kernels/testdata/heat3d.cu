//@ kernel: heat3d
//@ grid: 2,2,2
//@ block: 4,4,4
//@ arg: gen:f64:1000
//@ arg: zero:8000
//@ tags: fp
// PolyBench heat-3d, one step, in a 3-D grid of 3-D blocks over a 10^3 box.
#define N 10
#define IX(i, j, k) (((i) * N + (j)) * N + (k))
extern "C" __global__ void heat3d(const double *a, double *b)
{
	int i = blockIdx.z * blockDim.z + threadIdx.z + 1;
	int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
	int k = blockIdx.x * blockDim.x + threadIdx.x + 1;
	if (i >= N - 1 || j >= N - 1 || k >= N - 1)
		return;
	b[IX(i, j, k)] = 0.125 * (a[IX(i + 1, j, k)] - 2.0 * a[IX(i, j, k)] + a[IX(i - 1, j, k)]) +
			 0.125 * (a[IX(i, j + 1, k)] - 2.0 * a[IX(i, j, k)] + a[IX(i, j - 1, k)]) +
			 0.125 * (a[IX(i, j, k + 1)] - 2.0 * a[IX(i, j, k)] + a[IX(i, j, k - 1)]) + a[IX(i, j, k)];
}

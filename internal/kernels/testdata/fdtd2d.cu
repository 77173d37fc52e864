//@ kernel: fdtd2d
//@ grid: 1
//@ block: 16,16
//@ arg: s32:3
//@ arg: gen:f32:256
//@ arg: gen:f32:256
//@ arg: gen:f32:256
//@ arg: gen:f32:3
//@ tags: fp
// PolyBench fdtd-2d on a 16x16 grid, three phases per step.
#define N 16
extern "C" __global__ void fdtd2d(int tmax, float *ex, float *ey, float *hz, const float *fict)
{
	int i = threadIdx.y, j = threadIdx.x;
	for (int t = 0; t < tmax; t++) {
		if (i == 0)
			ey[j] = fict[t];
		else
			ey[i * N + j] = ey[i * N + j] - 0.5f * (hz[i * N + j] - hz[(i - 1) * N + j]);
		if (j > 0)
			ex[i * N + j] = ex[i * N + j] - 0.5f * (hz[i * N + j] - hz[i * N + j - 1]);
		__syncthreads();
		if (i < N - 1 && j < N - 1)
			hz[i * N + j] = hz[i * N + j] - 0.7f * (ex[i * N + j + 1] - ex[i * N + j] + ey[(i + 1) * N + j] - ey[i * N + j]);
		__syncthreads();
	}
}

//@ kernel: mvt
//@ grid: 4
//@ block: 16
//@ arg: s32:64
//@ arg: gen:f32:4096
//@ arg: gen:f32:64
//@ arg: gen:f32:64
//@ arg: gen:f32:64
//@ arg: gen:f32:64
//@ tags: fp
// PolyBench mvt: x1 += A y1 and x2 += A^T y2.
extern "C" __global__ void mvt(int n, const float *a, float *x1, float *x2, const float *y1, const float *y2)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float s1 = x1[i], s2 = x2[i];
	for (int j = 0; j < n; j++) {
		s1 += a[i * n + j] * y1[j];
		s2 += a[j * n + i] * y2[j];
	}
	x1[i] = s1;
	x2[i] = s2;
}

//@ kernel: gesummv
//@ grid: 3
//@ block: 20
//@ arg: s32:60
//@ arg: f32:1.5
//@ arg: f32:-2.25
//@ arg: gen:f32:3600
//@ arg: gen:f32:3600
//@ arg: gen:f32:60
//@ arg: zero:240
//@ tags: fp
// PolyBench gesummv: y = alpha A x + beta B x (block size not a multiple of 32).
extern "C" __global__ void gesummv(int n, float alpha, float beta, const float *a, const float *b, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float ta = 0.0f, tb = 0.0f;
	for (int j = 0; j < n; j++) {
		ta += a[i * n + j] * x[j];
		tb += b[i * n + j] * x[j];
	}
	y[i] = alpha * ta + beta * tb;
}

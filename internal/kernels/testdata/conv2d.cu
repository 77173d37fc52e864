//@ kernel: conv2d
//@ grid: 3,2
//@ block: 8,8
//@ arg: s32:24
//@ arg: s32:16
//@ arg: gen:f32:384
//@ arg: zero:1536
//@ tags: fp
// PolyBench 2DConvolution: a 3x3 stencil with constant weights over the interior.
__constant__ float wts[3][3] = {{0.2f, 0.5f, -0.8f}, {-0.3f, 0.6f, -0.9f}, {0.4f, 0.7f, 0.1f}};
extern "C" __global__ void conv2d(int nx, int ny, const float *a, float *b)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	int i = blockIdx.y * blockDim.y + threadIdx.y;
	if (i < 1 || j < 1 || i >= ny - 1 || j >= nx - 1)
		return;
	float s = 0.0f;
	for (int di = -1; di <= 1; di++)
		for (int dj = -1; dj <= 1; dj++)
			s += wts[di + 1][dj + 1] * a[(i + di) * nx + j + dj];
	b[i * nx + j] = s;
}

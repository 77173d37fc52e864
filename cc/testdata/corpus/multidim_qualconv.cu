//@ kernel: multidim_qualconv
//@ grid: 2
//@ block: 4,4
//@ arg: gen:s32:128:-50:50
//@ arg: zero:512
// Multi-dimensional arrays: a __shared__ 2-D tile, a local 3-D array, a
// pointer to rows (int (*)[4]), a 2-D array in a struct, and a 2-D array
// passed to a function (decaying to a pointer to its rows).
struct Mat {
	int m[3][3];
};
__device__ __noinline__ int trace(const int (*a)[4], int n)
{
	int s = 0;
	for (int k = 0; k < n; k++)
		s += a[k][k];
	return s;
}
__device__ __noinline__ Mat mul(Mat a, Mat b)
{
	Mat c;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			c.m[i][j] = 0;
			for (int k = 0; k < 3; k++)
				c.m[i][j] += a.m[i][k] * b.m[k][j];
		}
	return c;
}
extern "C" __global__ void multidim_qualconv(const int *in, int *out)
{
	__shared__ int tile[4][4];
	int x = threadIdx.x, y = threadIdx.y, b = blockIdx.x;
	const int (*rows)[4] = (const int (*)[4])(in + b * 64);
	tile[y][x] = rows[y * 4 + x][(x + y) & 3];
	__syncthreads();
	int cube[2][3][4];
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 3; j++)
			for (int k = 0; k < 4; k++)
				cube[i][j][k] = tile[(i + j) & 3][k] * (i + 1) - j;
	Mat a, c;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			a.m[i][j] = tile[i][j] + x - y;
	c = mul(a, a);
	int s = 0;
	for (int j = 0; j < 3; j++)
		s += cube[x & 1][j][y];
	int *o = out + (b * 16 + y * 4 + x) * 4;
	o[0] = tile[x][y];
	o[1] = s;
	o[2] = trace(tile, 4) + trace(rows + x, 4);
	o[3] = c.m[x % 3][y % 3] + sizeof(cube) + sizeof(tile[0]);
}

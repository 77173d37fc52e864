//@ kernel: constant_arrays
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:0:1000
//@ arg: zero:512
// __constant__ data: arrays of int, float, double, char and of structs with
// initializers, a 2-D constant array, indexed by thread-dependent values
// (not foldable) and by constants, and its address passed to a function.
struct Coef {
	float a;
	int b;
	unsigned char c;
};
__constant__ int c_int[16] = {1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987};
__constant__ float c_f[4] = {0.5f, -1.25f, 3.0f, 1e-3f};
__constant__ double c_d[3] = {1.0 / 3, 2.5e10, -7.0};
__constant__ char c_s[] = "constant memory";
__constant__ Coef c_coef[3] = {{1.5f, 2, 3}, {-0.5f, -4, 255}, {8.0f, 16, 0}};
__constant__ short c_grid[3][4] = {{1, 2, 3, 4}, {-5, -6, -7, -8}, {9, 10, 11, 12}};
__device__ __noinline__ int sum_const(const int *p, int n)
{
	int s = 0;
	for (int k = 0; k < n; k++)
		s += p[k];
	return s;
}
extern "C" __global__ void constant_arrays(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i];
	const Coef &c = c_coef[v % 3];
	int *o = out + i * 2;
	o[0] = c_int[v & 15] + c_grid[v % 3][(v >> 2) & 3] + c_s[v % 15] + sum_const(c_int + (v & 7), 8);
	o[1] = (int)(c.a * v) + c.b * c.c + (int)(c_f[i & 3] * 1000) + (int)(c_d[v % 3] / 1e6);
}

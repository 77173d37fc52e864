//@ kernel: funcptr
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64
//@ arg: zero:256
// Indirect calls through a table of device function pointers (initialized at
// module scope) and through a pointer passed to a __noinline__ function.
typedef int (*binop)(int, int);
__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_sub(int a, int b) { return a - b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }
__device__ __noinline__ int op_xor(int a, int b) { return a ^ b; }
__device__ binop table[4] = {op_add, op_sub, op_mul, op_xor};
__device__ __noinline__ int fold(binop f, const int *p, int n)
{
	int acc = p[0];
	for (int k = 1; k < n; k++)
		acc = f(acc, p[k]);
	return acc;
}
extern "C" __global__ void funcptr(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	binop f = table[(in[i] + i) & 3];
	int v = f(in[i], i + 3);
	binop g = i & 1 ? op_sub : op_xor;
	out[i] = v + fold(g, in + (i & ~7), 8);
}

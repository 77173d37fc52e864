//@ kernel: array_reference_more
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:384
// References to arrays: a non-const one written through, a 2-D one, a
// local reference, one to a struct's member array and to a __shared__
// array, overloads told apart by the array's qualification, and
// pointers to const rows and arrays (qualification conversions).
struct Box {
	int v[3];
};
__device__ __noinline__ void fill(int (&a)[3], int x)
{
	for (int k = 0; k < 3; k++)
		a[k] = x + k;
}
__device__ int total(const int (&m)[2][3])
{
	int s = 0;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 3; j++)
			s += m[i][j] * (i + 1);
	return s;
}
__device__ int which(const int (&)[3]) { return 1; }
__device__ int which(int (&)[3]) { return 2; }
__device__ int first(const int (*p)[3]) { return (*p)[0] + p[0][2]; }
extern "C" __global__ void array_reference_more(const int *in, int *out)
{
	__shared__ int sh[32][3];
	int t = threadIdx.x;
	int m[2][3];
	fill(m[0], in[2 * t]);
	fill(m[1], in[2 * t + 1]);
	int (&row)[3] = m[1];
	row[2] += 5;
	Box b;
	fill(b.v, t);
	fill(sh[t], -t);
	__syncthreads();
	const Box cb = b;
	int *o = out + t * 3;
	o[0] = total(m) + sh[(t + 1) & 31][2];
	o[1] = which(b.v) * 10 + which(cb.v) + first(&b.v) * 100;
	const int (*rows)[3] = m;
	o[2] = rows[1][0] + first(m + 1);
}

//@ kernel: pragma_unroll
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:256:-100:100
//@ arg: gen:s32:32:0:40
//@ arg: zero:1280
// #pragma unroll in each form nvcc takes: 1 (the loop stays a loop, with
// .pragma "nounroll"), a count below, equal to and above the trip count
// (constant or known only at run time, a power of two or not), a count
// from a constant, a template parameter and a parenthesized expression, no
// count (fully where the trip count is a constant), before for, while,
// do and range-based for loops, in a function that is inlined, as
// _Pragma("unroll 2") from a macro (as CUTLASS writes it), and before a
// statement that is no loop (ignored, as nvcc ignores it).
#define UNROLL_TWO _Pragma("unroll 2")
const int steps = 3;
template <int U> __device__ int tsum(const int *a, int n)
{
	int s = 0;
#pragma unroll U
	for (int i = 0; i < n; i++)
		s += a[i] * (i + 1);
	return s;
}
__device__ int inl(const int *a)
{
	int s = 0;
#pragma unroll
	for (int i = 0; i < 12; i++)
		s ^= a[i] << (i & 7);
	return s;
}
extern "C" __global__ void pragma_unroll(const int *in, const int *lens, int *out)
{
	int t = threadIdx.x, n = lens[t];
	const int *a = in + (t * 7) % 200;
	int *o = out + t * 10;
	int s = 0;
#pragma unroll 1
	for (int i = 0; i < n; i++)
		s += a[i];
	o[0] = s;
	s = 0;
#pragma unroll 4
	for (int i = 0; i < 10; i++)
		s = s * 3 + a[i];
	o[1] = s;
	s = 0;
#pragma unroll 16
	for (int i = 0; i < 10; i++)
		s = s * 5 - a[i];
	o[2] = s;
	o[3] = tsum<3>(a, n) + tsum<8>(a, n) * 7 + tsum<1>(a, n + 1);
	s = 0;
#pragma unroll steps
	for (int i = 0; i < n; i += 1)
		s -= a[i] & 15;
	o[4] = s;
	s = 0;
	int k = n;
#pragma unroll (2 + 3)
	while (k-- > 0)
		s += a[k] * k;
	o[5] = s;
	s = 0;
	k = 0;
#pragma unroll 1
	do {
		s += a[k] | 1;
	} while (++k < n);
	o[6] = s;
	int w[6] = {a[0], a[1], a[2], a[3], a[4], a[5]};
	s = 0;
#pragma unroll
	for (int x : w)
		s = s * 2 + x;
	o[7] = s;
#pragma unroll 2
	s += inl(a);
	o[8] = s;
	s = 1;
	UNROLL_TWO
	for (int i = 0; i < n; i++)
		s = s * 7 + a[i];
	o[9] = s;
}

//@ kernel: recursion_mutual
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:40
//@ arg: zero:512
// Recursion: a tree recursion (fib), mutual recursion (is_even/is_odd),
// recursion over a local array passed down by pointer (quicksort), and a
// recursive function returning a struct by value.
struct Pair {
	int lo, hi;
};
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ bool is_odd(int n);
__device__ bool is_even(int n) { return n == 0 ? true : is_odd(n - 1); }
__device__ bool is_odd(int n) { return n == 0 ? false : is_even(n - 1); }
__device__ void qsort_rec(int *a, int lo, int hi)
{
	if (lo >= hi)
		return;
	int p = a[(lo + hi) / 2], i = lo, j = hi;
	while (i <= j) {
		while (a[i] < p)
			i++;
		while (a[j] > p)
			j--;
		if (i <= j) {
			int t = a[i];
			a[i] = a[j];
			a[j] = t;
			i++;
			j--;
		}
	}
	qsort_rec(a, lo, j);
	qsort_rec(a, i, hi);
}
__device__ Pair minmax(const int *a, int n)
{
	if (n == 1) {
		Pair p = {a[0], a[0]};
		return p;
	}
	Pair l = minmax(a, n / 2), r = minmax(a + n / 2, n - n / 2);
	Pair p = {l.lo < r.lo ? l.lo : r.lo, l.hi > r.hi ? l.hi : r.hi};
	return p;
}
extern "C" __global__ void recursion_mutual(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int a[7];
	for (int k = 0; k < 7; k++)
		a[k] = (v * (k + 3) * 37) % 101 - 50;
	Pair mm = minmax(a, 7);
	qsort_rec(a, 0, 6);
	int *o = out + t * 4;
	o[0] = fib(v % 16);
	o[1] = is_even(v) * 2 + is_odd(v + 1);
	o[2] = a[0] + a[3] * 7 + a[6] * 49;
	o[3] = mm.lo * 1000 + mm.hi;
}

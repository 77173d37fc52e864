//@ kernel: recursion
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:18
//@ arg: zero:384
// Recursive device functions: Fibonacci, Euclid's gcd, a recursive sum over a
// local array (its address passed down), and mutual recursion.
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ unsigned gcd(unsigned a, unsigned b) { return b == 0 ? a : gcd(b, a % b); }
__device__ int sum_rec(const int *p, int n)
{
	if (n == 0)
		return 0;
	int local[4] = {p[0], n, p[0] * n, 1};
	return local[n & 3] + sum_rec(p + 1, n - 1);
}
__device__ bool is_odd(int n);
__device__ bool is_even(int n) { return n == 0 ? true : is_odd(n - 1); }
__device__ bool is_odd(int n) { return n == 0 ? false : is_even(n - 1); }
extern "C" __global__ void recursion(const int *in, int *out)
{
	int t = threadIdx.x, n = in[t];
	int arr[18];
	for (int k = 0; k < 18; k++)
		arr[k] = (k * 7 + t) % 11;
	out[t * 3] = fib(n);
	out[t * 3 + 1] = (int)gcd((unsigned)(n * 1071 + 1), (unsigned)(t * 462 + 6)) + sum_rec(arr, n);
	out[t * 3 + 2] = is_even(n + t);
}

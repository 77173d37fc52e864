//@ kernel: constexpr_calls
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:256
// Constexpr functions called in constant expressions: recursion (with
// ?:), calls in calls, a function in a namespace, one with an unsigned
// parameter, as an array bound, a template argument, a case label, an
// enumerator and in static_assert; and the same functions called at run
// time.
namespace cx {
__host__ __device__ constexpr int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__host__ __device__ constexpr unsigned mask(unsigned bits) { return bits >= 32 ? ~0u : (1u << bits) - 1; }
}
__host__ __device__ constexpr int twice(int x) { return 2 * x; }
__host__ __device__ constexpr int pick(int a, int b) { return a > b ? twice(a) : cx::fact(b); }
constexpr int kTable = pick(2, 4) - 20;
enum { kFact5 = cx::fact(5) };
static_assert(kTable == 4 && kFact5 == 120, "constexpr");
template <int N>
__device__ int scaled(int v) { return v * N; }
extern "C" __global__ void constexpr_calls(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int a[kTable + twice(1)];
	for (int k = 0; k < kTable + 2; k++)
		a[k] = v + k;
	int r = 0;
	switch (t & 7) {
	case twice(1):
		r = 1;
		break;
	case cx::fact(3):
		r = 2;
		break;
	default:
		r = (int)cx::mask(t & 7);
	}
	int *o = out + t * 2;
	o[0] = a[t % 6] + scaled<cx::fact(4)>(v) + r * 1000;
	o[1] = cx::fact(t & 7) + twice(v) + (int)(cx::mask(t) & 0xffff) + kFact5;
}

//@ kernel: constexpr_var
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// A constexpr variable initialized by a constexpr function's call, used
// as an array bound and in static_assert.
__host__ __device__ constexpr int cube(int x) { return x * x * x; }
constexpr int kSize = cube(2) - 4;
static_assert(kSize == 4, "kSize");
extern "C" __global__ void constexpr_var(const int *in, int *out)
{
	int t = threadIdx.x;
	int a[kSize] = {in[t], t, 1, 2};
	out[t] = a[t & 3] * kSize;
}

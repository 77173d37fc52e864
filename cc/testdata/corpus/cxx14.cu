//@ kernel: cxx14
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:512
// C++11/14 in device code: auto, decltype, constexpr functions and
// variables, static_assert, nullptr, brace initialisation, enum class,
// and a __host__ __device__ function beside a host-only function (parsed,
// never compiled). (Range-based for, lambdas and a constexpr variable
// from a constexpr call: pending/range_for.cu, pending/lambdas.cu,
// pending/constexpr_var.cu.)
#include <cstdio>
__host__ __device__ constexpr int cube(int x) { return x * x * x; }
constexpr int kSize = 4;
static_assert(kSize == 4, "kSize");
__host__ __device__ int hd_mix(int a, int b) { return a * 7 - b; }
void host_only() { printf("host\n"); }
enum class Mode : int { Sum = 1, Max = 2 };
extern "C" __global__ void cxx14(const int *in, int *out)
{
	int t = threadIdx.x;
	int a[kSize]{in[2 * t], in[2 * t + 1], t, cube(t % 4)};
	auto total = 0;
	for (auto k = 0; k < kSize; k++)
		total += a[k];
	int m = a[0];
	for (int k = 1; k < kSize; k++)
		if (a[k] > m)
			m = a[k];
	decltype(m) k = 3; // m: int; decltype of an auto variable: pending/decltype_expr.cu
	double d = a[1] * 0.5; // decltype(a[0] * 2.0): pending/decltype_expr.cu
	int *np = nullptr;
	const auto *cp = &a[2];
	Mode mode = t & 1 ? Mode::Sum : Mode::Max;
	int *o = out + t * 4;
	o[0] = mode == Mode::Sum ? total : m;
	o[1] = total * k + (int)(d * 4) + *cp;
	o[2] = hd_mix(total, m) + (np == nullptr) + (cp != nullptr) * 2;
	o[3] = cube(k) + sizeof(d) * 100;
}

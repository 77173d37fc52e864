// C++: class templates, namespaces, enum class, static members, operator[],
// using, functional casts, references to class objects, bit fields.
namespace geo {
template <typename T, int N> struct Array {
	T v[N];
	__device__ T &operator[](int i) { return v[i]; }
	__device__ const T &operator[](int i) const { return v[i]; }
	__device__ int size() const { return N; }
};
enum class Mode : unsigned char { Fast = 1, Exact = 2 };
__device__ int twice(int x) { return 2 * x; }
struct Counter { static int total; int n; __device__ void bump() { n++; total += n; } };
}
using namespace geo;
struct Bits { unsigned a : 3, b : 5; int c : 4; };
__device__ float sum(const Array<float, 3> &a)
{
	float s = 0;
	for (int i = 0; i < a.size(); i++) s += a[i];
	return s;
}
__global__ void k(float *out, Bits *bits, int m)
{
	Array<float, 3> a = {{1, 2, 3}};
	a[0] = out[0];
	out[1] = sum(a) + geo::twice(m) + twice(3);
	Mode md = (m & 1) ? Mode::Fast : Mode::Exact;
	if (md == Mode::Fast) out[2] = float(static_cast<int>(md));
	Counter c = {0};
	c.bump();
	Counter &rc = c;
	rc.bump();
	out[3] = bits->a + bits->b * 2 + bits->c;
	bits->a = 7;
	unsigned long long big = 1ull << 40;
	out[4] = (float)(big >> 38);
}
__device__ float autos(const float *in, int n)
{
	auto i = threadIdx.x + blockIdx.x * blockDim.x;
	const auto scale = 0.5f;
	auto p = in + 1;
	auto &first = in[0];
	const auto &limit = n;
	float arr[4] = {1, 2, 3, 4};
	auto q = arr;
	auto *r = p;
	return first * scale + p[i % limit] + q[1] + r[0];
}

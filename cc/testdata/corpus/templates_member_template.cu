//@ kernel: templates_member_template
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-1000:1000
//@ arg: zero:512
// Templates instantiated from calls: function templates_member_template with deduced type
// arguments (int, float, double, unsigned char, a class), a non-type
// template parameter, an explicit argument, a class template with a member
// function template, recursion over a non-type parameter, and an overload
// chosen between a template and a plain function.
template <typename T>
__device__ T clamp3(T v, T lo, T hi) { return v < lo ? lo : v > hi ? hi : v; }
template <typename T, int N>
__device__ __noinline__ T sum_n(const T *p)
{
	T s = T();
	for (int k = 0; k < N; k++)
		s += p[k];
	return s;
}
template <int N>
__device__ int pow3() { return 3 * pow3<N - 1>(); }
template <>
__device__ int pow3<0>() { return 1; }
template <typename T>
struct Acc {
	T total;
	int count;
	__device__ Acc() : total(0), count(0) {}
	template <typename U>
	__device__ void add(U v)
	{
		total += (T)v;
		count++;
	}
	__device__ T mean() const { return count ? total / count : T(0); }
};
struct Money {
	int cents;
	__device__ bool operator<(const Money &o) const { return cents < o.cents; }
	__device__ bool operator>(const Money &o) const { return cents > o.cents; }
};
template <typename T>
__device__ int kind(T) { return 1; }
__device__ int kind(int) { return 2; }
template <typename To, typename From>
__device__ To convert(From f) { return static_cast<To>(f) + static_cast<To>(1); }
extern "C" __global__ void templates_member_template(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int vals[4] = {v, v + 1, v * 2, -v};
	double dv[3] = {v * 0.5, 1.25, -2.0};
	Acc<double> ad;
	Acc<int> ai;
	ad.add(v);
	ad.add(2.5f);
	ai.add(v * 0.75);
	ai.add((unsigned char)v);
	Money m = {v}, lo = {-100}, hi = {250};
	int *o = out + t * 4;
	o[0] = clamp3(v, -300, 300) + (int)clamp3(v * 0.1f, -5.0f, 5.0f) + clamp3((unsigned char)v, (unsigned char)10, (unsigned char)200);
	o[1] = sum_n<int, 4>(vals) + (int)sum_n<double, 3>(dv) + pow3<5>();
	o[2] = (int)(ad.mean() * 4) + ai.mean() + clamp3(m, lo, hi).cents;
	o[3] = kind(v) * 100 + kind(1.0) * 10 + kind<int>(v) + convert<int>(v * 0.5) + (int)convert<float, int>(v);
}

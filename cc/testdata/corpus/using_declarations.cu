//@ kernel: using_declarations
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:256
// A using-declaration of a base's member functions in a derived class
// (using Base::h;): the base's overloads join the class's own in overload
// resolution, but those the class declares with the same parameters,
// which hide them; also through a base that is a class template's
// instance (using TB<T>::q;). Without them the class's own overload
// would be called with a converted argument.
struct Ba {
	__device__ int h() const { return 1; }
	__device__ int h(int x) const { return x; }
	__device__ int h(short x) const { return 500 + x; }
};
struct Dv : Ba {
	using Ba::h;
	__device__ int h(float) const { return 99; }
	__device__ int h(short) const { return 7; }
};
template <class T> struct TB {
	__device__ int q(int x) const { return x + 1; }
};
template <class T> struct TD : TB<T> {
	using TB<T>::q;
	__device__ int q(double) const { return -1; }
};
extern "C" __global__ void using_declarations(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 2;
	Dv dv;
	o[0] = dv.h() + dv.h(v) * 10 + dv.h(1.0f) * 100 + dv.h((short)v) * 1000;
	TD<int> td;
	o[1] = td.q(v) + td.q(2.0) * 1000;
}

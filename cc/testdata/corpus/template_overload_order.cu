//@ kernel: template_overload_order
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:896
// Overloaded function templates told apart as C++ orders them: the one
// whose parameters take the argument without a qualification conversion
// (kind(T *) for an int *), else the more specialized (kind(const T *)
// for a const int *); an explicit specialization; default template
// arguments; if constexpr and constexpr recursion in templates; a member
// template of a class template called with explicit arguments.
template <class T> __device__ T twice(T x) { return x * 2; }
template <> __device__ int twice<int>(int x) { return x * 3; }
template <class T, int K = 4> __device__ T scale(T x) { return x * K; }
template <class T> __device__ int kind(T *) { return 1; }
template <class T> __device__ int kind(const T *) { return 2; }
template <class T> __device__ int depth(T) { return 0; }
template <class T> __device__ int depth(T *) { return 1; }
template <class T> __device__ int depth(T **) { return 2; }
__device__ int ov(int *) { return 10; }
__device__ int ov(const int *) { return 20; }
template <class T> __device__ int width(T)
{
	if constexpr (sizeof(T) == 8)
		return 8;
	else
		return 4;
}
template <int N> __device__ constexpr int fib()
{
	if constexpr (N < 2)
		return N;
	else
		return fib<N - 1>() + fib<N - 2>();
}
template <class T> struct Wrap {
	T v;
	template <class U> __device__ Wrap<U> as() const { return Wrap<U>{(U)v}; }
};
extern "C" __global__ void template_overload_order(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 7;
	o[0] = twice(v) + (int)twice(1.5f) * 100;
	o[1] = scale(v) + scale<int, 2>(v) * 1000;
	int x = v;
	const int cx = v;
	int *px = &x;
	o[2] = kind(&x) + kind(&cx) * 10 + ov(&x) + ov(&cx) * 100;
	o[3] = depth(v) + depth(px) * 10 + depth(&px) * 100;
	o[4] = width(v) + width(1.0) * 10;
	o[5] = fib<10>() + v;
	Wrap<float> wf{v * 1.5f};
	o[6] = wf.as<int>().v + wf.template as<short>().v;
}

//@ kernel: templates_out_of_class
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:768
// Member functions of class templates defined outside the class, called
// on instances made before and after the definition (each instance's
// body is its own, with its parameter names, which differ from the
// declaration's); an explicit instantiation of a class template and of a
// function template; a function template defined after its instances
// were made from a host function template, in the order nvcc defines
// them.
template <class T> struct Acc {
	T sum;
	__device__ __noinline__ void add(T v);
	__device__ __noinline__ T scaled(T k) const;
};
__device__ int early(int v)
{
	Acc<int> a = {v};
	a.add(3);
	return a.scaled(2);
}
template <class T> __device__ __noinline__ void Acc<T>::add(T x) { sum += x * 2; }
template <class T> __device__ __noinline__ T Acc<T>::scaled(T by) const { return sum * by - 1; }
template struct Acc<long long>;
template <class T> __device__ __noinline__ T mix(T a, T b) { return a * 3 - b; }
template __device__ short mix<short>(short, short);
extern "C" __global__ void templates_out_of_class(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 6;
	o[0] = early(v);
	Acc<float> f = {(float)v};
	f.add(0.5f);
	o[1] = (int)(f.scaled(4.0f) * 10.0f);
	Acc<long long> l = {(long long)v << 20};
	l.add(v);
	o[2] = (int)(l.scaled(3) >> 16);
	o[3] = mix(v, t);
	o[4] = mix<short>((short)v, (short)t);
	o[5] = (int)mix<long long>(v, 7);
}

// What public CUDA programs write (cuda-samples, rodinia): a function
// template whose signature names types through its parameter, called with
// an explicit argument; a static member function of a class template's
// specialization called as a statement; member function templates called
// with explicit arguments; parameters named only in a definition; host
// constants of floating type in device code (their values).
template <typename T> struct vec3 { typedef float3 Type; };
template <typename T>
__device__ typename vec3<T>::Type scale(typename vec3<T>::Type v, T s)
{
	v.x *= s;
	return v;
}
template <int X, int Y> struct Win {
	int buf[X * Y];
	static __device__ void run(const int *in, int *out) { out[0] = in[0] + X * Y; }
	template <bool R> __device__ int get(const int *in, int k) { return R ? in[k] : k + X; }
};
const float kPredict = -1.586134342f;
const float kUndo = -kPredict;
const double kHalf = 0.5;
__device__ int twice(int);
__global__ void k(const int *in, int *out, float3 *v)
{
	v[0] = scale<float>(v[1], kPredict);
	Win<4, 2>::run(in, out);
	Win<4, 2> w;
	out[1] = w.get<true>(in, 2) + w.get<false>(in, 3) + twice(in[4]);
	v[2].x = kUndo * (float)kHalf;
}
__device__ int twice(int a) { return a * 2; }

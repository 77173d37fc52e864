//@ kernel: templates_dependent_names
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:-1000:1000
//@ arg: zero:4096
// Calls as real programs write them (nbody, rodinia's dwt2d): a function
// template whose result and parameters are names through its parameter
// (typename vec3<T>::Type), called with an explicit argument from a
// template; a static member function of a class template's
// specialization called as a statement (F<64, 2>::run(in, out);) from a
// template kernel body whose launch bounds use its parameters; member
// function templates called with explicit arguments (s.tr<true,
// false>(x), s.template get<int>(x)), non-type and type.
#define CTMIN(a, b) (((a) < (b)) ? (a) : (b))
template <typename T> struct vec3 { typedef float3 Type; };
template <> struct vec3<double> { typedef double3 Type; };
template <typename T> struct vec4 { typedef float4 Type; };
template <> struct vec4<double> { typedef double4 Type; };

template <typename T>
__device__ typename vec3<T>::Type interact(typename vec3<T>::Type ai, typename vec4<T>::Type bi, typename vec4<T>::Type bj)
{
	typename vec3<T>::Type r;
	r.x = bj.x - bi.x;
	r.y = bj.y - bi.y;
	r.z = bj.z - bi.z;
	T s = bj.w * (r.x * r.x + r.y * r.y + r.z * r.z + T(1));
	ai.x += r.x * s;
	ai.y += r.y * s;
	ai.z += r.z * s;
	return ai;
}

template <typename T>
__device__ typename vec3<T>::Type accel(typename vec4<T>::Type pos, const typename vec4<T>::Type *all, int n)
{
	typename vec3<T>::Type acc = {0, 0, 0};
	for (int k = 0; k < n; k++)
		acc = interact<T>(acc, pos, all[k]);
	return acc;
}

template <typename T>
__device__ void integrate(const int *in, int *out)
{
	typename vec4<T>::Type all[4];
	for (int k = 0; k < 4; k++) {
		all[k].x = T(in[k]) * T(0.25);
		all[k].y = T(in[k + 4]) * T(0.5);
		all[k].z = T(in[k + 8]);
		all[k].w = T(k + 1) * T(0.125);
	}
	typename vec4<T>::Type pos = all[threadIdx.x % 4];
	typename vec3<T>::Type a =
		accel<T>(pos, all, 4);
	out[0] = (int)a.x;
	out[1] = (int)a.y;
	out[2] = (int)a.z;
}

template <int X, int Y>
struct Window {
	int buf[X * Y];
	static __device__ void run(const int *in, int *out)
	{
		out[0] = in[0] * X + Y;
	}
	template <bool Read, bool Write>
	__device__ int transform(const int *in, int k)
	{
		int v = Read ? in[k] : k;
		return Write ? v * 2 + X : v - Y;
	}
	template <class U>
	__device__ U get(U x) const { return x + U(X) / U(Y); }
};

template <int SX, int SY>
__device__ void windowed(const int *const input, int *const output)
{
	Window<SX, SY>::run(input, output);
	Window<SX, SY> w;
	output[1] = w.template transform<true, true>(input, 1);
	output[2] = w.template transform<false, true>(input, 2);
	output[3] = w.template transform<true, false>(input, 3);
	output[4] = (int)w.template get<float>(1.5f);
	output[5] = w.template get<int>(input[4]);
	output[6] = w.get(input[5]);
}

// Launch bounds that use the template's parameters (not run).
template <int SX, int SY>
__launch_bounds__(SX, CTMIN(4096 / sizeof(Window<SX, SY>), 8))
__global__ void windowed_kernel(const int *const input, int *const output)
{
	Window<SX, SY>::run(input, output);
}
template __global__ void windowed_kernel<64, 2>(const int *const, int *const);

extern "C" __global__ void templates_dependent_names(const int *in, int *out)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int *o = out + t * 16;
	integrate<float>(in + t % 16, o);
	integrate<double>(in + t % 16, o + 3);
	windowed<32, 2>(in + t % 32, o + 6);
	Window<8, 4>::run(in + t, o + 13);
	Window<4, 2> w;
	o[14] = w.transform<false, false>(in, t % 8) + w.transform<true, false>(in, 5);
	o[15] = (int)(w.get<double>(0.25) * 4) + w.get<int>(t);
}

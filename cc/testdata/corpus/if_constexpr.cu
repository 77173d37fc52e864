//@ kernel: if_constexpr
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:512
// if constexpr, which nvcc 11.8 takes in C++14 (llm.c writes it): only
// the branch taken is compiled, so the other may be ill-formed for the
// template's arguments (a member a scalar lacks); nested, with an
// else-if chain, and on a constant of the function.
template <class T> struct is_vec2 { static const bool value = false; };
template <> struct is_vec2<float2> { static const bool value = true; };
template <class T>
__device__ float total(T v)
{
	if constexpr (is_vec2<T>::value) {
		return v.x + v.y;
	} else {
		return v * 2;
	}
}
template <int N>
__device__ int scale(int x)
{
	if constexpr (N > 4)
		return x * N;
	else if constexpr (N == 2)
		return x + 100;
	else {
		if constexpr (sizeof(int) == 4)
			return -x;
		return 0;
	}
}
extern "C" __global__ void if_constexpr(const int *in, float *out)
{
	int t = threadIdx.x;
	float *o = out + t * 4;
	o[0] = total(in[t] * 0.5f);
	o[1] = total(make_float2(in[t], in[t + 32]));
	o[2] = scale<8>(in[t]) + scale<2>(in[t + 32]);
	o[3] = scale<1>(in[t]);
	constexpr bool wide = sizeof(long) == 8;
	if constexpr (wide)
		o[3] += 0.5f;
}

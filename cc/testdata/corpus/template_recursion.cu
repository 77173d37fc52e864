//@ kernel: template_recursion
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// A function template recursing over its non-type parameter (pow3<N - 1>)
// ended by an explicit specialisation.
template <int N>
__device__ int pow3() { return 3 * pow3<N - 1>(); }
template <>
__device__ int pow3<0>() { return 1; }
extern "C" __global__ void template_recursion(const int *in, int *out)
{
	int t = threadIdx.x;
	out[t] = in[t] * pow3<4>() + pow3<1>();
}

//@ kernel: template_func_args
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:512
// Functions as template arguments written at the call (llm.c's
// blockReduce<warpReduceSum>(x)): a parameter of a pointer-to-function
// type named through an alias, one written as a declarator, with & and
// without, beside a default argument and an integral argument.
using reduction_func_t = float (*)(float);
__device__ float warpSum(float v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_xor_sync(0xffffffff, v, o);
	return v;
}
__device__ float warpMax(float v)
{
	for (int o = 16; o > 0; o >>= 1)
		v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
	return v;
}
__device__ float halve(float v) { return v * 0.5f; }
template <reduction_func_t warp_reduction>
__device__ float blockReduce(float val, bool final_sync = false, float bias = 0.0f)
{
	float r = warp_reduction(val) + bias;
	if (final_sync)
		__syncthreads();
	return r;
}
template <float (*F)(float), int N>
__device__ float repeat(float v)
{
	for (int i = 0; i < N; i++)
		v = F(v);
	return v;
}
extern "C" __global__ void template_func_args(const int *in, float *out)
{
	int t = threadIdx.x;
	float v = in[t] * 0.25f;
	float *o = out + t * 4;
	o[0] = blockReduce<warpSum>(v, true);
	o[1] = blockReduce<&warpMax>(v, false, 1.5f);
	o[2] = repeat<halve, 3>(v);
	o[3] = repeat<&halve, 0>(v) + blockReduce<warpSum>(1.0f);
}

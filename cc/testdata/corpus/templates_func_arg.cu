//@ kernel: templates_func_arg
//@ grid: 1
//@ block: 64
//@ arg: gen:f32:64:-10:10
//@ arg: zero:512
// A function as the argument of a function template's non-type
// parameter of pointer-to-function type, given explicitly in a call
// (blockReduce<warpReduceSum>(v), as llm.c writes it, and &f), also from
// inside another instance of a template with such a parameter.
using reduction_func_t = float (*)(float);
__device__ float warpReduceSum(float val)
{
	for (int offset = 16; offset > 0; offset /= 2)
		val += __shfl_xor_sync(0xffffffffu, val, offset);
	return val;
}
__device__ float warpReduceMax(float val)
{
	for (int offset = 16; offset > 0; offset /= 2)
		val = fmaxf(val, __shfl_xor_sync(0xffffffffu, val, offset));
	return val;
}
template <reduction_func_t warp_reduction>
__device__ __noinline__ float blockReduce(float val, bool final_sync, float out_of_bounds)
{
	__shared__ float shared_val[32];
	const int lane_id = threadIdx.x % 32;
	const int warp_id = threadIdx.x / 32;
	const int num_warps = blockDim.x / 32;
	float warp_val = warp_reduction(val);
	if (lane_id == 0)
		shared_val[warp_id] = warp_val;
	__syncthreads();
	warp_val = (lane_id < num_warps) ? shared_val[lane_id] : out_of_bounds;
	float block_val = warp_reduction(warp_val);
	if (final_sync)
		__syncthreads();
	return block_val;
}
template <reduction_func_t warp_reduction>
__device__ float blockReduce(float val)
{
	return blockReduce<warp_reduction>(val, true, 0.0f);
}
extern "C" __global__ void templates_func_arg(const float *in, float *out)
{
	int t = threadIdx.x;
	float v = in[t];
	float s = blockReduce<warpReduceSum>(v);
	float m = blockReduce<&warpReduceMax>(v, true, -1e30f);
	out[t * 2] = s;
	out[t * 2 + 1] = m;
}

//@ kernel: vectors
//@ grid: 2
//@ block: 32
//@ arg: gen:f32:256
//@ arg: gen:s32:128
//@ arg: zero:1024
//@ arg: zero:512
// Vector types: float4 and int2 loads and stores (ld/st .v4 and .v2),
// make_float4, a float4 passed by value to a __noinline__ function.
__device__ __noinline__ float4 scale4(float4 v, float s)
{
	return make_float4(v.x * s, v.y * s, v.z + s, v.w - s);
}
extern "C" __global__ void vectors(const float4 *in, const int2 *iv, float4 *out, int2 *oi)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float4 v = in[i];
	float4 r = scale4(v, 0.5f + (float)threadIdx.x);
	out[i] = make_float4(r.w, r.z, r.y, r.x);
	int2 a = iv[i];
	oi[i] = make_int2(a.x + a.y, a.x - a.y);
}

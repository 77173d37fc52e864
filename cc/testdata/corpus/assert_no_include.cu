//@ kernel: assert_no_include
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:1000
//@ arg: zero:128
// assert without #include <cassert>, as a kernel file written for NVRTC
// names it (simpleAssert_nvrtc): nvcc's <cuda_runtime.h>, which every
// unit includes, includes <assert.h>.
extern "C" __global__ void assert_no_include(const int *in, int *out)
{
	int t = threadIdx.x;
	assert(t < 32);
	assert(in[t] >= 0 && in[t] <= 1000);
	out[t] = in[t] * 2 + t;
}

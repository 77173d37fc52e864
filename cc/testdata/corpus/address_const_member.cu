//@ kernel: address_const_member
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:1000
//@ arg: zero:128
// Address constants that name a member of a global struct in a device
// variable's initializer: &items[2].tags[2] and &items[1].w.
struct Item {
	short id;
	float w;
	int tags[3];
};
__device__ Item items[4] = {{1, 0.5f, {1, 2, 3}}, {-2, -1.25f, {4}}, {3}};
__device__ int *gptrs[2] = {&items[2].tags[2], &items[0].tags[1]};
__device__ float *wptr = &items[1].w;
extern "C" __global__ void address_const_member(const int *in, int *out)
{
	int t = threadIdx.x;
	out[t] = in[t] + *gptrs[t & 1] + (int)(*wptr * 4);
}

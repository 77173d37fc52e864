//@ kernel: globals_init
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:1000
//@ arg: zero:384
// Module-scope initializers: an array of structs with nested aggregates
// partly initialized (the rest zero), a 2-D array, floats and doubles with
// exact and inexact literals, negative values in narrow types, an array
// of pointers to globals and into an array (address constants with
// offsets), a const __device__ table, and a
// zero-initialized array written at run time.
struct Item {
	short id;
	float w;
	int tags[3];
	double d;
};
__device__ Item items[4] = {{1, 0.5f, {1, 2, 3}, 1e-3}, {-2, -1.25f, {4}}, {3}};
__device__ int grid2[2][3] = {{1, -2, 3}, {-4}};
__device__ signed char sc[3] = {-128, 127, -1};
__device__ float fl[3] = {0.1f, 3.4028235e38f, -1.17549435e-38f};
__device__ int ga = 11, gb = 22;
__device__ int *gptrs[4] = {&ga, &gb, &grid2[1][1], &grid2[0][2]}; // &items[2].tags[2]: pending/address_const_member.cu
__device__ float *wptr = &fl[0];
__device__ const unsigned short table[5] = {65535, 0, 1, 32768, 12345};
__device__ int zeros[32];
extern "C" __global__ void globals_init(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	zeros[t] = v;
	__syncthreads();
	const Item &it = items[t & 3];
	int *o = out + t * 3;
	o[0] = it.id * 1000 + it.tags[0] + it.tags[1] * 3 + it.tags[2] * 7 + (int)(it.w * 8) + (int)(it.d * 1e4);
	o[1] = grid2[t & 1][t % 3] + sc[t % 3] + table[t % 5] + *gptrs[t & 3] + (int)(*wptr * 4);
	o[2] = __float_as_int(fl[t % 3]) ^ zeros[(t + 1) & 31] ^ zeros[t];
}

//@ kernel: statics_globals
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:100
//@ arg: zero:256
// Static storage: __device__ globals with initializers (scalars of every
// width, arrays partly initialized, a struct, a string, a pointer to
// another global), a static __device__ global, a static local in a device
// function (counted per call, one thread writing), and globals updated by
// one thread and read after a barrier.
struct Cfg {
	int scale;
	float off;
	short tab[4];
};
__device__ char g_c = -5;
__device__ unsigned short g_us = 60000;
__device__ long long g_ll = -1234567890123LL;
__device__ double g_d = 2.5;
__device__ int g_arr[8] = {3, 1, 4, 1, 5};
__device__ Cfg g_cfg = {7, 0.25f, {10, 20, 30, 40}};
__device__ const char g_str[] = "static";
__device__ int *g_ptr = &g_arr[2];
static __device__ int s_counter = 100;
__device__ __noinline__ int next_id()
{
	static int calls = 0;
	static const int base[3] = {11, 22, 33};
	calls++;
	return base[calls % 3] + calls;
}
extern "C" __global__ void statics_globals(const int *in, int *out)
{
	int t = threadIdx.x;
	if (t == 0) {
		int a = next_id(), b = next_id(), c = next_id();
		s_counter += a + b + c;
		g_arr[7] = g_str[t + 1];
	}
	__syncthreads();
	int v = in[t];
	int *o = out + t * 2;
	o[0] = g_c + g_us + (int)(g_ll % 1000) + (int)(g_d * 4) + g_arr[t & 7] + *g_ptr + s_counter;
	o[1] = v * g_cfg.scale + (int)(g_cfg.off * 8) + g_cfg.tab[t & 3] + g_str[t % 6];
}

//@ kernel: constant_mem
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:0:16
//@ arg: zero:256
// Module-scope data: __constant__ tables with initializers, a __device__ array
// of pointers initialized with the addresses of other objects (and an offset
// into one), a __device__ struct with an initializer, a __device__ counter.
struct Cfg {
	int scale;
	char name[6];
	double bias;
};
__constant__ int ctab[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
__constant__ short cshort[4] = {-1, 200, -300, 4000};
__device__ int arr_a[4] = {10, 20, 30, 40};
__device__ int arr_b[4] = {-5, -6, -7, -8};
__device__ int *ptrs[3] = {arr_a, arr_b, arr_a + 2};
__device__ Cfg cfg = {7, "abcde", 0.25};
__device__ int counter;
extern "C" __global__ void constant_mem(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i];
	int r = ctab[v] * cfg.scale + cshort[v & 3] + ptrs[v % 3][v & 1] + cfg.name[v % 5] + (int)(cfg.bias * 8.0);
	atomicAdd(&counter, 1);
	out[i] = r;
}

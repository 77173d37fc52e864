//@ kernel: address_const_more
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:1000
//@ arg: zero:128
// Address constants in device variables' initializers: string literals
// (a pointer, an array of pointers, a literal plus an offset, in a
// struct), a __constant__ table of strings, members of nested structs
// and of a base class subobject (a derived-to-base conversion), and an
// element of a 2-D array.
struct Base0 {
	int pad[3];
};
struct Base1 {
	int b;
};
struct Derived : Base0, Base1 {
	int d;
};
struct Named {
	const char *name;
	int len;
};
__device__ const char *greeting = "hello";
__device__ const char *tail = "abcdef" + 3;
__constant__ const char *const words[3] = {"red", "green", "blue"};
__device__ Named named[2] = {{"first", 5}, {"second", 6}};
__device__ Derived dv;
__device__ Base1 *pb = &dv;
__device__ int *pd = &dv.b;
__device__ int grid2[3][4];
__device__ int *cell = &grid2[2][1];
__device__ struct {
	struct {
		short s;
		int v[2];
	} in;
} nest;
__device__ int *pv = &nest.in.v[1];
extern "C" __global__ void address_const_more(const int *in, int *out)
{
	int t = threadIdx.x;
	if (t == 0) {
		pb->b = 40;
		*cell = 7;
		*pv = 9;
	}
	__syncthreads();
	const char *w = words[t % 3];
	out[t] = in[t] + greeting[t % 5] + tail[t % 3] * 2 + w[1] * 3 + named[t & 1].name[t % 5] * 5 +
		named[t & 1].len + dv.b * 11 + *pd + grid2[2][1] * 13 + nest.in.v[1] * 17;
}

//@ kernel: array_reference
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// A reference to an array as a parameter: const int (&a)[4], bound to a
// local array.
__device__ __noinline__ int sum4(const int (&a)[4])
{
	return a[0] + a[1] + a[2] + a[3];
}
extern "C" __global__ void array_reference(const int *in, int *out)
{
	int t = threadIdx.x;
	int a[4] = {in[t], t, 7, -t};
	out[t] = sum4(a);
}

// The half of a two-module program that ptxabi cc -rdc compiles: it calls
// nv_square_minus, which theirs.cu (nvcc -rdc=true) defines, and defines
// twice_plus, which theirs.cu calls (cc's TestLinkWithNVCC, internal/gpucheck).
extern __device__ int nv_square_minus(int v);
__device__ int twice_plus(int v, int k) { return 2 * v + k; }
extern "C" __global__ void k_ours(int *p)
{
	int t = threadIdx.x;
	p[t] = nv_square_minus(t) + twice_plus(t, 5);
}

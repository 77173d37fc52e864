// The half of a two-module program that nvcc -rdc=true compiles (see ours.cu).
extern __device__ int twice_plus(int v, int k);
__device__ int nv_square_minus(int v) { return v * v - 1; }
extern "C" __global__ void k_nv(int *p)
{
	int t = threadIdx.x;
	p[t] = twice_plus(t, 7) * 3;
}

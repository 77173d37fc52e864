// Templates: recursion through explicit arguments, an explicit specialization,
// deduction inside instances, shared memory of a dependent type.
template <int N> __device__ int fact() { return N * fact<N - 1>(); }
template <> __device__ int fact<0>() { return 1; }
template <typename T> __device__ T warp_sum(T v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffff, v, o);
	return v;
}
template <typename T, int BS> __device__ void block_reduce(T *out, const T *in)
{
	__shared__ T buf[BS];
	T v = in[threadIdx.x];
	buf[threadIdx.x] = warp_sum(v);
	__syncthreads();
	if (threadIdx.x == 0) {
		T s = T();
		for (int i = 0; i < BS; i += 32) s += buf[i];
		atomicAdd(out, s);
	}
}
template <typename T> __device__ T clampv(T x, T lo, T hi) { return x < lo ? lo : (x > hi ? hi : x); }
__global__ void k(float *out, const float *in, int *iout, const int *iin)
{
	block_reduce<float, 256>(out, in);
	block_reduce<int, 128>(iout, iin);
	out[1] = fact<5>() + clampv(in[0], 0.0f, 1.0f) + clampv<int>(iin[0], 0, 10);
}

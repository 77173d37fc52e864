//@ kernel: reduce_dyn
//@ grid: 3
//@ block: 96
//@ shared: 768
//@ arg: gen:f64:288
//@ arg: zero:24
// Reduction in dynamic shared memory (extern __shared__), in double, with a
// fixed order of additions: each block sums its 96 values pairwise.
extern __shared__ double sdata[];
extern "C" __global__ void reduce_dyn(const double *in, double *out)
{
	unsigned t = threadIdx.x;
	sdata[t] = in[blockIdx.x * blockDim.x + t];
	__syncthreads();
	// 96 = 3 * 32: fold the top third first, then halve.
	if (t < 32)
		sdata[t] += sdata[t + 64];
	__syncthreads();
	for (unsigned d = 32; d > 0; d >>= 1) {
		if (t < d)
			sdata[t] += sdata[t + d];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = sdata[0];
}

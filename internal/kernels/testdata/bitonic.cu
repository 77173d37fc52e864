//@ kernel: bitonic
//@ grid: 2
//@ block: 128
//@ arg: gen:s32:256:-1000000:1000000
// Bitonic sort of each block's 128 integers in shared memory.
extern "C" __global__ void bitonic(int *data)
{
	__shared__ int s[128];
	unsigned t = threadIdx.x;
	s[t] = data[blockIdx.x * 128 + t];
	__syncthreads();
	for (unsigned k = 2; k <= 128; k <<= 1)
		for (unsigned j = k >> 1; j > 0; j >>= 1) {
			unsigned p = t ^ j;
			if (p > t) {
				bool up = (t & k) == 0;
				int a = s[t], b = s[p];
				if ((a > b) == up) {
					s[t] = b;
					s[p] = a;
				}
			}
			__syncthreads();
		}
	data[blockIdx.x * 128 + t] = s[t];
}

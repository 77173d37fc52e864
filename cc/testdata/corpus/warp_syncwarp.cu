//@ kernel: warp_syncwarp
//@ grid: 2
//@ block: 64
//@ arg: gen:s32:128:-1000:1000
//@ arg: zero:1024
// __syncwarp() (all lanes) and __syncwarp(mask) between writes and reads
// of shared memory by other lanes of the warp: the warp-synchronous tail
// of a block reduction as cuda-samples write it, and a half-warp exchange.
extern "C" __global__ void warp_syncwarp(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
	s[t] = in[g];
	__syncthreads();
	if (t < 32) {
		int v = s[t] + s[t + 32];
		s[t] = v;
		__syncwarp();
		for (int off = 16; off > 0; off >>= 1) {
			if (t < off)
				v += s[t + off];
			__syncwarp();
			s[t] = v;
			__syncwarp();
		}
		if (t == 0)
			out[blockIdx.x * 8] = v;
	}
	__syncthreads();
	int lane = t & 31;
	if (lane < 16) {
		s[t] = in[g] * 3 + lane;
		__syncwarp(0x0000ffffu);
		out[16 + g] = s[(t & ~15) + (15 - lane)];
	}
}

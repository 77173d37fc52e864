//@ kernel: transpose
//@ grid: 3,2
//@ block: 16,16
//@ arg: s32:48
//@ arg: s32:32
//@ arg: gen:u32:1536:0:4000000000
//@ arg: zero:6144
// Tiled matrix transpose through shared memory with a padded tile.
#define T 16
extern "C" __global__ void transpose(int w, int h, const unsigned *in, unsigned *out)
{
	__shared__ unsigned tile[T][T + 1];
	int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
	if (x < w && y < h)
		tile[threadIdx.y][threadIdx.x] = in[y * w + x];
	__syncthreads();
	x = blockIdx.y * T + threadIdx.x;
	y = blockIdx.x * T + threadIdx.y;
	if (x < h && y < w)
		out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

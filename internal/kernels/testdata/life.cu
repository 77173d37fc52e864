//@ kernel: life
//@ grid: 1
//@ block: 16,16
//@ arg: s32:6
//@ arg: gen:u8:256:0:2
//@ arg: zero:256
// Conway's Life on a 16x16 torus in shared memory, several generations inside
// one block, with the result copied back to global memory.
extern "C" __global__ void life(int gens, unsigned char *board, unsigned char *counts)
{
	__shared__ unsigned char cur[16][16], nxt[16][16];
	int x = threadIdx.x, y = threadIdx.y;
	cur[y][x] = board[y * 16 + x];
	__syncthreads();
	for (int g = 0; g < gens; g++) {
		int n = 0;
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++)
				if (dx || dy)
					n += cur[(y + dy) & 15][(x + dx) & 15];
		nxt[y][x] = n == 3 || (n == 2 && cur[y][x]);
		__syncthreads();
		cur[y][x] = nxt[y][x];
		counts[y * 16 + x] += (unsigned char)n;
		__syncthreads();
	}
	board[y * 16 + x] = cur[y][x];
}

//@ kernel: imatmul
//@ grid: 2,2
//@ block: 8,8
//@ arg: gen:s32:256:-1000:1000
//@ arg: gen:s32:256:-1000:1000
//@ arg: zero:1024
//@ arg: zero:2048
// Tiled integer matrix product (16x16) with shared-memory tiles: 32-bit with
// wrap-around and 64-bit accumulators (mad.lo and mad.wide patterns).
#define N 16
#define T 8
extern "C" __global__ void imatmul(const int *a, const int *b, int *c, long long *c64)
{
	__shared__ int ta[T][T], tb[T][T];
	int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
	int acc = 0;
	long long acc64 = 0;
	for (int t = 0; t < N / T; t++) {
		ta[threadIdx.y][threadIdx.x] = a[row * N + t * T + threadIdx.x];
		tb[threadIdx.y][threadIdx.x] = b[(t * T + threadIdx.y) * N + col];
		__syncthreads();
		for (int k = 0; k < T; k++) {
			acc += ta[threadIdx.y][k] * tb[k][threadIdx.x] * 77777;
			acc64 += (long long)ta[threadIdx.y][k] * tb[k][threadIdx.x];
		}
		__syncthreads();
	}
	c[row * N + col] = acc;
	c64[row * N + col] = acc64;
}

//@ kernel: dotprod
//@ grid: 2
//@ block: 32
//@ arg: gen:u32:64:bits
//@ arg: gen:u32:64:bits
//@ arg: zero:1024
// Byte and half-word dot products: __dp4a and __dp2a_lo/_hi (signed and
// unsigned) from sm_61, the same sums written out in C before (and on the
// host), and a mixed-sign one in plain C that nvcc turns into dp2a.
__device__ int sb(unsigned v, int i) { return (signed char)(v >> (8 * i)); }
__device__ unsigned ub(unsigned v, int i) { return (v >> (8 * i)) & 0xff; }
__device__ int sh(unsigned v, int i) { return (short)(v >> (16 * i)); }
__device__ unsigned uh(unsigned v, int i) { return (v >> (16 * i)) & 0xffff; }
extern "C" __global__ void dotprod(const unsigned *a, const unsigned *b, unsigned *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned x = a[i], y = b[i];
	unsigned *o = out + 4 * i;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 610
	o[0] = (unsigned)__dp4a((int)x, (int)y, i);
	o[1] = __dp4a(x, y, 7u);
	o[2] = (unsigned)__dp2a_lo((int)x, (int)y, -i);
	o[3] = __dp2a_hi(x, y, 3u);
#else
	o[0] = (unsigned)(i + sb(x, 0) * sb(y, 0) + sb(x, 1) * sb(y, 1) + sb(x, 2) * sb(y, 2) + sb(x, 3) * sb(y, 3));
	o[1] = 7u + ub(x, 0) * ub(y, 0) + ub(x, 1) * ub(y, 1) + ub(x, 2) * ub(y, 2) + ub(x, 3) * ub(y, 3);
	o[2] = (unsigned)(-i + sh(x, 0) * sb(y, 0) + sh(x, 1) * sb(y, 1));
	o[3] = 3u + uh(x, 0) * ub(y, 2) + uh(x, 1) * ub(y, 3);
#endif
	o[0] ^= (unsigned)(sh(x, 0) * (int)ub(y, 0) + sh(x, 1) * (int)ub(y, 1));
}

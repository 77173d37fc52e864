//@ kernel: sizeof_alignof
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:100
//@ arg: zero:256
// sizeof and alignof of types and expressions (not evaluated: a call or
// an increment inside sizeof has no effect), alignof and __alignof__,
// and sizes that differ between -m32 and -m64 (pointers, long).
#include <cstddef>
struct A {
	char c;
	double d;
	short s;
};
struct __align__(32) B {
	int x;
};
union U {
	char c[5];
	int i;
};
__device__ int calls;
__device__ int side() { return ++calls; }
extern "C" __global__ void sizeof_alignof(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int n = v;
	int *o = out + t * 2;
	o[0] = sizeof(A) + sizeof(B) * 100 + sizeof(U) * 10000 + (int)sizeof(n++) * 1000000 + (int)sizeof(side());
	o[1] = alignof(A) + __alignof__(B) * 100 + alignof(U) * 10000 + 0 * 1000000 + // offsetof(A, s): pending/offsetof_body.cu
		
		(int)(sizeof(void *) + sizeof(long) * 10 + sizeof(size_t) * 100) * 1000 + n - v + calls;
}

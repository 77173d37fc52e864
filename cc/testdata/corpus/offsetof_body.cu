//@ kernel: offsetof_body
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:100
//@ arg: zero:128
// offsetof in a function body.
#include <cstddef>
struct A {
	char c;
	double d;
	short s;
};
extern "C" __global__ void offsetof_body(const int *in, int *out)
{
	int t = threadIdx.x;
	out[t] = in[t] + (int)offsetof(A, d) * 100 + (int)offsetof(A, s);
}

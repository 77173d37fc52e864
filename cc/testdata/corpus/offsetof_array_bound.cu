//@ kernel: offsetof_array_bound
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:100
//@ arg: zero:128
// offsetof of an element of a member array in an array bound (a constant
// expression the declaration parser evaluates): offsetof(Out, in[1].d[2]).
#include <stddef.h>
struct In {
	short s;
	double d[3];
};
struct Out {
	char c;
	In in[2];
};
extern "C" __global__ void offsetof_array_bound(const int *in, int *out)
{
	int t = threadIdx.x;
	char pad[offsetof(Out, in[1].d[2])];
	pad[t] = (char)in[t];
	out[t] = (int)sizeof(pad) + pad[t];
}

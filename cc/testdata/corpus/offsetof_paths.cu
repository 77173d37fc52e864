//@ kernel: offsetof_paths
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:100
//@ arg: zero:128
// offsetof in a body with a designator: a member's member, an array
// element (constant index), __builtin_offsetof, and in a constant
// expression (an array bound, a case label).
#include <stddef.h>
struct In {
	short s;
	double d[3];
};
struct Out {
	char c;
	In in[2];
	int last;
};
extern "C" __global__ void offsetof_paths(const int *in, int *out)
{
	int t = threadIdx.x;
	char pad[offsetof(Out, last) - 40];
	pad[0] = (char)t;
	int k = 0;
	switch (in[t] & 63) {
	case offsetof(Out, last):
		k = 1;
		break;
	case __builtin_offsetof(In, d[1]):
		k = 2;
		break;
	default:
		k = (int)sizeof(pad);
	}
	out[t] = k * 1000 + (int)offsetof(Out, in[1].s) + (int)offsetof(Out, in[1].d[2]) * 100 + pad[0] * 3;
}

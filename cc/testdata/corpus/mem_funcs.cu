//@ kernel: mem_funcs
//@ grid: 1
//@ block: 16
//@ arg: gen:u8:256:bits
//@ arg: zero:512
// memcpy and memset in device code: between global buffers, into a local
// struct and back, with sizes known and computed.
#include <cstring>
struct Rec {
	int a;
	short b[3];
	char c;
};
extern "C" __global__ void mem_funcs(const unsigned char *in, unsigned char *out)
{
	int t = threadIdx.x;
	memcpy(out + 32 * t, in + 16 * t, 16);
	memset(out + 32 * t + 16, t + 1, (size_t)(t & 7));
	Rec r;
	memcpy(&r, in + 16 * ((t + 3) & 15), sizeof r);
	r.b[1] += (short)t;
	memcpy(out + 32 * t + 24, &r, 8);
}

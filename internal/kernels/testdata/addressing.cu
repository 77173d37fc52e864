//@ kernel: addressing
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:1024
//@ arg: zero:256
//@ arg: s64:1000
// Pointer arithmetic that must be right with 32-bit and 64-bit addresses:
// negative and 64-bit offsets, pointer differences, pointers into arrays of
// structs, pointer comparisons, a pointer to a pointer, size_t indexing.
struct Rec {
	short a;
	int b;
	char c[3];
};
extern "C" __global__ void addressing(const int *in, int *out, long long off)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	const int *end = in + 1024;
	const int *p = end - 1 - i * 3;
	const int *q = in + (size_t)(off - 900) + i;
	const Rec *recs = (const Rec *)in;
	const Rec *r = &recs[i + 5];
	const int **pp = &p;
	int v = **pp + q[-i] + (int)(p - q) + (int)(end - p);
	v += r->b + r->a + r->c[2] + (int)((const char *)r - (const char *)in);
	v += p > q ? 1 : 0;
	v += (int)((const char *)&recs[i].c[1] - (const char *)&recs[0]);
	size_t idx = (size_t)i * 31u % 1024u;
	out[i] = v + in[idx] + (int)sizeof(Rec);
}

//@ kernel: packed_members
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:896
// Members of packed classes at offsets their types' alignment does not
// divide (an int at 1, a double at 9): read and written piece by piece,
// as nvcc does, not with one misaligned access; also in a packed class
// nested in another, through a pointer, in array elements, returned by
// value, and in a class packed to 2 bytes.
struct Pk {
	char c;
	int i;
	float f;
	double d;
} __attribute__((packed));
struct Outer {
	char x;
	Pk p;
} __attribute__((packed));
struct Al2 {
	short h;
	int i;
} __attribute__((packed, aligned(2)));
__device__ __noinline__ Pk mkpk(int v)
{
	Pk p;
	p.c = (char)v;
	p.i = v * 3;
	p.f = v * 0.5f;
	p.d = v * 0.25;
	return p;
}
extern "C" __global__ void packed_members(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 7;
	Pk p = mkpk(v);
	o[0] = p.i + p.c;
	o[1] = (int)(p.f * 4);
	o[2] = (int)(p.d * 8);
	Outer ou;
	ou.x = 1;
	ou.p.i = v;
	ou.p.d = 1.5 * v;
	o[3] = ou.p.i + (int)(ou.p.d * 2) + sizeof(Outer);
	Al2 a;
	a.h = 3;
	a.i = v * 11;
	o[4] = a.i + a.h + sizeof(Al2) * 100 + alignof(Al2) * 1000;
	Pk *pp = &p;
	pp->i += 5;
	o[5] = pp->i;
	Pk arr[2];
	arr[1].i = v;
	arr[1].f = 2.5f;
	o[6] = arr[1].i + (int)arr[1].f;
}

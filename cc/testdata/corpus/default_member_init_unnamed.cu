//@ kernel: default_member_init_unnamed
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:1024
// Default member initializers inside unnamed classes, which have no
// constructor of their own: an anonymous union (its first member) and
// an anonymous struct, and a member declared with an unnamed struct
// type; run by the enclosing class's implicit constructor, by a
// user-provided one, and in aggregate initialization.
struct S {
	union {
		int a = 41;
		float b;
	};
	int c = 2;
};
struct S2 {
	struct {
		int x = 3, y = 4;
	} pt;
	int z;
};
struct S3 {
	struct {
		int q = 8;
	};
	int r;
	__device__ S3(int v) : r(v) {}
};
extern "C" __global__ void default_member_init_unnamed(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 8;
	S s;
	o[0] = s.a + s.c;
	S2 s2;
	s2.z = v;
	o[1] = s2.pt.x + s2.pt.y * 10 + s2.z;
	S3 s3(v);
	o[2] = s3.q + s3.r;
	S si{};
	o[3] = si.a + si.c;
	S2 s2i{};
	o[4] = s2i.pt.y + s2i.z;
	S2 s2j{{v}};
	o[5] = s2j.pt.x + s2j.pt.y;
	union UN {
		int i = 9;
		float f;
	} un;
	o[6] = un.i;
	S arr[2];
	o[7] = arr[1].a + arr[0].c;
}

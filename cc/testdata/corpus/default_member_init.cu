//@ kernel: default_member_init
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:2048
// Default member initializers (C++11) and the implicitly defined default
// constructors that run them: for a local, an array of them, new and
// new[], value-initialization (T()), in a constructor that initializes
// other members, for a base, in a class template (per instance), for an
// array member, one that reads other members (in a constructor), braced
// ones, and in aggregate initialization (the members the list does not
// give, in a nested aggregate and in an array's elements too).
struct B {
	int k = 3;
	int m;
	int n = k * 2 + 1;
};
struct In {
	short s = 7;
	float f{2.5f};
};
struct Out {
	int a;
	In in;
	int z = -4;
};
struct Base {
	int bb = 11;
};
struct Der : Base {
	int dd = 1;
	__device__ Der(int x) : dd(x) {}
};
template <class T, int N> struct TT {
	T v = T(N) * 2;
	T arr[2] = {T(1), T(N)};
};
struct Arr {
	int a[3] = {4, 5, 6};
	int i = 1;
};
struct Cx {
	int a;
	int b = a + 10;
	__device__ Cx(int x) : a(x) {}
};
extern "C" __global__ void default_member_init(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 16;
	B b1;
	b1.m = v;
	o[0] = b1.k + b1.m + b1.n;
	In i2{};
	o[1] = i2.s + (int)(i2.f * 2);
	B b3{v, 2, 9};
	o[2] = b3.k + b3.n;
	Out ot{v};
	o[3] = ot.a + ot.in.s + (int)ot.in.f + ot.z;
	Der d(v);
	o[4] = d.bb + d.dd;
	TT<int, 5> tt;
	o[5] = tt.v + tt.arr[1];
	TT<float, 3> tf;
	o[6] = (int)(tf.v * 10) + (int)tf.arr[0];
	Arr ar;
	o[7] = ar.a[0] + ar.a[2] * 10 + ar.i;
	Cx cx(v);
	o[8] = cx.b;
	B *pb = new B;
	o[9] = pb->k + pb->n;
	delete pb;
	B *pa = new B[3];
	o[10] = pa[2].n + pa[0].k;
	delete[] pa;
	B bs[4];
	o[11] = bs[3].k + bs[0].n;
	In ins[2]{};
	o[12] = ins[1].s + ins[0].s;
	B bv = B();
	o[13] = bv.m + bv.k;
	Out o2 = {};
	o[14] = o2.z + o2.in.s + o2.a;
	In ip = {v};
	o[15] = ip.s + (int)ip.f;
}

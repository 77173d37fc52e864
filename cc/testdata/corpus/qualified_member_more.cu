//@ kernel: qualified_member_more
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:256
// Members named with their class through an object or a pointer:
// p->Base::f(), a hidden data member s.Base::v, a two-level hierarchy
// (c.Mid::f(), c.Top::f()), a namespace-qualified base, the object's
// own class (p->Leaf::f()), and a hidden member function.
namespace geo {
struct Top {
	int v;
	__device__ int f() const { return v + 1; }
	__device__ int g() const { return v * 2; }
};
}
struct Mid : geo::Top {
	int v;
	__device__ int f() const { return v * 3 + Top::v; }
	__device__ int g() const { return -v; }
};
struct Leaf : Mid {
	__device__ int f() const { return 7; }
};
extern "C" __global__ void qualified_member_more(const int *in, int *out)
{
	int t = threadIdx.x;
	Leaf c;
	c.geo::Top::v = in[t];
	c.Mid::v = t;
	Leaf *p = &c;
	int *o = out + t * 2;
	o[0] = c.f() + c.Mid::f() * 10 + p->geo::Top::f() * 100 + p->Leaf::f();
	o[1] = c.geo::Top::g() + c.Mid::g() * 1000 + p->Top::v;
}

//@ kernel: reference_members
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-1000:1000
//@ arg: zero:2048
// Classes with reference members: bound in a constructor's initializer
// list and by aggregate initialization, read and written through the
// object, through a pointer to it and through a copy of it (which refers
// to the same object), a reference to a class (its members through it),
// a const reference, and a class template holding T &.
struct Counter {
	int &n;
	int step;
	__device__ Counter(int &x, int s) : n(x), step(s) {}
	__device__ void bump() { n += step; }
};
struct Pair {
	int a, b;
};
struct View {
	Pair &p;
	const int &k;
};
template <class T> struct Ref {
	T &r;
	__device__ Ref(T &x) : r(x) {}
	__device__ T get() const { return r; }
	__device__ void set(T v) { r = v; }
};
__device__ __noinline__ void twice(Counter c)
{
	c.bump();
	c.bump();
}
extern "C" __global__ void reference_members(const int *in, int *out)
{
	int t = threadIdx.x;
	int *o = out + t * 16;
	int a = in[t], b = in[t + 32];
	int total = a;
	Counter c(total, b);
	c.bump();
	o[0] = total;
	Counter d = c;
	d.bump();
	twice(d);
	o[1] = total;
	Counter *pc = &c;
	pc->n = pc->n * 2 + 1;
	o[2] = total + c.n;
	Pair pr = {a, b};
	View v = {pr, a};
	v.p.a += 5;
	v.p.b = v.k * 3;
	o[3] = pr.a;
	o[4] = pr.b;
	Ref<int> r(o[5]);
	r.set(a - b);
	o[6] = r.get() * 2;
	Ref<Pair> rp(pr);
	rp.r.b = 7;
	o[7] = pr.b + rp.get().a;
	o[8] = sizeof(Counter) * 100 + sizeof(View);
}

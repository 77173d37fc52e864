//@ kernel: implicit_ctors
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-50:50
//@ arg: zero:1024
// Default constructors that classes without any get from their members
// and bases: a member or a base whose default constructor does
// something, arrays of classes with default constructors (local, member,
// two-dimensional: each element constructed, in order), and a base class
// template that names the class deriving from it (the curiously
// recurring template pattern: the class is declared from its name on).
struct D {
	int q;
	__device__ D() : q(9) {}
};
struct X {
	D d;
	int y;
};
struct Y : D {
	int z;
};
struct Z {
	D d;
	int y;
	__device__ Z() : y(1) {}
};
struct Many {
	D ds[3];
	int w;
};
template <class Derived> struct Shape {
	__device__ int area2(int s) { return static_cast<Derived *>(this)->area(s) * 2 + 1; }
};
struct Square : Shape<Square> {
	int scale = 3;
	__device__ int area(int s) { return s * s * scale; }
};
struct Tri : Shape<Tri> {
	__device__ int area(int s) { return s * s / 2; }
};
extern "C" __global__ void implicit_ctors(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t], w = in[t + 32];
	int *o = out + t * 8;
	X x;
	x.y = v;
	o[0] = x.d.q + x.y;
	Y y;
	o[1] = y.q + w;
	Z z;
	o[2] = z.d.q + z.y;
	X xs[2];
	o[3] = xs[1].d.q + xs[0].d.q;
	D dd[2][3];
	o[4] = dd[1][2].q * 2 + dd[0][0].q;
	Many m;
	o[5] = m.ds[2].q + m.ds[0].q;
	Square sq;
	Tri tr;
	o[6] = sq.area2(v) + tr.area2(w);
	Y *py = new Y;
	o[7] = py->q;
	delete py;
}

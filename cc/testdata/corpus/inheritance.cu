//@ kernel: inheritance
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:640
// Inheritance without virtual functions: single and multiple bases,
// members and member functions of a base called through the derived
// object, a derived object passed as a base reference and pointer (the
// pointer adjusted to the second base), a base member hidden by the
// derived one, constructors calling base constructors, and a derived
// class returned by value.
struct Named {
	int id;
	__device__ Named(int i) : id(i) {}
	__device__ int tag() const { return id * 10; }
};
struct Sized {
	short w, h;
	__device__ Sized(int a, int b) : w(a), h(b) {} // w((short)a): pending/ctor_init_cast.cu
	__device__ int area() const { return w * h; }
	__device__ int tag() const { return -1; }
};
struct Shape : Named, Sized {
	int depth;
	__device__ Shape(int i, int a, int b, int d) : Named(i), Sized(a, b), depth(d) {}
	__device__ int tag() const { return Named::tag() + Sized::tag() + depth; }
	__device__ int volume() const { return area() * depth; }
};
struct Cube : Shape {
	__device__ Cube(int i, int s) : Shape(i, s, s, s) {}
};
__device__ __noinline__ int by_ref(const Sized &s) { return s.area() + s.w; }
__device__ __noinline__ int by_ptr(const Sized *s) { return s->h * 7; }
__device__ __noinline__ Shape grow(Shape s, int k)
{
	s.w += k;
	s.depth *= k;
	return s;
}
extern "C" __global__ void inheritance(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	Shape s(t, v, v + 3, 2);
	Cube c(v, t % 5 + 1);
	Shape g = grow(s, 3);
	const Sized *sp = &c;
	int *o = out + t * 5;
	o[0] = s.tag() * 1000; // s.Sized::tag(): pending/qualified_member.cu
	o[1] = s.volume() + c.volume();
	o[2] = by_ref(s) + by_ptr(&c) + by_ptr(sp);
	o[3] = g.volume() + g.id + g.tag();
	o[4] = (int)((const char *)sp - (const char *)&c) + sizeof(Shape) * 100 + sizeof(Cube) * 10000;
}

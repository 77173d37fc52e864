//@ kernel: classes_nontrivial_calls
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-1000:1000
//@ arg: zero:1024
// A class with a copy constructor of its own (not trivially copyable)
// passed by value to and returned from __noinline__ functions, which a
// .func does through pointers to copies: a free function, a member
// function (the result's pointer before this), a call through a
// function pointer, and a call with the result discarded. The copy
// constructor counts copies.
struct Counted {
	int v;
	int copies;
	__device__ Counted(int x) : v(x), copies(0) {}
	__device__ Counted(const Counted &o) : v(o.v), copies(o.copies + 1) {}
	__device__ __noinline__ Counted scaled(Counted k) const { return Counted(v * k.v + copies); }
};
__device__ __noinline__ Counted twice(Counted c, int k)
{
	c.v = c.v * 2 + k;
	return c;
}
__device__ __noinline__ int peek(Counted c) { return c.v - c.copies; }
__device__ Counted (*const twice_ptr)(Counted, int) = twice;
extern "C" __global__ void classes_nontrivial_calls(const int *in, int *out)
{
	int t = threadIdx.x;
	Counted a(in[t]);
	Counted b = twice(a, t);
	Counted c = a.scaled(b);
	Counted d = twice_ptr(c, 3);
	twice(d, 1);
	int *o = out + t * 8;
	o[0] = b.v;
	o[1] = c.v;
	o[2] = d.v;
	o[3] = peek(d) + peek(Counted(t));
	o[4] = a.copies * 1000 + b.copies * 100 + c.copies * 10 + d.copies;
}

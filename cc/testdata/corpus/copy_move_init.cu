//@ kernel: copy_move_init
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:1536
// Copy- and move-initialization of classes with user-provided copy and
// move constructors: T x = y runs the copy constructor (y an lvalue) or
// the move constructor (an xvalue: static_cast<T &&>(y), a function
// returning T &&), direct and list initialization too, array elements
// from a list, a member from a constructor's parameter; a temporary
// initializes the object itself (elision). An rvalue reference binds no
// lvalue (the copy constructor is chosen for one). A const reference
// bound to a temporary keeps it for its own life.
struct Cp {
	int v;
	__device__ Cp(int x) : v(x) {}
	__device__ Cp(const Cp &o) : v(o.v + 1000) {}
};
struct Mv {
	int v;
	__device__ Mv(int x) : v(x) {}
	__device__ Mv(Mv &&o) : v(o.v + 7) { o.v = 0; }
	__device__ Mv(const Mv &o) : v(o.v + 1) {}
};
template <class T> __device__ T &&mv(T &x) { return static_cast<T &&>(x); }
struct Holder {
	Cp c;
	__device__ Holder(const Cp &x) : c(x) {}
};
__device__ Cp make(int x) { return Cp(x * 2); }
__device__ __noinline__ int byValue(Cp c) { return c.v; }
__device__ int sink(Mv &&m) { return m.v * 3; }
__device__ int sink(const Mv &m) { return m.v * 5; }
extern "C" __global__ void copy_move_init(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 12;
	Cp c(v);
	Cp c2 = c;
	o[0] = c2.v;
	Cp c3(c);
	o[1] = c3.v;
	Cp c4{c};
	o[2] = c4.v;
	Mv m1(v);
	Mv m2 = static_cast<Mv &&>(m1);
	o[3] = m1.v * 1000 + m2.v;
	Mv m3(v);
	Mv m4 = mv(m3);
	o[4] = m3.v * 1000 + m4.v;
	Mv m5(v);
	Mv m6 = m5;
	o[5] = m6.v + m5.v;
	Holder h(c);
	o[6] = h.c.v;
	Cp arr[2] = {c, Cp(v)};
	o[7] = arr[0].v + arr[1].v;
	Cp c5 = make(v);
	o[8] = c5.v + byValue(c5);
	o[9] = sink(m5) + sink(static_cast<Mv &&>(m5));
	const int &r = v * 3 + 1;
	const float &rf = v * 0.5f;
	o[10] = r + (int)(rf * 4);
	int x = v;
	int &rx = x;
	rx += 2;
	o[11] = x;
}

//@ kernel: direct_init_args
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:256
// Direct initializers whose arguments begin with a type: temporaries
// (T(-1), T(a + 1)), a functional cast of a scalar, and several
// declarators in one declaration, none of which is a parameter list.
struct V {
	int x, y;
	__device__ V(int a, int b) : x(a), y(b) {}
};
struct Seg {
	V a, b;
	__device__ Seg(V p, V q) : a(p), b(q) {}
	__device__ int len2() const { return (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y); }
};
extern "C" __global__ void direct_init_args(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	Seg s(V(-v, 2), V(v + 1, -3)), u(V(1, t * 2), V(-t, 0));
	int n(int(v * 1.5f) - 1), m(unsigned(v) >> 28);
	int *o = out + t * 2;
	o[0] = s.len2() + u.len2();
	o[1] = n * 10 + m;
}

//@ kernel: qualified_member
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// A member function of a base named with its class through an object
// (s.Base::tag()), calling the hidden base version.
struct Base {
	int id;
	__device__ int tag() const { return id * 10; }
};
struct Derived : Base {
	__device__ int tag() const { return -id; }
};
extern "C" __global__ void qualified_member(const int *in, int *out)
{
	int t = threadIdx.x;
	Derived d;
	d.id = in[t];
	out[t] = d.Base::tag() + d.tag();
}

//@ kernel: call_member
//@ grid: 1
//@ block: 32
//@ arg: gen:u32:32:bits
//@ arg: zero:768
// A member of the struct a call returns (f().m), bit fields included, and
// of a ?: between two such calls: found rejected by TestRandomPrograms.
struct S {
	unsigned a : 5;
	long long b;
	int c;
};
__device__ __noinline__ S mk(unsigned v)
{
	S s;
	s.a = v;
	s.b = (long long)v * -3;
	s.c = v + 1;
	return s;
}
extern "C" __global__ void call_member(const unsigned *in, long long *out)
{
	unsigned t = threadIdx.x;
	out[3 * t] = mk(in[t]).a;
	out[3 * t + 1] = mk(in[t] + 7u).b + mk(2u).c;
	out[3 * t + 2] = (t & 1 ? mk(in[t]) : mk(t)).c;
}

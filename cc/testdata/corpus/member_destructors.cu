//@ kernel: member_destructors
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-50:50
//@ arg: zero:2048
// The destruction of local objects whose members or bases have
// destructors: members last declared first after the destructor's own
// body (or with no destructor of its own), an array member's elements last
// first, then the bases last first; through a class template, and on an
// early return. Each destructor appends a digit to a log.
struct Log {
	int *p;
	int d;
	__device__ Log(int *q, int k) : p(q), d(k) { *p = *p * 10 + 1; }
	__device__ ~Log() { *p = *p * 10 + d; }
};
struct Cell {
	int *p = nullptr;
	int d = 0;
	__device__ ~Cell()
	{
		if (p)
			*p = *p * 10 + d;
	}
};
struct Two {
	Log a;
	Log b;
	int z;
	__device__ Two(int *q) : a(q, 2), b(q, 3), z(0) {}
};
struct Own {
	Log m;
	__device__ Own(int *q) : m(q, 4) {}
	__device__ ~Own() { *m.p = *m.p * 10 + 5; }
};
struct Der : Log {
	Log extra;
	__device__ Der(int *q) : Log(q, 6), extra(q, 7) {}
};
struct Cells {
	Cell cs[3];
	int n;
	__device__ Cells(int *q, int k) : n(k)
	{
		for (int i = 0; i < 3; i++)
			cs[i].p = q, cs[i].d = k + i;
	}
};
template <class T> struct Box {
	T t;
	__device__ Box(int *q) : t(q) {}
};
extern "C" __global__ void member_destructors(const int *in, int *out)
{
	int t = threadIdx.x;
	int *o = out + t * 16;
	int a = in[t];
	int l1 = 0;
	{
		Two w(&l1);
	}
	o[0] = l1;
	int l2 = 0;
	{
		Own w(&l2);
	}
	o[1] = l2;
	int l3 = 0;
	{
		Der d(&l3);
	}
	o[2] = l3;
	int l4 = 0;
	{
		Cells c(&l4, a & 3);
	}
	o[3] = l4;
	int l5 = 0;
	{
		Box<Own> b(&l5);
		if (a > 0) {
			o[4] = l5;
			o[5] = -1;
			return;
		}
	}
	o[4] = l5;
}

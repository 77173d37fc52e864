// new and delete: the types of new-expressions, their sizes and
// initializers; delete with and without a destructor.
struct S {
	int a;
	__device__ S() : a(1) {}
	__device__ S(int x) : a(x) {}
	__device__ ~S() { a = 0; }
};
struct P {
	int a, b;
};
struct D {
	int a;
	__device__ D() : a(3) {}
};
__global__ void k(int **o, int n, S **so, P **po, D **dp, unsigned char *buf)
{
	o[0] = new int(7);
	o[1] = new int[n];
	o[2] = new int();
	o[3] = new int;
	o[4] = new int{5};
	o[5] = new int[n]();
	so[0] = new S(5);
	po[0] = new P();
	po[1] = new P{1, 2};
	po[2] = new P;
	dp[0] = new D;
	int **pp = new int *[4];
	const int *c = new const int(1);
	po[3] = new (buf) P{3, 4};
	o[6] = new (buf) int[n];
	delete so[1];
	delete[] o[3];
	delete po[0];
	delete pp;
	delete c;
	S *sa = new S[n];
	D *da = new D[n]();
	delete[] sa;
	delete[] da;
	::delete ::new int(2);
}

struct S {
	int a;
	__device__ S(int x) : a(x) {}
	__device__ ~S() { a = 0; }
};
struct D {
	int a;
	__device__ D() = default;
	__device__ D(int x) : a(x) {}
};
struct Q {
	S s;
	__device__ ~Q() {}
};
__device__ void f(int n, float x, int *p, S *s, Q *q)
{
	void *v = new void; /* ERROR "cannot allocate an object of type 'void'" */
	int *a = new int[x]; /* ERROR "array size in a new-expression must have integral type, not 'float'" */
	int *b = new int[-1]; /* ERROR "array size in a new-expression is negative" */
	int *c = new int[n]{1, 2}; /* ERROR "an initializer of new T[n] other than () or {}" */
	S *d = new S[n]; /* ERROR "no matching function for call to 'S()'" */
	Q *e = new Q[n]; /* ERROR "deleting 'Q', whose destructor runs its members' destructors" */
	D *e2 = new D[n]{}; /* ERROR "new T[n]() of 'D', whose default constructor is not user-provided" */
	S *g = new S; /* ERROR "no matching function for call to 'S()'" */
	delete n; /* ERROR "cannot delete an expression of type 'int'" */
	delete q; /* ERROR "deleting 'Q', whose destructor runs its members' destructors" */
	int *h = new (p, p) int; /* ERROR "placement new with 2 arguments is not supported" */
	int *i = new (n) int; /* ERROR "placement new needs an object pointer, not 'int'" */
	int *j = new float; /* ERROR "cannot convert 'float *' to 'int *'" */
	Q t2; /* destroyed where it leaves its scope: ~Q, then its member's ~S */
	S ts[1] = {S(1)}; /* ERROR "user-provided destructor" */
}
struct V {
	int a;
	__device__ virtual ~V() { a = 0; }
};
__device__ void g(V *v) { delete v; /* ERROR "deleting 'V', a class with virtual functions or bases, is not supported" */ }
struct W {
	int a;
	__device__ virtual ~W() = default;
};
__device__ void h(W *w) { delete[] w; /* ERROR "deleting 'W', a class with virtual functions or bases" */ }
struct A {
	int a;
	__device__ void *operator new(unsigned long n);
	__device__ void operator delete(void *p);
};
struct B : A {
};
__device__ void own(A *a, B *b)
{
	A *x = new A; /* ERROR "new of 'A', which declares its own 'operator new', is not supported" */
	delete a; /* ERROR "delete of 'A', which declares its own 'operator delete', is not supported" */
	B *y = new B; /* ERROR "new of 'B', which declares its own 'operator new'" */
	A *w = ::new A;
	::delete w;
	int *z = ::new int(2);
	::delete z;
}

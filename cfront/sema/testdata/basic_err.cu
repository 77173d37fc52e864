// Errors sema reports, at their positions.
__device__ int g(int a, int b);
__host__ int hostf(int);
__global__ void kern(int);
struct S { int a; __device__ int get() { return a; } };
__device__ void e(const int *cp, int i, S s, const S cs)
{
	undefined = 1; /* ERROR "use of undeclared identifier 'undefined'" */
	*cp = 1; /* ERROR "cannot assign to a variable of const-qualified type" */
	g(1); /* ERROR "no matching function for call to 'g(int)'" */
	hostf(1); /* ERROR "calling a __host__ function" */
	kern(1); /* ERROR "a __global__ function call must be configured" */
	break; /* ERROR "'break' statement not in loop or switch statement" */
	continue; /* ERROR "'continue' statement not in loop statement" */
	goto nowhere; /* ERROR "use of undeclared label 'nowhere'" */
	s.nope = 1; /* ERROR "no member named 'nope' in 'S'" */
	cs.get(); /* ERROR "is not marked const" */
	int *p = cp; /* ERROR "discards qualifiers" */
	float f = s; /* ERROR "no conversion from 'S' to 'float'" */
	i = "x" + 1.0; /* ERROR "invalid operands to binary expression" */
	switch (i) { case 1: case 1: break; } /* ERROR "duplicate case value '1'" */
	float4 v; v = v + v; /* ERROR "CUDA defines no operators on vector types" */
	int &r = 3; /* ERROR "non-const lvalue reference to type 'int' cannot bind to a temporary" */
	asm("mov.u32 %0, 1;" : "=q"(i)); /* ERROR "invalid asm operand constraint '=q'" */
	i = sqrtf(1.0f, 2.0f); /* ERROR "no matching function for call to 'sqrtf(float, float)'" */
	return 1; /* ERROR "void function 'e' should not return a value" */
}
__device__ int r() { return; } /* ERROR "non-void function 'r' should return a value" */
struct C { int v; __device__ C() : v(1) {} };
__device__ void statics()
{
	static C c; /* ERROR "a static local variable of a class with constructors is not supported" */
}
__device__ void news()
{
	int *x = new int[2][2]; /* ERROR "new of a multidimensional array (new T[n][m]) is not supported" */
}
void host(int *p)
{
	kern<<<1, 32>>>(1);
	kern(2); /* ERROR "a __global__ function call must be configured" */
	statics<<<1, 1>>>(); /* ERROR "'statics' is not a __global__ function" */
}
__device__ int defs(int a, int b = 2);
__device__ void calldefs()
{
	defs(); /* ERROR "no matching function for call to 'defs()': it takes 2 arguments" */
	defs(1);
}
__device__ void asserts()
{
	static_assert(sizeof(int) == 8, "int is 8 bytes"); /* ERROR "static assertion failed: int is 8 bytes" */
	int n = 3;
	static_assert(n == 3, "n"); /* ERROR "static_assert expression is not an integral constant expression" */
}
struct Res { int h; __device__ ~Res() { h = 0; } };
struct Quiet { int h; __device__ ~Quiet() {} };
__device__ void dtors(Res *p)
{
	Res r; /* a local object: destroyed where it leaves its scope */
	Res rs[2]; /* an array: its elements destroyed last to first */
	Res ri[1] = {Res()}; /* ERROR "objects of 'Res', which has a user-provided destructor, are not supported" */
	Quiet q; /* an empty destructor runs no code */
	Res &ok = *p;
	ok.h = 1;
}
__device__ int jumps(int v)
{
	if (v) goto later; /* ERROR "jump to label 'later' bypasses the initialization of 'w'" */
	int w = 2;
later:
	v += w;
	int u;
	goto fine;
	u = 1;
fine:
	switch (v) {
	case 0:;
		int z = 1;
	case 1: /* ERROR "jump to case label bypasses the initialization of 'z'" */
		return z;
	}
back:
	if (v > 100) return v;
	int again = v * 2;
	v = again;
	goto back;
}
__device__ void nothing() {}
__device__ int from_void(int *p)
{
	p[0] = nothing(); /* ERROR "cannot convert 'void' to 'int'" */
	int q = __syncthreads(); /* ERROR "cannot convert 'void' to 'int'" */
	return q;
}
__device__ int not_constant(int n)
{
	if constexpr (n > 2) /* ERROR "the condition of 'if constexpr' must be a constant expression" */
		return 1;
	return 0;
}

// Member functions: what nvcc rejects, rejected with its reason.
struct S {
	__device__ int get() const;
	__device__ int get() const; /* ERROR "class member 'S::get' cannot be redeclared" */
	__device__ static int count() const; /* ERROR "static member function 'count' cannot have cv or ref qualifiers" */
	static int total;
	__device__ static int dev_total; /* ERROR "memory qualifier on data member is not allowed" */
	__device__ int operator@(int); /* ERROR "expected|stray" */
	__device__ operator int() const;
};
__device__ int S::get() const { return 0; }
__device__ int S::get() const { return 1; } /* ERROR "redefinition of 'S::get'" */
__device__ int S::missing() { return 0; } /* ERROR "out-of-line definition of 'S::missing' does not match any declaration in 'struct S'" */
__device__ int S::get() { return 0; } /* ERROR "does not match any declaration" */
int S::nothere = 1; /* ERROR "'S::nothere' is not a static data member of 'struct S'" */
int S::total = 3;
namespace ns { __device__ void f(int); }
__device__ void ns::f(int x) {}
__device__ void ns::g(int x) {} /* ERROR "out-of-line definition of 'ns::g' does not match any declaration" */
__device__ void nope::h() {} /* ERROR "the qualifier of 'h' names no class or namespace|unknown" */
__device__ int operator+(int a); /* ERROR "is not an overloadable operator|operator" */
__device__ operator int(); /* ERROR "a conversion function must be a member function" */
struct Over { __device__ float f() override; }; /* ERROR "'override' does not override a base class member" */
struct Kern { __global__ void k(); }; /* ERROR "__global__ function or function template cannot be a member function" */
struct Twice : S, S {}; /* ERROR "specified more than once" */
union UB : S {}; /* ERROR "a union cannot have base classes" */
struct Inc; struct FromInc : Inc {}; /* ERROR "incomplete type" */
struct Ctor { __device__ virtual Ctor(); }; /* ERROR "a constructor cannot be virtual" */

struct S { int a; };
struct S { int b; }; /* ERROR "redefinition of 'struct S'" */
struct B { float f : 3; }; /* ERROR "non-integral type" */
struct Z { int z : 0; }; /* ERROR "named bit field 'z' has zero width" */
struct N { int n : -1; }; /* ERROR "negative width" */
struct F { int a[]; int b; }; /* ERROR "flexible array member 'a' must be the last member" */
struct I { struct Undecl u; }; /* ERROR "incomplete type" */
foo x; /* ERROR "unknown type name 'foo'" */
int a[-1]; /* ERROR "array size -1 is negative" */
enum class E : unsigned char { A = 256 }; /* ERROR "outside the range" */
struct A { int x __attribute__((aligned(3))); }; /* ERROR "not a positive power of 2" */
static_assert(1 == 2, "one is not two"); /* ERROR "static assertion failed: one is not two" */
struct W { int m; int m; }; /* ERROR "duplicate member 'm'" */
int d[undeclared]; /* ERROR "use of undeclared identifier 'undeclared'" */
struct T { int v : 3; } t1;
enum Open : int;
enum class Sc { X, Y };
int e[(int)Sc::Y + 1];
struct Last { int y; } int z; /* ERROR "expected ';' after struct definition" */
union U { int i; }; struct U *pu; /* ERROR "tag type that does not match" */
struct Q { int q; } __attribute__((aligned(6))); /* ERROR "not a positive power of 2" */
typedef int TD; typedef float TD; /* ERROR "redefinition of 'TD' with a different type" */
enum class E2 : float { R }; /* ERROR "not an integral type" */
__shared__ int s_init = 1; /* ERROR "initializer not allowed for __shared__ variable" */
__global__ void variadic_kernel(int, ...); /* ERROR "cannot have an ellipsis" */
__constant__ __shared__ int cs; /* ERROR "conflicting memory space qualifiers" */
__device__ __constant__ int dc_ok;
__global__ void ref_param_ok(int &r);

struct S { int a; };
struct S { int b; }; /* ERROR "redefinition of 'struct S'" */
struct B { float f : 3; }; /* ERROR "non-integral type" */
struct Z { int z : 0; }; /* ERROR "named bit field 'z' has zero width" */
struct N { int n : -1; }; /* ERROR "negative width" */
struct F { int a[]; int b; }; /* ERROR "flexible array member 'a' must be the last member" */
struct I { struct Undecl u; }; /* ERROR "incomplete type" */
__global__ int k(void); /* ERROR "__global__ function must have a void return type" */
foo x; /* ERROR "unknown type name 'foo'" */
int a[-1]; /* ERROR "array size -1 is negative" */
int b[1/0]; /* ERROR "division by zero" */
enum class E : unsigned char { A = 256 }; /* ERROR "outside the range" */
template <typename T> struct X { T t; };
X<int, 2> too_many; /* ERROR "too many template arguments for 'X'" */
struct D : Undeclared { }; /* ERROR "unknown base class 'Undeclared'" */
struct V { static virtual void f(); }; /* ERROR "only nonstatic member functions may be virtual" */
struct A { int x __attribute__((aligned(3))); }; /* ERROR "not a positive power of 2" */
static_assert(1 == 2, "one is not two"); /* ERROR "static assertion failed: one is not two" */
int ok_after_errors;
struct W { int m; int m; }; /* ERROR "duplicate member 'm'" */
int c[sizeof(int) == 4 ? 1 : -1];
int d[undeclared]; /* ERROR "use of undeclared identifier 'undeclared'" */
void f(int x, ; /* ERROR "expected a parameter type" */
struct Last { int y; } /* ERROR "expected ';' after struct definition" */
int z;
struct Arr { int bad[1 << 70]; }; /* ERROR "shift count 70 is out of range" */
#define BAD_FIELD struct { float f : 2; }
BAD_FIELD bf; /* ERROR "non-integral" */
__global__ void __launch_bounds__(0) lb0(int *p) {} /* ERROR "__launch_bounds__: argument 1 must be positive, is 0" */
__global__ void __launch_bounds__(64, 2, 1, 4) lb4(int *p) {} /* ERROR "__launch_bounds__ takes at most 3 arguments, has 4" */

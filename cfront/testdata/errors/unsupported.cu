// Each C++ construct the front end cannot represent yet is an error naming
// it at its position: never a silent skip, never a wrong answer.
template <typename T> __device__ T tmax(T a, T b); /* ERROR "templates are not supported" */
struct Base { int b; };
struct Derived : Base<int> { int d; }; /* ERROR "templates are not supported" */
int Base::*member_ptr; /* ERROR "pointers to members are not supported" */
__device__ auto deduced(int x) -> int; /* ERROR "'auto' type deduction is not supported" */
__device__ decltype(1 + 2) dt(); /* ERROR "decltype is supported only as decltype\(nullptr\)" */
struct Lit { int v; };
__device__ Lit operator""_lit(unsigned long long v); /* ERROR "literal operators are not supported" */
struct { __device__ void f(); } unnamed_obj; /* ERROR "member function 'f' of an unnamed class is not supported" */
int ok_after_errors;

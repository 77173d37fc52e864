// Each C++ construct the front end cannot represent yet is an error naming
// it at its position: never a silent skip, never a wrong answer.
template <typename T> struct Box { T v; };
template <typename T> struct Box<T *> { T *p; };
template <typename T, int N> struct Box<T[N]> { T a[N]; }; /* ERROR "partial specialization of 'Box': its argument list is not supported" */
struct Holder { template <typename T> __device__ void put(T); };
template <typename... Ts> __device__ void pack(Ts...);
template <typename... Ts, typename T> struct PackFirst {}; /* ERROR "a template parameter pack must be the last template parameter" */
template <template <typename> class C> struct Wrap {};
template <template <typename> class C> __device__ void useC(C<int> *c) {}
template __device__ void useC<Box>(Box<int> *); /* ERROR "cannot instantiate 'useC<Box>': its signature uses its parameters in a way that is not supported" */
template <template <typename> class... Cs> struct WrapPack {}; /* ERROR "template template parameter packs are not supported" */
template <float F> struct FloatArg {}; /* ERROR "non-type template parameter of type 'float' is not supported" */
__device__ int counter;
template <int *P> __device__ int readp() { return *P; }
template __device__ int readp<&counter>(); /* ERROR "arguments for a non-type parameter of type .* are not supported" */
template <typename T> T var_tmpl = T(1);
struct WithStaticTmpl { template <typename T> static const T sv; }; /* ERROR "static data member templates are not supported" */
template <int N> __device__ void fixed(float (&a)[N]) {}
template __device__ void fixed<4>(float (&)[4]); /* ERROR "cannot instantiate 'fixed<4>': its signature uses its parameters in a way that is not supported" */
struct Base { int b; };
int Base::*member_ptr;
int NotAClass::*bad_ptr; /* ERROR "does not name a class|unknown" */
__device__ auto deduced(int x) { return x; } /* ERROR "'auto' type deduction is not supported" */
auto deduced_var = 3; /* ERROR "'auto' type deduction is not supported" */
__device__ int trailing_without_auto() -> int; /* ERROR "a function with a trailing return type must be declared 'auto'" */
__device__ decltype(1 + 2) dt(); /* ERROR "decltype is supported only of nullptr, a variable or a member" */
__device__ decltype((member_ptr)) dt2(); /* ERROR "decltype is supported only of nullptr, a variable or a member" */
struct Lit { int v; };
__device__ Lit operator""_lit(unsigned long long v);
struct LitMember { __device__ Lit operator""_m(unsigned long long v); }; /* ERROR "literal operator .* must be a namespace-scope function" */
struct { __device__ void f(); } unnamed_obj; /* ERROR "member function 'f' of an unnamed class is not supported" */
int ok_after_errors;
template <typename A> __device__ typename A::value_type first(const A &a) { return 0; }
template <typename T> struct HasV { typedef T value_type; };
template __device__ int first<HasV<int> >(const HasV<int> &);
template <typename A> __device__ typename A::inner::type nested(const A &a) { return 0; }
struct Deep { struct inner { typedef int type; }; };
template __device__ int nested<Deep>(const Deep &); /* ERROR "cannot instantiate 'nested<Deep>': its signature uses its parameters in a way that is not supported" */

// Package cfront is the C/CUDA C++ front end: a preprocessor and a
// declaration parser that turn a .cu or .h source into the type graph of
// package ctypes (structs, unions, enums, typedefs, CUDA vector and handle
// types, function and variable declarations), which package layout (guide
// §1), abi (§2.3) and mangle (§7) read.
// The preprocessor, its lexer and the built-in headers are package
// cfront/pp. The parser keeps the unit's tokens as pp.Tokens returns
// them, stored without pointers (the garbage collector does not scan
// them), and reads each as a Token: its kind, spelling and position.
//
// # Why a hand-written front end
//
// CUDA sources are C++: nvcc 11.8 compiles .cu files as C++17 (the host
// compiler's default dialect, gcc 11's; -std picks another). A C
// front end such as modernc.org/cc/v4 rejects what interop headers commonly
// contain (extern "C", C++ references, a struct used by its tag name without
// the struct keyword) and evaluates sizeof with GCC's C layout, which is not
// nvcc's (an empty struct is 1 byte in C++; a zero-width long long bit field
// does not raise a struct's alignment under nvcc). Rewriting the token stream
// to make a C front end accept CUDA C++ would be more code, and more fragile,
// than a recursive-descent parser for the declaration subset that the ABI
// needs. cfront is nevertheless a real front end: a complete preprocessor
// (macros with #, ## and __VA_ARGS__, conditional inclusion with full
// constant expressions, #include with hermetic built-in standard and CUDA
// headers, #line, #pragma once) and diagnostics at file:line:col that survive
// macro expansion.
//
// # What is parsed
//
// Declarations at namespace and class scope: structs, unions and classes
// (usable without the struct keyword), bit fields, anonymous members,
// enums (also enum class and a fixed underlying type), typedef and
// using-aliases, arrays, pointers, function pointers, references,
// namespaces, extern "C", alignment requests (alignas, _Alignas,
// __attribute__((aligned)), __align__, __builtin_align__), packed,
// function declarations and definitions with CUDA's execution-space
// qualifiers, and file-scope __device__, __constant__ and __shared__
// variables. Integer constant expressions (array bounds, bit widths,
// enumerators, alignments, static_assert, non-type template arguments) are
// evaluated in full; sizeof, alignof and offsetof ask Config.Sizes, which
// package layout implements.
//
// C++ (recorded as package ctypes describes in its cxx.go): member
// functions defined in the class or outside it (S::f), static, const,
// volatile and ref-qualified, overloaded; constructors and destructors;
// every overloadable operator (ctypes.Operator) and conversion functions;
// friends (a friend function is a member of the enclosing namespace);
// static data members (Struct.StaticVars); nested classes, enums and
// typedefs (Parent); access specifiers; base classes (single, multiple,
// virtual) and virtual functions, an override found through the bases
// (nvcc's reasons for what it rejects: a static or constructor that is
// virtual, a __global__ member, override without a base function).
// Member functions are listed in File.Funcs as well as Struct.Methods.
// A class's name is declared before its base clause (struct A : B<A>).
// Default member initializers (int k = 3;) set Field.DefaultInit and are
// kept in Unit.DefaultInits for sema, which runs them in each
// constructor that does not initialize the member, and in aggregate
// initialization. A class that declares no constructor and needs one that
// does something (default member initializers, or a base or member whose
// default constructor does something) gets an implicitly defined one
// (FuncDecl.Implicit), in Struct.Methods only, with an empty body in
// Unit.ImplicitCtors.
//
// Templates (template.go) are instantiated by replaying their tokens with
// the parameters bound to the arguments: function and class templates,
// explicit instantiations and specializations, partial specializations
// of class templates (chosen by matching their argument patterns, the
// most specialized by partial ordering), default arguments, non-type
// arguments as constant expressions, alias templates, variable templates
// (a device variable per specialization named), member templates
// (member function templates of classes and class template instances,
// and nested class templates, instantiated as members when named),
// template parameter packs (typename... Ts, int... Ns; function parameter
// packs Ts... a, const Ts &... a; pack expansions in template argument
// lists), template template parameters (a class template as the
// argument), typename-dependent names (typename T::value_type, typename
// Vec<T>::Type: ctypes.DependentName in a declared signature, resolved
// at instantiation),
// members defined outside a class template, non-type parameters of an
// earlier type parameter's type (template <class T, T v>, as
// std::integral_constant), and functions' addresses as the arguments of
// pointer-to-function parameters (k<&f>, k<f>: ctypes.AddrArg). A
// function template's
// declared signature, which mangles, is parsed once with
// *ctypes.TemplateParam for its parameters. Literal operators
// (operator""_x) are functions of their own kind.
//
// Function bodies are scanned, not parsed (balanced braces), for the
// specializations they name (deduce.go): with explicit template arguments
// (scale<float><<<g, b>>>(...), tmax<int>(a, b), v<float>, Vec<int> x),
// and with template arguments deduced from a call's arguments (tmax(a,
// b), scale<<<g, b>>>(p, n), obj.put(x), p->f(x), ns::f(x)) as C++
// [temp.deduct.call] does for the common parameter forms (T, T *, const
// T *, const T &, T &, T &&, Arr<T, N> &, a trailing pack). The types of
// the arguments come from a small typer over the tokens: the function's
// parameters, the variables and type aliases the body declares (auto
// included), the members of its class, literals, casts, member access,
// subscripts, the built-in operators with the usual arithmetic
// conversions, and the results of calls of declared functions. The
// bodies of instances are scanned in turn (members of class templates
// defined outside the class too, for each instance: the member whose
// parameter types the definition declares, constructors with their
// member initializers included), with the integral
// constants the body declares. A call whose arguments the typer cannot
// tell is a warning when it names a device template: its instance, if
// any, is not listed. A generic lambda's body (auto f = [&](auto c) {...})
// is scanned once for each list of argument types it is called with:
// where the body calls it, and where it is passed to a function template
// whose body calls that parameter (a dispatch over
// std::integral_constant tags); c.value of such a parameter is a
// constant, so that kernel<c.value><<<...>>> is an instance.
//
// Not supported, each an error naming the construct: static data member
// templates, template template parameter packs, a template template
// parameter specialized in a function template's signature
// (template <template <class> class C> void f(C<int>)), partial
// specializations whose pattern uses a parameter as an array bound or a
// pack expansion, non-type template parameters of non-integral type
// (other than pointers to functions, and addresses of variables as
// arguments), a
// function template signature naming a member of a dependent member
// (typename T::inner::type) or a non-type parameter as an array bound
// (float (&)[N]) when it is instantiated, 'auto' return types, decltype other than of
// nullptr, a variable or a member, member functions of unnamed classes.
// A constructor, conversion or friend template, and a member template of
// a class template defined outside the class, are skipped with a warning,
// since what they would add is instances only.
//
// The built-in headers are embedded: the C library (<stdint.h>,
// <stddef.h>, <stdio.h>, <stdlib.h>, <string.h>, <math.h>, <time.h>, ...
// and their <cxxx> forms), CUDA's (<cuda_runtime.h>, <vector_types.h>,
// <cuda_fp16.h>, <cuda_bf16.h>, <cuda.h>, <cooperative_groups.h>,
// <mma.h>, <cuda_pipeline.h>, <curand_kernel.h>, ...), and stand-ins for
// the C++ standard library (<iostream>, <vector>, <string>, <memory>,
// <chrono>, ...), libcu++ (<cuda/barrier>, ...), thrust and a few host
// libraries (OpenGL, cuBLAS, cuFFT, POSIX): host code beside device code
// declares things with their names; the stand-ins are parsed, never
// compiled. Results do not depend on the host, and -m32 gets the ILP32
// types (int64_t is long long, size_t unsigned int) as glibc defines them.
// Declarations in them are visible to the source but are not listed in
// the result. The predefined macros are those of nvcc's device pass for
// the target (__CUDACC__, __NVCC__, __CUDA_ARCH__, __cplusplus 201703L
// and the C++17 feature-test macros, or those of Config.Std,
// __LP64__ for -m64, __SIZEOF_POINTER__, ...).
//
// What the layout needs beyond the types is recorded, not computed: an
// alignment request on a member (Field.Align), a type (Struct.Align) or a
// typedef (Typedef.Align); __attribute__((packed)) (Struct.Packed,
// Field.Packed); the #pragma pack in effect (Struct.Pack). nvcc honours
// all of them as GCC does. A bit field wider than its type keeps its
// declared width: nvcc warns that the value is truncated to the type's
// width but allocates the declared width, the rest being padding (package
// layout allocates it and gives that warning).
//
// # Diagnostics
//
// ParseFile returns an ErrorList, sorted by position, one "file:line:col:
// message" per line; parsing recovers at the end of each declaration, so a
// file gets all its errors at once. A position inside a macro expansion is
// that of the macro's invocation; #line is honoured. Warnings (#warning)
// go to Config.Warn when it is set. An alignment
// request below the natural alignment, which nvcc ignores with a warning,
// is recorded as written: only the layout knows the natural alignment.
//
// # Function bodies, for a compiler
//
// ParseUnit parses as ParseFile does and also records, per function
// definition (member functions and template instances included), its
// body's tokens and the scope its names are looked up in, and the
// initializers of namespace-scope variables and default arguments; it
// also reads the declarations of CUDA's device built-ins
// (ptxabi_device_builtins.h), which ParseFile does not need. Package
// cfront/parser reads a Body into the tree of package cfront/ast, asking
// the Body what names denote (StartsDecl, IsTemplate, Lookup) and
// reading the types written in it with this package's declaration
// parser; package cfront/sema types the tree, instantiating the function
// templates that calls deduce through Body.InstantiateCall.
package cfront

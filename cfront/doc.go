// Package cfront is the C/CUDA C++ front end: a preprocessor and a
// declaration parser that turn a .cu or .h source into the type graph of
// package ctypes (structs, unions, enums, typedefs, CUDA vector and handle
// types, function and variable declarations), which package layout (guide
// §1), abi (§2.3) and mangle (§7) read.
//
// # Why a hand-written front end
//
// CUDA sources are C++: nvcc compiles .cu files as C++14 (CUDA 11.8). A C
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
// variables. Function bodies are skipped (balanced braces) for now. Integer
// constant expressions (array bounds, bit widths, enumerators, alignments,
// static_assert) are evaluated in full; sizeof, alignof and offsetof ask
// Config.Sizes, which package layout implements.
//
// Not supported: templates, base classes and virtual functions (each is a
// clear error), and bodies of functions.
//
// The built-in headers (<stdint.h>, <stddef.h>, <stdbool.h>, <limits.h>,
// <stdio.h>, <stdlib.h>, <string.h>, <assert.h>, their <cxxx> forms,
// <cuda_runtime.h>, <vector_types.h>, <cuda_fp16.h>, <cuda_bf16.h>,
// <cuda.h>) are embedded: results do not depend on the host, and -m32
// gets the ILP32 types (int64_t is long long, size_t unsigned int) as
// glibc defines them. Declarations in them are visible to the source but
// are not listed in the result. The predefined macros are those of nvcc's
// device pass for the target (__CUDACC__, __NVCC__, __CUDA_ARCH__,
// __cplusplus 201402L, __LP64__ for -m64, __SIZEOF_POINTER__, ...).
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
package cfront

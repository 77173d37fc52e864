/* Built-in <stddef.h> for the nvptx targets. */
#ifndef __PTXABI_STDDEF_H
#define __PTXABI_STDDEF_H
#ifdef __LP64__
typedef unsigned long size_t;
typedef long ptrdiff_t;
#else
typedef unsigned int size_t;
typedef int ptrdiff_t;
#endif
typedef decltype(nullptr) nullptr_t;
#define NULL 0
#define offsetof(type, member) __builtin_offsetof(type, member)
#endif

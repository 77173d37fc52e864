/* Built-in stand-ins for what nvcc's cuda_runtime.h brings of the C++
   standard library into every translation unit (the host's <cmath>,
   <cstdlib>, <new>, <utility>, <type_traits>, <limits>,
   <initializer_list>): std's C types and calls, exception and bad_alloc,
   pair, integral_constant, numeric_limits. Declarations only. ptxabi cc
   declares namespace std's names where the unit names std
   (__PTXABI_STD) or includes a header that needs them (which defines
   __PTXABI_CXXCORE_STD_WANTED first). */
#ifndef __PTXABI_CXXCORE_H
#define __PTXABI_CXXCORE_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#endif
#if (!defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_STD) || defined(__PTXABI_CXXCORE_STD_WANTED)) && !defined(__PTXABI_CXXCORE_STD)
#define __PTXABI_CXXCORE_STD
namespace std {
typedef ::size_t size_t;
typedef ::ptrdiff_t ptrdiff_t;
typedef decltype(nullptr) nullptr_t;
typedef ::int8_t int8_t;
typedef ::int16_t int16_t;
typedef ::int32_t int32_t;
typedef ::int64_t int64_t;
typedef ::uint8_t uint8_t;
typedef ::uint16_t uint16_t;
typedef ::uint32_t uint32_t;
typedef ::uint64_t uint64_t;
typedef ::intmax_t intmax_t;
typedef ::uintmax_t uintmax_t;
typedef ::uintptr_t uintptr_t;
using ::printf;
using ::malloc;
using ::free;
using ::memcpy;
using ::memset;

/* <exception>, <new> */
class exception {
public:
	exception();
	virtual ~exception();
	virtual const char *__what() const;
};
class bad_alloc : public exception {};
void terminate();
struct nothrow_t {};
extern const nothrow_t nothrow;

/* <utility>, <type_traits>, <limits>, <initializer_list> */
template <class __T1, class __T2> struct pair {
	__T1 first;
	__T2 second;
};
template <class __T> class initializer_list {
public:
	const __T *begin() const;
	const __T *end() const;
	size_t size() const;
};
template <class __T> void swap(__T &__a, __T &__b);
template <class __T, __T __v> struct integral_constant {
	static constexpr __T value = __v;
	typedef __T value_type;
	typedef integral_constant type;
	constexpr operator value_type() const { return value; }
	constexpr value_type operator()() const { return value; }
};
template <bool __v> using bool_constant = integral_constant<bool, __v>;
typedef integral_constant<bool, true> true_type;
typedef integral_constant<bool, false> false_type;
template <class __T> struct numeric_limits {
	static const bool is_specialized = false;
	static __T min();
	static __T max();
	static __T lowest();
	static __T epsilon();
	static __T infinity();
	static __T quiet_NaN();
};
}
#endif

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
/* <type_traits>: the type computations device templates use. */
template <class __T, class __U> struct is_same : false_type {};
template <class __T> struct is_same<__T, __T> : true_type {};
template <class __T> struct remove_const { typedef __T type; };
template <class __T> struct remove_const<const __T> { typedef __T type; };
template <class __T> struct remove_volatile { typedef __T type; };
template <class __T> struct remove_volatile<volatile __T> { typedef __T type; };
template <class __T> struct remove_cv { typedef typename remove_volatile<typename remove_const<__T>::type>::type type; };
template <class __T> struct remove_reference { typedef __T type; };
template <class __T> struct remove_reference<__T &> { typedef __T type; };
template <class __T> struct remove_reference<__T &&> { typedef __T type; };
template <class __T> struct remove_pointer { typedef __T type; };
template <class __T> struct remove_pointer<__T *> { typedef __T type; };
template <class __T> struct remove_pointer<__T *const> { typedef __T type; };
template <class __T> struct add_pointer { typedef typename remove_reference<__T>::type *type; };
template <class __T> struct add_const { typedef const __T type; };
template <class __T> struct add_lvalue_reference { typedef __T &type; };
template <class __T> struct add_rvalue_reference { typedef __T &&type; };
template <bool __B, class __T, class __F> struct conditional { typedef __T type; };
template <class __T, class __F> struct conditional<false, __T, __F> { typedef __F type; };
template <bool __B, class __T = void> struct enable_if {};
template <class __T> struct enable_if<true, __T> { typedef __T type; };
template <class __T> struct __ptxabi_integral : false_type {};
template <> struct __ptxabi_integral<bool> : true_type {};
template <> struct __ptxabi_integral<char> : true_type {};
template <> struct __ptxabi_integral<signed char> : true_type {};
template <> struct __ptxabi_integral<unsigned char> : true_type {};
template <> struct __ptxabi_integral<wchar_t> : true_type {};
template <> struct __ptxabi_integral<char16_t> : true_type {};
template <> struct __ptxabi_integral<char32_t> : true_type {};
template <> struct __ptxabi_integral<short> : true_type {};
template <> struct __ptxabi_integral<unsigned short> : true_type {};
template <> struct __ptxabi_integral<int> : true_type {};
template <> struct __ptxabi_integral<unsigned int> : true_type {};
template <> struct __ptxabi_integral<long> : true_type {};
template <> struct __ptxabi_integral<unsigned long> : true_type {};
template <> struct __ptxabi_integral<long long> : true_type {};
template <> struct __ptxabi_integral<unsigned long long> : true_type {};
template <class __T> struct is_integral : __ptxabi_integral<typename remove_cv<__T>::type> {};
template <class __T> struct __ptxabi_floating : false_type {};
template <> struct __ptxabi_floating<float> : true_type {};
template <> struct __ptxabi_floating<double> : true_type {};
template <> struct __ptxabi_floating<long double> : true_type {};
template <class __T> struct is_floating_point : __ptxabi_floating<typename remove_cv<__T>::type> {};
template <class __T> struct is_arithmetic : integral_constant<bool, is_integral<__T>::value || is_floating_point<__T>::value> {};
template <class __T> struct is_void : is_same<typename remove_cv<__T>::type, void> {};
template <class __T> struct __ptxabi_pointer : false_type {};
template <class __T> struct __ptxabi_pointer<__T *> : true_type {};
template <class __T> struct is_pointer : __ptxabi_pointer<typename remove_cv<__T>::type> {};
template <class __T> struct is_lvalue_reference : false_type {};
template <class __T> struct is_lvalue_reference<__T &> : true_type {};
template <class __T> struct is_rvalue_reference : false_type {};
template <class __T> struct is_rvalue_reference<__T &&> : true_type {};
template <class __T> struct is_reference : integral_constant<bool, is_lvalue_reference<__T>::value || is_rvalue_reference<__T>::value> {};
template <class __T> struct is_const : false_type {};
template <class __T> struct is_const<const __T> : true_type {};
template <class __T> struct is_volatile : false_type {};
template <class __T> struct is_volatile<volatile __T> : true_type {};
template <class __T, bool = is_integral<__T>::value> struct __ptxabi_signed : is_floating_point<__T> {};
template <class __T> struct __ptxabi_signed<__T, true> : integral_constant<bool, ((__T)-1 < (__T)0)> {};
template <class __T> struct is_signed : __ptxabi_signed<typename remove_cv<__T>::type> {};
template <class __T, bool = is_integral<__T>::value> struct __ptxabi_unsigned : false_type {};
template <class __T> struct __ptxabi_unsigned<__T, true> : integral_constant<bool, ((__T)0 < (__T)-1)> {};
template <class __T> struct is_unsigned : __ptxabi_unsigned<typename remove_cv<__T>::type> {};
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

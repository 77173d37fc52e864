/* Built-in <cuda_bf16.h>: CUDA 11.8's bfloat16 types and functions, as
   device code over the built-ins and inline PTX, so that ptxabi cc
   compiles what device code calls of them and the types mean what
   nvcc's mean at a call:

   - __nv_bfloat16 is a class of 2 bytes (aligned to 2) holding the bits,
     passed in .param .align 2 .b8 [2] and mangled 13__nv_bfloat16;
     __nv_bfloat162 holds two, aligned to 4, and has a copy constructor
     of its own, so that a .func takes and returns it through a pointer
     to a copy, as nvcc's does.
   - Below sm_80 only the conversions to and from float and double exist
     (the constructors, operator float, __float2bfloat16 and its
     roundings, __bfloat162float...), rounding in integer arithmetic the
     way CUDA 11.8's header does; the other functions, the operators and
     the conversions from and to integers are those of sm_80 and later,
     on the sm_80 instructions (fma.rn.bf16 for add, sub and mul; f32
     for division and comparisons), each of which computes what nvcc's
     code computes. */
#ifndef __PTXABI_CUDA_BF16_H
#define __PTXABI_CUDA_BF16_H
#ifndef __cplusplus
/* C: the types only, as data. */
__ptxabi_builtin_type(__nv_bfloat16);
struct __align__(4) __nv_bfloat162 {
	__nv_bfloat16 x;
	__nv_bfloat16 y;
};
typedef __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;
#else
#include <cuda_runtime.h>
struct __nv_bfloat16_raw {
	unsigned short x;
};
struct __nv_bfloat162_raw {
	unsigned short x;
	unsigned short y;
};
#define __PTXABI_BF16 static __device__ __forceinline__
struct __align__(2) __nv_bfloat16 {
	/* The bits (protected in CUDA's header). */
	unsigned short __x;
	/* Assigning a float, a double or a raw value converts it with the
	   constructors, as CUDA's operator= members do. */
	__nv_bfloat16() = default;
	__host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &__r) : __x(__r.x) {}
	__host__ __device__ operator __nv_bfloat16_raw() const { __nv_bfloat16_raw __r; __r.x = __x; return __r; }
	__host__ __device__ __nv_bfloat16(float __f);
	__host__ __device__ __nv_bfloat16(double __f);
	__host__ __device__ operator float() const;
#if __CUDA_ARCH__ >= 800
	__host__ __device__ __nv_bfloat16(short __v);
	__host__ __device__ __nv_bfloat16(unsigned short __v);
	__host__ __device__ __nv_bfloat16(int __v);
	__host__ __device__ __nv_bfloat16(unsigned int __v);
	__host__ __device__ __nv_bfloat16(long long __v);
	__host__ __device__ __nv_bfloat16(unsigned long long __v);
	__host__ __device__ operator short() const;
	__host__ __device__ operator unsigned short() const;
	__host__ __device__ operator int() const;
	__host__ __device__ operator unsigned int() const;
	__host__ __device__ operator long long() const;
	__host__ __device__ operator unsigned long long() const;
	__host__ __device__ operator bool() const { return (__x & 0x7fff) != 0; }
#endif
};
struct __align__(4) __nv_bfloat162 {
	__nv_bfloat16 x;
	__nv_bfloat16 y;
	__host__ __device__ __nv_bfloat162() {}
	__host__ __device__ __nv_bfloat162(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) : x(__a), y(__b) {}
	__host__ __device__ __nv_bfloat162(const __nv_bfloat162 &__s) : x(__s.x), y(__s.y) {}
	__host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162 &__s) { x = __s.x; y = __s.y; return *this; }
	__host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &__r) { x.__x = __r.x; y.__x = __r.y; }
	__host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &__r) { x.__x = __r.x; y.__x = __r.y; return *this; }
	__host__ __device__ operator __nv_bfloat162_raw() const { __nv_bfloat162_raw __r; __r.x = x.__x; __r.y = y.__x; return __r; }
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

/* The value of bits __b; a pair's 32 bits (x low) and back. */
__PTXABI_BF16 __nv_bfloat16 __ptxabi_bf16(unsigned short __b)
{
	__nv_bfloat16 __h;
	__h.__x = __b;
	return __h;
}
__PTXABI_BF16 unsigned int __ptxabi_bf162_bits(const __nv_bfloat162 &__a)
{
	return (unsigned int)__a.x.__x | (unsigned int)__a.y.__x << 16;
}
__PTXABI_BF16 __nv_bfloat162 __ptxabi_bf162(unsigned int __u)
{
	return __nv_bfloat162(__ptxabi_bf16((unsigned short)__u), __ptxabi_bf16((unsigned short)(__u >> 16)));
}

/* float to bfloat16 with each rounding. Below sm_80 (and for _rd and _ru
   below sm_90) in integers: a NaN is 0x7fff; otherwise the top 16 bits,
   incremented as the rounding and the 16 bits dropped say. */
#define __PTXABI_BF16_ROUND(name, up)                                               \
	__PTXABI_BF16 __nv_bfloat16 name(float __f)                                 \
	{                                                                           \
		unsigned int __u = __float_as_uint(__f);                            \
		if ((__u & 0x7fffffffu) > 0x7f800000u)                              \
			return __ptxabi_bf16(0x7fff);                               \
		unsigned short __r = (unsigned short)(__u >> 16);                   \
		unsigned int __rem = __u << 16, __neg = __u >> 31;                  \
		if (up)                                                             \
			__r++;                                                      \
		return __ptxabi_bf16(__r);                                          \
	}
#define __PTXABI_BF16_CVT(name, ptx)                                                \
	__PTXABI_BF16 __nv_bfloat16 name(float __f)                                 \
	{                                                                           \
		__nv_bfloat16 __h;                                                  \
		asm("cvt." #ptx ".bf16.f32 %0, %1;" : "=h"(__h.__x) : "f"(__f));    \
		return __h;                                                         \
	}
#if __CUDA_ARCH__ >= 800
__PTXABI_BF16_CVT(__float2bfloat16, rn)
__PTXABI_BF16_CVT(__float2bfloat16_rn, rn)
__PTXABI_BF16_CVT(__float2bfloat16_rz, rz)
#else
__PTXABI_BF16_ROUND(__float2bfloat16, __rem > 0x80000000u || __rem == 0x80000000u && (__r & 1))
__PTXABI_BF16_ROUND(__float2bfloat16_rn, __rem > 0x80000000u || __rem == 0x80000000u && (__r & 1))
__PTXABI_BF16_ROUND(__float2bfloat16_rz, false)
#endif
#if __CUDA_ARCH__ >= 900
__PTXABI_BF16_CVT(__float2bfloat16_rd, rm)
__PTXABI_BF16_CVT(__float2bfloat16_ru, rp)
#else
__PTXABI_BF16_ROUND(__float2bfloat16_rd, __rem != 0 && __neg)
__PTXABI_BF16_ROUND(__float2bfloat16_ru, __rem != 0 && !__neg)
#endif
#undef __PTXABI_BF16_ROUND
#undef __PTXABI_BF16_CVT

/* double to bfloat16: rounded to float with the lowest bit sticky (round
   to odd), then to nearest even. */
__PTXABI_BF16 __nv_bfloat16 __double2bfloat16(double __d)
{
	float __f = (float)__d;
	double __back = (double)__f;
	unsigned int __u = __float_as_uint(__f);
	bool __number = (__u << 1) <= 0xff000000u;
	if (__d > 0.0 && __back > __d)
		__u--;
	if (__d < 0.0 && __back < __d)
		__u--;
	if (__back != __d && __number)
		__u |= 1u;
	return __float2bfloat16_rn(__uint_as_float(__u));
}
__PTXABI_BF16 float __bfloat162float(const __nv_bfloat16 __h)
{
	return __uint_as_float((unsigned int)__h.__x << 16);
}
__PTXABI_BF16 float __low2float(const __nv_bfloat162 __a) { return __bfloat162float(__a.x); }
__PTXABI_BF16 float __high2float(const __nv_bfloat162 __a) { return __bfloat162float(__a.y); }
__PTXABI_BF16 __nv_bfloat162 __float2bfloat162_rn(float __f)
{
	return __nv_bfloat162(__float2bfloat16_rn(__f), __float2bfloat16_rn(__f));
}
__PTXABI_BF16 __nv_bfloat162 __floats2bfloat162_rn(float __a, float __b)
{
	return __nv_bfloat162(__float2bfloat16_rn(__a), __float2bfloat16_rn(__b));
}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(float __f) { __x = __float2bfloat16(__f).__x; }
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(double __f) { __x = __double2bfloat16(__f).__x; }
__host__ __device__ inline __nv_bfloat16::operator float() const { return __bfloat162float(*this); }

#if __CUDA_ARCH__ >= 800
__PTXABI_BF16 __nv_bfloat162 make_bfloat162(const __nv_bfloat16 __x, const __nv_bfloat16 __y) { return __nv_bfloat162(__x, __y); }
__PTXABI_BF16 __nv_bfloat162 __float22bfloat162_rn(const float2 __a) { return __floats2bfloat162_rn(__a.x, __a.y); }
__PTXABI_BF16 float2 __bfloat1622float2(const __nv_bfloat162 __a) { return make_float2(__low2float(__a), __high2float(__a)); }

/* Integers and bfloat16. To an integer: through float (exact), with the
   rounding of the name. From one: rounded toward zero to float, the
   lowest bit made sticky where that was inexact, then rounded to
   nearest even (_rn); rounded in the name's direction twice otherwise. */
#define __PTXABI_BF16_TOINT(T, n, r)                                                \
	__PTXABI_BF16 T __bfloat162##n##r(const __nv_bfloat16 __h) { return (T)__float2##n##r(__bfloat162float(__h)); }
#define __PTXABI_BF16_FROMINT(T, n)                                                 \
	__PTXABI_BF16 __nv_bfloat16 __##n##2bfloat16_rn(const T __i)                \
	{                                                                           \
		float __z = __##n##2float_rz(__i);                                  \
		if (__##n##2float_ru(__i) != __##n##2float_rd(__i))                 \
			__z = __uint_as_float(__float_as_uint(__z) | 1u);           \
		return __float2bfloat16_rn(__z);                                    \
	}                                                                           \
	__PTXABI_BF16 __nv_bfloat16 __##n##2bfloat16_rz(const T __i) { return __float2bfloat16_rz(__##n##2float_rz(__i)); } \
	__PTXABI_BF16 __nv_bfloat16 __##n##2bfloat16_rd(const T __i) { return __float2bfloat16_rd(__##n##2float_rd(__i)); } \
	__PTXABI_BF16 __nv_bfloat16 __##n##2bfloat16_ru(const T __i) { return __float2bfloat16_ru(__##n##2float_ru(__i)); }
#define __PTXABI_BF16_INT(T, n)                                                     \
	__PTXABI_BF16_TOINT(T, n, _rn) __PTXABI_BF16_TOINT(T, n, _rz)               \
	__PTXABI_BF16_TOINT(T, n, _rd) __PTXABI_BF16_TOINT(T, n, _ru)               \
	__PTXABI_BF16_FROMINT(T, n)
__PTXABI_BF16_INT(int, int)
__PTXABI_BF16_INT(unsigned int, uint)
__PTXABI_BF16_INT(long long, ll)
__PTXABI_BF16_INT(unsigned long long, ull)
#undef __PTXABI_BF16_INT
#undef __PTXABI_BF16_TOINT
#undef __PTXABI_BF16_FROMINT
/* short and unsigned short: cvt from the float value, saturating; from
   them float is exact. */
#define __PTXABI_BF16_SHORT(T, n, ptxt)                                             \
	__PTXABI_BF16_SHORT1(T, n, ptxt, _rn, rni, rn) __PTXABI_BF16_SHORT1(T, n, ptxt, _rz, rzi, rz) \
	__PTXABI_BF16_SHORT1(T, n, ptxt, _rd, rmi, rd) __PTXABI_BF16_SHORT1(T, n, ptxt, _ru, rpi, ru)
#define __PTXABI_BF16_SHORT1(T, n, ptxt, r, ptxr, fr)                               \
	__PTXABI_BF16 T __bfloat162##n##r(const __nv_bfloat16 __h)                   \
	{                                                                           \
		unsigned short __v;                                                 \
		asm("cvt." #ptxr "." #ptxt ".f32 %0, %1;" : "=h"(__v) : "f"(__bfloat162float(__h))); \
		return (T)__v;                                                      \
	}                                                                           \
	__PTXABI_BF16 __nv_bfloat16 __##n##2bfloat16##r(const T __i) { return __float2bfloat16_##fr((float)__i); }
__PTXABI_BF16_SHORT(short, short, s16)
__PTXABI_BF16_SHORT(unsigned short, ushort, u16)
#undef __PTXABI_BF16_SHORT
#undef __PTXABI_BF16_SHORT1
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(short __v) { __x = __short2bfloat16_rn(__v).__x; }
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(unsigned short __v) { __x = __ushort2bfloat16_rn(__v).__x; }
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(int __v) { __x = __int2bfloat16_rn(__v).__x; }
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(unsigned int __v) { __x = __uint2bfloat16_rn(__v).__x; }
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(long long __v) { __x = __ll2bfloat16_rn(__v).__x; }
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(unsigned long long __v) { __x = __ull2bfloat16_rn(__v).__x; }
__host__ __device__ inline __nv_bfloat16::operator short() const { return __bfloat162short_rz(*this); }
__host__ __device__ inline __nv_bfloat16::operator unsigned short() const { return __bfloat162ushort_rz(*this); }
__host__ __device__ inline __nv_bfloat16::operator int() const { return __bfloat162int_rz(*this); }
__host__ __device__ inline __nv_bfloat16::operator unsigned int() const { return __bfloat162uint_rz(*this); }
__host__ __device__ inline __nv_bfloat16::operator long long() const { return __bfloat162ll_rz(*this); }
__host__ __device__ inline __nv_bfloat16::operator unsigned long long() const { return __bfloat162ull_rz(*this); }

/* Bits and halves. */
__PTXABI_BF16 short __bfloat16_as_short(const __nv_bfloat16 __h) { return (short)__h.__x; }
__PTXABI_BF16 unsigned short __bfloat16_as_ushort(const __nv_bfloat16 __h) { return __h.__x; }
__PTXABI_BF16 __nv_bfloat16 __short_as_bfloat16(const short __i) { return __ptxabi_bf16((unsigned short)__i); }
__PTXABI_BF16 __nv_bfloat16 __ushort_as_bfloat16(const unsigned short __i) { return __ptxabi_bf16(__i); }
__PTXABI_BF16 __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { return __nv_bfloat162(__a, __b); }
__PTXABI_BF16 __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 __a) { return __nv_bfloat162(__a, __a); }
__PTXABI_BF16 __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 __a) { return __a.x; }
__PTXABI_BF16 __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 __a) { return __a.y; }
__PTXABI_BF16 __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 __a) { return __nv_bfloat162(__a.x, __a.x); }
__PTXABI_BF16 __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 __a) { return __nv_bfloat162(__a.y, __a.y); }
__PTXABI_BF16 __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { return __nv_bfloat162(__a.x, __b.x); }
__PTXABI_BF16 __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { return __nv_bfloat162(__a.y, __b.y); }
__PTXABI_BF16 __nv_bfloat162 __lowhigh2highlow(const __nv_bfloat162 __a) { return __nv_bfloat162(__a.y, __a.x); }
__PTXABI_BF16 bool __hisnan(const __nv_bfloat16 __a) { return (__a.__x & 0x7fff) > 0x7f80; }
__PTXABI_BF16 int __hisinf(const __nv_bfloat16 __a) { return __a.__x == 0xff80 ? -1 : __a.__x == 0x7f80 ? 1 : 0; }

/* Warp shuffles, cache-operator loads and stores: those of the bits. */
#define __PTXABI_BF16_SHFL(f, L)                                                   \
	__PTXABI_BF16 __nv_bfloat16 f(const unsigned int __m, const __nv_bfloat16 __v, const L __l, const int __w = warpSize) \
	{                                                                           \
		return __ptxabi_bf16((unsigned short)f(__m, (unsigned int)__v.__x, __l, __w)); \
	}                                                                           \
	__PTXABI_BF16 __nv_bfloat162 f(const unsigned int __m, const __nv_bfloat162 __v, const L __l, const int __w = warpSize) \
	{                                                                           \
		return __ptxabi_bf162(f(__m, __ptxabi_bf162_bits(__v), __l, __w));  \
	}
__PTXABI_BF16_SHFL(__shfl_sync, int)
__PTXABI_BF16_SHFL(__shfl_up_sync, unsigned int)
__PTXABI_BF16_SHFL(__shfl_down_sync, unsigned int)
__PTXABI_BF16_SHFL(__shfl_xor_sync, int)
#undef __PTXABI_BF16_SHFL
#define __PTXABI_BF16_LOAD(f)                                                       \
	__PTXABI_BF16 __nv_bfloat16 f(const __nv_bfloat16 *__p) { return __ptxabi_bf16(f((const unsigned short *)__p)); } \
	__PTXABI_BF16 __nv_bfloat162 f(const __nv_bfloat162 *__p) { return __ptxabi_bf162(f((const unsigned int *)__p)); }
#define __PTXABI_BF16_STORE(f)                                                      \
	__PTXABI_BF16 void f(__nv_bfloat16 *__p, const __nv_bfloat16 __v) { f((unsigned short *)__p, __v.__x); } \
	__PTXABI_BF16 void f(__nv_bfloat162 *__p, const __nv_bfloat162 __v) { f((unsigned int *)__p, __ptxabi_bf162_bits(__v)); }
__PTXABI_BF16_LOAD(__ldg) __PTXABI_BF16_LOAD(__ldcg) __PTXABI_BF16_LOAD(__ldca) __PTXABI_BF16_LOAD(__ldcs)
__PTXABI_BF16_LOAD(__ldlu) __PTXABI_BF16_LOAD(__ldcv)
__PTXABI_BF16_STORE(__stwb) __PTXABI_BF16_STORE(__stcg) __PTXABI_BF16_STORE(__stcs) __PTXABI_BF16_STORE(__stwt)
#undef __PTXABI_BF16_LOAD
#undef __PTXABI_BF16_STORE

/* Comparisons, on the float values (as sm_80 compares): the ordered
   ones false where either is a NaN, the unordered (...u) true. */
#define __PTXABI_BF16_CMP(op, expr)                                                 \
	__PTXABI_BF16 bool __h##op(const __nv_bfloat16 __a, const __nv_bfloat16 __b) \
	{                                                                           \
		float __fa = __bfloat162float(__a), __fb = __bfloat162float(__b);   \
		return expr;                                                        \
	}                                                                           \
	__PTXABI_BF16 bool __hb##op##2(const __nv_bfloat162 __a, const __nv_bfloat162 __b) \
	{                                                                           \
		return __h##op(__a.x, __b.x) && __h##op(__a.y, __b.y);              \
	}                                                                           \
	__PTXABI_BF16 __nv_bfloat162 __h##op##2(const __nv_bfloat162 __a, const __nv_bfloat162 __b) \
	{                                                                           \
		return __nv_bfloat162(__ptxabi_bf16(__h##op(__a.x, __b.x) ? 0x3f80 : 0), \
			__ptxabi_bf16(__h##op(__a.y, __b.y) ? 0x3f80 : 0));           \
	}
__PTXABI_BF16_CMP(eq, __fa == __fb)
__PTXABI_BF16_CMP(ne, __fa < __fb || __fa > __fb)
__PTXABI_BF16_CMP(le, __fa <= __fb)
__PTXABI_BF16_CMP(ge, __fa >= __fb)
__PTXABI_BF16_CMP(lt, __fa < __fb)
__PTXABI_BF16_CMP(gt, __fa > __fb)
__PTXABI_BF16_CMP(equ, !(__fa < __fb || __fa > __fb))
__PTXABI_BF16_CMP(neu, __fa != __fb)
__PTXABI_BF16_CMP(leu, !(__fa > __fb))
__PTXABI_BF16_CMP(geu, !(__fa < __fb))
__PTXABI_BF16_CMP(ltu, !(__fa >= __fb))
__PTXABI_BF16_CMP(gtu, !(__fa <= __fb))
#undef __PTXABI_BF16_CMP

/* Arithmetic as sm_80 computes it: add, sub and mul are one fma.rn with
   the constant 1.0, -1.0 or -0.0 (exact, so rounded once), division is
   in f32 rounded once to bfloat16; the _rn forms are the same. */
#define __PTXABI_BF16_FMA(name, c, c2, a, b, d)                                     \
	__PTXABI_BF16 __nv_bfloat16 name(const __nv_bfloat16 __a, const __nv_bfloat16 __b) \
	{                                                                           \
		__nv_bfloat16 __r;                                                  \
		asm("{.reg .b16 c;\n\tmov.b16 c, " c ";\n\tfma.rn.bf16 %0, " a ", " b ", " d ";}" \
			: "=h"(__r.__x) : "h"(__a.__x), "h"(__b.__x));               \
		return __r;                                                         \
	}                                                                           \
	__PTXABI_BF16 __nv_bfloat162 name##2(const __nv_bfloat162 __a, const __nv_bfloat162 __b) \
	{                                                                           \
		unsigned int __r;                                                   \
		asm("{.reg .b32 c;\n\tmov.b32 c, " c2 ";\n\tfma.rn.bf16x2 %0, " a ", " b ", " d ";}" \
			: "=r"(__r) : "r"(__ptxabi_bf162_bits(__a)), "r"(__ptxabi_bf162_bits(__b))); \
		return __ptxabi_bf162(__r);                                         \
	}
__PTXABI_BF16_FMA(__hadd, "0x3f80U", "0x3f803f80U", "%1", "c", "%2")
__PTXABI_BF16_FMA(__hsub, "0xbf80U", "0xbf80bf80U", "%2", "c", "%1")
__PTXABI_BF16_FMA(__hmul, "0x8000U", "0x80008000U", "%1", "%2", "c")
__PTXABI_BF16_FMA(__hadd_rn, "0x3f80U", "0x3f803f80U", "%1", "c", "%2")
__PTXABI_BF16_FMA(__hsub_rn, "0xbf80U", "0xbf80bf80U", "%2", "c", "%1")
__PTXABI_BF16_FMA(__hmul_rn, "0x8000U", "0x80008000U", "%1", "%2", "c")
#undef __PTXABI_BF16_FMA
__PTXABI_BF16 __nv_bfloat16 __hfma(const __nv_bfloat16 __a, const __nv_bfloat16 __b, const __nv_bfloat16 __c)
{
	__nv_bfloat16 __r;
	asm("fma.rn.bf16 %0, %1, %2, %3;" : "=h"(__r.__x) : "h"(__a.__x), "h"(__b.__x), "h"(__c.__x));
	return __r;
}
__PTXABI_BF16 __nv_bfloat162 __hfma2(const __nv_bfloat162 __a, const __nv_bfloat162 __b, const __nv_bfloat162 __c)
{
	unsigned int __r;
	asm("fma.rn.bf16x2 %0, %1, %2, %3;" : "=r"(__r) : "r"(__ptxabi_bf162_bits(__a)), "r"(__ptxabi_bf162_bits(__b)), "r"(__ptxabi_bf162_bits(__c)));
	return __ptxabi_bf162(__r);
}
__PTXABI_BF16 __nv_bfloat16 __hdiv(const __nv_bfloat16 __a, const __nv_bfloat16 __b)
{
	return __float2bfloat16_rn(__bfloat162float(__a) / __bfloat162float(__b));
}
__PTXABI_BF16 __nv_bfloat162 __h2div(const __nv_bfloat162 __a, const __nv_bfloat162 __b)
{
	return __nv_bfloat162(__hdiv(__a.x, __b.x), __hdiv(__a.y, __b.y));
}
#define __PTXABI_BF16_OP(name, ptx, n, cons)                                        \
	__PTXABI_BF16 __nv_bfloat16 name(__PTXABI_BF16_PARAMS##n(__nv_bfloat16))    \
	{                                                                           \
		__nv_bfloat16 __r;                                                  \
		asm(ptx ".bf16 %0, %1" cons ";" : "=h"(__r.__x) : __PTXABI_BF16_ARGS##n("h", .__x)); \
		return __r;                                                         \
	}                                                                           \
	__PTXABI_BF16 __nv_bfloat162 name##2(__PTXABI_BF16_PARAMS##n(__nv_bfloat162)) \
	{                                                                           \
		unsigned int __r;                                                   \
		asm(ptx ".bf16x2 %0, %1" cons ";" : "=r"(__r) : __PTXABI_BF16_ARGS2##n); \
		return __ptxabi_bf162(__r);                                         \
	}
#define __PTXABI_BF16_PARAMS1(T) const T __a
#define __PTXABI_BF16_PARAMS2(T) const T __a, const T __b
#define __PTXABI_BF16_ARGS1(c, m) c(__a m)
#define __PTXABI_BF16_ARGS2(c, m) c(__a m), c(__b m)
#define __PTXABI_BF16_ARGS21 "r"(__ptxabi_bf162_bits(__a))
#define __PTXABI_BF16_ARGS22 "r"(__ptxabi_bf162_bits(__a)), "r"(__ptxabi_bf162_bits(__b))
__PTXABI_BF16_OP(__hneg, "neg", 1, "")
__PTXABI_BF16_OP(__habs, "abs", 1, "")
__PTXABI_BF16_OP(__hmax, "max", 2, ", %2")
__PTXABI_BF16_OP(__hmin, "min", 2, ", %2")
#undef __PTXABI_BF16_OP
#undef __PTXABI_BF16_PARAMS1
#undef __PTXABI_BF16_PARAMS2
#undef __PTXABI_BF16_ARGS1
#undef __PTXABI_BF16_ARGS2
#undef __PTXABI_BF16_ARGS21
#undef __PTXABI_BF16_ARGS22

/* Atomic add: a compare-and-swap loop of the sum (sm_80 has no bf16
   atom.add). */
__PTXABI_BF16 __nv_bfloat162 atomicAdd(__nv_bfloat162 *const __p, const __nv_bfloat162 __v)
{
	unsigned int *__u = (unsigned int *)__p;
	unsigned int __old = *__u, __assumed;
	do {
		__assumed = __old;
		__old = atomicCAS(__u, __assumed, __ptxabi_bf162_bits(__hadd2(__v, __ptxabi_bf162(__assumed))));
	} while (__assumed != __old);
	return __ptxabi_bf162(__old);
}
__PTXABI_BF16 __nv_bfloat16 atomicAdd(__nv_bfloat16 *const __p, const __nv_bfloat16 __v)
{
	unsigned short *__u = (unsigned short *)__p;
	unsigned short __old = *__u, __assumed;
	do {
		__assumed = __old;
		__old = atomicCAS(__u, __assumed, __hadd(__v, __ptxabi_bf16(__assumed)).__x);
	} while (__assumed != __old);
	return __ptxabi_bf16(__old);
}

/* The operators (sm_80 and later): those of the functions above. */
#define __PTXABI_BF16_OPS(T, add, sub, mul, div, eq, ne, lt, gt, le, ge)                               \
	__device__ __forceinline__ T operator+(const T &__a, const T &__b) { return add(__a, __b); } \
	__device__ __forceinline__ T operator-(const T &__a, const T &__b) { return sub(__a, __b); } \
	__device__ __forceinline__ T operator*(const T &__a, const T &__b) { return mul(__a, __b); } \
	__device__ __forceinline__ T operator/(const T &__a, const T &__b) { return div(__a, __b); } \
	__device__ __forceinline__ T &operator+=(T &__a, const T &__b) { __a = add(__a, __b); return __a; } \
	__device__ __forceinline__ T &operator-=(T &__a, const T &__b) { __a = sub(__a, __b); return __a; } \
	__device__ __forceinline__ T &operator*=(T &__a, const T &__b) { __a = mul(__a, __b); return __a; } \
	__device__ __forceinline__ T &operator/=(T &__a, const T &__b) { __a = div(__a, __b); return __a; } \
	__device__ __forceinline__ T operator+(const T &__a) { return __a; }         \
	__device__ __forceinline__ bool operator==(const T &__a, const T &__b) { return eq(__a, __b); } \
	__device__ __forceinline__ bool operator!=(const T &__a, const T &__b) { return ne(__a, __b); } \
	__device__ __forceinline__ bool operator<(const T &__a, const T &__b) { return lt(__a, __b); } \
	__device__ __forceinline__ bool operator>(const T &__a, const T &__b) { return gt(__a, __b); } \
	__device__ __forceinline__ bool operator<=(const T &__a, const T &__b) { return le(__a, __b); } \
	__device__ __forceinline__ bool operator>=(const T &__a, const T &__b) { return ge(__a, __b); }
__PTXABI_BF16_OPS(__nv_bfloat16, __hadd, __hsub, __hmul, __hdiv, __heq, __hneu, __hlt, __hgt, __hle, __hge)
__PTXABI_BF16_OPS(__nv_bfloat162, __hadd2, __hsub2, __hmul2, __h2div, __hbeq2, __hbneu2, __hblt2, __hbgt2, __hble2, __hbge2)
#undef __PTXABI_BF16_OPS
__device__ __forceinline__ __nv_bfloat16 operator-(const __nv_bfloat16 &__a) { return __hneg(__a); }
__device__ __forceinline__ __nv_bfloat162 operator-(const __nv_bfloat162 &__a) { return __hneg2(__a); }
__device__ __forceinline__ __nv_bfloat16 &operator++(__nv_bfloat16 &__h) { __h = __hadd(__h, __ptxabi_bf16(0x3f80)); return __h; }
__device__ __forceinline__ __nv_bfloat16 &operator--(__nv_bfloat16 &__h) { __h = __hsub(__h, __ptxabi_bf16(0x3f80)); return __h; }
__device__ __forceinline__ __nv_bfloat16 operator++(__nv_bfloat16 &__h, int)
{
	const __nv_bfloat16 __old = __h;
	__h = __hadd(__h, __ptxabi_bf16(0x3f80));
	return __old;
}
__device__ __forceinline__ __nv_bfloat16 operator--(__nv_bfloat16 &__h, int)
{
	const __nv_bfloat16 __old = __h;
	__h = __hsub(__h, __ptxabi_bf16(0x3f80));
	return __old;
}
#endif
#undef __PTXABI_BF16
#endif /* __cplusplus */
#endif

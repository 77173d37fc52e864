/* Built-in: the device functions that CUDA's headers declare for every
   translation unit (crt/device_functions.h, sm_*_intrinsics.h,
   crt/math_functions.h, vector_functions.h), as nvcc sees them. The
   compiler lowers them itself (package cfront/sema lists them in
   Builtins); they are declared here so that calls type-check as calls
   of ordinary functions, with C++ overloads where CUDA has them.
   cuda_runtime.h includes it when __PTXABI_DEVICE_BUILTINS is defined,
   as cfront.ParseUnit does. The families that macros generate are
   declared only where __PTXABI_BUILTINS_LAZY is undefined or the
   family's own macro (__PTXABI_BUILTINS_ATOMIC, ...) is defined:
   package cc defines them for the families a unit names (its
   builtinFamilies table), which saves a small unit most of the time it
   spends here. */
#ifndef __PTXABI_DEVICE_BUILTINS_H
#define __PTXABI_DEVICE_BUILTINS_H

/* Synchronization and memory fences. */
extern "C" __device__ void __syncthreads(void);
extern "C" __device__ int __syncthreads_count(int predicate);
extern "C" __device__ int __syncthreads_and(int predicate);
extern "C" __device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
extern "C" __device__ void __threadfence(void);
extern "C" __device__ void __threadfence_block(void);
extern "C" __device__ void __threadfence_system(void);
extern "C" __device__ long long clock64(void);
extern "C" __device__ void __nanosleep(unsigned int ns);
extern "C" __device__ void __trap(void);
extern "C" __device__ void __brkpt(void);

/* Compiler hints (GCC's, which nvcc accepts) and address-space queries. */
extern "C" __host__ __device__ long __builtin_expect(long exp, long c);
extern "C" __host__ __device__ void __builtin_unreachable(void);
extern "C" __host__ __device__ void __builtin_assume(bool b);
extern "C" __host__ __device__ void *__builtin_assume_aligned(const void *p, size_t align);
extern "C" __device__ unsigned int __isGlobal(const void *p);
extern "C" __device__ unsigned int __isShared(const void *p);
extern "C" __device__ unsigned int __isConstant(const void *p);
extern "C" __device__ unsigned int __isLocal(const void *p);
extern "C" __device__ size_t __cvta_generic_to_global(const void *p);
extern "C" __device__ size_t __cvta_generic_to_shared(const void *p);

/* Atomic functions (guide chapter 4), with their _block and _system
   forms. */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_ATOMIC)
#define __PTXABI_ATOMIC(f, T) \
	__device__ T f(T *address, T val); \
	__device__ T f##_block(T *address, T val); \
	__device__ T f##_system(T *address, T val);
#define __PTXABI_ATOMIC_INT(f) \
	__PTXABI_ATOMIC(f, int) __PTXABI_ATOMIC(f, unsigned int) __PTXABI_ATOMIC(f, unsigned long long int)
__PTXABI_ATOMIC_INT(atomicAdd) __PTXABI_ATOMIC(atomicAdd, float) __PTXABI_ATOMIC(atomicAdd, double)
__PTXABI_ATOMIC(atomicSub, int) __PTXABI_ATOMIC(atomicSub, unsigned int)
__PTXABI_ATOMIC_INT(atomicExch) __PTXABI_ATOMIC(atomicExch, float)
__PTXABI_ATOMIC_INT(atomicMin) __PTXABI_ATOMIC(atomicMin, long long int)
__PTXABI_ATOMIC_INT(atomicMax) __PTXABI_ATOMIC(atomicMax, long long int)
__PTXABI_ATOMIC(atomicInc, unsigned int) __PTXABI_ATOMIC(atomicDec, unsigned int)
__PTXABI_ATOMIC_INT(atomicAnd) __PTXABI_ATOMIC_INT(atomicOr) __PTXABI_ATOMIC_INT(atomicXor)
#define __PTXABI_ATOMIC_CAS(T) \
	__device__ T atomicCAS(T *address, T compare, T val); \
	__device__ T atomicCAS_block(T *address, T compare, T val); \
	__device__ T atomicCAS_system(T *address, T compare, T val);
__PTXABI_ATOMIC_CAS(int) __PTXABI_ATOMIC_CAS(unsigned int) __PTXABI_ATOMIC_CAS(unsigned long long int)
__PTXABI_ATOMIC_CAS(unsigned short int)
#undef __PTXABI_ATOMIC
#undef __PTXABI_ATOMIC_INT
#undef __PTXABI_ATOMIC_CAS
#endif

/* Warp shuffles (the width parameter defaults to warpSize: both forms
   are declared) and votes. */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_SHFL)
#define __PTXABI_SHFL(T) \
	__device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width); \
	__device__ T __shfl_sync(unsigned int mask, T var, int srcLane); \
	__device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width); \
	__device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta); \
	__device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width); \
	__device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta); \
	__device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width); \
	__device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask);
__PTXABI_SHFL(int) __PTXABI_SHFL(unsigned int) __PTXABI_SHFL(long) __PTXABI_SHFL(unsigned long)
__PTXABI_SHFL(long long) __PTXABI_SHFL(unsigned long long) __PTXABI_SHFL(float) __PTXABI_SHFL(double)
#undef __PTXABI_SHFL
#endif
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_WARP)
extern "C" __device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
extern "C" __device__ int __any_sync(unsigned int mask, int predicate);
extern "C" __device__ int __all_sync(unsigned int mask, int predicate);
extern "C" __device__ unsigned int __activemask(void);
/* The warp votes of before CUDA 9, with no mask, which CUDA 11.8 still
   declares (deprecated): vote without .sync, as nvcc emits them, which
   ptxas accepts below sm_70 only. */
extern "C" __device__ int __any(int cond);
extern "C" __device__ int __all(int cond);
extern "C" __device__ unsigned int __ballot(int cond);
__device__ bool any(bool cond);
__device__ bool all(bool cond);
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_add_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_min_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_max_sync(unsigned int mask, int value);
extern "C" __device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
extern "C" __device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
extern "C" __device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);
#endif
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_MATCH)
#define __PTXABI_MATCH(T) \
	__device__ unsigned int __match_any_sync(unsigned int mask, T value); \
	__device__ unsigned int __match_all_sync(unsigned int mask, T value, int *pred);
__PTXABI_MATCH(unsigned int) __PTXABI_MATCH(int) __PTXABI_MATCH(unsigned long) __PTXABI_MATCH(long)
__PTXABI_MATCH(unsigned long long) __PTXABI_MATCH(long long) __PTXABI_MATCH(float) __PTXABI_MATCH(double)
#undef __PTXABI_MATCH
#endif

/* Integer intrinsics. */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_INT)
extern "C" __device__ int __popc(unsigned int x);
extern "C" __device__ int __popcll(unsigned long long int x);
extern "C" __device__ int __clz(int x);
extern "C" __device__ int __clzll(long long int x);
extern "C" __device__ unsigned int __brev(unsigned int x);
extern "C" __device__ unsigned long long int __brevll(unsigned long long int x);
extern "C" __device__ int __ffs(int x);
extern "C" __device__ int __ffsll(long long int x);
extern "C" __device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
extern "C" __device__ int __mul24(int x, int y);
extern "C" __device__ unsigned int __umul24(unsigned int x, unsigned int y);
extern "C" __device__ int __mulhi(int x, int y);
extern "C" __device__ unsigned int __umulhi(unsigned int x, unsigned int y);
extern "C" __device__ long long int __mul64hi(long long int x, long long int y);
extern "C" __device__ unsigned long long int __umul64hi(unsigned long long int x, unsigned long long int y);
extern "C" __device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
extern "C" __device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
extern "C" __device__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
extern "C" __device__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);
/* Averages without overflow, as nvcc computes them. */
__device__ __forceinline__ int __hadd(int __x, int __y) { int __h = (__x ^ __y) >> 1; return __h + (__x & __y); }
__device__ __forceinline__ int __rhadd(int __x, int __y) { int __h = (__x ^ __y) >> 1, __o = __x | __y; return __o - __h; }
__device__ __forceinline__ unsigned int __uhadd(unsigned int __x, unsigned int __y) { unsigned int __h = (__x ^ __y) >> 1; return __h + (__x & __y); }
__device__ __forceinline__ unsigned int __urhadd(unsigned int __x, unsigned int __y) { unsigned int __h = (__x ^ __y) >> 1, __o = __x | __y; return __o - __h; }
extern "C" __device__ unsigned int __sad(int x, int y, unsigned int z);
extern "C" __device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__device__ int __dp4a(int srcA, int srcB, int c);
__device__ unsigned int __dp4a(unsigned int srcA, unsigned int srcB, unsigned int c);
__device__ int __dp2a_lo(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_lo(unsigned int srcA, unsigned int srcB, unsigned int c);
__device__ int __dp2a_hi(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_hi(unsigned int srcA, unsigned int srcB, unsigned int c);
#endif

/* Reinterpretations. */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_REINTERP)
extern "C" __device__ float __int_as_float(int x);
extern "C" __device__ int __float_as_int(float x);
extern "C" __device__ float __uint_as_float(unsigned int x);
extern "C" __device__ unsigned int __float_as_uint(float x);
extern "C" __device__ double __longlong_as_double(long long int x);
extern "C" __device__ long long int __double_as_longlong(double x);
extern "C" __device__ double __hiloint2double(int hi, int lo);
extern "C" __device__ int __double2hiint(double x);
extern "C" __device__ int __double2loint(double x);
#endif

/* min and max (CUDA's overloads, mixed signedness included). */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_MINMAX)
#define __PTXABI_MINMAX(R, A, B) \
	__host__ __device__ R min(A a, B b); \
	__host__ __device__ R max(A a, B b);
__PTXABI_MINMAX(int, int, int) __PTXABI_MINMAX(unsigned int, unsigned int, unsigned int)
__PTXABI_MINMAX(unsigned int, int, unsigned int) __PTXABI_MINMAX(unsigned int, unsigned int, int)
__PTXABI_MINMAX(long, long, long) __PTXABI_MINMAX(unsigned long, unsigned long, unsigned long)
__PTXABI_MINMAX(long long, long long, long long)
__PTXABI_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__PTXABI_MINMAX(unsigned long long, long long, unsigned long long)
__PTXABI_MINMAX(unsigned long long, unsigned long long, long long)
__PTXABI_MINMAX(float, float, float) __PTXABI_MINMAX(double, double, double)
__PTXABI_MINMAX(double, float, double) __PTXABI_MINMAX(double, double, float)
#undef __PTXABI_MINMAX
extern "C" __host__ __device__ unsigned int umin(unsigned int a, unsigned int b);
extern "C" __host__ __device__ unsigned int umax(unsigned int a, unsigned int b);
extern "C" __host__ __device__ long long llmin(long long a, long long b);
extern "C" __host__ __device__ long long llmax(long long a, long long b);
extern "C" __host__ __device__ unsigned long long ullmin(unsigned long long a, unsigned long long b);
extern "C" __host__ __device__ unsigned long long ullmax(unsigned long long a, unsigned long long b);
#endif

/* Loads through the read-only data cache. */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_LDG)
#define __PTXABI_LDG(T) __device__ T __ldg(const T *ptr);
__PTXABI_LDG(char) __PTXABI_LDG(signed char) __PTXABI_LDG(unsigned char) __PTXABI_LDG(short)
__PTXABI_LDG(unsigned short) __PTXABI_LDG(int) __PTXABI_LDG(unsigned int) __PTXABI_LDG(long)
__PTXABI_LDG(unsigned long) __PTXABI_LDG(long long) __PTXABI_LDG(unsigned long long)
__PTXABI_LDG(float) __PTXABI_LDG(double)
__PTXABI_LDG(char2) __PTXABI_LDG(char4) __PTXABI_LDG(uchar2) __PTXABI_LDG(uchar4)
__PTXABI_LDG(short2) __PTXABI_LDG(short4) __PTXABI_LDG(ushort2) __PTXABI_LDG(ushort4)
__PTXABI_LDG(int2) __PTXABI_LDG(int4) __PTXABI_LDG(uint2) __PTXABI_LDG(uint4)
__PTXABI_LDG(longlong2) __PTXABI_LDG(ulonglong2) __PTXABI_LDG(float2) __PTXABI_LDG(float4)
__PTXABI_LDG(double2)
#undef __PTXABI_LDG
/* Loads and stores with a cache operator (ld.global.cs...). */
#define __PTXABI_LDST(T) \
	__device__ T __ldca(const T *ptr); __device__ T __ldcg(const T *ptr); __device__ T __ldcs(const T *ptr); \
	__device__ T __ldlu(const T *ptr); __device__ T __ldcv(const T *ptr); \
	__device__ void __stwb(T *ptr, T value); __device__ void __stcg(T *ptr, T value); \
	__device__ void __stcs(T *ptr, T value); __device__ void __stwt(T *ptr, T value);
__PTXABI_LDST(char) __PTXABI_LDST(signed char) __PTXABI_LDST(unsigned char) __PTXABI_LDST(short)
__PTXABI_LDST(unsigned short) __PTXABI_LDST(int) __PTXABI_LDST(unsigned int) __PTXABI_LDST(long)
__PTXABI_LDST(unsigned long) __PTXABI_LDST(long long) __PTXABI_LDST(unsigned long long)
__PTXABI_LDST(float) __PTXABI_LDST(double)
__PTXABI_LDST(char2) __PTXABI_LDST(char4) __PTXABI_LDST(uchar2) __PTXABI_LDST(uchar4)
__PTXABI_LDST(short2) __PTXABI_LDST(short4) __PTXABI_LDST(ushort2) __PTXABI_LDST(ushort4)
__PTXABI_LDST(int2) __PTXABI_LDST(int4) __PTXABI_LDST(uint2) __PTXABI_LDST(uint4)
__PTXABI_LDST(longlong2) __PTXABI_LDST(ulonglong2) __PTXABI_LDST(float2) __PTXABI_LDST(float4)
__PTXABI_LDST(double2)
#undef __PTXABI_LDST
#endif

/* Vector constructors (vector_functions.h). */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_MAKE)
#define __PTXABI_MAKE(V, T) \
	__host__ __device__ V##1 make_##V##1(T x); \
	__host__ __device__ V##2 make_##V##2(T x, T y); \
	__host__ __device__ V##3 make_##V##3(T x, T y, T z); \
	__host__ __device__ V##4 make_##V##4(T x, T y, T z, T w);
__PTXABI_MAKE(char, signed char) __PTXABI_MAKE(uchar, unsigned char) __PTXABI_MAKE(short, short)
__PTXABI_MAKE(ushort, unsigned short) __PTXABI_MAKE(int, int) __PTXABI_MAKE(uint, unsigned int)
__PTXABI_MAKE(long, long) __PTXABI_MAKE(ulong, unsigned long) __PTXABI_MAKE(longlong, long long)
__PTXABI_MAKE(ulonglong, unsigned long long) __PTXABI_MAKE(float, float) __PTXABI_MAKE(double, double)
#undef __PTXABI_MAKE
#endif

/* Math functions: the C functions (double, and float with the f suffix,
   as <math.h> declares them) and CUDA's C++ float overloads. */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_MATH)
#define __PTXABI_MATH1(__n) \
	extern "C" __host__ __device__ double __n(double x); \
	extern "C" __host__ __device__ float __n##f(float x); \
	__host__ __device__ float __n(float x);
#define __PTXABI_MATH2(__n) \
	extern "C" __host__ __device__ double __n(double x, double y); \
	extern "C" __host__ __device__ float __n##f(float x, float y); \
	__host__ __device__ float __n(float x, float y);
__PTXABI_MATH1(sqrt) __PTXABI_MATH1(rsqrt) __PTXABI_MATH1(cbrt) __PTXABI_MATH1(fabs) __PTXABI_MATH1(floor)
__PTXABI_MATH1(ceil) __PTXABI_MATH1(trunc) __PTXABI_MATH1(round) __PTXABI_MATH1(rint) __PTXABI_MATH1(nearbyint)
__PTXABI_MATH1(exp) __PTXABI_MATH1(exp2) __PTXABI_MATH1(expm1) __PTXABI_MATH1(log) __PTXABI_MATH1(log2)
__PTXABI_MATH1(log10) __PTXABI_MATH1(log1p) __PTXABI_MATH1(sin) __PTXABI_MATH1(cos) __PTXABI_MATH1(tan)
__PTXABI_MATH1(asin) __PTXABI_MATH1(acos) __PTXABI_MATH1(atan) __PTXABI_MATH1(sinh) __PTXABI_MATH1(cosh)
__PTXABI_MATH1(tanh) __PTXABI_MATH1(erf) __PTXABI_MATH1(erfc) __PTXABI_MATH1(lgamma) __PTXABI_MATH1(tgamma)
__PTXABI_MATH1(asinh) __PTXABI_MATH1(acosh) __PTXABI_MATH1(atanh) __PTXABI_MATH1(logb)
__PTXABI_MATH2(fmin) __PTXABI_MATH2(fmax) __PTXABI_MATH2(copysign) __PTXABI_MATH2(pow) __PTXABI_MATH2(atan2)
__PTXABI_MATH2(fmod) __PTXABI_MATH2(hypot) __PTXABI_MATH2(fdim) __PTXABI_MATH2(remainder)
__PTXABI_MATH2(nextafter)
#undef __PTXABI_MATH1
#undef __PTXABI_MATH2
extern "C" __host__ __device__ double fma(double x, double y, double z);
extern "C" __host__ __device__ float fmaf(float x, float y, float z);
__host__ __device__ float fma(float x, float y, float z);
extern "C" __host__ __device__ double ldexp(double x, int e);
extern "C" __host__ __device__ float ldexpf(float x, int e);
extern "C" __host__ __device__ double frexp(double x, int *e);
extern "C" __host__ __device__ float frexpf(float x, int *e);
extern "C" __host__ __device__ double modf(double x, double *i);
extern "C" __host__ __device__ float modff(float x, float *i);
extern "C" __host__ __device__ double scalbn(double x, int e);
extern "C" __host__ __device__ float scalbnf(float x, int e);
extern "C" __host__ __device__ int ilogb(double x);
extern "C" __host__ __device__ int ilogbf(float x);
extern "C" __host__ __device__ void sincos(double x, double *s, double *c);
extern "C" __host__ __device__ void sincosf(float x, float *s, float *c);
extern "C" __host__ __device__ int abs(int x);
extern "C" __host__ __device__ long labs(long x);
extern "C" __host__ __device__ long long llabs(long long x);
__host__ __device__ long abs(long x);
__host__ __device__ long long abs(long long x);
__host__ __device__ float abs(float x);
__host__ __device__ double abs(double x);
__host__ __device__ bool isnan(float x);
__host__ __device__ bool isnan(double x);
__host__ __device__ bool isinf(float x);
__host__ __device__ bool isinf(double x);
__host__ __device__ bool isfinite(float x);
__host__ __device__ bool isfinite(double x);
__host__ __device__ bool signbit(float x);
__host__ __device__ bool signbit(double x);
/* expf, logf and tanhf, and the float overloads exp, log and tanh, in
   single precision: nvcc takes its own from libdevice, these are
   ptxabi's. Each is within the bound that CUDA's programming guide gives
   its own (2 ulp for expf and tanhf, 1 for logf); cc's TestMathAccuracy
   measures them on the executor against Go's math package. Their results
   may differ from nvcc's in the last bit. */
extern "C" __device__ int __float_as_int(float x);
extern "C" __device__ float __int_as_float(int x);
/* 2 to the power k, for k in [-126, 127]. */
__device__ __forceinline__ float __ptxabi_exp2i(int __k) { return __int_as_float((__k + 127) << 23); }
extern "C" __host__ __device__ __forceinline__ float expf(float x)
{
	if (x > 100.0f)
		return __int_as_float(0x7f800000);
	if (x < -104.0f)
		return 0.0f;
	/* x = k ln2 + r, |r| <= ln2/2 (ln2 in two parts, the first exact in
	   k times it), e^r by its Taylor polynomial to r^7, then 2^k in two
	   factors, so that an underflow rounds once. */
	float __k = rintf(x * 1.44269504f);
	float __r = fmaf(__k, -0.693145752f, x);
	__r = fmaf(__k, -1.42860677e-6f, __r);
	float __p = fmaf(1.98412698e-4f, __r, 1.38888889e-3f);
	__p = fmaf(__p, __r, 8.33333333e-3f);
	__p = fmaf(__p, __r, 4.16666667e-2f);
	__p = fmaf(__p, __r, 1.66666667e-1f);
	__p = fmaf(__p, __r, 0.5f);
	float __e = 1.0f + fmaf(__p, __r * __r, __r);
	int __ki = (int)__k;
	int __k1 = __ki >> 1;
	return __e * __ptxabi_exp2i(__k1) * __ptxabi_exp2i(__ki - __k1);
}
extern "C" __host__ __device__ __forceinline__ float logf(float x)
{
	int __i = __float_as_int(x);
	int __e = 0;
	if (__i < 0x00800000) {
		/* Zero, negative or subnormal. */
		if (x == 0.0f)
			return __int_as_float(0xff800000);
		if (!(x > 0.0f))
			return __int_as_float(0x7fffffff);
		x *= 8388608.0f;
		__i = __float_as_int(x);
		__e = -23;
	}
	if (__i >= 0x7f800000)
		return x + x; /* infinity or NaN */
	/* x = 2^e m, m in [sqrt(2)/2, sqrt(2)), f = m - 1 (exact), s =
	   f/(2+f); log(1+f) = 2 atanh(s) = f - (f^2/2 - s (f^2/2 + R)), R
	   the series of 2 atanh(s)/s - 2 from s^2 on. */
	__i += 0x3f800000 - 0x3f3504f3;
	__e += (__i >> 23) - 127;
	__i = (__i & 0x007fffff) + 0x3f3504f3;
	float __f = __int_as_float(__i) - 1.0f;
	float __s = __f / (2.0f + __f);
	float __z = __s * __s;
	float __R = __z * fmaf(__z, fmaf(__z, fmaf(__z, 0.222222222f, 0.285714286f), 0.4f), 0.666666667f);
	float __h = 0.5f * __f * __f;
	float __dk = (float)__e;
	float __lo = fmaf(__dk, 1.42860677e-6f, __f - (__h - __s * (__h + __R)));
	return fmaf(__dk, 0.693145752f, __lo);
}
extern "C" __host__ __device__ __forceinline__ float tanhf(float x)
{
	float __a = fabsf(x);
	if (__a < 0.55f) {
		/* The Taylor series to x^17. */
		float __z = x * x;
		float __p = fmaf(5.90027441e-4f, __z, -1.45583439e-3f);
		__p = fmaf(__p, __z, 3.59212803e-3f);
		__p = fmaf(__p, __z, -8.86323552e-3f);
		__p = fmaf(__p, __z, 2.18694885e-2f);
		__p = fmaf(__p, __z, -5.39682540e-2f);
		__p = fmaf(__p, __z, 1.33333333e-1f);
		__p = fmaf(__p, __z, -3.33333333e-1f);
		return fmaf(x * __z, __p, x);
	}
	if (!(__a < 9.1f))
		return __a > 9.0f ? copysignf(1.0f, x) : x + x; /* 1 in float, or NaN */
	float __t = 2.0f / (expf(2.0f * __a) + 1.0f);
	return copysignf(1.0f - __t, x);
}
extern "C" __host__ __device__ __forceinline__ float coshf(float x)
{
	float __a = fabsf(x);
	if (__a < 88.0f) {
		float __e = expf(__a);
		return fmaf(0.5f, __e, 0.5f / __e);
	}
	/* e^a/2 = e^(a - ln2): a - ln2's first part is exact here, its
	   second part a factor 1 - 1.43e-6. */
	float __h = expf(__a - 0.693145752f);
	if (__h == __int_as_float(0x7f800000))
		return __h;
	return fmaf(__h, -1.42860677e-6f, __h);
}
extern "C" __device__ long long int __double_as_longlong(double x);
extern "C" __device__ double __longlong_as_double(long long int x);
/* frexp and frexpf: x = m 2^e with |m| in [1/2, 1); zero, infinities and
   NaN come back as they are, with e = 0. */
extern "C" __host__ __device__ __forceinline__ float frexpf(float x, int *e)
{
	int __i = __float_as_int(x), __a = __i & 0x7fffffff, __s = 0;
	if (__a == 0 || __a >= 0x7f800000) {
		*e = 0;
		return x;
	}
	if (__a < 0x00800000) {
		__i = __float_as_int(x * 16777216.0f);
		__a = __i & 0x7fffffff;
		__s = 24;
	}
	*e = (__a >> 23) - 126 - __s;
	return __int_as_float((__i & 0x807fffff) | 0x3f000000);
}
extern "C" __host__ __device__ __forceinline__ double frexp(double x, int *e)
{
	long long int __i = __double_as_longlong(x), __a = __i & 0x7fffffffffffffffLL;
	int __s = 0;
	if (__a == 0 || __a >= 0x7ff0000000000000LL) {
		*e = 0;
		return x;
	}
	if (__a < 0x0010000000000000LL) {
		__i = __double_as_longlong(x * 18014398509481984.0);
		__a = __i & 0x7fffffffffffffffLL;
		__s = 54;
	}
	*e = (int)(__a >> 52) - 1022 - __s;
	return __longlong_as_double((__i & (long long int)0x800fffffffffffffULL) | 0x3fe0000000000000LL);
}
__host__ __device__ __forceinline__ float frexp(float x, int *e) { return frexpf(x, e); }
/* nan and nanf: a quiet NaN whose payload is the number tag spells
   (decimal, or hexadecimal after 0x, or octal after 0), as nvcc's. */
__device__ __forceinline__ unsigned long long int __ptxabi_nan_payload(const char *tag)
{
	unsigned long long int __v = 0, __b = 10;
	if (tag[0] == '0') {
		__b = 8;
		tag++;
		if (tag[0] == 'x' || tag[0] == 'X') {
			__b = 16;
			tag++;
		}
	}
	for (; *tag; tag++) {
		unsigned long long int __d;
		char __c = *tag;
		if (__c >= '0' && __c <= '9')
			__d = __c - '0';
		else if (__c >= 'a' && __c <= 'f')
			__d = __c - 'a' + 10;
		else if (__c >= 'A' && __c <= 'F')
			__d = __c - 'A' + 10;
		else
			return 0;
		if (__d >= __b)
			return 0;
		__v = __v * __b + __d;
	}
	return __v;
}
extern "C" __host__ __device__ __forceinline__ float nanf(const char *tag)
{
	return __int_as_float(0x7fc00000 | (int)(__ptxabi_nan_payload(tag) & 0x3fffff));
}
extern "C" __host__ __device__ __forceinline__ double nan(const char *tag)
{
	return __longlong_as_double(0x7ff8000000000000LL | (long long int)(__ptxabi_nan_payload(tag) & 0x7ffffffffffffULL));
}
/* sinf, cosf and sincosf: x = q pi/2 + r, |r| <= pi/4 (r as a float and
   a small correction), then sin r or cos r by their Taylor polynomials.
   Below 105615 the reduction is Cody-Waite's with pi/2 in three floats
   (the products exact through fma, the sum exact through TwoSum); above,
   Payne and Hanek's: the bits of x 2/pi around its units, from 128 bits
   of 2/pi (__ptxabi_two_over_pi) times x's 24. */
__device__ __forceinline__ unsigned int __ptxabi_two_over_pi(int __k)
{
	switch (__k) {
	case 0: return 0xa2f9836eu;
	case 1: return 0x4e441529u;
	case 2: return 0xfc2757d1u;
	case 3: return 0xf534ddc0u;
	case 4: return 0xdb629599u;
	case 5: return 0x3c439041u;
	case 6: return 0xfe5163abu;
	default: return 0xdebbc561u;
	}
}
__device__ __forceinline__ int __ptxabi_reduce_pio2(float x, float *rh, float *rl)
{
	if (fabsf(x) < 105615.0f) {
		float __q = rintf(x * 0.636619747f);
		float __r1 = fmaf(__q, -1.57079637f, x);
		float __th = __q * 4.37113883e-8f;
		float __tl = fmaf(__q, 4.37113883e-8f, -__th);
		float __s = __r1 + __th;
		float __bb = __s - __r1;
		float __err = (__r1 - (__s - __bb)) + (__th - __bb);
		float __lo = __err + fmaf(__q, 1.71512451e-15f, __tl);
		float __h = __s + __lo;
		*rh = __h;
		*rl = __lo - (__h - __s);
		return (int)__q;
	}
	int __i = __float_as_int(x) & 0x7fffffff;
	int __e = (__i >> 23) - 150;
	unsigned long long int __m = (unsigned long long int)((__i & 0x007fffff) | 0x00800000);
	int __k0 = __e > 33 ? (__e - 34) / 32 + 1 : 0;
	unsigned long long int __t = __m * __ptxabi_two_over_pi(__k0 + 3);
	unsigned long long int __p0 = __t & 0xffffffffu;
	__t = __m * __ptxabi_two_over_pi(__k0 + 2) + (__t >> 32);
	unsigned long long int __p1 = __t & 0xffffffffu;
	__t = __m * __ptxabi_two_over_pi(__k0 + 1) + (__t >> 32);
	unsigned long long int __p2 = __t & 0xffffffffu;
	__t = __m * __ptxabi_two_over_pi(__k0) + (__t >> 32);
	unsigned long long int __p3 = __t & 0xffffffffu, __p4 = __t >> 32;
	/* The units bit of x 2/pi is bit 128 + 32 k0 - e of p4..p0: the 64
	   bits from two above it down, in [33, 73]. */
	int __sh = 128 + 32 * __k0 - __e - 62;
	unsigned long long int __lo64 = __p1 | (__p2 << 32), __hi = __p3;
	if (__sh >= 64) {
		__lo64 = __p2 | (__p3 << 32);
		__hi = __p4;
	}
	int __b = __sh & 31;
	unsigned long long int __w = __b == 0 ? __lo64 : (__lo64 >> __b) | (__hi << (64 - __b));
	/* The quadrant, rounded to the nearest, and the fraction left, in
	   [-1/2, 1/2), times pi/2. */
	int __q = (int)((__w >> 62) + ((__w >> 61) & 1));
	double __r = (double)((long long int)(__w << 2) >> 2) * 3.4061215800865545e-19;
	float __h = (float)__r;
	float __l = (float)(__r - (double)__h);
	if (x < 0.0f) {
		__h = -__h;
		__l = -__l;
		__q = -__q;
	}
	*rh = __h;
	*rl = __l;
	return __q;
}
__device__ __forceinline__ float __ptxabi_sin_poly(float r, float rl)
{
	float __z = r * r;
	float __p = fmaf(-2.50521084e-8f, __z, 2.75573192e-6f);
	__p = fmaf(__p, __z, -1.98412698e-4f);
	__p = fmaf(__p, __z, 8.33333333e-3f);
	__p = fmaf(__p, __z, -1.66666667e-1f);
	return r + fmaf(r * __z, __p, rl);
}
__device__ __forceinline__ float __ptxabi_cos_poly(float r, float rl)
{
	float __z = r * r;
	float __p = fmaf(2.08767570e-9f, __z, -2.75573192e-7f);
	__p = fmaf(__p, __z, 2.48015873e-5f);
	__p = fmaf(__p, __z, -1.38888889e-3f);
	__p = fmaf(__p, __z, 4.16666667e-2f);
	__p = fmaf(__p, __z, -0.5f);
	return fmaf(__z, __p, 1.0f) - r * rl;
}
extern "C" __host__ __device__ __forceinline__ float sinf(float x)
{
	if (fabsf(x) < 2.44140625e-4f)
		return x; /* sin x rounds to x (and -0 stays -0) */
	if (!(fabsf(x) < __int_as_float(0x7f800000)))
		return x - x; /* infinity or NaN: NaN */
	float __rh, __rl;
	int __q = __ptxabi_reduce_pio2(x, &__rh, &__rl);
	float __s = (__q & 1) ? __ptxabi_cos_poly(__rh, __rl) : __ptxabi_sin_poly(__rh, __rl);
	return (__q & 2) ? -__s : __s;
}
extern "C" __host__ __device__ __forceinline__ float cosf(float x)
{
	if (!(fabsf(x) < __int_as_float(0x7f800000)))
		return x - x;
	float __rh, __rl;
	int __q = __ptxabi_reduce_pio2(x, &__rh, &__rl) + 1;
	float __c = (__q & 1) ? __ptxabi_cos_poly(__rh, __rl) : __ptxabi_sin_poly(__rh, __rl);
	return (__q & 2) ? -__c : __c;
}
extern "C" __host__ __device__ __forceinline__ void sincosf(float x, float *s, float *c)
{
	if (!(fabsf(x) < __int_as_float(0x7f800000))) {
		*s = *c = x - x;
		return;
	}
	float __rh, __rl;
	int __q = __ptxabi_reduce_pio2(x, &__rh, &__rl);
	float __sp = __ptxabi_sin_poly(__rh, __rl), __cp = __ptxabi_cos_poly(__rh, __rl);
	float __sv = (__q & 1) ? __cp : __sp, __cv = (__q & 1) ? __sp : __cp;
	*s = fabsf(x) < 2.44140625e-4f ? x : (__q & 2) ? -__sv : __sv;
	*c = ((__q + 1) & 2) ? -__cv : __cv;
}
__host__ __device__ __forceinline__ float sin(float x) { return sinf(x); }
__host__ __device__ __forceinline__ float cos(float x) { return cosf(x); }
/* More single-precision functions, computed in double precision and
   rounded to float once (slower than nvcc's on GPUs with few double
   units): exp2f, exp10f, expm1f, log2f, log10f, log1pf, sinhf, tanf,
   atanf, atan2f, asinf, acosf, hypotf, and powf below; they use exp and
   log of doubles (below), e^u - 1 for small u, and atan u for u in
   [0, 1] (two halvings of the angle, then the series). */
extern "C" __host__ __device__ double sqrt(double x);
extern "C" __host__ __device__ double rint(double x);
/* e^u - 1 for |u| <= 0.35: its Taylor series to u^15. */
__device__ __forceinline__ double __ptxabi_expm1_poly(double u)
{
	double __q = u * (1.0 / 1307674368000) + 1.0 / 87178291200;
	__q = __q * u + 1.0 / 6227020800;
	__q = __q * u + 1.0 / 479001600;
	__q = __q * u + 1.0 / 39916800;
	__q = __q * u + 1.0 / 3628800;
	__q = __q * u + 1.0 / 362880;
	__q = __q * u + 1.0 / 40320;
	__q = __q * u + 1.0 / 5040;
	__q = __q * u + 1.0 / 720;
	__q = __q * u + 1.0 / 120;
	__q = __q * u + 1.0 / 24;
	__q = __q * u + 1.0 / 6;
	__q = __q * u + 0.5;
	return __q * u * u + u;
}
__device__ __forceinline__ double __ptxabi_atan_d(double u)
{
	/* atan u = 2 atan(u / (1 + sqrt(1 + u^2))), twice: u <= tan(pi/16). */
	u = u / (1.0 + sqrt(1.0 + u * u));
	u = u / (1.0 + sqrt(1.0 + u * u));
	double __z = u * u;
	double __p = __z * (-1.0 / 19) + 1.0 / 17;
	__p = __p * __z - 1.0 / 15;
	__p = __p * __z + 1.0 / 13;
	__p = __p * __z - 1.0 / 11;
	__p = __p * __z + 1.0 / 9;
	__p = __p * __z - 1.0 / 7;
	__p = __p * __z + 1.0 / 5;
	__p = __p * __z - 1.0 / 3;
	return 4.0 * (u + u * __z * __p);
}
/* e^(x ln b) for a float x, where b^x overflows above hi and underflows
   below lo. */
__device__ __forceinline__ float __ptxabi_exp_base(float x, double lnb, float hi, float lo)
{
	if (x != x)
		return x + x;
	if (x > hi)
		return __int_as_float(0x7f800000);
	if (x < lo)
		return 0.0f;
	return (float)exp((double)x * lnb);
}
extern "C" __host__ __device__ __forceinline__ float exp2f(float x)
{
	return __ptxabi_exp_base(x, 0.69314718055994531, 130.0f, -160.0f);
}
extern "C" __host__ __device__ __forceinline__ float exp10f(float x)
{
	return __ptxabi_exp_base(x, 2.3025850929940457, 40.0f, -50.0f);
}
extern "C" __host__ __device__ __forceinline__ float expm1f(float x)
{
	if (x != x)
		return x + x;
	if (x > 100.0f)
		return __int_as_float(0x7f800000);
	if (x < -20.0f)
		return -1.0f;
	if (fabsf(x) < 2.98023224e-8f)
		return x; /* e^x - 1 rounds to x (and -0 stays -0) */
	if (fabsf(x) < 0.35f)
		return (float)__ptxabi_expm1_poly(x);
	return (float)(exp((double)x) - 1.0);
}
/* The logarithms of zero, negative numbers, infinity and NaN. */
__device__ __forceinline__ float __ptxabi_log_special(float x)
{
	if (x == 0.0f)
		return __int_as_float(0xff800000);
	if (!(x > 0.0f))
		return __int_as_float(0x7fffffff);
	return x + x;
}
extern "C" __host__ __device__ __forceinline__ float log2f(float x)
{
	if (!(x > 0.0f) || x == __int_as_float(0x7f800000))
		return __ptxabi_log_special(x);
	return (float)(log((double)x) * 1.4426950408889634);
}
extern "C" __host__ __device__ __forceinline__ float log10f(float x)
{
	if (!(x > 0.0f) || x == __int_as_float(0x7f800000))
		return __ptxabi_log_special(x);
	return (float)(log((double)x) * 0.43429448190325183);
}
extern "C" __host__ __device__ __forceinline__ float log1pf(float x)
{
	if (!(x > -1.0f) || x == __int_as_float(0x7f800000))
		return __ptxabi_log_special(x + 1.0f);
	if (fabsf(x) < 1.86264515e-9f)
		return x; /* log(1+x) rounds to x (and -0 stays -0) */
	/* 1 + x is exact in double for |x| >= 2^-29. */
	return (float)log((double)1.0 + (double)x);
}
extern "C" __host__ __device__ __forceinline__ float sinhf(float x)
{
	float __a = fabsf(x);
	if (x != x)
		return x + x;
	if (__a > 90.0f)
		return copysignf(__int_as_float(0x7f800000), x); /* past 89.4: infinite */
	double __d = __a, __r;
	if (__a < 0.35f) {
		double __z = __d * __d;
		double __q = __z * (1.0 / 6227020800) + 1.0 / 39916800;
		__q = __q * __z + 1.0 / 362880;
		__q = __q * __z + 1.0 / 5040;
		__q = __q * __z + 1.0 / 120;
		__q = __q * __z + 1.0 / 6;
		__r = __d + __d * __z * __q;
	} else {
		double __e = exp((double)__d);
		__r = 0.5 * __e - 0.5 / __e;
	}
	return copysignf((float)__r, x);
}
extern "C" __host__ __device__ __forceinline__ float tanf(float x)
{
	if (fabsf(x) < 2.44140625e-4f)
		return x;
	if (!(fabsf(x) < __int_as_float(0x7f800000)))
		return x - x;
	float __rh, __rl;
	int __q = __ptxabi_reduce_pio2(x, &__rh, &__rl);
	double __r = (double)__rh + (double)__rl, __z = __r * __r;
	double __s = __z * (1.0 / 355687428096000) - 1.0 / 1307674368000;
	__s = __s * __z + 1.0 / 6227020800;
	__s = __s * __z - 1.0 / 39916800;
	__s = __s * __z + 1.0 / 362880;
	__s = __s * __z - 1.0 / 5040;
	__s = __s * __z + 1.0 / 120;
	__s = __s * __z - 1.0 / 6;
	__s = __r + __r * __z * __s;
	double __c = __z * (1.0 / 20922789888000) - 1.0 / 87178291200;
	__c = __c * __z + 1.0 / 479001600;
	__c = __c * __z - 1.0 / 3628800;
	__c = __c * __z + 1.0 / 40320;
	__c = __c * __z - 1.0 / 720;
	__c = __c * __z + 1.0 / 24;
	__c = __c * __z - 0.5;
	__c = 1.0 + __z * __c;
	return (float)((__q & 1) ? -__c / __s : __s / __c);
}
extern "C" __host__ __device__ __forceinline__ float atanf(float x)
{
	float __a = fabsf(x);
	if (__a < 2.44140625e-4f || x != x)
		return x + 0.0f * x; /* atan x rounds to x */
	double __r = __a <= 1.0f ? __ptxabi_atan_d(__a) : 1.5707963267948966 - __ptxabi_atan_d(1.0 / __a);
	return copysignf((float)__r, x);
}
/* atan2 in double: the angle of (x, y), in (-pi, pi]. */
__device__ __forceinline__ double __ptxabi_atan2_d(double y, double x)
{
	double __ay = y < 0 ? -y : y, __ax = x < 0 ? -x : x, __r;
	if (__ay <= __ax)
		__r = __ptxabi_atan_d(__ay / __ax);
	else
		__r = 1.5707963267948966 - __ptxabi_atan_d(__ax / __ay);
	if (__double_as_longlong(x) < 0)
		__r = 3.1415926535897931 - __r;
	return __double_as_longlong(y) < 0 ? -__r : __r;
}
extern "C" __host__ __device__ __forceinline__ float atan2f(float y, float x)
{
	float __inf = __int_as_float(0x7f800000);
	if (x != x || y != y)
		return x + y;
	if (fabsf(x) == __inf || fabsf(y) == __inf || y == 0.0f) {
		/* C99's special cases: the angle of the limit. */
		float __r;
		if (fabsf(y) == __inf)
			__r = fabsf(x) == __inf ? (x > 0.0f ? 0.785398163f : 2.35619449f) : 1.57079633f;
		else
			__r = __float_as_int(x) < 0 ? 3.14159274f : 0.0f;
		return copysignf(__r, y);
	}
	if (x == 0.0f)
		return copysignf(1.57079633f, y);
	return (float)__ptxabi_atan2_d(y, x);
}
extern "C" __host__ __device__ __forceinline__ float asinf(float x)
{
	if (!(fabsf(x) <= 1.0f))
		return __int_as_float(0x7fffffff) + x;
	if (fabsf(x) < 2.44140625e-4f)
		return x;
	double __d = x;
	return (float)__ptxabi_atan2_d(__d, sqrt(1.0 - __d * __d));
}
extern "C" __host__ __device__ __forceinline__ float acosf(float x)
{
	if (!(fabsf(x) <= 1.0f))
		return __int_as_float(0x7fffffff) + x;
	double __d = x;
	return (float)__ptxabi_atan2_d(sqrt(1.0 - __d * __d), __d);
}
extern "C" __host__ __device__ __forceinline__ float hypotf(float x, float y)
{
	float __inf = __int_as_float(0x7f800000);
	if (fabsf(x) == __inf || fabsf(y) == __inf)
		return __inf;
	double __x = x, __y = y;
	return (float)sqrt(__x * __x + __y * __y);
}
/* powf, and pow of floats (and of a float and an int, as CUDA declares
   it): the special cases of C99's Annex F, then e^(y log|x|) in double
   precision, rounded to float once. */
__device__ __forceinline__ int __ptxabi_odd_int(float y)
{
	return fabsf(y) < 16777216.0f && rintf(y) == y && ((int)y & 1);
}
extern "C" __host__ __device__ __forceinline__ float powf(float x, float y)
{
	float __ax = fabsf(x), __inf = __int_as_float(0x7f800000);
	if (y == 0.0f || x == 1.0f)
		return 1.0f;
	if (x != x || y != y)
		return x + y;
	int __odd = __ptxabi_odd_int(y), __neg = __float_as_int(x) < 0;
	if (fabsf(y) == __inf) {
		if (__ax == 1.0f)
			return 1.0f;
		return (__ax < 1.0f) == (y < 0.0f) ? __inf : 0.0f;
	}
	if (__ax == 0.0f || __ax == __inf) {
		float __z = (__ax == 0.0f) == (y < 0.0f) ? __inf : 0.0f;
		return __neg && __odd ? -__z : __z;
	}
	if (__neg && rintf(y) != y)
		return __int_as_float(0x7fffffff);
	double __t = (double)y * log((double)__ax);
	float __r = __t > 89.0 ? __inf : __t < -104.0 ? 0.0f : (float)exp((double)__t);
	return __neg && __odd ? -__r : __r;
}
__host__ __device__ __forceinline__ float pow(float x, float y) { return powf(x, y); }
__host__ __device__ __forceinline__ float pow(float x, int y) { return powf(x, (float)y); }
/* pow(double, int), as CUDA's headers declare it (so that such a call is
   no ambiguity between pow(double, double) and pow(float, int)): x^n by
   repeated squaring in double-double arithmetic (products kept exact to
   about 106 bits through fma), 1/x first for a negative n, rounded to
   double once. */
__device__ __forceinline__ void __ptxabi_dd_mul(double *h, double *l, double bh, double bl)
{
	double __p = *h * bh;
	double __e = fma(*h, bh, -__p) + (*h * bl + *l * bh);
	*h = __p + __e;
	*l = __e - (*h - __p);
}
__host__ __device__ __forceinline__ double pow(double x, int y)
{
	if (y == 0)
		return 1.0;
	unsigned int __m = y < 0 ? 0u - (unsigned int)y : (unsigned int)y;
	double __inf = __longlong_as_double(0x7ff0000000000000LL);
	if (x != x || x == 0.0 || x == __inf || x == -__inf) {
		/* C99's special cases: 0 or infinity, signed for an odd y. */
		if (x != x)
			return x + x;
		double __z = (x == 0.0) == (y < 0) ? __inf : 0.0;
		return (__m & 1) && __double_as_longlong(x) < 0 ? -__z : __z;
	}
	double __bh = x, __bl = 0.0;
	if (y < 0) {
		__bh = 1.0 / x;
		__bl = fma(-__bh, x, 1.0) / x; /* the division's error */
	}
	double __rh = 1.0, __rl = 0.0;
	for (;;) {
		if (__m & 1)
			__ptxabi_dd_mul(&__rh, &__rl, __bh, __bl);
		__m >>= 1;
		if (__m == 0)
			break;
		__ptxabi_dd_mul(&__bh, &__bl, __bh, __bl);
	}
	if (__rh == __inf || __rh == -__inf || __rh != __rh)
		return __rh != __rh ? ((y & 1) && x < 0.0 ? -__inf : __inf) : __rh;
	return __rh + __rl;
}
/* exp and log of doubles: exp by e^r's Taylor series to r^15 after
   taking out multiples of ln 2 (ln 2 in two parts, the first exact in k
   times it), 2^k in two factors; log by the atanh series as logf, to
   s^19. Both within 1 ulp (cc's TestDoubleExpLog measures them against
   math/big). */
extern "C" __host__ __device__ __forceinline__ double exp(double x)
{
	if (x != x)
		return x + x;
	if (x > 710.0)
		return __longlong_as_double(0x7ff0000000000000LL);
	if (x < -746.0)
		return 0.0;
	double __k = rint(x * 1.4426950408889634);
	double __r = (x - __k * 6.93147180369123816490e-01) - __k * 1.90821492927058770002e-10;
	double __e = 1.0 + __ptxabi_expm1_poly(__r);
	int __ki = (int)__k, __k1 = __ki >> 1;
	return __e * __longlong_as_double((long long int)(__k1 + 1023) << 52) *
		__longlong_as_double((long long int)(__ki - __k1 + 1023) << 52);
}
extern "C" __host__ __device__ __forceinline__ double log(double x)
{
	long long int __i = __double_as_longlong(x);
	int __e = 0;
	if (__i < 0x0010000000000000LL) {
		/* Zero, negative or subnormal. */
		if (x == 0.0)
			return __longlong_as_double((long long int)0xfff0000000000000ULL);
		if (!(x > 0.0))
			return __longlong_as_double(0x7fffffffffffffffLL);
		x *= 18014398509481984.0;
		__i = __double_as_longlong(x);
		__e = -54;
	}
	if (__i >= 0x7ff0000000000000LL)
		return x + x;
	__i += 0x3ff0000000000000LL - 0x3fe6a09e667f3bcdLL;
	__e += (int)(__i >> 52) - 1023;
	__i = (__i & 0x000fffffffffffffLL) + 0x3fe6a09e667f3bcdLL;
	double __f = __longlong_as_double(__i) - 1.0;
	double __s = __f / (2.0 + __f), __z = __s * __s;
	double __R = __z * (2.0 / 19) + 2.0 / 17;
	__R = __R * __z + 2.0 / 15;
	__R = __R * __z + 2.0 / 13;
	__R = __R * __z + 2.0 / 11;
	__R = __R * __z + 2.0 / 9;
	__R = __R * __z + 2.0 / 7;
	__R = __R * __z + 2.0 / 5;
	__R = __R * __z + 2.0 / 3;
	__R *= __z;
	double __h = 0.5 * __f * __f, __dk = __e;
	return __dk * 6.93147180369123816490e-01 + (__f - (__h - (__s * (__h + __R) + __dk * 1.90821492927058770002e-10)));
}
/* fmodf and fmod: exact, as the remainder always is. |y| times the
   largest power of two that leaves it at most what is left is taken
   away, which is exact (it is more than half of what is left), until
   less than |y| is left; it keeps x's sign. */
extern "C" __host__ __device__ __forceinline__ float fmodf(float x, float y)
{
	float __r = fabsf(x), __a = fabsf(y);
	if (__a == 0.0f || x != x || y != y || __r == __int_as_float(0x7f800000))
		return __int_as_float(0x7fffffff);
	while (__r >= __a) {
		int __er, __ea;
		float __mr = frexpf(__r, &__er), __ma = frexpf(__a, &__ea);
		int __k = __er - __ea - (__ma > __mr);
		float __s = __a;
		for (; __k > 127; __k -= 127)
			__s *= __ptxabi_exp2i(127);
		__r -= __s * __ptxabi_exp2i(__k);
	}
	return copysignf(__r, x);
}
extern "C" __host__ __device__ __forceinline__ double fmod(double x, double y)
{
	double __r = fabs(x), __a = fabs(y);
	if (__a == 0.0 || x != x || y != y || __r == __longlong_as_double(0x7ff0000000000000LL))
		return __longlong_as_double(0x7fffffffffffffffLL);
	while (__r >= __a) {
		int __er, __ea;
		double __mr = frexp(__r, &__er), __ma = frexp(__a, &__ea);
		int __k = __er - __ea - (__ma > __mr);
		double __s = __a;
		for (; __k > 1000; __k -= 1000)
			__s *= 1.0715086071862673e+301; /* 2^1000 */
		__r -= __s * __longlong_as_double((long long int)(__k + 1023) << 52);
	}
	return copysign(__r, x);
}
__host__ __device__ __forceinline__ float fmod(float x, float y) { return fmodf(x, y); }
/* The classifications. */
__host__ __device__ __forceinline__ bool isnan(float x) { return x != x; }
__host__ __device__ __forceinline__ bool isnan(double x) { return x != x; }
__host__ __device__ __forceinline__ bool isinf(float x) { return fabsf(x) == __int_as_float(0x7f800000); }
__host__ __device__ __forceinline__ bool isinf(double x) { return fabs(x) == __longlong_as_double(0x7ff0000000000000LL); }
__host__ __device__ __forceinline__ bool isfinite(float x) { return fabsf(x) < __int_as_float(0x7f800000); }
__host__ __device__ __forceinline__ bool isfinite(double x) { return fabs(x) < __longlong_as_double(0x7ff0000000000000LL); }
__host__ __device__ __forceinline__ bool signbit(float x) { return __float_as_int(x) < 0; }
__host__ __device__ __forceinline__ bool signbit(double x) { return __double_as_longlong(x) < 0; }
__host__ __device__ __forceinline__ float exp(float x) { return expf(x); }
__host__ __device__ __forceinline__ float log(float x) { return logf(x); }
__host__ __device__ __forceinline__ float tanh(float x) { return tanhf(x); }
__host__ __device__ __forceinline__ float cosh(float x) { return coshf(x); }
__host__ __device__ __forceinline__ float exp2(float x) { return exp2f(x); }
__host__ __device__ __forceinline__ float expm1(float x) { return expm1f(x); }
__host__ __device__ __forceinline__ float log2(float x) { return log2f(x); }
__host__ __device__ __forceinline__ float log10(float x) { return log10f(x); }
__host__ __device__ __forceinline__ float log1p(float x) { return log1pf(x); }
__host__ __device__ __forceinline__ float sinh(float x) { return sinhf(x); }
__host__ __device__ __forceinline__ float tan(float x) { return tanf(x); }
__host__ __device__ __forceinline__ float atan(float x) { return atanf(x); }
__host__ __device__ __forceinline__ float atan2(float y, float x) { return atan2f(y, x); }
__host__ __device__ __forceinline__ float asin(float x) { return asinf(x); }
__host__ __device__ __forceinline__ float acos(float x) { return acosf(x); }
__host__ __device__ __forceinline__ float hypot(float x, float y) { return hypotf(x, y); }
#endif

/* Fast single-precision intrinsics. */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_FAST)
extern "C" __device__ float __expf(float x);
extern "C" __device__ float __exp10f(float x);
extern "C" __device__ float __logf(float x);
extern "C" __device__ float __log2f(float x);
extern "C" __device__ float __log10f(float x);
extern "C" __device__ float __sinf(float x);
extern "C" __device__ float __cosf(float x);
extern "C" __device__ void __sincosf(float x, float *sptr, float *cptr);
extern "C" __device__ float __tanf(float x);
extern "C" __device__ float __powf(float x, float y);
extern "C" __device__ float __fdividef(float x, float y);
extern "C" __device__ float __saturatef(float x);
/* device_functions.h's deprecated spelling of __saturatef. */
__device__ float saturate(float x);
extern "C" __device__ float __frcp_rn(float x);
extern "C" __device__ float __fsqrt_rn(float x);
extern "C" __device__ float __fadd_rn(float x, float y);
extern "C" __device__ float __fmul_rn(float x, float y);
extern "C" __device__ float __fmaf_rn(float x, float y, float z);
extern "C" __device__ double __dadd_rn(double x, double y);
extern "C" __device__ double __dmul_rn(double x, double y);
extern "C" __device__ double __fma_rn(double x, double y, double z);
#endif
/* Conversions with a rounding mode (rn, rz, ru, rd). */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_CVT)
#define __PTXABI_CVT(F, T, name) \
	extern "C" __device__ T name##_rn(F x); extern "C" __device__ T name##_rz(F x); \
	extern "C" __device__ T name##_ru(F x); extern "C" __device__ T name##_rd(F x);
__PTXABI_CVT(float, int, __float2int) __PTXABI_CVT(float, unsigned int, __float2uint)
__PTXABI_CVT(float, long long, __float2ll) __PTXABI_CVT(float, unsigned long long, __float2ull)
__PTXABI_CVT(double, int, __double2int) __PTXABI_CVT(double, unsigned int, __double2uint)
__PTXABI_CVT(double, long long, __double2ll) __PTXABI_CVT(double, unsigned long long, __double2ull)
__PTXABI_CVT(double, float, __double2float) __PTXABI_CVT(int, float, __int2float)
__PTXABI_CVT(unsigned int, float, __uint2float) __PTXABI_CVT(long long, float, __ll2float)
__PTXABI_CVT(unsigned long long, float, __ull2float) __PTXABI_CVT(long long, double, __ll2double)
__PTXABI_CVT(unsigned long long, double, __ull2double)
#undef __PTXABI_CVT
extern "C" __device__ double __int2double_rn(int x);
extern "C" __device__ double __uint2double_rn(unsigned int x);
/* Arithmetic with a rounding mode (rn, rz, ru, rd). */
#define __PTXABI_ROUNDED(T, P, rn, rz, ru, rd) \
	extern "C" __device__ T rn P; extern "C" __device__ T rz P; extern "C" __device__ T ru P; extern "C" __device__ T rd P;
__PTXABI_ROUNDED(float, (float x, float y), __fadd_rn, __fadd_rz, __fadd_ru, __fadd_rd)
__PTXABI_ROUNDED(float, (float x, float y), __fsub_rn, __fsub_rz, __fsub_ru, __fsub_rd)
__PTXABI_ROUNDED(float, (float x, float y), __fmul_rn, __fmul_rz, __fmul_ru, __fmul_rd)
__PTXABI_ROUNDED(float, (float x, float y), __fdiv_rn, __fdiv_rz, __fdiv_ru, __fdiv_rd)
__PTXABI_ROUNDED(float, (float x), __frcp_rn, __frcp_rz, __frcp_ru, __frcp_rd)
__PTXABI_ROUNDED(float, (float x), __fsqrt_rn, __fsqrt_rz, __fsqrt_ru, __fsqrt_rd)
__PTXABI_ROUNDED(float, (float x, float y, float z), __fmaf_rn, __fmaf_rz, __fmaf_ru, __fmaf_rd)
__PTXABI_ROUNDED(double, (double x, double y), __dadd_rn, __dadd_rz, __dadd_ru, __dadd_rd)
__PTXABI_ROUNDED(double, (double x, double y), __dsub_rn, __dsub_rz, __dsub_ru, __dsub_rd)
__PTXABI_ROUNDED(double, (double x, double y), __dmul_rn, __dmul_rz, __dmul_ru, __dmul_rd)
__PTXABI_ROUNDED(double, (double x, double y), __ddiv_rn, __ddiv_rz, __ddiv_ru, __ddiv_rd)
__PTXABI_ROUNDED(double, (double x), __drcp_rn, __drcp_rz, __drcp_ru, __drcp_rd)
__PTXABI_ROUNDED(double, (double x), __dsqrt_rn, __dsqrt_rz, __dsqrt_ru, __dsqrt_rd)
__PTXABI_ROUNDED(double, (double x, double y, double z), __fma_rn, __fma_rz, __fma_ru, __fma_rd)
#undef __PTXABI_ROUNDED
#endif

#endif

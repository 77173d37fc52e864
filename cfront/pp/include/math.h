/* Built-in <math.h>: the C math functions, which CUDA provides on the host
   and the device. */
#ifndef __PTXABI_MATH_H
#define __PTXABI_MATH_H
#define __PTXABI_MATH1(name) \
	extern "C" __host__ __device__ double name(double x); \
	extern "C" __host__ __device__ float name##f(float x);
#define __PTXABI_MATH2(name) \
	extern "C" __host__ __device__ double name(double x, double y); \
	extern "C" __host__ __device__ float name##f(float x, float y);
__PTXABI_MATH1(sqrt) __PTXABI_MATH1(cbrt) __PTXABI_MATH1(exp) __PTXABI_MATH1(exp2) __PTXABI_MATH1(expm1)
__PTXABI_MATH1(log) __PTXABI_MATH1(log2) __PTXABI_MATH1(log10) __PTXABI_MATH1(log1p)
__PTXABI_MATH1(sin) __PTXABI_MATH1(cos) __PTXABI_MATH1(tan) __PTXABI_MATH1(asin) __PTXABI_MATH1(acos) __PTXABI_MATH1(atan)
__PTXABI_MATH1(sinh) __PTXABI_MATH1(cosh) __PTXABI_MATH1(tanh) __PTXABI_MATH1(fabs) __PTXABI_MATH1(floor) __PTXABI_MATH1(ceil)
__PTXABI_MATH1(round) __PTXABI_MATH1(trunc) __PTXABI_MATH1(rint) __PTXABI_MATH1(erf) __PTXABI_MATH1(erfc) __PTXABI_MATH1(rsqrt)
__PTXABI_MATH2(pow) __PTXABI_MATH2(atan2) __PTXABI_MATH2(fmod) __PTXABI_MATH2(fmin) __PTXABI_MATH2(fmax) __PTXABI_MATH2(hypot)
__PTXABI_MATH2(copysign)
extern "C" __host__ __device__ double fma(double x, double y, double z);
extern "C" __host__ __device__ float fmaf(float x, float y, float z);
extern "C" __host__ __device__ int abs(int x);
extern "C" __host__ __device__ long labs(long x);
extern "C" __host__ __device__ long long llabs(long long x);
#undef __PTXABI_MATH1
#undef __PTXABI_MATH2
#include <ptxabi_mathconst.h>
#endif

/* Built-in <math.h>: the C math functions, which CUDA provides on the host
   and the device. */
#ifndef __PTXABI_MATH_H
#define __PTXABI_MATH_H
#define __PTXABI_MATH1(f) \
	extern "C" __host__ __device__ double f(double x); \
	extern "C" __host__ __device__ float f##f(float x);
#define __PTXABI_MATH2(f) \
	extern "C" __host__ __device__ double f(double x, double y); \
	extern "C" __host__ __device__ float f##f(float x, float y);
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
#define M_PI 3.14159265358979323846
#define M_E 2.7182818284590452354
#define HUGE_VAL (1.0 / 0.0)
#define HUGE_VALF (1.0f / 0.0f)
#define INFINITY (1.0f / 0.0f)
#define NAN (0.0f / 0.0f)
#endif

/* The constants of <math.h> (glibc's M_ constants among them), which a .cu
   file has without an #include: nvcc's cuda_runtime.h includes <math.h>.
   Only the macros here, and the common ones: each definition costs every
   translation unit a little; the functions are declared by <math.h> and
   the built-ins. */
#ifndef __PTXABI_MATHCONST_H
#define __PTXABI_MATHCONST_H
#define M_E 2.7182818284590452354
#define M_LN2 0.69314718055994530942
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_SQRT2 1.41421356237309504880
#define HUGE_VAL (1.0 / 0.0)
#define HUGE_VALF (1.0f / 0.0f)
#define INFINITY (1.0f / 0.0f)
/* glibc's quiet NaN, 0x7fc00000 (0.0f / 0.0f is the GPU's 0x7fffffff). */
extern "C" __host__ __device__ float __builtin_nanf(const char *tag);
#define NAN __builtin_nanf("")
#endif

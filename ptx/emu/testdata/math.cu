// Math library functions (libdevice): the doubles must not depend on the
// producer or flags (TestMath).
#include <cstdio>
__global__ void mth(const double *in, double *out, float *fo) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  double x = in[t]; int ex;
  float f = (float)x;
  out[t] = sin(x) + cos(x) + exp(x) + log(fabs(x) + 1) + pow(fabs(x), 1.3) + erf(x) + lgamma(fabs(x) + 0.5) + tanh(x) + atan2(x, 2.0) + cbrt(x) + fmod(x, 0.7) + hypot(x, 3.0) + floor(x) + round(x) + sqrt(fabs(x)) + expm1(x) + log1p(fabs(x)) + asinh(x) + (double)(__double2int_rn(x)) + ldexp(x, 3) + frexp(x, &ex);
  fo[t] = sinf(f) + cosf(f) + expf(f) + logf(fabsf(f) + 1) + powf(fabsf(f), 1.3f) + erff(f) + tanhf(f) + atan2f(f, 2.0f) + cbrtf(f) + fmodf(f, 0.7f) + hypotf(f, 3.0f) + rsqrtf(fabsf(f) + 1) + __sinf(f) + __expf(f) + __logf(fabsf(f)+1) + exp2f(f) + log2f(fabsf(f)+1) + __fdividef(f, 3.0f) + truncf(f) + rintf(f) + copysignf(f, -1.0f) + fmaf(f, f, f) + __saturatef(f) + (float)__float2uint_rz(fabsf(f)) + __int_as_float(__float_as_int(f));
}

/* Built-in <math_constants.h>. */
#ifndef __PTXABI_MATH_CONSTANTS_H
#define __PTXABI_MATH_CONSTANTS_H
#define CUDART_PI_F 3.141592654f
#define CUDART_PI 3.1415926535897931e+0
#define CUDART_INF_F (1.0f / 0.0f)
#define CUDART_INF (1.0 / 0.0)
#define CUDART_NAN_F (0.0f / 0.0f)
#define CUDART_SQRT_2PI_F 2.506628275f
#endif

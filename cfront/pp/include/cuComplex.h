/* Built-in <cuComplex.h>: complex types as CUDA 11.8 declares them. */
#ifndef __PTXABI_CUCOMPLEX_H
#define __PTXABI_CUCOMPLEX_H
#include <vector_types.h>
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
#endif

/* Built-in <curand.h>: cuRAND's host API types. */
#ifndef __PTXABI_CURAND_H
#define __PTXABI_CURAND_H
#include <cuda_runtime.h>
enum curandStatus { CURAND_STATUS_SUCCESS = 0 };
typedef enum curandStatus curandStatus_t;
enum curandRngType { CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101, CURAND_RNG_QUASI_SOBOL32 = 201 };
typedef enum curandRngType curandRngType_t;
typedef struct curandGenerator_st *curandGenerator_t;
#endif

/* Built-in <curand_kernel.h>: cuRAND's device generator states, laid out as
   CUDA 11.8's curand_kernel.h and curand_philox4x32_x.h declare them (their
   functions are called in bodies, which are not parsed). */
#ifndef __PTXABI_CURAND_KERNEL_H
#define __PTXABI_CURAND_KERNEL_H
#include <curand.h>
struct curandStateTest { unsigned int v; };
typedef struct curandStateTest curandStateTest_t;
struct curandStateXORWOW {
	unsigned int d, v[5];
	int boxmuller_flag;
	int boxmuller_flag_double;
	float boxmuller_extra;
	double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
struct curandStateMRG32k3a {
	unsigned int s1[3];
	unsigned int s2[3];
	int boxmuller_flag;
	int boxmuller_flag_double;
	float boxmuller_extra;
	double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
struct curandStateSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 { unsigned long long i, x, c; unsigned long long direction_vectors[64]; };
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 { unsigned long long i, x, c; unsigned long long direction_vectors[64]; };
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;
struct curandStatePhilox4_32_10 {
	uint4 ctr;
	uint4 output;
	uint2 key;
	unsigned int STATE;
	int boxmuller_flag;
	int boxmuller_flag_double;
	float boxmuller_extra;
	double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];
#endif

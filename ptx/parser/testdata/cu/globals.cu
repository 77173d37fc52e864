// Globals with pointer members, managed memory, cluster dimensions.
struct SP { char c; int *p; const char *s; };
__device__ int gg[4] = {1, 2, 3, 4};
#ifndef __clang__ // clang-14 cannot initialize pointers with offsets, nor __managed__
__device__ SP sp = {'x', &gg[1], "str"};
__device__ __managed__ int man = 3;
#else
__device__ SP sp = {'x', gg, 0};
__device__ int man = 3;
#endif
__device__ const double table[3] = {0.5, -1.25, 1e300};
__constant__ unsigned long long big = 0xFFFFFFFFFFFFFFFFull;
__global__ void globals(int *o) { o[0] = sp.p[0] + sp.c + man + (int)table[o[1] % 3] + (int)big; }
#if !defined(__clang__) && (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900)
__global__ void __cluster_dims__(2, 1, 1) clustered(int *o) { o[threadIdx.x] = 1; }
#endif

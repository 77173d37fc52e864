// Calls of device functions (direct, through a table of function pointers),
// printf with several conversions, malloc, free and assert: what the
// calls, printf and syscalls checks read.
#include <cstdio>
#include <cassert>
#include <cuda_fp16.h>
struct S { int a; double b; char c; };
__device__ __noinline__ short f1(char c, short s, S x, __half h) { return c + s + x.a + (int)(float)h; }
__device__ __noinline__ int f2(int a) { return a * 2; }
__device__ __noinline__ int f3(int a) { return a * 3; }
typedef int (*fp)(int);
__device__ fp tab[2] = {f2, f3};
__global__ void k(int *p, char c, short s, S x, long l, float f, double d) {
  printf("hello %d %f %ld %s %c\n", p[0], f, l, "str", c);
  printf("x %lld %p %5.2f\n", (long long)d, p, d);
  printf("none\n");
  int *m = (int*)malloc(16); m[0] = 1; free(m);
  assert(p[1] == 3);
  __half h = __float2half(1.0f);
  p[2] = f1(c, s, x, h);
  fp g = tab[p[3]];
  p[4] = g(p[5]);
  atomicAdd(p, 1);
  atomicCAS(p, 1, 2);
  __threadfence();
}

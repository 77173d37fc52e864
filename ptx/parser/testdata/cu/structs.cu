// Structs by value, function pointers, recursion, globals with initializers.
#include <cstdio>
#include <cassert>
struct Small { char c; short s; };
struct Big { int a; double b; char c[3]; float4 v; };
union U { int i; float f; };
__device__ int g = 5;
__device__ int garr[4] = {1, -2, 3, 0x7fffffff};
__constant__ float cf[4] = {1.0f, 2.5f, -3.0f, 0.0f};
__constant__ double cd = 3.141592653589793;
#ifdef __clang__
// clang-14 cannot initialize a pointer with an offset into an array.
__device__ int *gp = garr;
#else
__device__ int *gp = &garr[2];
#endif
__device__ const char *msg = "hello";
__device__ __noinline__ Big mk(Big s, Small t, U u, int k) { s.a += k + t.c + t.s + u.i; s.v.x += u.f; return s; }
__device__ __noinline__ long fact(long n) { return n <= 1 ? 1 : n * fact(n - 1); }
typedef int (*fp)(int);
__device__ int inc(int x) { return x + 1; }
__device__ int dbl(int x) { return 2 * x; }
__device__ fp fps[2] = {inc, dbl};
__device__ __noinline__ Small small(Small a) { a.c++; return a; }
__global__ void structs(Big s, Small t, U u, int *out) {
  int i = threadIdx.x;
  Big r = mk(s, t, u, i);
  Small q = small(t);
  printf("r=%d %f %s %c\n", r.a, r.b, msg, q.c);
  assert(i < 1000);
  int *m = (int *)malloc(16 * sizeof(int));
  m[i % 16] = i;
  out[i] = r.a + fact(i) + fps[i & 1](i) + *gp + g + cf[i & 3] + cd + m[0];
  free(m);
}

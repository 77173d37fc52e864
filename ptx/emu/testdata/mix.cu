#include <cstdio>
#include <cassert>
#include <cuda_fp16.h>
__device__ int fib(int n) { return n < 2 ? n : fib(n-1) + fib(n-2); }
struct P { float x, y; double z; };
__device__ __noinline__ P mk(float a, int i) { P p = {a, a*2, (double)i/3}; return p; }
typedef int (*fn_t)(int);
__device__ int sq(int x) { return x*x; }
__device__ int cube(int x) { return x*x*x; }
__device__ fn_t tbl[2] = {sq, cube};
__global__ void k(int *out, float *fo, double *dout, unsigned long long *cnt) {
  int t = threadIdx.x + blockIdx.x*blockDim.x;
  __shared__ int s[128];
  s[threadIdx.x] = t;
  __syncthreads();
  int v = 0;
  for (int i = 0; i < blockDim.x; i++) v += s[i];
  v += __shfl_down_sync(0xffffffff, t, 1);
  unsigned b = __ballot_sync(0xffffffff, t & 1);
  v += __popc(b) + __clz(t+1) + __brev(t) + __ffs(t);
  if (t % 3 == 0) v += fib(t % 10);
  v += tbl[t&1](t);
  P p = mk(t * 0.5f, t);
  atomicAdd(cnt, 1ULL);
  atomicMax((int*)cnt + 2, t);
  out[t] = v;
  fo[t] = p.x + p.y * 1.25f + sinf(p.x) * 0.0f + __fdividef(p.x, 3.0f) * 0.0f;
  dout[t] = p.z + sqrt((double)t) + __half2float(__float2half(t * 0.1f));
  int *m = (int*)malloc(16);
  m[0] = t; out[t] += m[0] - t;
  free(m);
  if (t == 5) printf("t=%d v=%d %s %5.2f\n", t, v, "str", p.z);
}

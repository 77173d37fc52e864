// __half arithmetic, inline asm, wmma, debug-friendly control flow.
#include <cuda_fp16.h>
#if __CUDA_ARCH__ >= 700 || !defined(__CUDA_ARCH__)
#include <mma.h>
#endif
__device__ __forceinline__ unsigned laneid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
__global__ void halves(__half *h, __half2 *h2, float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  h[i] = __hadd(h[i], __float2half(1.0f));
#if __CUDA_ARCH__ >= 530
  h2[i] = __hmul2(h2[i], h2[i]);
#endif
  f[i] = __half2float(h[i]) + laneid();
  int x;
  asm("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\tselp.s32 %0, 1, 0, p;\n\t}" : "=r"(x) : "r"(i));
  asm volatile("membar.gl;" ::: "memory");
  for (int k = 0; k < n; k++) {
#pragma unroll 1
    for (int j = 0; j < k; j++) f[i] += j;
  }
  f[i] += x;
}
#if __CUDA_ARCH__ >= 700 || !defined(__CUDA_ARCH__)
using namespace nvcuda;
__global__ void tensor(const __half *a, const __half *b, float *c) {
#if __CUDA_ARCH__ >= 700
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
#endif
}
#endif
__global__ void __launch_bounds__(256, 2) bounded(int *p) { p[threadIdx.x] = 1; }

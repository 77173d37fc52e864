// Atomics (with scopes), shared memory and warp shuffles.
// libcu++ needs 64-bit host headers and nvcc, so -m32 and clang builds leave
// atomic_ref out.
#if defined(__LP64__) && !defined(__clang__) && (__CUDA_ARCH__ >= 700 || !defined(__CUDA_ARCH__))
#define HAVE_ATOMIC_REF 1
#include <cuda/atomic>
#endif
__shared__ int bufs[64];
__global__ void atomics(int *p, unsigned long long *q, float *f, double *d) {
  __shared__ int sm[32];
  extern __shared__ float dyn[];
  int i = threadIdx.x;
  sm[i % 32] = i;
  bufs[i % 64] = i;
  __syncthreads();
  atomicAdd(p, 1);
  atomicCAS(p + 1, 1, 2);
  atomicExch(p + 2, i);
  atomicMax(p + 3, i);
  atomicAnd(p + 4, i);
  atomicAdd(q, 1ull);
  atomicAdd(f, 1.0f);
  atomicAdd(&sm[3], 2);
#if __CUDA_ARCH__ >= 600
  atomicAdd(d, 1.0);
  atomicAdd_block(p + 5, 1);
  atomicAdd_system(p + 6, 1);
#endif
#if __CUDA_ARCH__ >= 700 && HAVE_ATOMIC_REF
  cuda::atomic_ref<int, cuda::thread_scope_device> a(p[7]);
  a.fetch_add(1, cuda::memory_order_relaxed);
  a.store(3, cuda::memory_order_release);
  cuda::atomic_ref<int, cuda::thread_scope_block> b(sm[1]);
  b.fetch_or(4, cuda::memory_order_acq_rel);
  cuda::atomic_ref<int, cuda::thread_scope_system> c(p[8]);
  int e = 0;
  c.compare_exchange_strong(e, 9, cuda::memory_order_seq_cst);
  p[9] = c.load(cuda::memory_order_acquire);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
#endif
  int v = __shfl_down_sync(0xffffffff, i, 16);
  v += __shfl_xor_sync(0xffffffff, v, 1);
  unsigned bal = __ballot_sync(0xffffffff, v > 3);
  v += __popc(bal) + __any_sync(0xffffffff, v) + dyn[i];
  __threadfence();
  p[i] = v + sm[(i + 1) % 32] + bufs[(i + 2) % 64];
}

#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
struct dim3r { __device__ unsigned operator[](int) const; };
#define TIDX __nvvm_read_ptx_sreg_tid_x()
#define BIDX __nvvm_read_ptx_sreg_ctaid_x()
#define BDIM __nvvm_read_ptx_sreg_ntid_x()
#define __syncthreads() __nvvm_bar_sync(0)
extern "C" __device__ int vprintf(const char*, void*);
extern "C" __global__ void k(int *out, float *f, int n) {
  int t = TIDX + BIDX * BDIM;
  __shared__ float sh[64];
  sh[TIDX] = t * 1.5f;
  __syncthreads();
  if (t < n) {
    float acc = 0;
    for (int i = 0; i <= (int)TIDX; i++) acc += sh[i];
    f[t] = acc;
    out[t] = __builtin_popcount(t) + (t << 3) / 7;
  }
  struct { int a; int pad; double b; } args = {t, 0, 0.5};
  if (t == 3) vprintf("clang %d %g\n", &args);
}

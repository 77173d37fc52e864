// Kernels of the executor's benchmarks (scripts/bench-emu.sh builds the
// same bodies natively with gcc -O2 from bench.c).
extern "C" __global__ void compute(float *out, int iters) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = t;
  float acc = 0;
  for (int i = 0; i < iters; i++) {
    x = x * 1664525u + 1013904223u;
    acc += (x >> 16) * 0.5f;
  }
  out[t] = acc;
}

extern "C" __global__ void stencil(const float *in, float *out, int n) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1 && j > 0 && j < n - 1)
    out[i * n + j] = 0.2f * (in[i * n + j] + in[(i - 1) * n + j] + in[(i + 1) * n + j] + in[i * n + j - 1] + in[i * n + j + 1]);
}

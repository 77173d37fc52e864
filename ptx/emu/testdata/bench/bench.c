/* The kernels of bench.cu as host C over the same grid, for
 * scripts/bench-emu.sh: gcc -O2 -ffp-contract=off. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void compute(float *out, int iters, int bx, int bdim, int tx) {
  int t = bx * bdim + tx;
  unsigned x = t;
  float acc = 0;
  for (int i = 0; i < iters; i++) {
    x = x * 1664525u + 1013904223u;
    acc += (x >> 16) * 0.5f;
  }
  out[t] = acc;
}

static void stencil(const float *in, float *out, int n, int bx, int by, int bdx, int bdy, int tx, int ty) {
  int i = by * bdy + ty;
  int j = bx * bdx + tx;
  if (i > 0 && i < n - 1 && j > 0 && j < n - 1)
    out[i * n + j] = 0.2f * (in[i * n + j] + in[(i - 1) * n + j] + in[(i + 1) * n + j] + in[i * n + j - 1] + in[i * n + j + 1]);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  double t0, t1;
  if (!strcmp(argv[1], "compute")) {
    int grid = atoi(argv[2]), block = atoi(argv[3]), iters = atoi(argv[4]);
    float *out = calloc(grid * block, 4);
    t0 = now();
    for (int b = 0; b < grid; b++)
      for (int t = 0; t < block; t++) compute(out, iters, b, block, t);
    t1 = now();
    fwrite(out, 4, grid * block, stderr);
  } else {
    int n = atoi(argv[2]);
    float *in = calloc(n * n, 4), *out = calloc(n * n, 4);
    for (int i = 0; i < n * n; i++) in[i] = (float)(i % 97);
    t0 = now();
    for (int by = 0; by < n / 16; by++)
      for (int bx = 0; bx < n / 16; bx++)
        for (int ty = 0; ty < 16; ty++)
          for (int tx = 0; tx < 16; tx++) stencil(in, out, n, bx, by, 16, 16, tx, ty);
    t1 = now();
    fwrite(out, 4, n * n, stderr);
  }
  printf("%.6f\n", t1 - t0);
  return 0;
}

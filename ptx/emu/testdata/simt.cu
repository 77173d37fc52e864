// Warp-level and block-level collectives and every kind of atomic; the
// test (TestSIMT) checks the results against a host reference.
__global__ void simt(int *out, unsigned *bits, float *fs, double *ds, unsigned long long *u64) {
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  __shared__ int sh[4];
  if (t < 4) sh[t] = 0;
  __syncthreads();
  int x = __shfl_xor_sync(0xffffffff, g, 3);
  x += __shfl_up_sync(0xffffffff, g, 2) * 3;
  x += __shfl_sync(0xffffffff, g, 7, 16) * 5;
  out[g] = x;
  unsigned m = __match_any_sync(0xffffffff, t / 5);
  int pred;
  unsigned all = __match_all_sync(0xffffffff, blockIdx.x, &pred);
  bits[g] = m ^ (pred ? all : 7u);
  if (t & 1) {
    bits[g] += __activemask() == 0xaaaaaaaau;
    bits[g] += 2 * __all_sync(0xaaaaaaaau, t > 0);
    bits[g] += 4 * __any_sync(0xaaaaaaaau, t == 3);
  }
  __syncwarp();
  int red = __reduce_add_sync(0xffffffff, t) + __reduce_max_sync(0xffffffff, (unsigned)g) + __reduce_or_sync(0xffffffff, 1u << (t % 32));
  out[g] += red * 7;
  int cnt = __syncthreads_count(t % 3 == 0);
  int an = __syncthreads_and(t < 1000);
  int orr = __syncthreads_or(t == 17);
  out[g] += cnt * 11 + an * 13 + orr * 17;
  atomicAdd(&sh[0], 1);
  atomicMax(&sh[1], g);
  atomicOr(&sh[2], 1 << (t % 31));
  atomicInc((unsigned *)&sh[3], 9);
  atomicAdd(&fs[0], 0.25f);
  atomicAdd(&ds[0], 0.5);
  atomicMin((int *)&u64[1], -g);
  atomicCAS((int *)&u64[2], 0, g + 1);
  atomicExch((int *)&u64[3], 5);
  atomicXor((int *)&u64[4], g);
  atomicAnd((unsigned *)&u64[5], ~(1u << (g % 32)));
  atomicDec((unsigned *)&u64[6], 100);
  atomicAdd(&u64[0], (unsigned long long)g);
  __syncthreads();
  if (t == 0) {
    out[1000 + blockIdx.x * 4] = sh[0];
    out[1001 + blockIdx.x * 4] = sh[1];
    out[1002 + blockIdx.x * 4] = sh[2];
    out[1003 + blockIdx.x * 4] = sh[3];
  }
}

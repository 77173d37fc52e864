// The kernels of saxpy.ir and sum.ir in CUDA C++, for nvcc: the SASS and
// register counts of ptxgen's PTX are compared with nvcc's (TestSASSAgainstNVCC).
extern "C" __global__ void saxpy(int n, float a, const float* __restrict__ x, float* y) {
  int i = blockIdx.x*blockDim.x + threadIdx.x;
  if (i < n) y[i] = a*x[i] + y[i];
}
extern "C" __global__ void sum(int* x, int n, int* out) {
  int s = 0;
  for (int i = 0; i < n; i++) s += x[i];
  *out = s;
}

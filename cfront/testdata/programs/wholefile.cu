// A whole CUDA program: host code (the C++ standard library, exceptions,
// lambdas, templates, a kernel launch) beside device code (cooperative
// groups, wmma, pipelines).
#include <iostream>
#include <vector>
#include <string>
#include <exception>
#include <memory>
#include <algorithm>
#include <chrono>
#include <fstream>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <mma.h>
#include <cuda_pipeline.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cassert>
#include <sys/time.h>
namespace cg = cooperative_groups;
using namespace nvcuda;
using namespace std;

class CudaError : public std::runtime_error {
public:
	CudaError(const std::string &msg, cudaError_t e) : std::runtime_error(msg.c_str()), err(e) {}
	cudaError_t err;
};
struct Timer {
	std::chrono::high_resolution_clock::time_point start;
	void begin() { start = std::chrono::high_resolution_clock::now(); }
	double ms() const;
};
double Timer::ms() const { auto d = std::chrono::high_resolution_clock::now() - start; return std::chrono::duration_cast<std::chrono::microseconds>(d).count() / 1000.0; }
template <typename T> void check(T result, const char *func, const char *file, int line) {
	if (result) { fprintf(stderr, "CUDA error at %s:%d\n", file, line); exit(EXIT_FAILURE); }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
__device__ float reduce_block(cg::thread_block block, float *s, float v) {
	s[block.thread_rank()] = v;
	block.sync();
	return s[0];
}
__global__ void wmma_kernel(half *a, half *b, float *c) {
	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> af;
	wmma::fill_fragment(af, 0.0f);
}
template <typename T> __global__ void saxpy(T a, const T *x, T *y, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) y[i] = a * x[i] + y[i];
}
std::vector<float> load(const std::string &path) {
	std::ifstream in(path, std::ios::binary);
	std::vector<float> v;
	return v;
}
int main(int argc, char **argv) {
	std::vector<float> h = load("x.bin");
	float *d;
	checkCudaErrors(cudaMalloc(&d, h.size() * sizeof(float)));
	saxpy<float><<<(h.size() + 255) / 256, 256>>>(2.0f, d, d, (int)h.size());
	auto lambda = [&](int i) { return h[i] * 2; };
	std::cout << "done " << lambda(0) << std::endl;
	try { throw CudaError("x", cudaSuccess); } catch (const std::exception &e) { std::cerr << e.what(); }
	return 0;
}

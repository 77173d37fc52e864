// Device functions whose parameters are libcu++'s types (cuda::barrier,
// cuda::atomic, cuda::pipeline, cuda::std::pair...): their symbols name
// libcu++'s versioned namespaces and the scope enumeration's own.
#include <cuda/atomic>
#include <cuda/pipeline>
#include <cuda/barrier>
#include <cuda/std/utility>
__device__ __noinline__ void a(cuda::atomic<int, cuda::thread_scope_device> &x) {}
__device__ __noinline__ void b(cuda::std::pair<int, float> *p) {}
__device__ __noinline__ void c(cuda::pipeline<cuda::thread_scope_block> *p) {}
__device__ __noinline__ void d(cuda::aligned_size_t<16> s) {}
__device__ __noinline__ void e(cuda::pipeline_shared_state<cuda::thread_scope_block, 2> *s) {}
__device__ __noinline__ void g(cuda::atomic_ref<int, cuda::thread_scope_device> *x) {}
__device__ __noinline__ void h(cuda::thread_scope s, cuda::pipeline_role r) {}
__device__ __noinline__ void i(cuda::std::atomic<int> *x) {}
__device__ __noinline__ void j(cuda::barrier<cuda::thread_scope_block> *x) {}
__global__ void norm(float *v, int n) {
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	if (threadIdx.x == 0) init(&bar, blockDim.x);
	__syncthreads();
	auto token = bar.arrive();
	bar.wait(std::move(token));
	j(&bar);
}

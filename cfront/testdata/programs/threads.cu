// Host threads beside a kernel: pthread's types come with <iostream> (its
// thread support includes <pthread.h>), as with nvcc and libstdc++.
#include <iostream>

struct Work {
	pthread_barrier_t *barrier;
	pthread_mutex_t *lock;
	float *data;
	long n;
};

void *worker(void *arg) {
	Work *w = (Work *)arg;
	pthread_mutex_lock(w->lock);
	std::cout << w->n << std::endl;
	pthread_mutex_unlock(w->lock);
	return 0;
}

__device__ float dist(const float *a, const float *b, int dim) {
	float s = 0;
	for (int i = 0; i < dim; i++) s += (a[i] - b[i]) * (a[i] - b[i]);
	return s;
}

__global__ void cost(float *out, const float *pts, int n, int dim) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) out[i] = dist(pts + i * dim, pts, dim);
}

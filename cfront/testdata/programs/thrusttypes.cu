// Device functions taking thrust's tuple (ten parameters, null_type by
// default, as its symbols name them) beside host code that walks a
// std::list backwards (thrust's own instances are not compared here:
// none is made).
#include <list>
#include <thrust/tuple.h>

__device__ float sum(thrust::tuple<float, float> t, thrust::null_type n) { return 0; }
__device__ int pick(thrust::tuple<int, float, double> *t) { return 1; }

struct Level { int n; };

int levels(const std::list<Level> &ls) {
	int n = 0;
	for (std::list<Level>::const_reverse_iterator it; n < 1; n++) {
	}
	return n + (int)ls.size();
}

//@ kernel: nullptr_consts
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-9:9
//@ arg: zero:1024
// nullptr and null pointer constants where the front end folds them:
// nullptr == nullptr, ?: between two null pointers, a std::nullptr_t
// passed and compared, and overloads chosen by a null pointer.
#include <cstddef>
__device__ int isnull(const void *p) { return p == nullptr; }
__device__ int which(int *) { return 1; }
__device__ int which(std::nullptr_t) { return 2; }
extern "C" __global__ void nullptr_consts(const int *in, int *out)
{
	int t = threadIdx.x;
	int *o = out + t * 8;
	int a = in[t];
	o[0] = nullptr == nullptr;
	o[1] = isnull(a > 0 ? (void *)0 : (void *)0);
	o[2] = isnull(a > 0 ? nullptr : o) * 10 + isnull(nullptr);
	std::nullptr_t n = nullptr;
	int *p = n;
	o[3] = (p == nullptr) + (n == nullptr) * 2 + (o != nullptr) * 4;
	o[4] = which(nullptr) * 10 + which(o) + which(p) * 100;
	const int *q = a & 1 ? in : nullptr;
	o[5] = q ? q[t] : -1;
}

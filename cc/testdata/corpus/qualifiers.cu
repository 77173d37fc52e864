//@ kernel: qualifiers
//@ grid: 2
//@ block: 64
//@ arg: gen:f32:128
//@ arg: gen:s32:128:-100:100
//@ arg: zero:1024
// CUDA's and C++'s qualifiers and scopes: namespaces (nested, a using
// declaration and directive, an unnamed namespace), __forceinline__ and
// __noinline__, __launch_bounds__, __restrict__ const pointers read with
// and without __ldg, an __align__(16) struct, an extern "C" device
// function, a reference to a struct member, const locals.
namespace geo {
namespace detail {
__device__ __forceinline__ float sq(float x) { return x * x; }
}
struct __align__(16) P4 {
	float x, y, z;
	int id;
};
__device__ __noinline__ float norm2(const P4 &p) { return detail::sq(p.x) + detail::sq(p.y) + detail::sq(p.z); }
}
namespace {
__device__ int bias = 3;
}
extern "C" __device__ __noinline__ int c_linkage(int a, int b) { return a * 31 + b; }
__device__ __noinline__ int sum4(const int *a) // const int (&a)[4]: pending/array_reference.cu
{
	return a[0] + a[1] + a[2] + a[3];
}
using geo::P4;
using namespace geo::detail;
extern "C" __global__ void __launch_bounds__(64, 2) qualifiers(const float *__restrict__ f, const int *__restrict__ iv, int *__restrict__ out)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	P4 p = {f[i], __ldg(&f[(i + 1) & 127]), f[(i + 2) & 127], iv[i]};
	int &id = p.id;
	id += bias;
	int a[4] = {iv[i], __ldg(&iv[(i + 5) & 127]), id, i};
	int *o = out + i * 2;
	o[0] = (int)(geo::norm2(p) * 64) + (int)(sq(p.x) * 8) + sizeof(P4) * 1000 + alignof(P4) * 100000;
	o[1] = c_linkage(sum4(a), id);
}

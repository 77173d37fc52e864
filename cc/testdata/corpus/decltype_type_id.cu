//@ kernel: decltype_type_id
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// decltype of an auto variable or an expression as a type-id: in sizeof,
// a cast and a template argument, and with a pointer declarator.
template <typename T>
__device__ int size_of() { return (int)sizeof(T); }
extern "C" __global__ void decltype_type_id(const int *in, int *out)
{
	int t = threadIdx.x;
	auto d = in[t] * 0.5;
	decltype(d) *pd = &d;
	out[t] = (int)sizeof(decltype(d)) + static_cast<decltype(d * 2)>(*pd) * 4 + size_of<decltype(t + 1ll)>();
}

// Kernels that take std::integral_constant tags (std::bool_constant, an
// alias of it, with a template parameter as its argument), instantiated by
// launches whose arguments are constexpr tag objects; a class template
// whose non-type parameter has the type of an earlier type parameter.
#include <type_traits>
#include <cstdint>

constexpr std::bool_constant<true> True;
constexpr std::bool_constant<false> False;

template <class OutT, bool UseAux>
__global__ void reduce(OutT *out, const float *in, int n, std::bool_constant<UseAux>) {
	if (UseAux) out[0] = (OutT)in[n];
}

template <bool WriteLogits = true, bool WriteProbs = false>
__global__ void classify(float *logits, int n, std::bool_constant<WriteLogits>) {
	if (WriteLogits && !WriteProbs) logits[n] = 0;
}

template <class T, T v> struct tag { static const T value = v; };

template <class T, T v>
__device__ T read(tag<T, v>) { return tag<T, v>::value; }

__device__ int sizes(std::integral_constant<int, 3> a, std::integral_constant<std::uint64_t, 5> b, tag<short, -2> c) {
	return std::integral_constant<int, 3>::value + (int)decltype(b)::value + read(c) + read(tag<unsigned char, 7>());
}

__device__ bool yes(std::true_type t, std::false_type f) { return decltype(t)::value && !decltype(f)::value; }

void launch(float *p, double *d, std::bool_constant<false> write) {
	reduce<<<1, 32>>>(p, p, 4, True);
	reduce<<<1, 32>>>(d, p, 4, False);
	classify<<<1, 32>>>(p, 4, write);
	classify<true, true><<<1, 32>>>(p, 4, True);
}

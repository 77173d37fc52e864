/* Built-in <cooperative_groups/details/functional.h>: the operations
   cg::reduce and the scans combine values with, as CUDA 11.8 defines
   them. */
#ifndef __PTXABI_CG_FUNCTIONAL_H
#define __PTXABI_CG_FUNCTIONAL_H
namespace cooperative_groups {
inline namespace __v1 {
template <class __T> struct plus {
	__device__ __forceinline__ __T operator()(__T __a, __T __b) const { return __a + __b; }
};
template <class __T> struct less {
	__device__ __forceinline__ __T operator()(__T __a, __T __b) const { return (__b < __a) ? __b : __a; }
};
template <class __T> struct greater {
	__device__ __forceinline__ __T operator()(__T __a, __T __b) const { return (__a < __b) ? __b : __a; }
};
template <class __T> struct bit_and {
	__device__ __forceinline__ __T operator()(__T __a, __T __b) const { return __a & __b; }
};
template <class __T> struct bit_or {
	__device__ __forceinline__ __T operator()(__T __a, __T __b) const { return __a | __b; }
};
template <class __T> struct bit_xor {
	__device__ __forceinline__ __T operator()(__T __a, __T __b) const { return __a ^ __b; }
};
}
}
#endif

/* Built-in <cooperative_groups/reduce.h>: cg::reduce over a static tile
   (thread_block_tile<N>), every thread getting the result: a butterfly of
   shfl_xor from N/2 down, in the order CUDA 11.8 combines the values (its
   redux.sync form for integers on sm_80 gives the same results). */
#ifndef __PTXABI_CG_REDUCE_H
#define __PTXABI_CG_REDUCE_H
#include <cooperative_groups.h>
#include <cooperative_groups/details/functional.h>
namespace cooperative_groups {
inline namespace __v1 {
template <class __G, class __T, class __Op> __device__ __forceinline__ __T reduce(const __G &__g, __T __v, __Op __op)
{
	for (unsigned int __m = (unsigned int)__g.size() >> 1; __m > 0; __m >>= 1)
		__v = __op(__v, __g.shfl_xor(__v, __m));
	return __v;
}
}
}
#endif

/* Built-in <cooperative_groups/reduce.h>: cg::reduce over a static tile
   (thread_block_tile<N>), every thread getting the result: a butterfly of
   shfl_xor from N/2 down, in the order CUDA 11.8 combines the values (its
   redux.sync form for integers on sm_80 gives the same results); and over
   a coalesced group, in its order too. */
#ifndef __PTXABI_CG_REDUCE_H
#define __PTXABI_CG_REDUCE_H
#include <cooperative_groups.h>
#include <cooperative_groups/details/functional.h>
namespace cooperative_groups {
inline namespace __v1 {
namespace __ptxabi_cg {
template <unsigned int __Size, class __ParentT, class __T, class __Op> __device__ __forceinline__ __T __reduce(const thread_block_tile<__Size, __ParentT> &__g, __T __v, __Op __op)
{
	for (unsigned int __m = (unsigned int)__g.size() >> 1; __m > 0; __m >>= 1)
		__v = __op(__v, __g.shfl_xor(__v, __m));
	return __v;
}
/* A coalesced group: all 32 lanes combine each value with the one
   shfl_up brings (16 down to 1) and take lane 31's; fewer lanes scan by
   rank (each step i, a rank r >= i combines its value with rank r - i's)
   and take the last lane's, as CUDA 11.8 does. */
template <class __T, class __Op> __device__ __forceinline__ __T __reduce(const coalesced_group &__g, __T __v, __Op __op)
{
	unsigned int __m = __ptxabi_partitions::__mask_of(__g);
	if (__g.size() == 32) {
		for (int __o = 16; __o > 0; __o >>= 1)
			__v = __op(__v, __g.shfl_up(__v, __o));
		return __g.shfl(__v, 31);
	}
	unsigned int __n = (unsigned int)__g.size(), __rank = (unsigned int)__g.thread_rank();
	for (unsigned int __i = 1; __i < __n; __i <<= 1) {
		unsigned int __src = __i <= __rank ? __fns(__m, 0, __rank - __i + 1) : __lane();
		__T __t = __sh_idx(__m, __v, __src, 32);
		if (__i <= __rank)
			__v = __op(__v, __t);
	}
	return __sh_idx(__m, __v, 31 - __clz(__m), 32);
}
}
template <class __G, class __T, class __Op> __device__ __forceinline__ __T reduce(const __G &__g, __T __v, __Op __op)
{
	return __ptxabi_cg::__reduce(__g, __v, __op);
}
}
}
#endif

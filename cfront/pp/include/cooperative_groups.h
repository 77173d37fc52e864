/* Built-in <cooperative_groups.h>: the thread groups of CUDA's cooperative
   groups, defined over the built-in variables and the warp built-ins so
   that ptxabi cc compiles what device code calls of them: a thread block,
   tiles of a block (a static size, thread_block_tile<N>, or a dynamic one,
   tiled_partition(g, n)), the coalesced threads of a warp, and the
   functions on groups (sync, thread_rank, size, and on tiles the warp
   shuffles and votes), and the grid (its sync needs a cooperative
   launch). */
#ifndef __PTXABI_COOPERATIVE_GROUPS_H
#define __PTXABI_COOPERATIVE_GROUPS_H
#include <cuda_runtime.h>
namespace cooperative_groups {
inline namespace __v1 {
namespace __ptxabi_cg {
/* A group's 16 bytes, as CUDA 11.8's cooperative_groups.h lays them out
   (so that a group passed to or from code nvcc compiled means the same):
   the first word holds is_tiled (bit 0), the group's type (bits 1-7:
   1 coalesced, which tiles are too, 3 grid, 4 thread block) and a
   coalesced group's size (bits 8-31); the second its meta group size
   (bits 0-15) and rank (16-31); the third its mask of lanes. */
enum { __coalesced_id = 1, __grid_id = 3, __block_id = 4 };
static __device__ __forceinline__ unsigned int __lane()
{
	unsigned int __l;
	asm("mov.u32 %0, %%laneid;" : "=r"(__l));
	return __l;
}
static __device__ __forceinline__ unsigned int __lanemask_lt()
{
	unsigned int __m;
	asm("mov.u32 %0, %%lanemask_lt;" : "=r"(__m));
	return __m;
}
static __device__ __forceinline__ unsigned int __block_rank()
{
	return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
static __device__ __forceinline__ unsigned int __block_size()
{
	return blockDim.x * blockDim.y * blockDim.z;
}
/* The lanes of the static tile of __n threads (a power of 2 up to 32)
   that holds the calling thread. */
static __device__ __forceinline__ unsigned int __tile_mask(unsigned int __n)
{
	if (__n >= 32)
		return 0xffffffffu;
	return ((1u << __n) - 1) << (__lane() & ~(__n - 1));
}
/* The lane of the __off-th set bit of __m counting from lane __base
   (fns: 0xffffffff when there is none). */
static __device__ __forceinline__ unsigned int __fns(unsigned int __m, unsigned int __base, int __off)
{
	unsigned int __r;
	asm("fns.b32 %0, %1, %2, %3;" : "=r"(__r) : "r"(__m), "r"(__base), "r"(__off));
	return __r;
}
/* Shuffles of a value of any type, as CUDA 11.8's groups shuffle them:
   the types of the warp built-ins directly, others 32 bits at a time. */
template <class __T> static __device__ __forceinline__ __T __sh_idx(unsigned int __m, __T __v, int __a, int __w)
{
	unsigned int __words[(sizeof(__T) + 3) / 4];
	memcpy(__words, &__v, sizeof(__T));
	for (int __i = 0; __i < (int)((sizeof(__T) + 3) / 4); __i++)
		__words[__i] = __shfl_sync(__m, __words[__i], __a, __w);
	__T __r;
	memcpy(&__r, __words, sizeof(__T));
	return __r;
}
template <class __T> static __device__ __forceinline__ __T __sh_up(unsigned int __m, __T __v, unsigned int __a, int __w)
{
	unsigned int __words[(sizeof(__T) + 3) / 4];
	memcpy(__words, &__v, sizeof(__T));
	for (int __i = 0; __i < (int)((sizeof(__T) + 3) / 4); __i++)
		__words[__i] = __shfl_up_sync(__m, __words[__i], __a, __w);
	__T __r;
	memcpy(&__r, __words, sizeof(__T));
	return __r;
}
template <class __T> static __device__ __forceinline__ __T __sh_down(unsigned int __m, __T __v, unsigned int __a, int __w)
{
	unsigned int __words[(sizeof(__T) + 3) / 4];
	memcpy(__words, &__v, sizeof(__T));
	for (int __i = 0; __i < (int)((sizeof(__T) + 3) / 4); __i++)
		__words[__i] = __shfl_down_sync(__m, __words[__i], __a, __w);
	__T __r;
	memcpy(&__r, __words, sizeof(__T));
	return __r;
}
template <class __T> static __device__ __forceinline__ __T __sh_xor(unsigned int __m, __T __v, int __a, int __w)
{
	unsigned int __words[(sizeof(__T) + 3) / 4];
	memcpy(__words, &__v, sizeof(__T));
	for (int __i = 0; __i < (int)((sizeof(__T) + 3) / 4); __i++)
		__words[__i] = __shfl_xor_sync(__m, __words[__i], __a, __w);
	__T __r;
	memcpy(&__r, __words, sizeof(__T));
	return __r;
}
#define __PTXABI_CG_SHFL(T) \
	static __device__ __forceinline__ T __sh_idx(unsigned int __m, T __v, int __a, int __w) { return __shfl_sync(__m, __v, __a, __w); } \
	static __device__ __forceinline__ T __sh_up(unsigned int __m, T __v, unsigned int __a, int __w) { return __shfl_up_sync(__m, __v, __a, __w); } \
	static __device__ __forceinline__ T __sh_down(unsigned int __m, T __v, unsigned int __a, int __w) { return __shfl_down_sync(__m, __v, __a, __w); } \
	static __device__ __forceinline__ T __sh_xor(unsigned int __m, T __v, int __a, int __w) { return __shfl_xor_sync(__m, __v, __a, __w); }
__PTXABI_CG_SHFL(int) __PTXABI_CG_SHFL(unsigned int) __PTXABI_CG_SHFL(long) __PTXABI_CG_SHFL(unsigned long)
__PTXABI_CG_SHFL(long long) __PTXABI_CG_SHFL(unsigned long long) __PTXABI_CG_SHFL(float) __PTXABI_CG_SHFL(double)
#undef __PTXABI_CG_SHFL
/* The data of a coalesced group. */
static __device__ __forceinline__ unsigned long long __coalesced(bool __tiled, unsigned int __size, unsigned int __meta_size, unsigned int __meta_rank)
{
	return (unsigned long long)(__tiled | __coalesced_id << 1 | __size << 8) | (unsigned long long)(__meta_size | __meta_rank << 16) << 32;
}
}
class thread_group {
public:
	__device__ void sync() const
	{
		if (__type() == __ptxabi_cg::__block_id)
			__syncthreads();
		else
			__syncwarp(__mask());
	}
	__device__ unsigned long long size() const
	{
		if (__type() == __ptxabi_cg::__block_id)
			return __ptxabi_cg::__block_size();
		return (unsigned int)__ptxabi_data[0] >> 8;
	}
	__device__ unsigned long long thread_rank() const
	{
		if (__type() == __ptxabi_cg::__block_id)
			return __ptxabi_cg::__block_rank();
		return __popc(__mask() & __ptxabi_cg::__lanemask_lt());
	}
	__device__ unsigned long long num_threads() const { return size(); }
	/* Sets the group's data (the functions that make groups). */
	__device__ void __ptxabi_set(unsigned long long __d0, unsigned long long __d1)
	{
		__ptxabi_data[0] = __d0;
		__ptxabi_data[1] = __d1;
	}

protected:
	__device__ unsigned int __type() const { return (unsigned int)__ptxabi_data[0] >> 1 & 0x7f; }
	__device__ unsigned int __mask() const { return (unsigned int)__ptxabi_data[1]; }
	/* The group's data: 16 bytes aligned to 8 in every group type, as
	   CUDA 11.8 lays them out (a group passed by value is a
	   .param .align 8 .b8 [16]). */
	unsigned long long __ptxabi_data[2];
};
class thread_block : public thread_group {
public:
	__device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
	__device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
	__device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
	__device__ dim3 dim_threads() const { return group_dim(); }
	__device__ void sync() const { __syncthreads(); }
	__device__ unsigned long long size() const { return (unsigned long long)blockDim.x * blockDim.y * blockDim.z; }
	__device__ unsigned long long thread_rank() const { return __ptxabi_cg::__block_rank(); }
	__device__ unsigned long long num_threads() const { return size(); }
};
/* An address as an inline PTX operand: a 64-bit register with -m64. */
#ifdef __LP64__
#define __PTXABI_CG_PTR(p) "l"(p)
#else
#define __PTXABI_CG_PTR(p) "r"(p)
#endif
/* The grid: its threads' ranks and count, and its barrier, which needs a
   cooperative launch (cudaLaunchCooperativeKernel): the launch's
   workspace, whose address %envreg1 (high word) and %envreg2 (low word)
   hold, 0 in another launch, where sync traps, as CUDA 11.8's does. Its
   second word counts the blocks arrived; the first block's arrival flips
   its top bit once all have arrived. */
class grid_group : public thread_group {
public:
	__device__ bool is_valid() const { return __workspace() != 0; }
	__device__ void sync() const
	{
		unsigned long long __ws = __workspace();
		if (__ws == 0)
			__trap();
		unsigned int *__arrived = (unsigned int *)__ws + 1;
		__syncthreads();
		if (threadIdx.x + threadIdx.y + threadIdx.z == 0) {
			unsigned int __nb = 1, __old;
			if (blockIdx.x + blockIdx.y + blockIdx.z == 0)
				__nb = 0x80000001u - gridDim.x * gridDim.y * gridDim.z;
			__threadfence();
#if __CUDA_ARCH__ >= 700
			asm volatile("atom.add.release.gpu.u32 %0, [%1], %2;" : "=r"(__old) : __PTXABI_CG_PTR(__arrived), "r"(__nb) : "memory");
			while (((*(volatile unsigned int *)__arrived ^ __old) & 0x80000000u) == 0)
				;
			unsigned int __flushed;
			asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(__flushed) : __PTXABI_CG_PTR(__arrived) : "memory");
#else
			__old = atomicAdd(__arrived, __nb);
			while (((*(volatile unsigned int *)__arrived ^ __old) & 0x80000000u) == 0)
				;
			__threadfence();
#endif
		}
		__syncthreads();
	}
	__device__ unsigned long long num_blocks() const { return (unsigned long long)gridDim.x * gridDim.y * gridDim.z; }
	__device__ unsigned long long block_rank() const { return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x; }
	__device__ unsigned long long size() const { return num_blocks() * __ptxabi_cg::__block_size(); }
	__device__ unsigned long long num_threads() const { return size(); }
	__device__ unsigned long long thread_rank() const { return block_rank() * __ptxabi_cg::__block_size() + __ptxabi_cg::__block_rank(); }
	__device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
	__device__ dim3 dim_blocks() const { return group_dim(); }
	__device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }

private:
	static __device__ __forceinline__ unsigned long long __workspace()
	{
		unsigned int __hi, __lo;
		asm("mov.u32 %0, %%envreg1;" : "=r"(__hi));
		asm("mov.u32 %0, %%envreg2;" : "=r"(__lo));
		return (unsigned long long)__hi << 32 | __lo;
	}
};
class multi_grid_group : public thread_group {};
class coalesced_group : public thread_group {
public:
	__device__ void sync() const { __syncwarp(__mask()); }
	__device__ unsigned long long size() const { return (unsigned int)__ptxabi_data[0] >> 8; }
	__device__ unsigned long long num_threads() const { return size(); }
	__device__ unsigned long long thread_rank() const { return __popc(__mask() & __ptxabi_cg::__lanemask_lt()); }
	__device__ unsigned int meta_group_rank() const { return (unsigned int)(__ptxabi_data[0] >> 48); }
	__device__ unsigned int meta_group_size() const { return (unsigned int)(__ptxabi_data[0] >> 32) & 0xffff; }
	__device__ int any(int __p) const { return __any_sync(__mask(), __p); }
	__device__ int all(int __p) const { return __all_sync(__mask(), __p); }
	/* Shuffles by rank in the group: its lanes are the mask's set bits. */
	template <class __T> __device__ __T shfl(__T __v, int __src) const
	{
		unsigned int __l = __src == 0 ? __ffs(__mask()) - 1 : size() == 32 ? __src : __ptxabi_cg::__fns(__mask(), 0, __src + 1);
		return __ptxabi_cg::__sh_idx(__mask(), __v, __l, 32);
	}
	template <class __T> __device__ __T shfl_down(__T __v, unsigned int __d) const
	{
		if (size() == 32)
			return __ptxabi_cg::__sh_down(0xffffffffu, __v, __d, 32);
		unsigned int __l = __ptxabi_cg::__fns(__mask(), __ptxabi_cg::__lane(), __d + 1);
		if (__l >= 32)
			__l = __ptxabi_cg::__lane();
		return __ptxabi_cg::__sh_idx(__mask(), __v, __l, 32);
	}
	template <class __T> __device__ __T shfl_up(__T __v, int __d) const
	{
		if (size() == 32)
			return __ptxabi_cg::__sh_up(0xffffffffu, __v, __d, 32);
		unsigned int __l = __ptxabi_cg::__fns(__mask(), __ptxabi_cg::__lane(), -(__d + 1));
		if (__l >= 32)
			__l = __ptxabi_cg::__lane();
		return __ptxabi_cg::__sh_idx(__mask(), __v, __l, 32);
	}
	/* Bit i for the thread of rank i in the group. */
	__device__ unsigned int ballot(int __p) const
	{
		if (size() == 32)
			return __ballot_sync(0xffffffffu, __p);
		unsigned int __b = __ballot_sync(__mask(), __p), __pack = 0, __rank = 0;
		for (int __i = 0; __i < 32; __i++) {
			unsigned int __bit = __mask() & (1u << __i);
			if (__bit) {
				if (__b & __bit)
					__pack |= 1u << __rank;
				__rank++;
			}
		}
		return __pack;
	}
};
/* A tile of a static size: thread_block_tile<N> is the base of the tile
   of each parent type, thread_block_tile<N, thread_block>. */
template <unsigned int __Size, class __ParentT = void> class thread_block_tile;
template <unsigned int __Size> class thread_block_tile<__Size, void> : public thread_group {
public:
	__device__ void sync() const { __syncwarp(__ptxabi_cg::__tile_mask(__Size)); }
	__device__ unsigned long long size() const { return __Size; }
	__device__ unsigned long long num_threads() const { return __Size; }
	__device__ unsigned long long thread_rank() const { return __ptxabi_cg::__block_rank() & (__Size - 1); }
	__device__ unsigned int meta_group_rank() const { return __ptxabi_cg::__block_rank() / __Size; }
	__device__ unsigned int meta_group_size() const
	{
		return (unsigned int)((blockDim.x * blockDim.y * blockDim.z + __Size - 1) / __Size);
	}
	template <class __T> __device__ __T shfl(__T __v, int __src) const
	{
		return __ptxabi_cg::__sh_idx(__ptxabi_cg::__tile_mask(__Size), __v, __src, __Size);
	}
	template <class __T> __device__ __T shfl_down(__T __v, unsigned int __d) const
	{
		return __ptxabi_cg::__sh_down(__ptxabi_cg::__tile_mask(__Size), __v, __d, __Size);
	}
	template <class __T> __device__ __T shfl_up(__T __v, unsigned int __d) const
	{
		return __ptxabi_cg::__sh_up(__ptxabi_cg::__tile_mask(__Size), __v, __d, __Size);
	}
	template <class __T> __device__ __T shfl_xor(__T __v, unsigned int __m) const
	{
		return __ptxabi_cg::__sh_xor(__ptxabi_cg::__tile_mask(__Size), __v, __m, __Size);
	}
	__device__ int any(int __p) const { return __any_sync(__ptxabi_cg::__tile_mask(__Size), __p); }
	__device__ int all(int __p) const { return __all_sync(__ptxabi_cg::__tile_mask(__Size), __p); }
	/* Bit i for the thread of rank i in the tile. */
	__device__ unsigned int ballot(int __p) const
	{
		unsigned int __b = __ballot_sync(__ptxabi_cg::__tile_mask(__Size), __p);
		return __Size >= 32 ? __b : (__b >> (__ptxabi_cg::__lane() & ~(__Size - 1))) & ((1u << (__Size & 31)) - 1);
	}
};
template <unsigned int __Size, class __ParentT> class thread_block_tile : public thread_block_tile<__Size, void> {};
static __device__ __forceinline__ thread_block this_thread_block()
{
	thread_block __g;
	__g.__ptxabi_set(__ptxabi_cg::__block_id << 1, 0);
	return __g;
}
static __device__ __forceinline__ grid_group this_grid()
{
	grid_group __g;
	__g.__ptxabi_set(__ptxabi_cg::__grid_id << 1, 0);
	return __g;
}
__device__ multi_grid_group this_multi_grid();
static __device__ __forceinline__ coalesced_group coalesced_threads()
{
	coalesced_group __g;
	unsigned int __m = __activemask();
	__g.__ptxabi_set(__ptxabi_cg::__coalesced(false, __popc(__m), 1, 0), __m);
	return __g;
}
/* A tile of __tilesz threads (a power of 2 up to 32) of the thread block
   __parent: the last tile of a block whose size is no multiple of
   __tilesz has the threads left. */
static __device__ __forceinline__ thread_group tiled_partition(const thread_group &__parent, unsigned int __tilesz)
{
	unsigned int __rank = __ptxabi_cg::__block_rank(), __size = __ptxabi_cg::__block_size();
	unsigned int __len = min(__size - (__rank & ~(__tilesz - 1)), __tilesz);
	unsigned int __m = (0xffffffffu >> (32 - __len)) << (__ptxabi_cg::__lane() & ~(__tilesz - 1));
	thread_group __g;
	__g.__ptxabi_set(__ptxabi_cg::__coalesced(true, __popc(__m), (__size + __tilesz - 1) / __tilesz, __rank / __tilesz), __m);
	return __g;
}
template <unsigned int __Size, class __ParentT> __device__ __forceinline__ thread_block_tile<__Size, __ParentT> tiled_partition(const __ParentT &__parent)
{
	thread_block_tile<__Size, __ParentT> __g;
	unsigned int __size = __ptxabi_cg::__block_size();
	__g.__ptxabi_set(__ptxabi_cg::__coalesced(true, __Size, (__size + __Size - 1) / __Size, __ptxabi_cg::__block_rank() / __Size), __ptxabi_cg::__tile_mask(__Size));
	return __g;
}
template <class __T> __device__ __forceinline__ void sync(const __T &__g) { __g.sync(); }
namespace __ptxabi_cg {
/* A coalesced group of the lanes of __m, the __mg_rank-th of __mg_size. */
static __device__ __forceinline__ coalesced_group __from_mask(unsigned int __m, unsigned int __mg_rank, unsigned int __mg_size)
{
	coalesced_group __g;
	__g.__ptxabi_set(__coalesced(false, __popc(__m), __mg_size, __mg_rank), __m);
	return __g;
}
/* The partitions of a group of lanes __m (a coalesced group or a tile of
   a warp) as CUDA 11.8's partitioning.h makes them. */
static __device__ __forceinline__ coalesced_group __binary_partition(unsigned int __m, bool __pred)
{
	unsigned int __set = __ballot_sync(__m, __pred);
	if (__set == __m || __set == 0)
		return __from_mask(__m, 0, 1);
	return __from_mask(__m & (__set ^ (__pred ? 0u : ~0u)), __pred, 2);
}
#if __CUDA_ARCH__ >= 700
template <class __T> static __device__ __forceinline__ coalesced_group __labeled_partition(unsigned int __m, __T __label)
{
	unsigned int __bias = __ffs(__m) - 1;
	unsigned int __sub = __match_any_sync(__m, __label);
	coalesced_group __g = __from_mask(__sub, 0, 1);
	int __leader = __g.shfl((int)__lane(), 0);
	unsigned int __leaders = __ballot_sync(__m, !__g.thread_rank());
	return __from_mask(__sub, __fns(__leaders, __leader, 0) - __bias, __popc(__leaders));
}
#endif
}
/* Grants the partitions a group's lanes. */
class __ptxabi_partitions : public thread_group {
public:
	static __device__ __forceinline__ unsigned int __mask_of(const thread_group &__g) { return static_cast<const __ptxabi_partitions &>(__g).__mask(); }
};
static __device__ __forceinline__ coalesced_group binary_partition(const coalesced_group &__g, bool __pred)
{
	return __ptxabi_cg::__binary_partition(__ptxabi_partitions::__mask_of(__g), __pred);
}
template <unsigned int __Size, class __ParentT> __device__ __forceinline__ coalesced_group binary_partition(const thread_block_tile<__Size, __ParentT> &__g, bool __pred)
{
	return __ptxabi_cg::__binary_partition(__ptxabi_cg::__tile_mask(__Size), __pred);
}
#if __CUDA_ARCH__ >= 700
template <class __T> __device__ __forceinline__ coalesced_group labeled_partition(const coalesced_group &__g, __T __label)
{
	return __ptxabi_cg::__labeled_partition(__ptxabi_partitions::__mask_of(__g), __label);
}
template <class __T, unsigned int __Size, class __ParentT> __device__ __forceinline__ coalesced_group labeled_partition(const thread_block_tile<__Size, __ParentT> &__g, __T __label)
{
	return __ptxabi_cg::__labeled_partition(__ptxabi_cg::__tile_mask(__Size), __label);
}
#endif
}
}
#endif

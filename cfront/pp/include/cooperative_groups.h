/* Built-in <cooperative_groups.h>: the group types device code declares
   things with (their members are called in bodies, which are not parsed). */
#ifndef __PTXABI_COOPERATIVE_GROUPS_H
#define __PTXABI_COOPERATIVE_GROUPS_H
#include <cuda_runtime.h>
namespace cooperative_groups {
inline namespace __v1 {
class thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned long long size() const;
	__device__ unsigned long long thread_rank() const;
	__device__ unsigned long long num_threads() const;
protected:
	/* The group's data: 16 bytes aligned to 8 in every group type, as
	   CUDA 11.8 lays them out (a group passed by value is a
	   .param .align 8 .b8 [16]). */
	unsigned long long __ptxabi_data[2];
};
class thread_block : public thread_group {
public:
	__device__ dim3 group_index() const;
	__device__ dim3 thread_index() const;
	__device__ dim3 group_dim() const;
};
class grid_group : public thread_group {
public:
	__device__ bool is_valid() const;
};
class multi_grid_group : public thread_group {};
class coalesced_group : public thread_group {
public:
	__device__ unsigned int meta_group_rank() const;
};
template <unsigned int __Size, class __ParentT = void> class thread_block_tile : public thread_group {
public:
	__device__ unsigned int meta_group_rank() const;
	__device__ unsigned int meta_group_size() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ multi_grid_group this_multi_grid();
__device__ coalesced_group coalesced_threads();
__device__ thread_group tiled_partition(const thread_group &__parent, unsigned int __tilesz);
template <class __T> __device__ void sync(const __T &__g);
}
}
#endif

/* Built-in <mma.h>: the warp matrix types (nvcuda::wmma). */
#ifndef __PTXABI_MMA_H
#define __PTXABI_MMA_H
#include <cuda_fp16.h>
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700 /* as CUDA's mma.h */
namespace nvcuda {
namespace wmma {
struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
namespace experimental { namespace precision { struct u4; struct s4; struct b1; } }
struct precision { };
enum layout_t { mem_row_major, mem_col_major };
template <class __Use, int __m, int __n, int __k, class __T, class __Layout = void> class fragment {
public:
	enum { num_elements = 8 };
	__T x[8];
};
}
}
#endif
#endif

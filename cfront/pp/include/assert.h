/* Built-in <assert.h>: device-side assert as CUDA defines it. */
#ifndef __PTXABI_ASSERT_H
#define __PTXABI_ASSERT_H
#include <stddef.h>
extern "C" __host__ __device__ void __assertfail(const char *message, const char *file,
	unsigned int line, const char *function, size_t charSize);
#endif
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __func__, sizeof(char)))
#endif

/* Built-in <malloc.h>: glibc's allocator extensions for host code. */
#ifndef __PTXABI_MALLOC_H
#define __PTXABI_MALLOC_H
#include <stdlib.h>
extern "C" void *memalign(size_t alignment, size_t size);
extern "C" void *valloc(size_t size);
extern "C" size_t malloc_usable_size(void *ptr);
#endif

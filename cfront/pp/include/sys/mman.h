/* Built-in <sys/mman.h>. */
#ifndef __PTXABI_SYS_MMAN_H
#define __PTXABI_SYS_MMAN_H
#include <sys/types.h>
#define PROT_READ 1
#define PROT_WRITE 2
#define MAP_SHARED 1
#define MAP_PRIVATE 2
#define MAP_FAILED ((void *)-1)
extern "C" void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
extern "C" int munmap(void *addr, size_t len);
#endif

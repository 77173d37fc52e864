/* Built-in <fcntl.h>. */
#ifndef __PTXABI_FCNTL_H
#define __PTXABI_FCNTL_H
#include <sys/types.h>
#define O_RDONLY 0
#define O_WRONLY 1
#define O_RDWR 2
#define O_CREAT 64
extern "C" int open(const char *path, int flags, ...);
extern "C" int close(int fd);
#endif

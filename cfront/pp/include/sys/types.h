/* Built-in <sys/types.h>. */
#ifndef __PTXABI_SYS_TYPES_H
#define __PTXABI_SYS_TYPES_H
#include <stddef.h>
typedef long ssize_t;
typedef long off_t;
typedef int pid_t;
typedef unsigned int mode_t;
#endif

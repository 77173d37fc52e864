/* Built-in <sys/wait.h>. */
#ifndef __PTXABI_SYS_WAIT_H
#define __PTXABI_SYS_WAIT_H
#include <sys/types.h>
extern "C" pid_t wait(int *status);
extern "C" pid_t waitpid(pid_t pid, int *status, int options);
extern "C" pid_t fork(void);
#endif

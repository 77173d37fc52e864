/* Built-in <signal.h>. */
#ifndef __PTXABI_SIGNAL_H
#define __PTXABI_SIGNAL_H
typedef void (*sighandler_t)(int);
#define SIGINT 2
#define SIGTERM 15
extern "C" sighandler_t signal(int sig, sighandler_t handler);
#endif

/* Built-in <sys/resource.h>. */
#ifndef __PTXABI_SYS_RESOURCE_H
#define __PTXABI_SYS_RESOURCE_H
#include <sys/time.h>
struct rusage { struct timeval ru_utime; struct timeval ru_stime; long ru_maxrss; };
struct rlimit { unsigned long rlim_cur; unsigned long rlim_max; };
extern "C" int getrusage(int who, struct rusage *usage);
extern "C" int getrlimit(int resource, struct rlimit *rlim);
extern "C" int setrlimit(int resource, const struct rlimit *rlim);
#endif

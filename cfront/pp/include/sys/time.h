/* Built-in <sys/time.h>. */
#ifndef __PTXABI_SYS_TIME_H
#define __PTXABI_SYS_TIME_H
#include <time.h>
struct timeval { long tv_sec; long tv_usec; };
struct timezone { int tz_minuteswest; int tz_dsttime; };
extern "C" int gettimeofday(struct timeval *tv, struct timezone *tz);
#endif

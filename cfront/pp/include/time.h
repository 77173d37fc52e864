/* Built-in <time.h>: host code's clocks. */
#ifndef __PTXABI_TIME_H
#define __PTXABI_TIME_H
#include <ptxabi_crt.h>
typedef long time_t;
typedef int clockid_t;
struct timespec { time_t tv_sec; long tv_nsec; };
struct tm { int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst; };
#define CLOCKS_PER_SEC 1000000l
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
extern "C" time_t time(time_t *t);
extern "C" int clock_gettime(clockid_t clk, struct timespec *ts);
extern "C" struct tm *localtime(const time_t *t);
#endif

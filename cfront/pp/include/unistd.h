/* Built-in <unistd.h>: a few POSIX calls host code makes. */
#ifndef __PTXABI_UNISTD_H
#define __PTXABI_UNISTD_H
#include <stddef.h>
extern "C" int usleep(unsigned int usec);
extern "C" unsigned int sleep(unsigned int sec);
extern "C" int getopt(int argc, char *const argv[], const char *optstring);
extern "C" char *optarg;
extern "C" int optind;
#endif

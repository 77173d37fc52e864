/* Built-in <getopt.h>: command-line options for host code (glibc's
   struct option layout). */
#ifndef __PTXABI_GETOPT_H
#define __PTXABI_GETOPT_H
#include <unistd.h>
struct option {
	const char *name;
	int has_arg;
	int *flag;
	int val;
};
#define no_argument 0
#define required_argument 1
#define optional_argument 2
extern "C" int opterr;
extern "C" int optopt;
extern "C" int getopt_long(int argc, char *const argv[], const char *optstring, const struct option *longopts, int *longindex);
extern "C" int getopt_long_only(int argc, char *const argv[], const char *optstring, const struct option *longopts, int *longindex);
#endif

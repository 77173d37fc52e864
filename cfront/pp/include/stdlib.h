/* Built-in <stdlib.h>: what device code may call. */
#ifndef __PTXABI_STDLIB_H
#define __PTXABI_STDLIB_H
#include <ptxabi_crt.h>
/* Host code's stdlib. */
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI)
extern "C" void *calloc(size_t n, size_t size);
extern "C" void *realloc(void *p, size_t size);
extern "C" __host__ __device__ void abort(void);
extern "C" void exit(int status);
extern "C" int atexit(void (*f)(void));
extern "C" int atoi(const char *s);
extern "C" long atol(const char *s);
extern "C" double atof(const char *s);
extern "C" long strtol(const char *s, char **end, int base);
extern "C" unsigned long strtoul(const char *s, char **end, int base);
extern "C" double strtod(const char *s, char **end);
extern "C" float strtof(const char *s, char **end);
extern "C" int rand(void);
extern "C" void srand(unsigned int seed);
extern "C" char *getenv(const char *name);
extern "C" int system(const char *cmd);
extern "C" void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
extern "C" int posix_memalign(void **p, size_t align, size_t size);
#endif
#endif

/* Built-in <glob.h>: pathname expansion (glibc's glob_t layout and flag
   values). */
#ifndef __PTXABI_GLOB_H
#define __PTXABI_GLOB_H
#include <stddef.h>
typedef struct {
	size_t gl_pathc;
	char **gl_pathv;
	size_t gl_offs;
	int gl_flags;
	void (*gl_closedir)(void *);
	void *(*gl_readdir)(void *);
	void *(*gl_opendir)(const char *);
	int (*gl_lstat)(const char *, void *);
	int (*gl_stat)(const char *, void *);
} glob_t;
#define GLOB_ERR (1 << 0)
#define GLOB_MARK (1 << 1)
#define GLOB_NOSORT (1 << 2)
#define GLOB_DOOFFS (1 << 3)
#define GLOB_NOCHECK (1 << 4)
#define GLOB_APPEND (1 << 5)
#define GLOB_NOESCAPE (1 << 6)
#define GLOB_NOSPACE 1
#define GLOB_ABORTED 2
#define GLOB_NOMATCH 3
extern "C" int glob(const char *pattern, int flags, int (*errfunc)(const char *, int), glob_t *pglob);
extern "C" void globfree(glob_t *pglob);
#endif

/* Built-in <strings.h>. */
#ifndef __PTXABI_STRINGS_H
#define __PTXABI_STRINGS_H
#include <stddef.h>
extern "C" int strcasecmp(const char *a, const char *b);
extern "C" int strncasecmp(const char *a, const char *b, size_t n);
#endif

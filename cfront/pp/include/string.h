/* Built-in <string.h>: what device code may call. */
#ifndef __PTXABI_STRING_H
#define __PTXABI_STRING_H
#include <ptxabi_crt.h>
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI)
extern "C" size_t strlen(const char *s);
extern "C" int strcmp(const char *a, const char *b);
extern "C" int strncmp(const char *a, const char *b, size_t n);
extern "C" char *strcpy(char *d, const char *s);
extern "C" char *strncpy(char *d, const char *s, size_t n);
extern "C" char *strcat(char *d, const char *s);
extern "C" char *strchr(const char *s, int c);
extern "C" char *strrchr(const char *s, int c);
extern "C" char *strstr(const char *s, const char *t);
extern "C" char *strdup(const char *s);
extern "C" char *strtok(char *s, const char *delim);
extern "C" int memcmp(const void *a, const void *b, size_t n);
extern "C" void *memmove(void *d, const void *s, size_t n);
extern "C" char *strerror(int e);
#endif
#endif

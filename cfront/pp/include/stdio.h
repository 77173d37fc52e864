/* Built-in <stdio.h>: what device code may call. */
#ifndef __PTXABI_STDIO_H
#define __PTXABI_STDIO_H
#include <ptxabi_crt.h>
/* Host code's stdio. */
typedef struct __ptxabi_FILE FILE;
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI)
extern "C" FILE *stdin;
extern "C" FILE *stdout;
extern "C" FILE *stderr;
#endif
#define EOF (-1)
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI)
extern "C" FILE *fopen(const char *path, const char *mode);
extern "C" int fclose(FILE *f);
extern "C" int fprintf(FILE *f, const char *format, ...);
extern "C" int sprintf(char *s, const char *format, ...);
extern "C" int snprintf(char *s, size_t n, const char *format, ...);
extern "C" int scanf(const char *format, ...);
extern "C" int fscanf(FILE *f, const char *format, ...);
extern "C" int sscanf(const char *s, const char *format, ...);
extern "C" size_t fread(void *p, size_t size, size_t n, FILE *f);
extern "C" size_t fwrite(const void *p, size_t size, size_t n, FILE *f);
extern "C" int fflush(FILE *f);
extern "C" int fseek(FILE *f, long off, int whence);
extern "C" long ftell(FILE *f);
extern "C" int fgetc(FILE *f);
extern "C" char *fgets(char *s, int n, FILE *f);
extern "C" int fputs(const char *s, FILE *f);
extern "C" int puts(const char *s);
extern "C" int putchar(int c);
extern "C" int getchar(void);
extern "C" void perror(const char *s);
extern "C" int remove(const char *path);
#endif
#endif

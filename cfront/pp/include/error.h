/* Built-in <error.h>: glibc's error reporting for host code. */
#ifndef __PTXABI_ERROR_H
#define __PTXABI_ERROR_H
extern "C" void error(int status, int errnum, const char *format, ...);
extern "C" void error_at_line(int status, int errnum, const char *filename, unsigned int linenum, const char *format, ...);
extern "C" unsigned int error_message_count;
extern "C" int error_one_per_line;
#endif

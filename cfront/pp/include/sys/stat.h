/* Built-in <sys/stat.h>. */
#ifndef __PTXABI_SYS_STAT_H
#define __PTXABI_SYS_STAT_H
#include <sys/types.h>
struct stat { unsigned long st_dev; unsigned long st_ino; unsigned int st_mode; long st_size; };
extern "C" int stat(const char *path, struct stat *buf);
extern "C" int mkdir(const char *path, mode_t mode);
#endif

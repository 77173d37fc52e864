/* Built-in <dirent.h>: directory streams (Linux's struct dirent layout). */
#ifndef __PTXABI_DIRENT_H
#define __PTXABI_DIRENT_H
#include <sys/types.h>
typedef unsigned long ino_t;
struct dirent {
	ino_t d_ino;
	off_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[256];
};
typedef struct __dirstream DIR;
#define DT_UNKNOWN 0
#define DT_DIR 4
#define DT_REG 8
#define DT_LNK 10
extern "C" DIR *opendir(const char *name);
extern "C" DIR *fdopendir(int fd);
extern "C" struct dirent *readdir(DIR *dir);
extern "C" int closedir(DIR *dir);
extern "C" void rewinddir(DIR *dir);
#endif

/* Built-in <errno.h>. */
#ifndef __PTXABI_ERRNO_H
#define __PTXABI_ERRNO_H
extern "C" int *__errno_location(void);
#define errno (*__errno_location())
#define EINVAL 22
#define ENOMEM 12
#define ERANGE 34
#endif

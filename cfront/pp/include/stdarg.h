/* Built-in <stdarg.h>: host code only (device functions cannot be
   variadic). */
#ifndef __PTXABI_STDARG_H
#define __PTXABI_STDARG_H
typedef char *va_list;
#define va_start(ap, last) ((void)(ap))
#define va_arg(ap, type) (*(type *)(ap))
#define va_end(ap) ((void)(ap))
#define va_copy(d, s) ((void)((d) = (s)))
#endif

/* Built-in <fenv.h>: the floating-point environment of host code (x86-64
   glibc's values and sizes). */
#ifndef __PTXABI_FENV_H
#define __PTXABI_FENV_H
typedef unsigned short fexcept_t;
typedef struct {
	unsigned short __control_word, __glibc_reserved1, __status_word, __glibc_reserved2, __tags, __glibc_reserved3;
	unsigned int __eip;
	unsigned short __cs_selector;
	unsigned int __opcode : 11, __glibc_reserved4 : 5;
	unsigned int __data_offset;
	unsigned short __data_selector, __glibc_reserved5;
	unsigned int __mxcsr;
} fenv_t;
#define FE_INVALID 0x01
#define FE_DIVBYZERO 0x04
#define FE_OVERFLOW 0x08
#define FE_UNDERFLOW 0x10
#define FE_INEXACT 0x20
#define FE_ALL_EXCEPT 0x3d
#define FE_TONEAREST 0
#define FE_DOWNWARD 0x400
#define FE_UPWARD 0x800
#define FE_TOWARDZERO 0xc00
#define FE_DFL_ENV ((const fenv_t *)-1)
extern "C" {
int feclearexcept(int excepts);
int fegetexceptflag(fexcept_t *flagp, int excepts);
int feraiseexcept(int excepts);
int fesetexceptflag(const fexcept_t *flagp, int excepts);
int fetestexcept(int excepts);
int fegetround(void);
int fesetround(int round);
int fegetenv(fenv_t *envp);
int feholdexcept(fenv_t *envp);
int fesetenv(const fenv_t *envp);
int feupdateenv(const fenv_t *envp);
}
#endif

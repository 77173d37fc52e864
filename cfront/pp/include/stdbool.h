/* Built-in <stdbool.h>: bool, true and false are C++ keywords. */
#ifndef __PTXABI_STDBOOL_H
#define __PTXABI_STDBOOL_H
#define __bool_true_false_are_defined 1
#endif

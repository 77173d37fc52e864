#define F(a, b) a + b
int x = F(1); /* ERROR "macro .F. takes 2 arguments, given 1" */
#if 1 + /* ERROR "expected a constant expression, found end of file" */
#endif
#error this is an error /* ERROR "#error this is an error" */
#include "missing.h" /* ERROR "'missing.h' file not found" */
#include <nothere.h> /* ERROR "'nothere.h' file not found" */
#frobnicate /* ERROR "invalid preprocessing directive #frobnicate" */
#else /* ERROR "#else without #if" */
#define A(x) #y /* ERROR "'#' is not followed by a macro parameter" */
#ifdef X
#endif
#if 1/0 /* ERROR "division by zero" */
#endif
#if 0
#else
#elif 1 /* ERROR "#elif after #else" */
#endif
int tail;

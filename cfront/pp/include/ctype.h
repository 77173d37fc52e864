/* Built-in <ctype.h>. */
#ifndef __PTXABI_CTYPE_H
#define __PTXABI_CTYPE_H
extern "C" int isalpha(int c);
extern "C" int isdigit(int c);
extern "C" int isspace(int c);
extern "C" int isalnum(int c);
extern "C" int toupper(int c);
extern "C" int tolower(int c);
#endif

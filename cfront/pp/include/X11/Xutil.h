/* Built-in <X11/Xutil.h>: what host code of CUDA's interop samples names
   of it. */
#ifndef __PTXABI_X11_XUTIL_H
#define __PTXABI_X11_XUTIL_H
#include <X11/Xlib.h>
typedef struct _XComposeStatus {
	char *compose_ptr;
	int chars_matched;
} XComposeStatus;
extern "C" int XLookupString(XKeyEvent *event_struct, char *buffer_return, int bytes_buffer, KeySym *keysym_return,
	XComposeStatus *status_in_out);
#endif

/* Built-in <X11/Xlib.h>: what host code of CUDA's interop samples names of
   Xlib (x86-64 layouts of its structures). */
#ifndef __PTXABI_X11_XLIB_H
#define __PTXABI_X11_XLIB_H
typedef unsigned long XID;
typedef XID Window;
typedef XID Pixmap;
typedef XID Cursor;
typedef XID Colormap;
typedef unsigned long Atom;
typedef unsigned long Time;
typedef unsigned long KeySym;
typedef int Bool;
typedef int Status;
typedef struct _XDisplay Display;
typedef struct _XVisual Visual;
#define True 1
#define False 0
#define None 0L
#define CopyFromParent 0L
#define InputOutput 1
#define InputOnly 2
#define KeyPress 2
#define Expose 12
#define ConfigureNotify 22
#define ClientMessage 33
#define NoEventMask 0L
#define KeyPressMask (1L << 0)
#define ButtonPressMask (1L << 2)
#define ExposureMask (1L << 15)
#define StructureNotifyMask (1L << 17)
#define SubstructureNotifyMask (1L << 19)
#define SubstructureRedirectMask (1L << 20)
#define CWBackPixel (1L << 1)
#define CWBorderPixel (1L << 3)
#define CWEventMask (1L << 11)
#define CWColormap (1L << 13)
typedef struct {
	Pixmap background_pixmap;
	unsigned long background_pixel;
	Pixmap border_pixmap;
	unsigned long border_pixel;
	int bit_gravity;
	int win_gravity;
	int backing_store;
	unsigned long backing_planes;
	unsigned long backing_pixel;
	Bool save_under;
	long event_mask;
	long do_not_propagate_mask;
	Bool override_redirect;
	Colormap colormap;
	Cursor cursor;
} XSetWindowAttributes;
typedef struct {
	int type;
	unsigned long serial;
	Bool send_event;
	Display *display;
	Window window;
	Atom message_type;
	int format;
	union {
		char b[20];
		short s[10];
		long l[5];
	} data;
} XClientMessageEvent;
typedef struct {
	int type;
	unsigned long serial;
	Bool send_event;
	Display *display;
	Window window;
	Window root;
	Window subwindow;
	Time time;
	int x, y;
	int x_root, y_root;
	unsigned int state;
	unsigned int keycode;
	Bool same_screen;
} XKeyEvent;
typedef union _XEvent {
	int type;
	XKeyEvent xkey;
	XClientMessageEvent xclient;
	long pad[24];
} XEvent;
#define DefaultRootWindow(dpy) XDefaultRootWindow(dpy)
#define DefaultScreen(dpy) XDefaultScreen(dpy)
extern "C" {
Display *XOpenDisplay(const char *display_name);
int XCloseDisplay(Display *display);
Window XDefaultRootWindow(Display *display);
int XDefaultScreen(Display *display);
Window XCreateWindow(Display *display, Window parent, int x, int y, unsigned int width, unsigned int height,
	unsigned int border_width, int depth, unsigned int window_class, Visual *visual, unsigned long valuemask,
	XSetWindowAttributes *attributes);
int XDestroyWindow(Display *display, Window w);
int XMapWindow(Display *display, Window w);
int XSelectInput(Display *display, Window w, long event_mask);
int XStoreName(Display *display, Window w, const char *window_name);
Atom XInternAtom(Display *display, const char *atom_name, Bool only_if_exists);
Status XSendEvent(Display *display, Window w, Bool propagate, long event_mask, XEvent *event_send);
int XPending(Display *display);
int XNextEvent(Display *display, XEvent *event_return);
int XFlush(Display *display);
}
#endif

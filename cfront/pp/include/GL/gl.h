/* Built-in <GL/gl.h>: OpenGL's scalar types, for host code that declares
   things with them (interop samples). Its functions are called in bodies,
   which are not parsed. */
#ifndef __PTXABI_GL_H
#define __PTXABI_GL_H
typedef unsigned int GLenum;
typedef unsigned char GLboolean;
typedef unsigned int GLbitfield;
typedef void GLvoid;
typedef signed char GLbyte;
typedef short GLshort;
typedef int GLint;
typedef int GLsizei;
typedef unsigned char GLubyte;
typedef unsigned short GLushort;
typedef unsigned int GLuint;
typedef float GLfloat;
typedef float GLclampf;
typedef double GLdouble;
typedef double GLclampd;
typedef char GLchar;
typedef long GLsizeiptr;
typedef long GLintptr;
#define GL_TRUE 1
#define GL_FALSE 0
#define GLAPI extern
#define GLAPIENTRY
#define APIENTRY
/* glext.h's function pointer types, as opaque pointers to functions
   (host variables hold them). */
typedef void (*PFNGLACTIVETEXTUREPROC)(void);
typedef void (*PFNGLATTACHSHADERPROC)(void);
typedef void (*PFNGLBINDBUFFERPROC)(void);
typedef void (*PFNGLBINDFRAGDATALOCATIONEXTPROC)(void);
typedef void (*PFNGLBINDFRAMEBUFFEREXTPROC)(void);
typedef void (*PFNGLBINDPROGRAMARBPROC)(void);
typedef void (*PFNGLBINDRENDERBUFFEREXTPROC)(void);
typedef void (*PFNGLBUFFERDATAPROC)(void);
typedef void (*PFNGLBUFFERSUBDATAPROC)(void);
typedef void (*PFNGLCHECKFRAMEBUFFERSTATUSEXTPROC)(void);
typedef void (*PFNGLCLAMPCOLORARBPROC)(void);
typedef void (*PFNGLCOMPILESHADERPROC)(void);
typedef void (*PFNGLCREATEPROGRAMPROC)(void);
typedef void (*PFNGLCREATESHADERPROC)(void);
typedef void (*PFNGLDELETEBUFFERSPROC)(void);
typedef void (*PFNGLDELETEFRAMEBUFFERSEXTPROC)(void);
typedef void (*PFNGLDELETEPROGRAMPROC)(void);
typedef void (*PFNGLDELETEPROGRAMSARBPROC)(void);
typedef void (*PFNGLDELETERENDERBUFFERSEXTPROC)(void);
typedef void (*PFNGLDELETESHADERPROC)(void);
typedef void (*PFNGLFRAMEBUFFERRENDERBUFFEREXTPROC)(void);
typedef void (*PFNGLFRAMEBUFFERTEXTURE1DEXTPROC)(void);
typedef void (*PFNGLFRAMEBUFFERTEXTURE2DEXTPROC)(void);
typedef void (*PFNGLFRAMEBUFFERTEXTURE3DEXTPROC)(void);
typedef void (*PFNGLGENBUFFERSPROC)(void);
typedef void (*PFNGLGENERATEMIPMAPEXTPROC)(void);
typedef void (*PFNGLGENFRAMEBUFFERSEXTPROC)(void);
typedef void (*PFNGLGENPROGRAMSARBPROC)(void);
typedef void (*PFNGLGENRENDERBUFFERSEXTPROC)(void);
typedef void (*PFNGLGETBUFFERPARAMETERIVPROC)(void);
typedef void (*PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVEXTPROC)(void);
typedef void (*PFNGLGETPROGRAMINFOLOGPROC)(void);
typedef void (*PFNGLGETPROGRAMIVPROC)(void);
typedef void (*PFNGLGETSHADERINFOLOGPROC)(void);
typedef void (*PFNGLGETSHADERIVPROC)(void);
typedef void (*PFNGLGETUNIFORMLOCATIONPROC)(void);
typedef void (*PFNGLLINKPROGRAMPROC)(void);
typedef void (*PFNGLMAPBUFFERPROC)(void);
typedef void (*PFNGLPROGRAMPARAMETERIEXTPROC)(void);
typedef void (*PFNGLPROGRAMSTRINGARBPROC)(void);
typedef void (*PFNGLRENDERBUFFERSTORAGEEXTPROC)(void);
typedef void (*PFNGLSECONDARYCOLOR3FVPROC)(void);
typedef void (*PFNGLSHADERSOURCEPROC)(void);
typedef void (*PFNGLUNIFORM1FPROC)(void);
typedef void (*PFNGLUNIFORM1FVPROC)(void);
typedef void (*PFNGLUNIFORM1IPROC)(void);
typedef void (*PFNGLUNIFORM2FPROC)(void);
typedef void (*PFNGLUNIFORM2FVPROC)(void);
typedef void (*PFNGLUNIFORM3FPROC)(void);
typedef void (*PFNGLUNIFORM3FVPROC)(void);
typedef void (*PFNGLUNIFORM4FPROC)(void);
typedef void (*PFNGLUNIFORM4FVPROC)(void);
typedef void (*PFNGLUNIFORMMATRIX4FVPROC)(void);
typedef void (*PFNGLUNMAPBUFFERPROC)(void);
typedef void (*PFNGLUSEPROGRAMPROC)(void);
#endif

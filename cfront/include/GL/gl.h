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
#endif

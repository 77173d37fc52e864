/* Built-in <sys/socket.h>. */
#ifndef __PTXABI_SYS_SOCKET_H
#define __PTXABI_SYS_SOCKET_H
#include <sys/types.h>
typedef unsigned int socklen_t;
struct sockaddr { unsigned short sa_family; char sa_data[14]; };
struct msghdr;
extern "C" int socket(int domain, int type, int protocol);
#endif

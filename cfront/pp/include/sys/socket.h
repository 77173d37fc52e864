/* Built-in <sys/socket.h>: the socket calls, types and constants host code
   uses (Linux's values). */
#ifndef __PTXABI_SYS_SOCKET_H
#define __PTXABI_SYS_SOCKET_H
#include <sys/types.h>
typedef unsigned int socklen_t;
typedef unsigned short sa_family_t;
struct sockaddr { sa_family_t sa_family; char sa_data[14]; };
struct sockaddr_storage { sa_family_t ss_family; char __ss_padding[118]; unsigned long __ss_align; };
struct msghdr;
#define AF_UNSPEC 0
#define AF_UNIX 1
#define AF_LOCAL AF_UNIX
#define AF_INET 2
#define AF_INET6 10
#define PF_UNSPEC AF_UNSPEC
#define PF_UNIX AF_UNIX
#define PF_INET AF_INET
#define PF_INET6 AF_INET6
#define SOCK_STREAM 1
#define SOCK_DGRAM 2
#define SOCK_RAW 3
#define SOL_SOCKET 1
#define SO_REUSEADDR 2
#define SO_KEEPALIVE 9
#define SO_RCVBUF 8
#define SO_SNDBUF 7
#define SO_REUSEPORT 15
#define SOMAXCONN 4096
#define MSG_WAITALL 0x100
#define MSG_NOSIGNAL 0x4000
#define SHUT_RD 0
#define SHUT_WR 1
#define SHUT_RDWR 2
extern "C" int socket(int domain, int type, int protocol);
extern "C" int bind(int fd, const struct sockaddr *addr, socklen_t len);
extern "C" int listen(int fd, int backlog);
extern "C" int accept(int fd, struct sockaddr *addr, socklen_t *len);
extern "C" int connect(int fd, const struct sockaddr *addr, socklen_t len);
extern "C" ssize_t send(int fd, const void *buf, size_t n, int flags);
extern "C" ssize_t recv(int fd, void *buf, size_t n, int flags);
extern "C" ssize_t sendto(int fd, const void *buf, size_t n, int flags, const struct sockaddr *addr, socklen_t len);
extern "C" ssize_t recvfrom(int fd, void *buf, size_t n, int flags, struct sockaddr *addr, socklen_t *len);
extern "C" int setsockopt(int fd, int level, int name, const void *val, socklen_t len);
extern "C" int getsockopt(int fd, int level, int name, void *val, socklen_t *len);
extern "C" int shutdown(int fd, int how);
#endif

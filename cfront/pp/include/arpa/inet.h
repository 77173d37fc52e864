/* Built-in <arpa/inet.h>: address conversions. */
#ifndef __PTXABI_ARPA_INET_H
#define __PTXABI_ARPA_INET_H
#include <netinet/in.h>
extern "C" in_addr_t inet_addr(const char *cp);
extern "C" int inet_aton(const char *cp, struct in_addr *inp);
extern "C" char *inet_ntoa(struct in_addr in);
extern "C" int inet_pton(int af, const char *src, void *dst);
extern "C" const char *inet_ntop(int af, const void *src, char *dst, socklen_t size);
#endif

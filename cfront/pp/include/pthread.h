/* Built-in <pthread.h>. */
#ifndef __PTXABI_PTHREAD_H
#define __PTXABI_PTHREAD_H
typedef unsigned long pthread_t;
typedef struct { long __align[5]; } pthread_mutex_t;
typedef struct { long __align[6]; } pthread_cond_t;
typedef struct { long __align[7]; } pthread_attr_t;
typedef struct { long __align[4]; } pthread_barrier_t;
extern "C" int pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*f)(void *), void *arg);
extern "C" int pthread_join(pthread_t t, void **ret);
extern "C" int pthread_mutex_lock(pthread_mutex_t *m);
extern "C" int pthread_mutex_unlock(pthread_mutex_t *m);
#endif

/* Built-in stand-ins for libcu++ (<cuda/barrier>, <cuda/pipeline>,
   <cuda/atomic>, <cuda/std/...>): the names device code declares things
   with. Its objects are used in bodies, which are not parsed. */
#ifndef __PTXABI_LIBCUDACXX_H
#define __PTXABI_LIBCUDACXX_H
#include <cuda_runtime.h>
#include <ptxabi_cxxstd.h>
namespace cuda {
enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2, thread_scope_thread = 3 };
template <thread_scope __Scope> class __barrier {
public:
	typedef long long arrival_token;
};
template <thread_scope __Scope> class pipeline {};
template <thread_scope __Scope, unsigned char __Stages> struct pipeline_shared_state {};
template <class __T, thread_scope __Scope = thread_scope_system> struct atomic {};
template <class __T, thread_scope __Scope = thread_scope_system> struct atomic_ref {};
template <size_t __N> struct aligned_size_t { size_t value; };
enum class pipeline_role { producer, consumer };
namespace std {
template <class __T> struct remove_reference { typedef __T type; };
template <class __T> struct remove_const { typedef __T type; };
template <class __T> struct numeric_limits { static __T max(); static __T min(); static __T lowest(); };
template <class __T1, class __T2> struct pair { __T1 first; __T2 second; };
}
}
#endif

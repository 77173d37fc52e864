/* Built-in stand-ins for libcu++ (<cuda/barrier>, <cuda/pipeline>,
   <cuda/atomic>, <cuda/std/...>): the names device code declares things
   with. Its objects are used in bodies, which are not parsed. */
#ifndef __PTXABI_LIBCUDACXX_H
#define __PTXABI_LIBCUDACXX_H
#include <cuda_runtime.h>
#include <ptxabi_cxxstd.h>
namespace cuda {
enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2, thread_scope_thread = 3 };
template <thread_scope Scope> class barrier {
public:
	typedef long long arrival_token;
};
template <thread_scope Scope> class pipeline {};
template <thread_scope Scope, unsigned char Stages> struct pipeline_shared_state {};
template <class T, thread_scope Scope = thread_scope_system> struct atomic {};
template <class T, thread_scope Scope = thread_scope_system> struct atomic_ref {};
template <size_t N> struct aligned_size_t { size_t value; };
enum class pipeline_role { producer, consumer };
namespace std {
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_const { typedef T type; };
template <class T> struct numeric_limits { static T max(); static T min(); static T lowest(); };
template <class T1, class T2> struct pair { T1 first; T2 second; };
}
}
#endif

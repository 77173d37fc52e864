/* Built-in stand-ins for libcu++ (<cuda/barrier>, <cuda/pipeline>,
   <cuda/atomic>, <cuda/std/...>): the names device code declares things
   with, in libcu++'s namespaces as nvcc 11.8 mangles them (cuda::__4,
   cuda::std::__4, thread_scope in cuda::std::__4::__detail). Declarations
   only. */
#ifndef __PTXABI_LIBCUDACXX_H
#define __PTXABI_LIBCUDACXX_H
#include <cuda_runtime.h>
#include <ptxabi_cxxstd.h>
namespace cuda {
namespace std {
inline namespace __4 {
namespace __detail {
enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2, thread_scope_thread = 3 };
}
struct __empty_completion {
	__host__ __device__ void operator()() noexcept {}
};
template <class __T> struct remove_reference { typedef __T type; };
template <class __T> struct remove_const { typedef __T type; };
template <class __T> struct numeric_limits { static __T max(); static __T min(); static __T lowest(); };
template <class __T1, class __T2> struct pair { __T1 first; __T2 second; };
template <class __T> struct atomic {};
template <class __T> struct atomic_ref {};
}
}
inline namespace __4 {
typedef std::__detail::thread_scope thread_scope;
const thread_scope thread_scope_system = std::__detail::thread_scope_system;
const thread_scope thread_scope_device = std::__detail::thread_scope_device;
const thread_scope thread_scope_block = std::__detail::thread_scope_block;
const thread_scope thread_scope_thread = std::__detail::thread_scope_thread;
template <thread_scope __Scope, class __CompletionF = std::__empty_completion> class barrier {
public:
	typedef long long arrival_token;
	__host__ __device__ arrival_token arrive(ptrdiff_t __update = 1);
	__host__ __device__ void wait(arrival_token &&__token) const;
	__host__ __device__ void arrive_and_wait();
	__host__ __device__ void arrive_and_drop();
	__host__ __device__ static ptrdiff_t max() noexcept;
};
template <thread_scope __Scope> class pipeline {};
template <thread_scope __Scope, unsigned char __Stages> struct pipeline_shared_state {};
template <class __T, thread_scope __Scope = thread_scope_system> struct atomic {};
template <class __T, thread_scope __Scope = thread_scope_system> struct atomic_ref {};
template <size_t __N> struct aligned_size_t { size_t value; };
enum class pipeline_role { producer, consumer };
}
}
#endif

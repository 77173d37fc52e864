/* Built-in stand-ins for thrust's headers: the container and pointer
   templates that host code declares things with. Thrust's algorithms are
   called in bodies, which are not parsed; the kernels they instantiate are
   not listed. */
#ifndef __PTXABI_THRUST_H
#define __PTXABI_THRUST_H
#include <ptxabi_cxxstd.h>
namespace thrust {
template <class T> class device_allocator {};
template <class T> class device_ptr {
public:
	device_ptr();
	explicit device_ptr(T *p);
	T *get() const;
};
template <class T> class device_reference {};
template <class T, class A = device_allocator<T> > class device_vector {
public:
	typedef T value_type;
	typedef size_t size_type;
	device_vector();
	explicit device_vector(size_type n);
	~device_vector();
	size_type size() const;
};
template <class T, class A = std::allocator<T> > class host_vector {
public:
	typedef T value_type;
	typedef size_t size_type;
	host_vector();
	explicit host_vector(size_type n);
	~host_vector();
	size_type size() const;
};
template <class T> struct plus {};
template <class T> struct minus {};
template <class T> struct multiplies {};
template <class T> struct maximum {};
template <class T> struct minimum {};
template <class T> struct less {};
template <class T> struct greater {};
template <class T> struct identity {};
template <class T> struct negate {};
template <class T> struct equal_to {};
template <class T> struct logical_and {};
template <class T1, class T2> struct pair { T1 first; T2 second; };
template <class T> class counting_iterator {};
template <class T> class constant_iterator {};
class default_random_engine {
public:
	typedef unsigned int result_type;
	__host__ __device__ default_random_engine();
	__host__ __device__ explicit default_random_engine(unsigned int seed);
	__host__ __device__ void discard(unsigned long long z);
};
typedef default_random_engine minstd_rand;
namespace random {
template <class T = int> class uniform_int_distribution { public: __host__ __device__ uniform_int_distribution(T a, T b); };
template <class T = double> class uniform_real_distribution { public: __host__ __device__ uniform_real_distribution(T a, T b); };
template <class T = double> class normal_distribution { public: __host__ __device__ normal_distribution(T mean, T stddev); };
}
struct device_execution_policy {};
struct host_execution_policy {};
extern const device_execution_policy device;
extern const host_execution_policy host;
namespace cuda { struct par_t {}; extern const par_t par; }
}
#endif

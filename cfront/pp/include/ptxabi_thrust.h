/* Built-in stand-ins for thrust's headers: the container and pointer
   templates that host code declares things with. Thrust'__s algorithms are
   called in bodies, which are not parsed; the kernels they instantiate are
   not listed. */
#ifndef __PTXABI_THRUST_H
#define __PTXABI_THRUST_H
#include <ptxabi_cxxstd.h>
namespace thrust {
template <class __T> class device_allocator {};
template <class __T> class device_ptr {
public:
	device_ptr();
	explicit device_ptr(__T *__p);
	__T *get() const;
};
template <class __T> class device_reference {};
template <class __T, class __A = device_allocator<__T> > class device_vector {
public:
	typedef __T value_type;
	typedef size_t size_type;
	device_vector();
	explicit device_vector(size_type __n);
	~device_vector();
	size_type size() const;
};
template <class __T, class __A = std::allocator<__T> > class host_vector {
public:
	typedef __T value_type;
	typedef size_t size_type;
	host_vector();
	explicit host_vector(size_type __n);
	~host_vector();
	size_type size() const;
};
template <class __T> struct plus {};
template <class __T> struct minus {};
template <class __T> struct multiplies {};
template <class __T> struct maximum {};
template <class __T> struct minimum {};
template <class __T> struct less {};
template <class __T> struct greater {};
template <class __T> struct identity {};
template <class __T> struct negate {};
template <class __T> struct equal_to {};
template <class __T> struct logical_and {};
template <class __T> struct greater_equal {};
template <class __T> struct less_equal {};
template <class __T> struct not_equal_to {};
template <class __T> struct logical_or {};
template <class __T> struct bit_and {};
template <class __T> struct bit_or {};
template <class __T1, class __T2> struct pair { __T1 first; __T2 second; };
/* thrust's tuple has ten parameters, defaulted to null_type (as symbols
   name them). */
struct null_type {};
template <class __T0 = null_type, class __T1 = null_type, class __T2 = null_type, class __T3 = null_type,
	class __T4 = null_type, class __T5 = null_type, class __T6 = null_type, class __T7 = null_type,
	class __T8 = null_type, class __T9 = null_type>
class tuple {
public:
	__host__ __device__ tuple();
};
template <class __Tuple> class zip_iterator {};
template <class __T = null_type> class discard_iterator {};
template <class __T> __host__ __device__ device_ptr<__T> device_malloc(size_t __n);
template <class __T> __host__ __device__ void device_free(device_ptr<__T> __p);
namespace system {
class error_code {};
class system_error : public std::runtime_error {
public:
	system_error(error_code __ec, const char *__what);
	const error_code &code() const;
};
}
using system::system_error;
template <class __T> class counting_iterator {};
template <class __T> class constant_iterator {};
class default_random_engine {
public:
	typedef unsigned int result_type;
	__host__ __device__ default_random_engine();
	__host__ __device__ explicit default_random_engine(unsigned int __seed);
	__host__ __device__ void discard(unsigned long long z);
};
typedef default_random_engine minstd_rand;
namespace random {
template <class __T = int> class uniform_int_distribution { public: __host__ __device__ uniform_int_distribution(__T __a, __T __b); };
template <class __T = double> class uniform_real_distribution { public: __host__ __device__ uniform_real_distribution(__T __a, __T __b); };
template <class __T = double> class normal_distribution { public: __host__ __device__ normal_distribution(__T __mean, __T __stddev); };
}
struct device_execution_policy {};
struct host_execution_policy {};
extern const device_execution_policy device;
extern const host_execution_policy host;
namespace cuda { struct par_t {}; extern const par_t par; }
}
#endif

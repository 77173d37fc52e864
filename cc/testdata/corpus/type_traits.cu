//@ kernel: type_traits
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:2048
// <type_traits> in device templates: is_same, is_integral,
// is_floating_point, is_arithmetic, is_signed, is_unsigned, is_pointer,
// is_reference, is_const, is_void over many types (cv-qualified too), the
// transformations remove_cv, remove_reference, remove_pointer, add_pointer,
// conditional and enable_if<true>, and if constexpr on a trait. (enable_if
// in a function template's signature, to select an overload, is not
// supported: value-dependent template arguments there.)
#include <type_traits>
template <class T> __device__ unsigned traits()
{
	return std::is_integral<T>::value | std::is_floating_point<T>::value << 1 | std::is_arithmetic<T>::value << 2 |
		std::is_signed<T>::value << 3 | std::is_unsigned<T>::value << 4 | std::is_pointer<T>::value << 5 |
		std::is_reference<T>::value << 6 | std::is_const<T>::value << 7 | std::is_void<T>::value << 8 |
		std::is_lvalue_reference<T>::value << 9 | std::is_rvalue_reference<T>::value << 10 |
		std::is_volatile<T>::value << 11 | std::is_same<T, int>::value << 12;
}
template <class T> __device__ T scaled(T v)
{
	if constexpr (std::is_floating_point<T>::value)
		return v * (T)0.5;
	else
		return v / 2;
}
template <class T> __device__ int size_of_pointee(T p)
{
	typedef typename std::remove_pointer<T>::type E;
	return sizeof(E) * 10 + std::is_same<typename std::remove_cv<E>::type, int>::value;
}
extern "C" __global__ void type_traits(const int *in, unsigned *out)
{
	int t = threadIdx.x;
	unsigned *o = out + t * 16;
	int a = in[t];
	o[0] = traits<int>() ^ traits<unsigned>() << 16;
	o[1] = traits<float>() ^ traits<const double>() << 16;
	o[2] = traits<char>() ^ traits<unsigned char>() << 16;
	o[3] = traits<bool>() ^ traits<long long>() << 16;
	o[4] = traits<int *>() ^ traits<const int *>() << 16;
	o[5] = traits<int &>() ^ traits<int &&>() << 16;
	o[6] = traits<void>() ^ traits<volatile short>() << 16;
	o[7] = traits<const int>() ^ traits<unsigned long>() << 16;
	typename std::remove_reference<int &>::type x = a;
	typename std::conditional<(sizeof(long) > 4), long, int>::type y = a;
	typename std::add_pointer<int>::type p = &x;
	o[8] = (unsigned)(a * 2 + *p + (int)sizeof(y));
	o[9] = (unsigned)(scaled(a) + (int)(scaled(a * 1.0f) * 4));
	o[10] = (unsigned)(size_of_pointee(&x) + size_of_pointee((const double *)nullptr) * 100);
	o[11] = std::is_same<std::remove_cv<const volatile int>::type, int>::value |
		std::is_same<std::conditional<false, int, float>::type, float>::value << 1 |
		std::is_same<std::add_const<int>::type, const int>::value << 2 | std::true_type::value << 3 |
		std::is_same<std::enable_if<true>::type, void>::value << 4;
}

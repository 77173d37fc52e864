//@ kernel: cxx_iterators
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:12
//@ arg: zero:128
// An iterator class template over a base named with its template
// arguments (its constructor's initializer, a using-declaration of its
// member, its operator* and operator!= inherited), the alternative tokens
// (not, and, or, not_eq, bitand, xor), overloaded function templates told
// apart by their number of parameters, a defaulted constructor (host and
// device) and a static member function of a class template's
// specialization called by its qualified name. (No <iterator>: nvcc -m32
// cannot include the host's.)
namespace seq {
namespace impl {
struct tag {};
template <typename Tag, typename T> struct iterator_types {
	typedef Tag category;
	typedef T value_type;
};
template <typename T> struct cursor_base : iterator_types<tag, T> {
	__device__ cursor_base(T at) : at(at) {}
	__device__ T operator*() const { return at; }
	__device__ bool operator==(const cursor_base &o) const { return at == o.at; }
	__device__ bool operator!=(const cursor_base &o) const { return not(*this == o); }

protected:
	T at;
};
}
template <typename T> struct counted {
	struct cursor : impl::cursor_base<T> {
		__device__ cursor(T at, T by) : impl::cursor_base<T>(at), by(by) {}
		using impl::cursor_base<T>::at;
		__device__ cursor &operator++()
		{
			at += by;
			return *this;
		}
		T by;
	};
	__device__ counted(T first, T last, T by) : first_(first, by), last_(last, by) {}
	__device__ cursor begin() const { return first_; }
	__device__ cursor end() const { return last_; }

private:
	cursor first_, last_;
};
template <typename T> __device__ counted<T> upto(T first, T last) { return counted<T>(first, last, 1); }
template <typename T> __device__ counted<T> upto(T last) { return counted<T>(0, last, 1); }
template <typename T> struct box {
	box() = default;
	__device__ static box of(T v)
	{
		box b;
		b.v = v;
		return b;
	}
	T v;
};
}
extern "C" __global__ void cxx_iterators(const int *in, int *out)
{
	int t = threadIdx.x, n = in[t], s = 0;
	for (int i : seq::upto(n))
		s += i;
	for (int i : seq::upto(2, n + 2))
		if (i bitand 1 and not(i == 5) or i == 8)
			s = s xor (i << 4);
	seq::counted<int>::cursor c(3, 2);
	++c;
	out[t] = s + (*c not_eq 5) * 1000 + seq::box<int>::of(n).v * 10000;
}

//@ kernel: cv_deduction
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:1024
// Deduction against cv-qualified types ([temp.deduct.type]): a partial
// specialization for const T or volatile T matches const volatile X (T
// keeps the other qualifier), the more specialized const volatile T wins
// where it exists.
template <class T> struct RC { typedef T type; static const int k = 0; };
template <class T> struct RC<const T> { typedef T type; static const int k = 1; };
template <class T> struct RV { static const int k = 0; };
template <class T> struct RV<volatile T> { static const int k = 2; };
template <class T> struct RB { static const int k = 0; };
template <class T> struct RB<const T> { static const int k = 1; };
template <class T> struct RB<const volatile T> { static const int k = 3; };
template <class A, class B> struct Same { static const int v = 0; };
template <class A> struct Same<A, A> { static const int v = 1; };
extern "C" __global__ void cv_deduction(const int *in, int *out)
{
	int t = threadIdx.x;
	int *o = out + t * 8;
	const volatile int cv = in[t];
	o[0] = RC<const volatile int>::k + RV<const volatile int>::k * 10 + RB<const volatile int>::k * 100 +
		RB<const int>::k * 1000 + RB<int>::k * 10000;
	o[1] = Same<RC<const volatile int>::type, volatile int>::v + Same<RC<const int *const>::type, const int *>::v * 2 +
		Same<RC<const int *>::type, const int *>::v * 4;
	o[2] = cv + Same<RC<const volatile int>::type, int>::v * 1000;
}

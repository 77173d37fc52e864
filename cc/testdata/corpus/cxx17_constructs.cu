//@ kernel: cxx17_constructs
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:512
// C++17, nvcc 11.8's default dialect: __cplusplus and a feature-test
// macro; if constexpr in templates, whose branch not taken is not
// instantiated (here it would be ill-formed for the instance: a member
// of an int, atomicAdd of a double on sm_52, a call of a template whose
// instance would be ill-formed) and chains of them, in a
// non-template function, with an init-statement; if and switch with an
// init-statement (a declaration, an expression, an empty one, and with a
// condition declaration after it); attributes before statements
// ([[maybe_unused]], [[fallthrough]], [[likely]]); static_assert without
// a message; a nested namespace definition; template <auto N>; if
// constexpr in a class template's member and in a generic lambda;
// constexpr auto locals, a constexpr lambda.
struct Pair {
	int x, y, z;
};

template <bool Accumulate, typename T>
__device__ void put(T *p, T v)
{
	if constexpr (!Accumulate) {
		p[0] = v;
	} else {
		atomicAdd(p, v);
	}
}

template <typename T>
__device__ int field(T v)
{
	if constexpr (sizeof(T) == sizeof(Pair)) {
		return v.x * 10 + v.y + v.z;
	} else if constexpr (sizeof(T) == 8) {
		return (int)(v * 2);
	} else {
		static_assert(sizeof(T) <= 4);
		return (int)v + 1;
	}
}

// Instantiated only for a class: its body is ill-formed for int.
template <typename T>
__device__ int first_member(T v) { return v.x; }

// The call in the branch not taken is not instantiated either.
template <typename T>
__device__ int as_int(T v)
{
	if constexpr (sizeof(T) <= 4) {
		return (int)v * 3;
	} else if constexpr (sizeof(T) == sizeof(Pair)) {
		return first_member(v);
	} else
		return first_member(v) + 1;
}

template <int N>
__device__ int countdown(int v)
{
	if constexpr (N > 0) {
		return countdown<N - 1>(v * 2 + N);
	}
	return v;
}

// A member of a class template, and a generic lambda, with if constexpr.
template <typename T>
struct Holder {
	T v;
	__device__ int get() const
	{
		if constexpr (sizeof(T) <= 4)
			return (int)v;
		else
			return v.x - v.z;
	}
};

// template <auto N>: N has the argument's type.
template <auto N>
__device__ int times(int v)
{
	auto n = N;
	return (int)(v * n) * 16 + (int)sizeof(n);
}

namespace outer::inner {
__device__ int scale(int v) { return v * 3; }
}

__device__ int classify(int v)
{
	int r = 0;
	switch (int m = v & 3; m) {
	case 0:
		r += 1;
		[[fallthrough]];
	case 1:
		r += 10;
		break;
	default:
		r = m;
	}
	if (int h = v >> 2; h > 5) {
		r += h;
	} else if (r += 100; r > 105) {
		r = -r;
	}
	if (; v < 0)
		r *= 2;
	if (v += 1; int w = v & 1)
		r += w * 1000;
	if constexpr (sizeof(long) == 8) {
		r += 7;
	} else {
		r += 9;
	}
	return r;
}

extern "C" __global__ void cxx17_constructs(const int *in, int *out)
{
	int t = threadIdx.x;
	[[maybe_unused]] int unused = t;
	int v = in[2 * t], u = in[2 * t + 1];
	int *o = out + t * 4;
	static_assert(__cplusplus == 201703L);
	static_assert(__cpp_if_constexpr >= 201606L, "if constexpr");
	put<false>(o, field(Pair{v, u, t}));
	put<true>(o + 1, field((long long)u) + field((short)v));
	put<false>(o + 2, countdown<3>(v) + outer::inner::scale(u) + as_int(u) + as_int(Pair{u, v, t}));
	o[2] += times<3>(v) + times<2u>(u) + times<'b'>(t) + times<5ll>(u);
	constexpr auto width = 3;
	constexpr auto sq = [](int x) constexpr { return x * x; };
	int lanes[width] = {v, u, t};
	static_assert(width == 3);
	o[0] += lanes[t % width] + sq(u);
	Holder<short> hs{(short)v};
	Holder<Pair> hp{Pair{u, v, t}};
	auto pick = [](auto a) {
		if constexpr (sizeof(a) == 4)
			return (int)a * 2;
		else
			return a.y;
	};
	Pair pr{t, u, v};
	o[1] += hs.get() + hp.get() + pick(u) + pick(pr);
	if (v > -1000) [[likely]] {
		put<true>(o + 3, classify(v) + classify(u));
	}
}

// C++17 in function bodies: if constexpr (in a template instance the
// branch not taken is not checked; elsewhere both are, one is dropped),
// if and switch with an init-statement, structured bindings, attributes.
struct P {
	int x;
	float y;
};

template <typename T>
__device__ int pick(T v)
{
	if constexpr (sizeof(T) == sizeof(P))
		return v.x;
	else
		return (int)v.no_such_member;
}

__device__ int plain(int *q)
{
	if constexpr (sizeof(long) == 4)
		q[0] = 1;
	else
		q[0] = 2;
	if (int n = q[1]; n > 0)
		q[2] = n;
	switch (q[3]++; int m = q[4]) {
	case 1:
		[[fallthrough]];
	default:
		break;
	}
	[[maybe_unused]] int unused = 0;
	return pick(P{1, 2.0f});
}

__device__ float bind(P p, int *a)
{
	auto [x, y] = p;
	auto &[rx, ry] = p;
	int arr[2] = {a[0], a[1]};
	auto [a0, a1] = arr;
	rx = x + a0 + a1;
	return y + ry;
}

struct P {
	int x;
	float y;
};
union U {
	int i;
	float f;
};

__device__ int too_many(P p)
{
	auto [a, b, c] = p; /* ERROR "a structured binding of 3 names for a class with 2 non-static data members" */
	return 0;
}

__device__ int array_count(int *q)
{
	int arr[3] = {1, 2, 3};
	auto [a, b] = arr; /* ERROR "a structured binding of 2 names for an array of 3 elements" */
	return 0;
}

__device__ int of_union(U u)
{
	auto [i, f] = u; /* ERROR "cannot decompose union type" */
	return 0;
}

__device__ int of_int(int v)
{
	auto [i] = v; /* ERROR "cannot decompose type 'int'" */
	return 0;
}

__device__ int checked_outside_templates(P p)
{
	if constexpr (sizeof(int) == 4)
		return p.x;
	else
		return p.nope; /* ERROR "no member named 'nope'" */
}

__device__ int not_constant_cond(int n)
{
	if constexpr (n > 2) /* ERROR "the condition of 'if constexpr' must be a constant expression" */
		return 1;
	return 0;
}

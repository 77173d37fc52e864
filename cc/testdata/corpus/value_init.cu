//@ kernel: value_init
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:256
// Value-initialisation of scalars by T() in a template, and int() and
// double() as expressions.
template <typename T>
__device__ T sum3(const T *p)
{
	T s = T();
	for (int k = 0; k < 3; k++)
		s += p[k];
	return s;
}
extern "C" __global__ void value_init(const int *in, int *out)
{
	int t = threadIdx.x;
	int v[3] = {in[t], t, 5};
	double d[3] = {in[t] * 0.5, 1.0, double()};
	out[2 * t] = sum3(v) + int();
	out[2 * t + 1] = (int)(sum3(d) * 2);
}

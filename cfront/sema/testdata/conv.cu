// C's conversions: promotions, usual arithmetic conversions, pointer
// arithmetic, comparisons, bool, constants.
enum Color { Red, Green = 5, Blue };
__device__ const int N = 4;
__device__ int conv(char c, short s, unsigned u, long l, float f, double d, int *p, const int *q, bool b)
{
	int i = c + s;
	unsigned long ul = u + l;
	double x = f * d + i;
	long long pd = p - q;
	int *r = p + 3;
	r = 2 + p;
	bool t = p == 0 || q != nullptr || b;
	i += f;
	u <<= c;
	i = Green + Blue * N;
	i = sizeof(double[3]) + sizeof p;
	i = -(-2147483647 - 1) / 2 % 7;
	unsigned char uc = 300;
	i = 'a' + (signed char)200u;
	f = 1.5f + 1e3;
	void *v = p;
	p = (int *)v;
	return i > 0 ? i : (int)x;
}

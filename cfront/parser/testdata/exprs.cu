// Expressions: precedence, casts, sizeof, members, templates, launches.
struct P { int x, y; __device__ int len() const { return x * x + y * y; } };
template <typename T> __device__ T tmax(T a, T b) { return a > b ? a : b; }
__device__ int ops(int a, int b, P *pp, P q)
{
	int c = a + b * 2 - (a - b) / 3 % 4;
	c = a << 2 | b >> 1 & 7 ^ ~a;
	c = !a && b || a != b && a <= b;
	c = a < b ? a : b > 2 ? 3 : 4;
	c += sizeof(int) + sizeof c + alignof(double) + sizeof(P);
	c = (int)3.5f + static_cast<int>(2.0) + int(1.5) + *reinterpret_cast<int *>(pp);
	c = pp->x + q.y + pp[0].len() + q.len() + (&q)->x;
	c = tmax<int>(a, b) + tmax(a, c) + (a, b);
	unsigned long long u = 0x10ull + 'a' + L'b';
	const char *s = "ab" "c\n";
	P r = {1, 2};
	P t = P{3, 4};
	c = r.x++ + --t.y + -a + +b;
	return c;
}
__global__ void child(int *p) { p[0] = 1; }
void host(int *p)
{
	child<<<1, 32>>>(p);
	child<<<dim3(2, 2), dim3(16, 16), 0, 0>>>(p);
}

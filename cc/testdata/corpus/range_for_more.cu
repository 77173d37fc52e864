//@ kernel: range_for_more
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:512
// Range-based for: by reference (modifying the elements), auto &&, over
// an array of structs and a 2-D array, over a class with begin() and
// end(), with break and continue, nested, and as the body of an if.
struct P {
	int a, b;
};
struct Span {
	int *p;
	int n;
	__device__ int *begin() const { return p; }
	__device__ int *end() const { return p + n; }
};
extern "C" __global__ void range_for_more(const int *in, int *out)
{
	int t = threadIdx.x;
	int a[6] = {in[2 * t], in[2 * t + 1], t, -t, 7, t * 3};
	for (int &x : a)
		x *= 2;
	P ps[3] = {{a[0], 1}, {a[1], 2}, {t, 3}};
	int s = 0;
	for (auto &&p : ps)
		s += p.a * p.b;
	for (const P &p : ps) {
		if (p.a < 0)
			continue;
		s += 1000;
	}
	int m[2][3] = {{1, 2, 3}, {t, a[2], a[0]}};
	int q = 0;
	for (auto &row : m)
		for (int v : row) {
			if (v > 100)
				break;
			q += v;
		}
	Span sp = {a, 4};
	int u = 0;
	if (t & 1)
		for (int v : sp)
			u += v;
	else
		u = -1;
	for (unsigned char c : a)
		u += c;
	int *o = out + t * 4;
	o[0] = s;
	o[1] = q;
	o[2] = u;
	o[3] = a[0] + a[5];
}

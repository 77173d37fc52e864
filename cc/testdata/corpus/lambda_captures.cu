//@ kernel: lambda_captures
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:384
// Lambdas in member functions: this captured by [this], [=] and [&],
// members read and written and a member function called through it, in
// a const member function, a nested lambda using this; init-captures by
// copy and by reference, with parentheses and braces, of a pointer and
// of an expression.
struct Grid {
	int w, h, hits;
	__device__ int cell(int x, int y) const { return y * w + x; }
	__device__ int scan(const int *p, int n)
	{
		auto touch = [this](int v) { hits += v > 0; return cell(v & 3, v & 1); };
		int s = 0;
		for (int k = 0; k < n; k++)
			s += touch(p[k]);
		auto twice = [&]() { return [=](int v) { return v * w + hits; }(2) + s; };
		return s + twice();
	}
	__device__ int area() const
	{
		auto f = [=](int k) { return w * h * k; };
		return f(2);
	}
};
extern "C" __global__ void lambda_captures(const int *in, int *out)
{
	int t = threadIdx.x, v = in[2 * t], total = 0;
	Grid g = {t + 1, 3, 0};
	const int *row = in + 2 * t;
	auto f = [k = v * 2, &r = total, p = row, q(t + 1), z{3}](int x) { r += x + p[1]; return x * k + q * z; };
	int *o = out + t * 3;
	o[0] = g.scan(in + (t & ~7), 8) + g.hits * 1000;
	o[1] = g.area();
	o[2] = f(3) + f(t) + total;
}

//@ kernel: decltype_declarators
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-50:50
//@ arg: zero:128
// decltype in the declarations of a body: of a parenthesized name (a
// reference), a member through a pointer, a subscript (a reference to a
// struct), an auto variable with an array declarator, an expression in
// a range-based for, several declarators with a pointer among them, a
// typedef of an expression's type.
struct S { int a; float b; };
extern "C" __global__ void decltype_declarators(const int *in, int *out)
{
	int t = threadIdx.x;
	int x = in[t];
	decltype((x)) r = x;
	r += 2;
	S table[2] = {{1, 0.5f}, {2, 0.25f}};
	S *s = table;
	decltype(s->b) f = 1.5f;
	decltype(s[0]) sr = s[t & 1];
	sr.b += x;
	auto d = x * 2.0;
	decltype(d) arr[3] = {d, d + 1, d + 2};
	for (decltype(arr[0] + 0) v : arr)
		f += v;
	decltype(x) y = x, *q = &y;
	*q += 3;
	typedef decltype(x * 2u) U;
	U u = x;
	y += (int)(u >> 28);
	out[t] = x + (int)f + (int)sizeof(decltype(sr)) + static_cast<decltype(x)>(d) + y + (int)(table[t & 1].b * 4);
}

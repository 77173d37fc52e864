//@ kernel: decltype_more
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:256
// decltype declarations in bodies: of an auto variable holding a float,
// of an lvalue expression (a reference: writes through it), of a
// member, of an element, of a call, of a comparison (bool), several
// declarators, a direct initializer, and inside a function template.
struct S {
	short s;
	unsigned char c;
};
__device__ float half_of(int v) { return v * 0.5f; }
template <typename T>
__device__ T twice(T v)
{
	auto w = v + v;
	decltype(w) r = w;
	return r;
}
extern "C" __global__ void decltype_more(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int arr[2] = {v, t};
	auto f = v / 3.0f;
	decltype(f) g = 1.25f, h(f * 4);
	decltype(arr[0]) ref = arr[1];
	ref += 7;
	S s = {(short)v, 200};
	decltype(s.c) c = s.c + 100;
	decltype(half_of(v)) q = half_of(v) + 0.25f;
	decltype(v < t) b = v < t;
	int *o = out + t * 2;
	o[0] = (int)(g * 100 + h) + arr[1] * 1000 + c + (int)sizeof(q) * 10000 + b;
	o[1] = (int)(q * 4) + twice(v) + (int)(twice(f) * 8) + (int)sizeof(c);
}

//@ kernel: struct_byval
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:1536
// Structs by value to and from __device__ functions: a 1-byte struct, an
// 8-byte pair, a 64-byte struct with an array, a nested struct, a struct
// assigned whole, copied through a pointer and compared member by member;
// inlined and __noinline__ callees.
struct One {
	unsigned char b;
};
struct Pair {
	int a;
	float f;
};
struct Big {
	long long id;
	int v[12];
	double d;
	char tag;
};
struct Nest {
	Pair p;
	One o[3];
	short s;
};
__device__ __noinline__ One one_inc(One x) { x.b += 3; return x; }
__device__ Pair pair_swap(Pair p) { Pair r = {(int)p.f, (float)p.a}; return r; }
__device__ __noinline__ Big big_make(int seed)
{
	Big b;
	b.id = (long long)seed * 1000003;
	for (int k = 0; k < 12; k++)
		b.v[k] = seed * k - k * k;
	b.d = seed * 0.5;
	b.tag = (char)(seed & 0x7f);
	return b;
}
__device__ __noinline__ Big big_scale(Big b, int m)
{
	for (int k = 0; k < 12; k++)
		b.v[k] *= m;
	b.id += m;
	b.d *= m;
	return b;
}
__device__ __noinline__ Nest nest_mix(Nest n, One o, Pair p)
{
	n.p.a += p.a;
	n.p.f -= p.f;
	for (int k = 0; k < 3; k++)
		n.o[k].b = (unsigned char)(n.o[k].b ^ o.b ^ k);
	n.s = (short)(n.s * 3 + o.b);
	return n;
}
__device__ __noinline__ int big_sum(const Big *b)
{
	int s = 0;
	for (int k = 0; k < 12; k++)
		s += b->v[k];
	return s + (int)b->id + (int)b->d + b->tag;
}
extern "C" __global__ void struct_byval(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	One o = {(unsigned char)v};
	o = one_inc(o);
	Pair p = {v, v * 0.25f};
	Pair q = pair_swap(p);
	Big b = big_make(v);
	Big c = big_scale(b, t + 1);
	Big d;
	d = c;
	Nest n = {{t, 1.5f}, {{1}, {2}, {3}}, (short)v};
	Nest m = nest_mix(n, o, q);
	int *r = out + t * 12;
	r[0] = o.b;
	r[1] = q.a;
	r[2] = (int)(q.f * 4);
	r[3] = big_sum(&b);
	r[4] = big_sum(&d);
	r[5] = (int)(c.id & 0xffffff);
	r[6] = m.p.a;
	r[7] = (int)(m.p.f * 8);
	r[8] = m.o[0].b | m.o[1].b << 8 | m.o[2].b << 16;
	r[9] = m.s;
	r[10] = d.v[11] == c.v[11] && d.tag == c.tag;
	r[11] = sizeof(Big) + sizeof(Nest) * 100;
}

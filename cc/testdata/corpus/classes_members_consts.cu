//@ kernel: classes_members_consts
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:32:-100:100
//@ arg: zero:1024
// A class template's static constexpr member read through an object
// (w.size) and unqualified in a member function; an explicit cast to a
// class through the source class's conversion function ((Raw)h); and an
// assignment to a class whose operator= members take other types.
template <class E>
struct alignas(16) Pack {
	static constexpr const int size = 16 / sizeof(E);
	E v[size];
	__device__ E sum() const
	{
		E s = 0;
		for (int k = 0; k < size; k++)
			s += v[k];
		return s;
	}
};
struct Raw {
	unsigned short x;
};
struct Bits {
	unsigned short b;
	__device__ operator Raw() const
	{
		Raw r;
		r.x = b;
		return r;
	}
};
struct Acc {
	float f;
	int n;
	__device__ Acc &operator=(float x)
	{
		f = x;
		n = 1;
		return *this;
	}
	__device__ Acc &operator=(int x)
	{
		f = (float)x;
		n = 2;
		return *this;
	}
};
extern "C" __global__ void classes_members_consts(const float *in, int *out)
{
	int t = threadIdx.x;
	Pack<short> w;
	for (int k = 0; k < w.size; k++)
		w.v[k] = (short)(t * k + (int)in[t]);
	Pack<float> q;
	for (int k = 0; k < q.size; k++)
		q.v[k] = in[(t + k) % 32];
	Bits b;
	b.b = (unsigned short)(t * 4099);
	Acc a;
	a = in[t];
	Acc c;
	c = t;
	int *o = out + t * 8;
	o[0] = w.size * 100 + q.size;
	o[1] = w.sum();
	o[2] = (int)(q.sum() * 16.0f);
	o[3] = ((Raw)b).x;
	o[4] = (int)(a.f * 8.0f) * 4 + a.n;
	o[5] = (int)c.f * 4 + c.n;
}

//@ kernel: vector_abi
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:128:-8:8
//@ arg: zero:1024
// The CUDA vector types through the ABI: float4, double2, int2, char3,
// uchar4, short2, longlong2 passed to and returned from __noinline__
// functions (their alignment decides the .param declarations), made by
// make_*, in a struct, and loaded and stored as whole vectors.
struct Mixed {
	char tag;
	float4 f;
	int2 i;
};
__device__ __noinline__ float4 f4(float4 a, float4 b) { return make_float4(a.x + b.w, a.y - b.z, a.z * b.y, a.w + b.x); }
__device__ __noinline__ double2 d2(double2 a, int2 k) { return make_double2(a.x * k.x, a.y - k.y); }
__device__ __noinline__ char3 c3(char3 c, uchar4 u) { return make_char3(c.x + u.w, c.y - u.z, c.z ^ u.x); }
__device__ __noinline__ short2 s2(short2 a, longlong2 l) { return make_short2((short)(a.x + l.y), (short)(a.y * l.x)); }
__device__ __noinline__ Mixed mixed(Mixed m, char k)
{
	m.tag += k;
	m.f.x *= 2;
	m.i.y -= k;
	return m;
}
extern "C" __global__ void vector_abi(const float4 *in, int *out)
{
	int t = threadIdx.x;
	float4 a = in[t], b = in[(t + 1) & 31];
	float4 c = f4(a, b);
	double2 d = d2(make_double2(a.x, a.y), make_int2(t, -t));
	char3 ch = c3(make_char3((char)t, (char)(t * 3), (char)(t * 5)), make_uchar4(1, 2, 3, (unsigned char)t));
	short2 s = s2(make_short2((short)t, 7), make_longlong2(t * 100LL, -3));
	Mixed m = {(char)t, a, make_int2(t, t * t)};
	Mixed n = mixed(m, 5);
	int *o = out + t * 8;
	o[0] = __float_as_int(c.x) ^ __float_as_int(c.w);
	o[1] = __float_as_int(c.y) + __float_as_int(c.z);
	o[2] = (int)(d.x * 64) + (int)(d.y * 64);
	o[3] = ch.x | ch.y << 8 | ch.z << 16;
	o[4] = s.x * 65536 + s.y;
	o[5] = n.tag + n.i.x * 3 + n.i.y * 5;
	o[6] = __float_as_int(n.f.x) - __float_as_int(n.f.w);
	o[7] = (int)sizeof(Mixed) + (int)alignof(Mixed) * 100;
}

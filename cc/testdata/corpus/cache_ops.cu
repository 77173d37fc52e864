//@ kernel: cache_ops
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:40:-5:5
//@ arg: zero:512
//@ arg: gen:s32:128:-99:99
//@ arg: zero:1024
// Loads and stores with a cache operator (__ldcs, __stcg...), of scalars
// and of a vector.
extern "C" __global__ void cache_ops(const float *in, float *out, const int4 *vi, int4 *vo)
{
	int t = threadIdx.x;
	float a = __ldcs(in + t) + __ldcg(in + t + 1) + __ldca(in) + __ldlu(in + 2) + __ldcv(in + 3);
	__stcs(out + t, a);
	__stcg(out + 32 + t, a * 2);
	__stwb(out + 64 + t, a * 3);
	__stwt(out + 96 + t, a * 4);
	int4 v = __ldcs(vi + t);
	v.x += t;
	__stcs(vo + t, v);
	__stcg(vo + 32 + t, make_int4(1, 2, 3, t));
}

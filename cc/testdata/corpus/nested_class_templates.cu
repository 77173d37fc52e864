//@ kernel: nested_class_templates
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:512
// A member class template of a class template (rodinia's dwt2d: FDWT53<X,
// Y>::FDWT53Column<CHECKED>), its member functions not inlined: each
// instance is a function of its own, named with the enclosing class's
// arguments; the member class template named from outside
// (Outer<2>::Column<true>); and host constants of floating type that
// device code names (their values: const float k = ...; at namespace
// scope, one defined through another).
const float kPredict = -1.586134342f;
const float kUpdate = -0.05298011854f;
const float kUndo = -kPredict;
const double kScale = 1.149604398;
template <int X>
class Outer {
public:
	template <bool C>
	struct Column {
		int offset, pixel;
		__device__ __noinline__ void clear() { offset = pixel = X + C; }
		__device__ __noinline__ int sum(int v) const { return offset * 10 + pixel + v * (C ? 2 : 3); }
	};
	static __device__ int run(int v)
	{
		Column<true> a;
		a.clear();
		Column<false> b;
		b.clear();
		return a.sum(v) + b.sum(v);
	}
};
__device__ __noinline__ int outside(Outer<2>::Column<true> *c, int v)
{
	c->clear();
	return c->sum(v);
}
extern "C" __global__ void nested_class_templates(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 4;
	o[0] = Outer<1>::run(v);
	o[1] = Outer<2>::run(v) + Outer<7>::run(-v);
	Outer<2>::Column<true> c;
	o[2] = outside(&c, v);
	o[3] = (int)(v * kPredict * 1000.0f + kUpdate * 100.0f + kUndo * (float)kScale);
}

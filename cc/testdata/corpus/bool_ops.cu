//@ kernel: bool_ops
//@ grid: 1
//@ block: 64
//@ arg: gen:f32:64:-2:2
//@ arg: gen:s32:64:-3:3
//@ arg: zero:1280
// bool: conversions from float (0.0 and -0.0 are false), from pointers,
// from int and from long long; bool arithmetic (true + true), bool
// arrays and bool members in structs, a bool-returning __noinline__
// function, !, ^ and comparisons of bools, and bools stored as bytes.
struct Flags {
	bool a;
	int n;
	bool b, c;
};
__device__ __noinline__ bool odd_positive(int v) { return v > 0 && (v & 1); }
__device__ __noinline__ Flags make(float f, int v)
{
	Flags r = {f != 0.0f, v, (bool)v, (bool)f};
	return r;
}
extern "C" __global__ void bool_ops(const float *fin, const int *iv, int *out)
{
	int t = threadIdx.x, v = iv[t];
	float f = fin[t] * (t % 5 == 0 ? 0.0f : 1.0f) * (t % 10 == 0 ? -1.0f : 1.0f);
	bool bf = f, bi = v, bp = (v > 0 ? &out[0] : (int *)0), bl = (long long)v << 40;
	bool arr[5] = {bf, bi, bp, bl, odd_positive(v)};
	Flags fl = make(f, v);
	int sum = 0;
	for (int k = 0; k < 5; k++)
		sum += arr[k];
	int *o = out + t * 5;
	o[0] = sum + (true + true) * 10;
	o[1] = fl.a + fl.b * 2 + fl.c * 4 + fl.n * 8;
	o[2] = (bf ^ bi) + (bf == bp) * 2 + (!bl) * 4 + (bi < bf) * 8;
	o[3] = (int)sizeof(Flags) * 100 + (int)sizeof(bool);
	bool nb = v;
	nb = !nb;
	nb += 2; // a bool stays 0 or 1
	o[4] = nb;
}

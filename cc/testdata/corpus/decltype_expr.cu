//@ kernel: decltype_expr
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// decltype of a variable declared auto (decltype(total), total from
// `auto total = 0`), and of an expression: decltype(v * 2.0) is double.
extern "C" __global__ void decltype_expr(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	auto total = v + 1;
	decltype(total) k = 3;
	decltype(v * 2.0) d = v * 0.5;
	out[t] = (int)(d * 4) + sizeof(d) * 100 + total * k;
}

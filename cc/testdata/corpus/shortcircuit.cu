//@ kernel: shortcircuit
//@ grid: 1
//@ block: 64
//@ arg: gen:s32:64:-20:20
//@ arg: zero:3072
// Short-circuit && and || whose right operands have side effects (calls
// that count, increments, stores), nested, negated and as values; ?: with
// side effects in the arm not taken, as an lvalue, nested, and mixing types.
__device__ __noinline__ int bump(int *c, int v)
{
	++*c;
	return v;
}
extern "C" __global__ void shortcircuit(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int calls = 0, inc = 0;
	int a = v > 0 && bump(&calls, v & 1);
	int b = v < -5 || bump(&calls, v % 3 == 0);
	int c = (v != 0 && (inc++, v % 2)) || (v == 0 && ++inc);
	int d = !(v > 10 || bump(&calls, v) > 5) && bump(&calls, 1);
	int e = 0;
	if (v > 3 && (e = v * 2) > 10 || v < -3 && (e = -v) > 8)
		e += 100;
	int x = 1, y = 2;
	int f = v & 1 ? bump(&calls, 7) : bump(&calls, 9) + 1;
	(v > 0 ? x : y) += 10;
	int g = v > 10 ? 3 : v > 0 ? 2 : v > -10 ? 1 : 0;
	double h = v > 0 ? 0.5 : 2; // int arm converted to double
	unsigned m = v < 0 ? (unsigned)v : 7u;
	int *o = out + t * 12;
	o[0] = a;
	o[1] = b;
	o[2] = c;
	o[3] = d;
	o[4] = e;
	o[5] = f;
	o[6] = x * 100 + y;
	o[7] = g;
	o[8] = (int)(h * 4);
	o[9] = (int)(m >> 16);
	o[10] = calls;
	o[11] = inc;
}

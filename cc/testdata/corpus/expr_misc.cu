//@ kernel: expr_misc
//@ grid: 1
//@ block: 64
//@ arg: gen:s32:64:-1000:1000
//@ arg: zero:2048
// Expressions: ?: choosing between structs and between pointers (an
// lvalue ?: assigned through), the comma operator in conditions and
// loops, chained assignment a = b = c (with conversions), assignment as a
// value in a condition, the order of side effects at sequence points,
// unary plus and minus on unsigned, logical not of pointers, arrays of
// pointers and of structs indexed at run time.
struct P {
	int x;
	short y;
};
extern "C" __global__ void expr_misc(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	P a = {v, (short)t}, b = {-v, (short)(t * 2)};
	P c = v > 0 ? a : b;
	int arr[4] = {1, 2, 3, 4};
	int *pa = &arr[0], *pb = &arr[3];
	*(v & 1 ? pa : pb) += 100;
	int k, s = 0;
	for (k = 0, s = v; k < 4; k++, s += k)
		;
	int m = (s++, s + 1);
	short sh;
	long long ll;
	int i3;
	ll = i3 = sh = (short)(v * 77);
	int found = 0, r;
	if ((r = v % 7) == 3)
		found = 1;
	unsigned u = (unsigned)v;
	P ps[3] = {a, b, c};
	int *ptrs[3] = {&arr[1], &arr[2], 0};
	int *o = out + t * 8;
	o[0] = c.x * 10 + c.y;
	o[1] = arr[0] + arr[3] * 1000;
	o[2] = k * 100000 + s + m;
	o[3] = (int)(ll + i3 + sh);
	o[4] = found * 10 + r;
	o[5] = (int)(-u) + (int)(+u) + !ptrs[2] * 3 + !ptrs[v & 1] * 7;
	o[6] = ps[(t + 1) % 3].x + ps[t % 3].y + *ptrs[t & 1];
	int q = 5, q2 = q++;
	o[7] = (q += q2, q * 3) + (q2 = 2);
}

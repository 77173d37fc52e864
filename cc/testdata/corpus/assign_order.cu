//@ kernel: assign_order
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:2048
// The order of evaluation in assignments, as C++17 fixes it and nvcc
// compiles it: the right operand before the left, in a compound
// assignment too (arr[k++] += arr[k] reads arr[k] first; x += x++ adds to
// the incremented x), for a bit field's compound assignment, and a struct
// assigned to an element chosen with a side effect; the left operand of a
// comma and of << before the right.
struct Bits {
	int lo : 7;
	unsigned hi : 9;
};
struct Pair {
	int a, b;
};
extern "C" __global__ void assign_order(const int *in, int *out)
{
	int t = threadIdx.x;
	int *o = out + t * 16;
	int a = in[t], b = in[t + 32];
	int arr[8];
	for (int i = 0; i < 8; i++)
		arr[i] = in[i] + a;
	int k = a & 3;
	arr[k++] += arr[k];
	o[0] = arr[0] + arr[1] * 3 + arr[2] * 5 + arr[3] * 7 + k * 1000;
	int x = a;
	x += x++ * 2;
	o[1] = x;
	int y = b;
	y *= (y += 3);
	o[2] = y;
	Bits bf = {(int)(a & 31), (unsigned)(b & 255)};
	int n = 2;
	bf.hi += (n += 5) * (int)bf.lo;
	bf.lo -= n++;
	o[3] = bf.lo * 1000 + (int)bf.hi + n * 100000;
	Pair ps[4] = {{a, b}, {b, a}, {1, 2}, {3, 4}};
	int m = (b & 1) + 1;
	ps[m--] = ps[m];
	o[4] = ps[0].a + ps[1].b * 3 + ps[2].a * 5 + ps[2].b * 7 + m * 1000;
	int j = a & 3;
	arr[j] = j++;
	o[5] = arr[0] + arr[1] * 3 + arr[2] * 5 + arr[3] * 7 + arr[4] * 11 + j * 1000;
	int r = a & 7;
	o[6] = r << r++;
	int u = b;
	o[7] = (u++, u += 2, u * 3);
	unsigned w = (unsigned)a;
	w ^= w << (w & 7);
	o[8] = (int)w;
}

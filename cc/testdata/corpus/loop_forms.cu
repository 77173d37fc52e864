//@ kernel: loop_forms
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:-50:50
//@ arg: zero:2048
// Loop shapes for induction-variable, strength-reduction and
// loop-invariant passes: strides of 3 and -2, an unsigned counter down to
// zero, a pointer induction variable, two exits, triangular nested bounds,
// a loop-carried dependence through an array, a float induction variable,
// a loop-invariant load guarded by a null test inside the loop (hoisting
// it would fault), a loop-invariant division guarded by a zero test, and
// a loop that runs zero times for some threads.
__device__ __noinline__ int guarded(const int *p, int n, int d)
{
	int s = 0;
	for (int k = 0; k < n; k++) {
		if (p != 0)
			s += *p;
		if (d != 0)
			s += 1000 / d;
		s += k;
	}
	return s;
}
extern "C" __global__ void loop_forms(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i];
	int *o = out + i * 8;
	int a = 0;
	for (int k = v; k < 60; k += 3)
		a += k;
	for (int k = 40; k > v; k -= 2)
		a ^= k << 1;
	o[0] = a;
	unsigned c = 0;
	for (unsigned u = (unsigned)(v & 15); u > 0; u--)
		c += u * u;
	o[1] = (int)c;
	const int *end = in + 64, *p = in + (i & 7);
	int s = 0;
	for (; p < end; p += 9)
		s += *p;
	o[2] = s;
	int first = -1;
	for (int k = 0; k < 64; k++) {
		if (in[k] == v && k != i) {
			first = k;
			break;
		}
		if (k > 40 + (v & 7))
			break;
	}
	o[3] = first;
	int tri = 0;
	for (int x = 0; x < (v & 7); x++)
		for (int y = x; y < 8; y++)
			tri += x * y;
	o[4] = tri;
	int fibs[12];
	fibs[0] = v;
	fibs[1] = 1;
	for (int k = 2; k < 12; k++)
		fibs[k] = fibs[k - 1] + fibs[k - 2];
	o[5] = fibs[11] + fibs[i % 12];
	float f = 0.0f;
	int steps = 0;
	for (float x = (float)v; x < 50.0f; x += 2.5f)
		steps++, f += x;
	o[6] = steps * 10000 + (int)f;
	o[7] = guarded(v > 0 ? &in[(i + 1) & 63] : 0, v & 15, v % 5);
}

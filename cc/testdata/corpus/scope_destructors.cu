//@ kernel: scope_destructors
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-50:50
//@ arg: zero:2048
// Local objects of classes with a user-provided destructor (RAII): the
// destructor runs where the object leaves its scope, last constructed
// first, at the end of a block,
// on return (after the result is computed), break and continue (for the
// objects inside the loop or switch only), in the init-statement of a
// for, if and switch, each iteration of a loop body, for a class
// template's instance, for arrays (elements last to first), and for an
// if's or a loop's substatement that is a declaration (its own scope). Each destructor appends a digit to a log.
struct Slot {
	int *p;
	int d;
	__device__ Slot() : p(nullptr), d(0) {}
	__device__ void set(int *q, int k) { p = q, d = k; }
	__device__ ~Slot()
	{
		if (p)
			*p = *p * 10 + d;
	}
};
struct Log {
	int *p;
	int d;
	__device__ Log(int *q, int digit) : p(q), d(digit) { *p = *p * 10 + 1; }
	__device__ ~Log() { *p = *p * 10 + d; }
};
template <class T> struct Scoped {
	T *p;
	T old;
	__device__ Scoped(T *q, T v) : p(q), old(*q) { *q = v; }
	__device__ ~Scoped() { *p = old; }
};
__device__ int early(int *log, int a)
{
	Log x(log, 2);
	if (a > 0) {
		Log y(log, 3);
		return *log % 1000;
	}
	Log z(log, 4);
	return -(*log % 1000);
}
__device__ int loops(int *log, int a)
{
	int n = 0;
	for (int i = 0; i < 4; i++) {
		Log l(log, i + 5);
		if (i == (a & 3))
			continue;
		if (i * a > 30)
			break;
		n += i;
	}
	int k = 0;
	while (k < 3) {
		Log w(log, 9);
		k++;
		switch (k + (a & 1)) {
		case 1: {
			Log s(log, 1);
			break;
		}
		case 2:
			n += 100;
			break;
		default: {
			Log s(log, 8);
			if (a < 0)
				break;
			n += 1000;
		}
		}
	}
	return n;
}
extern "C" __global__ void scope_destructors(const int *in, int *out)
{
	int t = threadIdx.x;
	int *o = out + t * 16;
	int a = in[t], b = in[t + 32];
	int log = 0;
	{
		Log one(&log, 6);
		Log two(&log, 7);
		o[0] = log;
	}
	o[1] = log;
	int l2 = 0;
	o[2] = early(&l2, a);
	o[3] = l2;
	int l3 = 0;
	o[4] = loops(&l3, b);
	o[5] = l3;
	int v = a;
	{
		Scoped<int> s(&v, b);
		o[6] = v;
	}
	o[7] = v;
	int l4 = 0;
	for (Log f(&l4, 3); l4 < 100000; l4 = l4 * 2 + 1) {
	}
	o[8] = l4;
	int l5 = 0;
	if (Log g(&l5, 5); a > b)
		o[9] = l5;
	else
		o[9] = -l5;
	o[10] = l5;
	int l7 = 0;
	if (a > 0)
		Log y(&l7, 2);
	else
		Log n(&l7, 3);
	for (int i = 0; i < (b & 3); i++)
		Log c(&l7, 4);
	o[12] = l7;
	int l6 = 0;
	{
		Slot ss[3];
		for (int i = 0; i < 3; i++)
			ss[i].set(&l6, i + 1 + (a & 3));
		Slot grid[2][2];
		grid[1][0].set(&l6, 7);
		grid[0][1].set(&l6, 8);
		if (b > 40)
			return;
	}
	o[11] = l6;
}

//@ kernel: double_math
//@ grid: 2
//@ block: 32
//@ arg: gen:f64:64:-1000:1000
//@ arg: zero:6144
// double arithmetic and the functions that map to PTX instructions: sqrt,
// division, fabs, floor, ceil, trunc, rint, fmin, fmax, copysign, conversions
// to and from int, long long, unsigned and float.
#include <math.h>
extern "C" __global__ void double_math(const double *in, double *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	double x = in[i], y = in[63 - i] + 0.5078125; // never zero
	double *o = out + i * 12;
	o[0] = x + y;
	o[1] = x / y;
	o[2] = sqrt(fabs(x));
	o[3] = floor(x) + ceil(y) * 1024.0;
	o[4] = trunc(x / 3.0) - rint(y / 7.0);
	o[5] = fmin(x, y) - fmax(x, y);
	o[6] = copysign(y, x);
	o[7] = (double)(int)(x * 1000.0) + (double)(long long)(y * 1e12);
	o[8] = (double)(float)x;
	o[9] = (double)(unsigned)fabs(x * 4.0);
	o[10] = x * y;
	o[11] = -x - 1.0 / y;
}

//@ kernel: printf_float
//@ grid: 1
//@ block: 4
//@ arg: gen:f32:4
//@ arg: gen:f64:4
// printf of float (promoted to double) and double: %f %e %g %a with precision
// and width, special values.
#include <cstdio>
extern "C" __global__ void printf_float(const float *f, const double *d)
{
	int t = threadIdx.x;
	float x = f[t];
	double y = d[t];
	printf("t%d f=%f e=%e g=%g |%10.3f|%-12.4e|%.0f\n", t, x, x, x, x, x, x);
	printf("t%d d=%.10f %.15g %G %a\n", t, y, y / 3.0, y * 1e20, y);
	if (t == 0)
		printf("specials %f %f %f %g %e\n", 1.0 / 0.0 * (y < 0 ? -1.0 : 1.0), -1.0 / 0.0, 1e300 * 1e10, -0.0, 5e-324);
}

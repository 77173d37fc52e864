//@ kernel: float_conv
//@ grid: 2
//@ block: 32
//@ arg: gen:f64:64:-3000:3000
//@ arg: gen:s32:64
//@ arg: zero:6144
// Floating-point conversions and casts: double to float and back, float
// and double to every integer type (truncation towards zero, within range),
// integers of every width and signedness to float and double, the usual
// arithmetic conversions between int, float and double, float literals and
// double literals, and bit casts.
extern "C" __global__ void float_conv(const double *in, const int *iv, unsigned *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	double d = in[i] + 0.3;
	float f = (float)d;
	int n = iv[i];
	unsigned *o = out + i * 24;
	o[0] = __float_as_uint(f);
	double back = f;
	o[1] = (unsigned)__double_as_longlong(back);
	o[2] = (unsigned)(__double_as_longlong(back) >> 32);
	o[3] = (unsigned)(int)f;
	o[4] = (unsigned)(long long)d;
	o[5] = (unsigned)(short)(f / 4);
	o[6] = (unsigned)(signed char)(f / 32);
	o[7] = (unsigned)(unsigned char)(d < 0 ? -d / 16 : d / 16);
	o[8] = (unsigned)(d < 0 ? -d : d);
	o[9] = (unsigned)(unsigned long long)(d < 0 ? -d * 1e6 : d * 1e6);
	o[10] = __float_as_uint((float)n);
	o[11] = __float_as_uint((float)(unsigned)n);
	o[12] = __float_as_uint((float)((long long)n * 123456789LL));
	o[13] = __float_as_uint((float)((unsigned long long)n * 0x100000001ULL));
	o[14] = (unsigned)__double_as_longlong((double)((long long)n << 35));
	o[15] = (unsigned)(__double_as_longlong((double)((unsigned long long)(unsigned)n << 33)) >> 32);
	o[16] = __float_as_uint(n * f);                 // int to float
	o[17] = (unsigned)(__double_as_longlong(n * d) >> 20); // int to double
	o[18] = __float_as_uint(f * 0.1f + 1);
	o[19] = (unsigned)(__double_as_longlong(f * 0.1 + 1) >> 16); // float promoted to double
	o[20] = __float_as_uint((float)(short)n + (float)(unsigned char)n);
	o[21] = (f > d) | (f == d) << 1 | ((double)f < d) << 2 | (f >= n) << 3;
	o[22] = __float_as_uint(__int_as_float(0x3f800000 + (n & 0xff)));
	o[23] = (unsigned)(int)(1.0f / 3 * n) + (unsigned)(int)(1.0 / 3 * n);
}

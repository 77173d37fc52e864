//@ kernel: mathconst_macros
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:32:-4:4
//@ arg: zero:512
// <math.h>'s constants with no #include, named only inside the unit's
// own macros, in a unit that pastes tokens (so the families it uses are
// found by preprocessing it): M_PI, INFINITY, NAN (glibc's 0x7fc00000,
// not the GPU's 0.0f / 0.0f), HUGE_VALF, M_SQRT2, M_E.
#define GELU_SCALE sqrtf(2.0f / M_PI)
#define NEG_INF (-INFINITY)
#define PASTE(a, b) a##b
#define CONST(n) PASTE(M_, n)
extern "C" __global__ void mathconst_macros(const float *in, float *out)
{
	int t = threadIdx.x;
	float x = in[t];
	float m = NEG_INF;
	if (t % 3 == 0)
		m = x > m ? x : m;
	float *o = out + t * 4;
	o[0] = GELU_SCALE * x;
	o[1] = m;
	o[2] = x * (float)CONST(SQRT2) + (float)CONST(E);
	o[3] = t == 5 ? NAN : t == 6 ? HUGE_VALF : (float)(M_PI_2 * x);
}

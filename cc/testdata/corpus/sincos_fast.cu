//@ kernel: sincos_fast
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:1024
//@ tags: approx
// __sincosf (convolutionFFT2D's twiddle factors): sin.approx and
// cos.approx of one argument stored through two pointers, into a
// vector's members, locals and global memory.
__device__ float2 twiddle(float phase)
{
	float2 t;
	__sincosf(phase, &t.y, &t.x);
	return t;
}
extern "C" __global__ void sincos_fast(const int *in, float *out)
{
	int i = threadIdx.x;
	float phase = in[i] * 0.0625f;
	float2 t = twiddle(phase);
	float s, c;
	__sincosf(phase * 2.0f, &s, &c);
	float *o = out + i * 4;
	o[0] = t.x;
	o[1] = t.y;
	o[2] = s * c;
	__sincosf(-phase, &o[3], &out[128 + i]);
}

//@ kernel: c_headers
//@ grid: 1
//@ block: 8
//@ arg: gen:f32:8:-4:4
//@ arg: zero:64
// The C spellings of the prelude's headers, as C-style CUDA code includes
// them: <stdio.h>, <assert.h>, <stdlib.h>, <math.h>, <cuda_runtime.h> and
// <stdint.h>, with printf, assert, malloc/free and the math functions
// called by their C names.
#include <stdio.h>
#include <assert.h>
#include <stdlib.h>
#include <math.h>
#include <stdint.h>
#include <cuda_runtime.h>
extern "C" __global__ void c_headers(const float *in, int32_t *out)
{
	int t = threadIdx.x;
	float x = in[t];
	float *tmp = (float *)malloc(2 * sizeof(float));
	assert(tmp != NULL);
	tmp[0] = sqrtf(fabsf(x));
	tmp[1] = floorf(x) + ceilf(x) + truncf(x) + roundf(x) + rintf(x);
	double d = sqrt(fabs((double)x)) + fmin((double)x, 0.5) + fmax((double)x, -0.5) + copysign(1.0, (double)x);
	out[2 * t] = (int32_t)(tmp[0] * 1024) + (int32_t)(tmp[1] * 16);
	out[2 * t + 1] = (int32_t)(d * 256);
	printf("%d %.4f %.4f\n", t, tmp[0], d);
	free(tmp);
}

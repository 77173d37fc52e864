//@ kernel: restrict_ldg
//@ grid: 4
//@ block: 32
//@ arg: gen:u16:128:0:65536
//@ arg: gen:s8:128:-128:128
//@ arg: zero:512
// __restrict__ const pointers and __ldg (read-only loads, ld.global.nc),
// unsigned short and signed char element types widened on load.
extern "C" __global__ void restrict_ldg(const unsigned short *__restrict__ a, const signed char *__restrict__ b, int *__restrict__ out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = (i * 5) & 127;
	out[i] = __ldg(&a[i]) * b[j] + __ldg(&b[i]) - (int)a[j];
}

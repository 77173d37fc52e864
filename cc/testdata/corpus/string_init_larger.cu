//@ kernel: string_init_larger
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:1000
//@ arg: zero:128
// A char array larger than the string literal that initializes it: the
// literal's bytes, then zeros to the end of the array.
extern "C" __global__ void string_init_larger(const int *in, int *out)
{
	int t = threadIdx.x;
	char larger[16] = "eps";
	larger[3 + (t & 3)] = (char)('a' + in[t] % 26);
	int h = 0;
	for (int k = 0; k < 16; k++)
		h = h * 31 + larger[k];
	out[t] = h;
}

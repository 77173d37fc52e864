//@ kernel: switch_goto
//@ grid: 2
//@ block: 64
//@ arg: gen:s32:128:-5:40
//@ arg: zero:512
// A dense switch (a jump table where the compiler makes one), a sparse
// switch, fall-through, goto, and a loop with break and continue.
__device__ __noinline__ int dense(int v)
{
	switch (v) {
	case 0: return 11;
	case 1: return 7;
	case 2: v += 3;
	case 3: return v * 5;
	case 4: return -4;
	case 5: return 99;
	case 6: return v << 2;
	case 7: return 1;
	case 8: return 123456;
	case 9: return -v;
	default: return 1000 + v;
	}
}
__device__ __noinline__ int sparse(int v)
{
	switch (v * 37) {
	case 37: return 1;
	case 370: return 2;
	case 1110: return 3;
	case -74: return 4;
	default: return 0;
	}
}
extern "C" __global__ void switch_goto(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i], s = 0, k = 0;
again:
	k++;
	s += dense(v + k) * 3 + sparse(v - k);
	if (k < 3)
		goto again;
	for (int j = 0; j < 40; j++) {
		if (j % 3 == 0)
			continue;
		if (j > v)
			break;
		s ^= j * v;
	}
	out[i] = s;
}

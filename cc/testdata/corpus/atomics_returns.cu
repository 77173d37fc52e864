//@ kernel: atomics_returns
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:-1000:1000
//@ arg: gen:u32:64:0:50
//@ arg: zero:2048
// The values atomics return, where no other thread touches the address
// (so they do not depend on the order): atomicAdd, atomicSub, atomicExch,
// atomicMin, atomicMax, atomicAnd, atomicOr, atomicXor, atomicInc and
// atomicDec (wrapping at their limit), atomicCAS that succeeds and one
// that fails, on int, unsigned, unsigned long long and float, in global
// and shared memory.
extern "C" __global__ void atomics_returns(const int *in, const unsigned *lim, int *out)
{
	__shared__ unsigned sh[32];
	int t = threadIdx.x, i = blockIdx.x * 32 + t, v = in[i];
	unsigned l = lim[i];
	int *o = out + i * 8;
	unsigned long long *w = (unsigned long long *)(out + i * 8 + 6);
	o[0] = v;
	int r0 = atomicAdd(&o[0], 5);
	int r1 = atomicSub(&o[0], 2);
	int r2 = atomicExch(&o[0], v * 3);
	int r3 = atomicMin(&o[0], v);
	int r4 = atomicMax(&o[0], 10);
	o[1] = (unsigned)v;
	unsigned u0 = atomicAnd((unsigned *)&o[1], 0xff0ff0ffu);
	unsigned u1 = atomicOr((unsigned *)&o[1], 0x100u);
	unsigned u2 = atomicXor((unsigned *)&o[1], 0x5555u);
	sh[t] = l / 2;
	unsigned i0 = atomicInc(&sh[t], l);
	unsigned i1 = atomicInc(&sh[t], l / 2);
	unsigned d0 = atomicDec(&sh[t], l);
	unsigned d1 = atomicDec(&sh[t], 3);
	int c0 = atomicCAS(&o[0], o[0], 77);
	int c1 = atomicCAS(&o[0], 1, 88);
	*w = (unsigned long long)v << 33;
	unsigned long long w0 = atomicAdd(w, 0x100000001ULL);
	unsigned long long w1 = atomicCAS(w, w0 + 0x100000001ULL, 9ULL);
	float fsum = 0;
	float *fp = (float *)&o[5];
	*fp = (float)v;
	float f0 = atomicAdd(fp, 0.5f);
	fsum = f0 + *fp;
	o[2] = r0 + r1 * 3 + r2 * 5 + r3 * 7 + r4 * 11;
	o[3] = (int)(u0 ^ u1 ^ u2 ^ (unsigned)o[1]);
	o[4] = (int)(i0 + i1 * 10 + d0 * 100 + d1 * 1000 + sh[t] * 10000) + c0 + c1 * 3;
	o[5] = (int)(fsum * 2) + (int)(w0 >> 33) + (int)(w1 >> 33);
}

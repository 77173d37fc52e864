//@ kernel: atomics_int
//@ grid: 4
//@ block: 64
//@ arg: gen:s32:256:-50000:50000
//@ arg: bytes:00000000
//@ arg: zero:64
//@ arg: zero:16
// 32-bit atomics with results that do not depend on the order: Add, Sub, Min,
// Max, And, Or, Xor on int and unsigned; Inc and Dec wrapping at a limit; the
// sum of atomicAdd's returned old values.
struct Dummy {
	int unused;
};
extern "C" __global__ void atomics_int(const int *in, Dummy d, int *r, unsigned *u)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i] + d.unused;
	atomicAdd(&r[0], v);
	atomicSub(&r[1], v);
	atomicMin(&r[2], v);
	atomicMax(&r[3], v);
	atomicAnd(&r[4], ~(1 << (i & 31)) | (v & 1));
	atomicOr(&r[5], v & 0x7ff0);
	atomicXor(&r[6], v);
	int old = atomicAdd(&r[7], 1);
	atomicAdd(&r[8], old);
	atomicMin((unsigned *)&r[9], (unsigned)v);
	atomicMax((unsigned *)&r[10], (unsigned)v);
	atomicSub((unsigned *)&r[11], 3u);
	atomicInc(&u[0], 99u);
	atomicDec(&u[1], 37u);
	atomicInc(&u[2], 0xffffffffu);
	atomicXor(&u[3], (unsigned)v * 2654435761u);
	if (i == 0)
		atomicMin(&r[12], 0x7fffffff);
}

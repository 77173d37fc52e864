//@ kernel: new_delete
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:1:12
//@ arg: zero:2048
// Device new and delete, lowered to the guide's malloc and free (chapter
// 3): new T(args) with a constructor, new T() (zeroed), new T{...}, new T
// of a class with a default constructor, new T[n], delete (destructor,
// then free) of an object and of null, delete[], placement new of an
// object and of an array in shared memory.
#include <cstdio>
#include <new>
struct Acc {
	int sum, n;
	__device__ Acc(int s, int k) : sum(s), n(k) {}
	__device__ ~Acc()
	{
		if (n == 3)
			printf("~Acc sum %d\n", sum);
		sum = -1;
	}
	__device__ void add(int v) { sum += v; }
};
struct Pair {
	int a;
	float b;
};
struct Three {
	int v;
	__device__ Three() : v(3) {}
};
struct Ring {
	int cap, len;
	int *data;
	__device__ Ring(int c, int *buf) : cap(c), len(0), data(buf) {}
	__device__ void push(int v) { data[len++ % cap] = v; }
};
extern "C" __global__ void new_delete(const int *in, int *out)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x, n = in[t];
	int *o = out + t * 8;
	int *one = new int(n * 7);
	int *zero = new int();
	int *raw = new int;
	*raw = 5;
	long long *arr = new long long[n];
	for (int k = 0; k < n; k++)
		arr[k] = (long long)k * t;
	long long s = 0;
	for (int k = 0; k < n; k++)
		s += arr[k];
	delete[] arr;
	Acc *acc = new Acc(t, n);
	for (int k = 0; k < n; k++)
		acc->add(k);
	o[0] = *one + *zero + *raw;
	o[1] = (int)s;
	o[2] = acc->sum;
	delete acc;
	Acc *none = 0;
	delete none;
	Pair *p = new Pair();
	Pair *q = new Pair{n, 0.5f};
	o[3] = p->a + (int)(p->b * 4) + q->a * 10 + (int)(q->b * 4);
	delete p;
	delete q;
	Three *th = new Three;
	Three *tv = new Three();
	o[4] = th->v * 10 + tv->v;
	delete th;
	delete tv;
	unsigned *u = new unsigned[(unsigned)n + 1u]{};
	delete[] u;
	delete one;
	delete zero;
	delete raw;
	__shared__ unsigned char __align__(8) sbuf[sizeof(Ring)];
	__shared__ int sdata[64];
	__shared__ Ring *ring;
	if (threadIdx.x == 0) {
		ring = new (sbuf) Ring(64, sdata);
		int *init = new (sdata) int[64];
		for (int k = 0; k < 64; k++)
			init[k] = -k;
	}
	__syncthreads();
	if (threadIdx.x == 1)
		for (int k = 0; k < 10; k++)
			ring->push(k * 3 + blockIdx.x);
	__syncthreads();
	o[5] = ring->data[threadIdx.x] + ring->len * 1000;
	Pair *pp = new (o + 6) Pair{t, 1.0f};
	pp->a += 1;
}

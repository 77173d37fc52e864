//@ kernel: new_delete_arrays
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:1:6
//@ arg: zero:512
// Array new and delete[] of classes: constructors run on each element in
// order; a class with a destructor gets nvcc's array cookie (the count
// before the elements: a size_t, or the element's alignment where larger)
// and delete[] runs the destructors last to first; delete[] of null.
#include <cstdio>
// nvcc stores the count at the start of new T[n]'s block for a class
// with a constructor even without a cookie (a size_t the constructors
// then overwrite): T is 8 bytes and n >= 1 here, as for a 4-byte T that
// store would overrun the block (n = 1), and malloc(0) may return null.
struct Three {
	int v, w;
	__device__ Three() : v(3), w(1) {}
};
struct Tracked {
	int id;
	__device__ ~Tracked()
	{
		if (id == 42)
			printf("~Tracked %d\n", id);
	}
};
struct Wide {
	double w;
	int k;
	__device__ Wide() : w(0.25), k(7) {}
	__device__ ~Wide() { k = -1; }
};
__device__ int order[32];
struct Ordered {
	int slot;
	__device__ Ordered() : slot(-1) {}
	__device__ ~Ordered()
	{
		if (slot >= 0)
			order[slot] = atomicAdd(&order[31], 1);
	}
};
extern "C" __global__ void new_delete_arrays(const int *in, int *out)
{
	int t = threadIdx.x, n = in[t];
	int *o = out + t * 4;
	Three *th = new Three[n];
	int s = 0;
	for (int k = 0; k < n; k++)
		s += th[k].v + th[k].w;
	delete[] th;
	Tracked *tr = new Tracked[n + 1];
	for (int k = 0; k <= n; k++)
		tr[k].id = k * 7 + t;
	s += tr[n].id;
	delete[] tr;
	Wide *w = new Wide[n];
	double ws = 0;
	for (int k = 0; k < n; k++)
		ws += w[k].w + w[k].k;
	delete[] w;
	Wide *none = 0;
	delete[] none;
	o[0] = s;
	o[1] = (int)(ws * 4);
	if (t == 5) {
		Ordered *od = new Ordered[4];
		for (int k = 0; k < 4; k++)
			od[k].slot = k;
		delete[] od;
	}
	__syncthreads();
	if (t < 4)
		o[2] = order[t];
}

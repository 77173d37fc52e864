//@ kernel: ptrarith
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:256:-1000:1000
//@ arg: zero:768
// Pointer arithmetic and comparisons: ++ and -- on pointers, pointer
// minus pointer, indexing with negative offsets, relational and equality
// comparisons, pointers to pointers, char pointers stepping through an int
// array, null checks, and void * round trips.
__device__ __noinline__ const int *find(const int *lo, const int *hi, int v)
{
	for (const int *p = lo; p != hi; ++p)
		if (*p > v)
			return p;
	return 0;
}
__device__ __noinline__ int swap_ends(int **a, int **b)
{
	int *t = *a;
	*a = *b;
	*b = t;
	return **a - **b;
}
extern "C" __global__ void ptrarith(const int *in, int *out)
{
	int t = threadIdx.x;
	const int *base = in + t * 8, *end = base + 8;
	const int *hit = find(base, end, base[0]);
	int local[6] = {t, t + 1, t + 2, t + 3, t + 4, t + 5};
	int *p = local, *q = &local[5];
	int d = swap_ends(&p, &q);
	int *m = local + 3;
	int back = m[-2] + *(m - 3) + *--m;
	m++;
	const unsigned char *bytes = (const unsigned char *)(base + 1);
	unsigned bsum = 0;
	for (const unsigned char *c = bytes; c < (const unsigned char *)(base + 3); c += 3)
		bsum = bsum * 31 + *c;
	void *vp = (void *)(end - 1);
	const int *back2 = (const int *)vp;
	int *o = out + t * 6;
	o[0] = hit ? (int)(hit - base) : -1;
	o[1] = d;
	o[2] = back + (int)(m - local);
	o[3] = (int)bsum;
	o[4] = *back2 + (back2 > base) * 2 + (back2 >= end) * 4 + (hit != 0 && base <= hit) * 8 + (hit == 0) * 16;
	o[5] = (int)(q - p) * 100 + (int)(end - base);
}

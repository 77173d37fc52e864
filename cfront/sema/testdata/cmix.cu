// C: unions, nested structs, function pointers, multi-dimensional arrays,
// <stdint.h> types, printf and assert, mixed conversions.
#include <stdio.h>
#include <assert.h>
#include <stdint.h>
typedef struct { int a; float b; } pair_t;
union U { int i; float f; unsigned char bytes[4]; };
struct Node { struct Node *next; int val; union U u; struct { short s; } inner; };
typedef int (*fp)(int);
__device__ int inc(int x) { return x + 1; }
__device__ int apply(fp f, int v) { return f(v) + (*f)(v) + (&inc)(v); }
__device__ uint32_t hash(uint32_t x) { x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; return x; }
__device__ int walk(struct Node *n)
{
	int s = 0;
	for (; n != NULL; n = n->next) s += n->val + n->u.bytes[0] + n->inner.s;
	return s;
}
__global__ void kern(pair_t *ps, int64_t *out, size_t n, const char *__restrict__ msg)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n) return;
	pair_t p = ps[i];
	union U u; u.f = p.b;
	out[i] = (int64_t)u.i * p.a + sizeof(pair_t) + (i & 1 ? -1LL : 1ULL);
	int arr[2][3] = {{1, 2, 3}, {4, 5, 6}};
	int (*row)[3] = arr;
	out[i] += row[1][2] + *arr[0] + **arr;
	uint8_t c = 255; c++; c += 2;
	int8_t sc = -1;
	out[i] += c + sc + (c > sc) + apply(inc, 3) + hash(i);
	printf("%s %d %lld %f\n", msg, (int)i, (long long)out[i], p.b);
	assert(out[i] != 0);
	do { out[i]--; } while (0);
	bool flag = !out[i];
	flag |= true;
	out[i] <<= flag;
	out[i] = out[i] ? out[i] : -out[i];
	float x = 3; double d = x / 2; x = d; x = -x; x = x != x;
	const float *cp = &ps[0].b;
	out[i] += cp == &p.b;
	void *vp = (void *)cp;
	out[i] += vp != 0;
	long l = 1L << 40;
	unsigned short us = (unsigned short)l;
	out[i] += us % 7u;
	char buf[8] = "abc";
	out[i] += buf[1] - 'a';
	int *ip = (int *)malloc(16); free(ip);
	out[i] += __float_as_int(1.0f) >> 20;
	out[i] += min(3, (int)i) + max(2u, 3u) + (int)fminf(x, 2.0f);
}

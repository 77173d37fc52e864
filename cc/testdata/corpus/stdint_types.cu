//@ kernel: stdint_types
//@ grid: 1
//@ block: 32
//@ arg: gen:u64:32:bits
//@ arg: zero:1024
// <cstdint> and the types whose size follows -m32/-m64: int8_t to
// uint64_t, intptr_t, uintptr_t, size_t and ptrdiff_t, long and unsigned
// long, INT32_MAX-style limits, pointers converted to integers and back.
#include <cstdint>
#include <cstddef>
extern "C" __global__ void stdint_types(const uint64_t *in, uint32_t *out)
{
	int t = threadIdx.x;
	uint64_t x = in[t];
	int8_t a = (int8_t)x;
	uint8_t b = (uint8_t)(x >> 8);
	int16_t c = (int16_t)(x >> 16);
	uint16_t d = (uint16_t)(x >> 32);
	int32_t e = (int32_t)(x >> 20);
	int64_t f = (int64_t)x >> 3;
	long l = (long)(x >> 40) - 1000;
	unsigned long ul = (unsigned long)x;
	size_t sz = sizeof(long) + sizeof(size_t) * 10 + sizeof(void *) * 100;
	ptrdiff_t pd = &out[t * 8 + 7] - &out[t * 8];
	uintptr_t up = (uintptr_t)&in[t];
	const uint64_t *back = (const uint64_t *)(up + sizeof(uint64_t));
	intptr_t ip = (intptr_t)back - (intptr_t)in;
	uint32_t *o = out + t * 8;
	o[0] = (uint32_t)(a + b + c + d);
	o[1] = (uint32_t)(e / (a | 1)) ^ (uint32_t)(f >> 30);
	o[2] = (uint32_t)(l * 3 + (long)(ul % 1000));
	o[3] = (uint32_t)(sz + pd);
	o[4] = (uint32_t)ip + (uint32_t)(t < 31 ? *back : 0);
	o[5] = (e > INT16_MAX) | (f < INT32_MIN) << 1 | (x > UINT32_MAX) << 2 | (a == INT8_MIN) << 3;
	o[6] = (uint32_t)(ul >> 16) + (uint32_t)(UINT64_MAX >> 40);
	o[7] = (uint32_t)((int64_t)l * c);
}

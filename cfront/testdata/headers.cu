// Built-in headers and -I directories.
#include <stdint.h>
#include <stddef.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <limits.h>
#include "user.h"
#include <user.h>

struct Fixed {
	int8_t a;
	uint16_t b;
	int64_t c;
	uint64_t d;
	size_t n;
	intptr_t ip;
	__half h;
	half2 h2;
	__nv_bfloat16 bf;
	UserPoint pts[USER_N];
};

#if INT64_MAX > 0x7fffffff && LONG_MAX == INT64_MAX
typedef long same_as_int64;
#else
typedef long long same_as_int64;
#endif

#define DECLARE(T, n) T field_##n
struct Macros { DECLARE(int, 1); DECLARE(float, 2); };
enum Consts { SizeOfInt = sizeof(int), AlignOfDouble = alignof(double), Off = offsetof(Macros, field_2) };
__device__ uint32_t counters[UINT8_MAX + 1];
extern __shared__ float4 dynamic_smem[];

//@ kernel: enums_typedefs
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:100
//@ arg: zero:512
// Enums (plain with explicit and implicit values, negative enumerators,
// C++11 scoped with an underlying type), typedefs of scalars, pointers,
// arrays, structs and function types, sizeof and alignof of them.
enum Color { RED, GREEN = 5, BLUE, ALPHA = -2 };
enum class Op : unsigned char { Add = 1, Sub, Mul = 10 };
typedef unsigned int u32;
typedef u32 *u32p;
typedef int Vec3[3];
typedef struct {
	Color c;
	Op op;
} Cmd;
typedef int (*Fn)(int);
__device__ int twice(int x) { return 2 * x; }
__device__ __noinline__ int apply(Cmd c, int x)
{
	switch (c.op) {
	case Op::Add: return x + (int)c.c;
	case Op::Sub: return x - (int)c.c;
	case Op::Mul: return x * (int)c.c;
	}
	return -1;
}
extern "C" __global__ void enums_typedefs(const int *in, u32 *out)
{
	int t = threadIdx.x;
	Color c = (Color)(in[t] % 3 == 0 ? RED : in[t] % 3 == 1 ? BLUE : ALPHA);
	Op op = t % 3 == 0 ? Op::Add : t % 3 == 1 ? Op::Sub : Op::Mul;
	Cmd cmd = {c, op};
	Vec3 v = {in[t], c, (int)op};
	Fn f = twice;
	u32p o = out + t * 4;
	o[0] = (u32)apply(cmd, in[t]);
	o[1] = (u32)(v[0] + v[1] + v[2]);
	o[2] = (u32)f(c == BLUE) + (c < GREEN);
	o[3] = sizeof(Color) | sizeof(Op) << 4 | sizeof(Cmd) << 8 | sizeof(Vec3) << 12 | alignof(Cmd) << 20;
}

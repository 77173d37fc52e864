//@ kernel: conversion_operands
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:384
// Conversion functions called implicitly for built-in operators: a
// comparison, unary minus, a compound assignment's right operand, both
// operands of one class, a conversion to double and to a pointer, a
// const object, and a class whose own operator wins over the
// conversion.
struct Cents {
	int c;
	__device__ operator int() const { return c / 100; }
};
struct Ratio {
	int n, d;
	__device__ operator double() const { return (double)n / d; }
};
struct Cursor {
	int *p;
	__device__ operator int *() const { return p; }
};
struct Both {
	int v;
	__device__ operator int() const { return v; }
	__device__ int operator+(int k) const { return v * 1000 + k; }
};
extern "C" __global__ void conversion_operands(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	const Cents m = {v * 37};
	Cents n = {t * 250};
	Ratio r = {v, 7};
	int buf[4] = {t, t + 1, t + 2, t + 3};
	Cursor cur = {buf};
	Both b = {t};
	int acc = 10;
	acc += m;
	acc *= n;
	int *o = out + t * 3;
	o[0] = (m < 5) + (m == n) * 2 + -m * 4 + (m + n) * 100 + acc * 1000;
	o[1] = (int)(r * 1000.0) + *(cur + 2) * 7 + cur[1];
	o[2] = (b + 5) + (5 + b) * 3 + (b ? 11 : 13);
}

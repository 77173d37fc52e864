//@ kernel: conversion_function
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:128
// A user-defined conversion function (operator int) called by a cast and
// implicitly by an arithmetic operator.
struct Cents {
	int c;
	__device__ operator int() const { return c / 100; }
};
extern "C" __global__ void conversion_function(const int *in, int *out)
{
	int t = threadIdx.x;
	Cents m = {in[t] * 37};
	out[t] = (int)m + m * 2;
}

// The guide's chapter 6 example: a kernel that calls a device function.
// go run ./cmd/ptxabi cc -g examples/call_example.cu
__device__ __noinline__ int foo (int i, int j)
{
    return i+j;
}

__global__ void test (int *p)
{
    *p = foo(1, 2);
}

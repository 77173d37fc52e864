package cc_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/ptxabi/ptxabi/cc"
)

// Compile a kernel to PTX as nvcc -ptx would, and show its declaration:
// the .entry with nvcc's .param names, and the global loads and stores
// through parameters converted once with cvta.to.global.
func ExampleCompile() {
	src := []byte(`
extern "C" __global__ void scale(float *x, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] *= a;
}
`)
	ptx, err := cc.Compile(&cc.Config{Opt: 3}, "scale.cu", src)
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range bytes.Split(ptx, []byte("\n")) {
		if bytes.HasPrefix(line, []byte(".")) || bytes.Contains(line, []byte("_param_")) && bytes.HasPrefix(line, []byte("\t.param")) {
			fmt.Printf("%s\n", line)
		}
	}
	fmt.Println(bytes.Contains(ptx, []byte("cvta.to.global.u64")), bytes.Contains(ptx, []byte("st.global.f32")))
	// Output:
	// .version 7.8
	// .target sm_52
	// .address_size 64
	// .visible .entry scale(
	// 	.param .u64 scale_param_0,
	// 	.param .f32 scale_param_1,
	// 	.param .u32 scale_param_2
	// true true
}

// Input that device code cannot have is an error at its position.
func ExampleCompile_error() {
	src := []byte("__global__ void k(int *p) { p[0] = rand(); }\n")
	_, err := cc.Compile(&cc.Config{}, "k.cu", src)
	fmt.Println(err)
	// Output:
	// k.cu:1:40: calling a __host__ function("rand") from a __global__ function("k") is not allowed
}

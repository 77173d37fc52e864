package cfront

import (
	"go/token"
	"testing"
)

// BenchmarkSmallTU is ParseFile on a one-line kernel: the fixed cost of
// the built-in headers.
func BenchmarkSmallTU(b *testing.B) {
	src := []byte("__global__ void k(int *p) { p[0] = 1; }\n")
	for i := 0; i < b.N; i++ {
		ParseFile(nil, token.NewFileSet(), "k.cu", src)
	}
}

// BenchmarkSmallUnit is ParseUnit on the same kernel: the declarations
// of the device built-ins included.
func BenchmarkSmallUnit(b *testing.B) {
	src := []byte("__global__ void k(int *p) { p[0] = 1; }\n")
	for i := 0; i < b.N; i++ {
		ParseUnit(nil, token.NewFileSet(), "k.cu", src)
	}
}

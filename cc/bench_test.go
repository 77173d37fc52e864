package cc

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// BenchmarkCompile is ptxabi cc's compile time in-process (scripts/
// bench-cc.sh compares the whole command with nvcc -ptx): the guide's
// example, and a file of 300 kernels.
func BenchmarkCompile(b *testing.B) {
	small, err := os.ReadFile("../examples/call_example.cu")
	if err != nil {
		b.Fatal(err)
	}
	var big strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&big, `extern "C" __global__ void k%d(int n, float a, const float *x, float *y, int *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float s = 0.0f;
	for (int j = 0; j < %d; j++)
		s += a * x[(i + j) %% n];
	if (i < n) {
		y[i] = s + %d.0f;
		atomicAdd(c, i & %d);
	}
}
`, i, i%7+1, i, i%5+1)
	}
	for _, tc := range []struct {
		name string
		src  []byte
	}{{"small", small}, {"300kernels", []byte(big.String())}} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.src)))
			for b.Loop() {
				if _, err := Compile(&Config{Opt: 3}, "x.cu", tc.src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

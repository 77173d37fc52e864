package ast_test

import (
	"fmt"
	"go/token"
	"log"
	"strings"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/cfront/sema"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// Walk a typed body with Inspect: list the calls it makes and the C type
// of each call's result.
func ExampleInspect() {
	src := []byte(`
#include <cuda_runtime.h>
__device__ float norm2(float x, float y) { return sqrtf(x * x + y * y); }
__global__ void k(float *out) { out[threadIdx.x] = norm2(1.0f, 2.0f) + fminf(3.0f, 4.0f); }
`)
	cfg := &cfront.Config{Target: target.Default, Sizes: layout.New(target.Default)}
	u, err := cfront.ParseUnit(cfg, token.NewFileSet(), "k.cu", src)
	if err != nil {
		log.Fatal(err)
	}
	bodies, err := sema.Check(nil, u)
	if err != nil {
		log.Fatal(err)
	}
	for _, fb := range bodies {
		ast.Inspect(fb.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.Call); ok {
				fmt.Printf("%s calls %s -> %s\n", fb.Decl.Name, strings.TrimSpace(ast.String(c.Fun, false)), c.Info().Type)
			}
			return true
		})
	}
	// Output:
	// norm2 calls sqrtf -> float
	// k calls norm2 -> float
	// k calls fminf -> float
}

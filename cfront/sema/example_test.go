package sema_test

import (
	"fmt"
	"go/token"
	"log"
	"os"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/cfront/sema"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// Type the body of a device function: every expression has its C type
// (":float"), lvalues are marked ("lv"), names are resolved ("{param}"),
// and C's implicit conversions are explicit nodes of the tree: a * n is
// done in float (the int converted), then promoted to double for + 0.5.
func ExampleCheck() {
	src := []byte(`
__device__ double mix(float a, int n)
{
	return a * n + 0.5;
}
`)
	cfg := &cfront.Config{Target: target.Default, Sizes: layout.New(target.Default)}
	u, err := cfront.ParseUnit(cfg, token.NewFileSet(), "mix.cu", src)
	if err != nil {
		log.Fatal(err)
	}
	bodies, err := sema.Check(nil, u)
	if err != nil {
		log.Fatal(err)
	}
	for _, fb := range bodies {
		if fb.Decl.Name == "mix" {
			if err := ast.Fprint(os.Stdout, fb.Body, true); err != nil {
				log.Fatal(err)
			}
		}
	}
	fmt.Println()
	// Output:
	// {
	//   return [(+ [(floating-promotion [(* [(lvalue-to-rvalue [a{param}:float lv]):float] [(int-to-float [(lvalue-to-rvalue [n{param}:int lv]):int]):float]):float]):double] [0.5:double =1/2]):double]
	// }
}

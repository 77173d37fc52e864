package pp_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/target"
)

// Preprocess a file with nvcc's predefined macros for sm_70 and a -D
// option, and print each token with its kind and position.
func Example() {
	src := []byte(`#include <stdint.h>
#define ALIGN(n) __align__(n)
#if __CUDA_ARCH__ >= 700 && defined(FAST)
struct ALIGN(8) S { int32_t x; };
#endif
`)
	fset := token.NewFileSet()
	p := pp.New(nil, fset)
	for _, m := range pp.Predefined(target.Target{AddressSize: 64, SM: 70}) {
		p.Define(m.Name, m.Body)
	}
	p.Apply(pp.Macro{Name: "FAST"}) // -D FAST=
	p.Push("s.cu", src)
	for t := p.Next(); t.Kind != pp.EOF; t = p.Next() {
		if pos := fset.Position(t.Pos); !pp.IsBuiltin(pos.Filename) {
			fmt.Printf("%s %-6s %s\n", pos, t.Kind, t.Text)
		}
	}
	fmt.Println(p.Err())
	// Output:
	// s.cu:4:1 Ident  struct
	// s.cu:4:8 Ident  __align__
	// s.cu:4:8 Punct  (
	// s.cu:4:14 Number 8
	// s.cu:4:8 Punct  )
	// s.cu:4:17 Ident  S
	// s.cu:4:19 Punct  {
	// s.cu:4:21 Ident  int32_t
	// s.cu:4:29 Ident  x
	// s.cu:4:30 Punct  ;
	// s.cu:4:32 Punct  }
	// s.cu:4:33 Punct  ;
	// <nil>
}

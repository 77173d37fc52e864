package calls_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/calls"
)

// The calls check run on a program of two modules: a.ptx declares sum
// with two parameters, b.ptx defines it with three. The diagnostic is at
// the declaration, with the definition as related information.
func Example() {
	const a = `.version 7.8
.target sm_70
.address_size 64

.extern .func (.param .b32 r) sum(.param .b32 x, .param .b32 y);
`
	const b = `.version 7.8
.target sm_70
.address_size 64

.visible .func (.param .b32 r) sum(.param .b32 x, .param .b32 y, .param .b32 z)
{
	ret;
}
`
	fset := token.NewFileSet()
	var program []*vet.Module
	for _, f := range []struct{ name, src string }{{"a.ptx", a}, {"b.ptx", b}} {
		m, err := vet.ParseFile(fset, f.name, []byte(f.src))
		if err != nil {
			fmt.Println(err)
			return
		}
		program = append(program, m)
	}
	diags, err := vet.Run(fset, program, []*vet.Analyzer{calls.Analyzer})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range diags {
		fmt.Printf("%s: %s: %s\n", fset.Position(d.Pos), d.Category, d.Message)
		for _, r := range d.Related {
			fmt.Printf("\t%s: %s\n", fset.Position(r.Pos), r.Message)
		}
	}
	// Output:
	// a.ptx:5:1: calls: sum: declaration does not match the definition: 2 parameters, not 3 (definition in b.ptx)
	// 	b.ptx:5:1: definition of sum
}

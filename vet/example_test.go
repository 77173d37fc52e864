package vet_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/vet"
)

// An analyzer of its own: it reports every .entry that has no
// parameters. vet.Run runs it on each module of the program and returns
// the diagnostics sorted by position, with Category set to its name.
func Example() {
	noParams := &vet.Analyzer{
		Name: "noparams",
		Doc:  "kernels without parameters",
		Run: func(pass *vet.Pass) error {
			for _, d := range pass.Module.AST.Decls {
				if f, ok := d.(*ast.Function); ok && f.Entry && len(f.Params) == 0 {
					pass.Reportf(f.Start, "kernel %s has no parameters", f.Name)
				}
			}
			return nil
		},
	}
	const src = `.version 7.8
.target sm_70
.address_size 64

.visible .entry k(.param .u64 p)
{
	ret;
}

.visible .entry empty()
{
	ret;
}
`
	fset := token.NewFileSet()
	m, err := vet.ParseFile(fset, "a.ptx", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	diags, err := vet.Run(fset, []*vet.Module{m}, []*vet.Analyzer{noParams})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range diags {
		fmt.Printf("%s: %s: %s\n", fset.Position(d.Pos), d.Category, d.Message)
	}
	// Output:
	// a.ptx:10:1: noparams: kernel empty has no parameters
}

package link_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/link"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// parse parses PTX sources named by file name, in order.
func parse(fset *token.FileSet, files ...[2]string) ([]*ast.Module, error) {
	var mods []*ast.Module
	for _, f := range files {
		m, err := parser.ParseString(fset, f[0], f[1])
		if err != nil {
			return nil, err
		}
		mods = append(mods, m)
	}
	return mods, nil
}

// Two modules linked as nvlink links relocatable device code: main.ptx
// calls add, which it declares .extern, and lib.ptx defines it .visible.
// Lookup resolves the name from inside main.ptx to lib.ptx's definition.
func Example() {
	const mainPTX = `.version 7.8
.target sm_70
.address_size 64

.extern .func (.param .b32 r) add(.param .b32 a, .param .b32 b);

.visible .entry k()
{
	ret;
}
`
	const libPTX = `.version 7.8
.target sm_70
.address_size 64

.visible .func (.param .b32 r) add(.param .b32 a, .param .b32 b)
{
	ret;
}
`
	fset := token.NewFileSet()
	mods, err := parse(fset, [2]string{"main.ptx", mainPTX}, [2]string{"lib.ptx", libPTX})
	if err != nil {
		fmt.Println(err)
		return
	}
	prog, err := link.Link(fset, mods)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := prog.Lookup(0, "add")
	fmt.Printf("add in module 0 resolves to the definition in module %d at %s\n", s.Module, fset.Position(s.Pos))
	for _, g := range prog.Globals() {
		fmt.Println("global:", g.Name)
	}
	// Output:
	// add in module 0 resolves to the definition in module 1 at lib.ptx:5:1
	// global: add
	// global: k
}

// An .extern declaration whose parameters do not match the definition
// is a link error naming both positions.
func Example_prototypeMismatch() {
	const mainPTX = `.version 7.8
.target sm_70
.address_size 64

.extern .func scale(.param .b64 p, .param .f32 s);
`
	const libPTX = `.version 7.8
.target sm_70
.address_size 64

.visible .func scale(.param .b64 p, .param .f64 s)
{
	ret;
}
`
	fset := token.NewFileSet()
	mods, err := parse(fset, [2]string{"main.ptx", mainPTX}, [2]string{"lib.ptx", libPTX})
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = link.Link(fset, mods)
	fmt.Println(err)
	// Output:
	// main.ptx:5:1: prototype doesn't match for scale: parameter 2 is .param of 4 bytes in the declaration, .param of 8 bytes in the definition (definition at lib.ptx:5:1)
}

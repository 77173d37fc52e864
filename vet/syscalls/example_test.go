package syscalls_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/syscalls"
)

// The syscalls check run on a small module: malloc declared with a 32-bit return value in a 64-bit module.
func Example() {
	const src = `.version 7.8
.target sm_70
.address_size 64

.extern .func free(.param .b64 p);
.extern .func (.param .b32 ptr) malloc(.param .b64 size);
`
	fset := token.NewFileSet()
	m, err := vet.ParseFile(fset, "a.ptx", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	diags, err := vet.Run(fset, []*vet.Module{m}, []*vet.Analyzer{syscalls.Analyzer})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range diags {
		fmt.Printf("%s: %s: %s\n", fset.Position(d.Pos), d.Category, d.Message)
	}
	// Output:
	// a.ptx:6:16: syscalls: malloc is declared with return type .b32; guide §3 gives .extern .func (.param .b64 ptr) malloc (.param .b64 size); for .address_size 64
}

package params_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/params"
)

// The params check run on a small module: a .b16 parameter, which the guide passes as 32 bits.
func Example() {
	const src = `.version 7.8
.target sm_70
.address_size 64

.visible .func f(.param .b16 n)
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
	diags, err := vet.Run(fset, []*vet.Module{m}, []*vet.Analyzer{params.Analyzer})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range diags {
		fmt.Printf("%s: %s: %s\n", fset.Position(d.Pos), d.Category, d.Message)
	}
	// Output:
	// a.ptx:5:18: params: parameter n of .func f has type .b16: integral values narrower than 32 bits are passed as 32-bit values (guide §2.3 note A)
}

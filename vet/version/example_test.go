package version_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/version"
)

// The version check run on a small module: redux needs a later PTX ISA than the module declares.
func Example() {
	const src = `.version 6.0
.target sm_70
.address_size 64

.visible .entry k()
{
	.reg .b32 %r<3>;
	redux.sync.add.u32 %r1, %r2, 0xffffffff;
	ret;
}
`
	fset := token.NewFileSet()
	m, err := vet.ParseFile(fset, "a.ptx", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	diags, err := vet.Run(fset, []*vet.Module{m}, []*vet.Analyzer{version.Analyzer})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range diags {
		fmt.Printf("%s: %s: %s\n", fset.Position(d.Pos), d.Category, d.Message)
	}
	// Output:
	// a.ptx:8:2: version: redux needs PTX ISA 7.0; the module is .version 6.0
}

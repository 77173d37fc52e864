package debuginfo_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/debuginfo"
)

// The debuginfo check run on a small module: a .loc names a file that no
// .file directive declares.
func Example() {
	const src = `.version 7.8
.target sm_70, debug
.address_size 64

.file 1 "a.cu"

.visible .func f()
{
	.reg .b32 %r<2>;
	.loc 1 3 1
	mov.u32 %r1, 1;
	.loc 2 4 1
	ret;
}
`
	fset := token.NewFileSet()
	m, err := vet.ParseFile(fset, "a.ptx", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	diags, err := vet.Run(fset, []*vet.Module{m}, []*vet.Analyzer{debuginfo.Analyzer})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range diags {
		fmt.Printf("%s: %s: %s\n", fset.Position(d.Pos), d.Category, d.Message)
	}
	// Output:
	// a.ptx:12:2: debuginfo: .loc names file 2, which no .file declares
}

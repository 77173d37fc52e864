package atomics_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/atomics"
)

// The atomics check run on a small module: a scoped atomic on sm_52.
func Example() {
	const src = `.version 7.8
.target sm_52
.address_size 64

.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	atom.global.add.u32 %r1, [%rd1], 1;
	atom.gpu.global.add.u32 %r1, [%rd1], 1;
	ret;
}
`
	fset := token.NewFileSet()
	m, err := vet.ParseFile(fset, "a.ptx", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	diags, err := vet.Run(fset, []*vet.Module{m}, []*vet.Analyzer{atomics.Analyzer})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range diags {
		fmt.Printf("%s: %s: %s\n", fset.Position(d.Pos), d.Category, d.Message)
	}
	// Output:
	// a.ptx:11:2: atomics: atom.gpu.global.add.u32: .gpu needs sm_60 (guide §4 notes); the module's .target is sm_52
}

package all_test

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/all"
)

// The checks of ptxabi vet, each with the first line of its
// documentation.
func Example() {
	for _, a := range all.Analyzers {
		summary, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Printf("%-10s %s\n", a.Name, summary)
	}
	// Output:
	// version    instructions newer than the module's .version and .target
	// params     parameter and return types against guide §2.3
	// syscalls   system call declarations against guide §3
	// printf     vprintf buffers against their format strings (guide §3)
	// calls      call sites and declarations against each other
	// atomics    memory orders and scopes of atomic instructions (guide §4)
	// debuginfo  debug information: DWARF sections, .file and .loc (guide §5)
}

// Every check run on one module, as ptxabi vet runs them: the diagnostics
// come back sorted by position.
func Example_run() {
	const src = `.version 6.0
.target sm_70
.address_size 64

.extern .func (.param .b32 ptr) malloc(.param .b64 size);

.visible .func f(.param .b16 n)
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
	diags, err := vet.Run(fset, []*vet.Module{m}, all.Analyzers)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range diags {
		fmt.Printf("%s: %s: %s\n", fset.Position(d.Pos), d.Category, d.Message)
	}
	// Output:
	// a.ptx:5:16: syscalls: malloc is declared with return type .b32; guide §3 gives .extern .func (.param .b64 ptr) malloc (.param .b64 size); for .address_size 64
	// a.ptx:7:18: params: parameter n of .func f has type .b16: integral values narrower than 32 bits are passed as 32-bit values (guide §2.3 note A)
	// a.ptx:10:2: version: redux needs PTX ISA 7.0; the module is .version 6.0
}

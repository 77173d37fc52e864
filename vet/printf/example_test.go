package printf_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/printf"
)

// The printf check run on a small module: a double stored where the format reads %d.
func Example() {
	const src = `.version 7.8
.target sm_70
.address_size 64

.extern .func (.param .b32 func_retval0) vprintf(.param .b64 f, .param .b64 b);
.global .align 1 .b8 fmt[4] = {37, 100, 10, 0}; // "%d\n"

.visible .entry k()
{
	.local .align 8 .b8 buf[8];
	.reg .b64 fmtp, bufp;
	.reg .f64 d;
	mov.u64 fmtp, fmt;
	mov.u64 bufp, buf;
	st.local.f64 [bufp], d;
	call.uni vprintf, (fmtp, bufp);
	ret;
}
`
	fset := token.NewFileSet()
	m, err := vet.ParseFile(fset, "a.ptx", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	diags, err := vet.Run(fset, []*vet.Module{m}, []*vet.Analyzer{printf.Analyzer})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range diags {
		fmt.Printf("%s: %s: %s\n", fset.Position(d.Pos), d.Category, d.Message)
	}
	// Output:
	// a.ptx:15:2: printf: vprintf argument 1 is stored as 8 bytes (.f64), but %d reads 4 bytes (an integer)
}

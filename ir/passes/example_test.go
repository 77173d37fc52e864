package passes_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ir/passes"
	"github.com/ptxabi/ptxabi/target"
)

// The -O2 pipeline on a function as a front end writes
// "int y = 6 * 7; return x + y;": the local goes to a register
// (mem2reg), the product folds to a constant (sccp) and what is left
// unused goes (dce).
func Example() {
	const src = `func @f(%x i32) -> i32 {
b0:
	%y = alloca ptr.local 4 align 4
	%a = const i32 6
	%b = const i32 7
	%m = mul i32 %a, %b
	store %y, %m align 4
	%v = load i32 %y align 4
	%r = add i32 %x, %v
	ret %r
}
`
	m, err := ir.Parse("f.ir", src, target.Default)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := passes.Run(m, passes.Config{Opt: 2, Check: true}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(m)
	// Output:
	// func @f(%x i32) -> i32 {
	// b0:
	// 	%8 = const i32 42
	// 	%r = add i32 %x, %8
	// 	ret %r
	// }
}

// SCCP on its own, then DCE to drop what it leaves unused: the
// comparison of two constants folds, so the branch goes to one arm and
// the phi takes that arm's value.
func ExampleSCCP() {
	const src = `func @g(%x i32) -> i32 {
b0:
	%a = const i32 1
	%b = const i32 2
	%lt = cmp.lt pred %a, %b
	br %lt, b1, b2
b1:
	jmp b3
b2:
	jmp b3
b3:
	%p = phi i32 [b1: %a], [b2: %x]
	ret %p
}
`
	m, err := ir.Parse("g.ir", src, target.Default)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range m.Funcs {
		passes.SCCP(f)
		passes.DCE(f)
	}
	fmt.Print(m)
	// Output:
	// func @g(%x i32) -> i32 {
	// b0:
	// 	jmp b1
	// b1:
	// 	jmp b3
	// b3:
	// 	%6 = const i32 1
	// 	ret %6
	// }
}

package ptxgen_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ir/passes"
	"github.com/ptxabi/ptxabi/ir/ptxgen"
	"github.com/ptxabi/ptxabi/ptx/printer"
	"github.com/ptxabi/ptxabi/target"
)

// IR text through the -O3 pipeline to PTX: the kernel's pointer is
// converted once with cvta.to.global and used by ld/st.global.
func ExampleModule() {
	m, err := ir.Parse("inc.ir", `
func entry @inc(%p ptr) {
b0:
	%x = load i32 %p align 4
	%one = const i32 1
	%y = add i32 %x, %one
	store %p, %y align 4
	ret
}`, target.Default)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := passes.Run(m, passes.Config{Opt: 3}); err != nil {
		fmt.Println(err)
		return
	}
	mod, err := ptxgen.Module(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(printer.String(mod))
	// Output:
	// .version 7.8
	// .target sm_52
	// .address_size 64
	//
	// .visible .entry inc(
	// 	.param .u64 inc_param_0
	// )
	// {
	// 	.reg .b32 %r<3>;
	// 	.reg .b64 %rd<3>;
	// 	ld.param.u64 %rd1, [inc_param_0];
	// 	cvta.to.global.u64 %rd2, %rd1;
	// 	ld.global.s32 %r1, [%rd2];
	// 	add.s32 %r2, %r1, 1;
	// 	st.global.s32 [%rd2], %r2;
	// 	ret;
	// }
}

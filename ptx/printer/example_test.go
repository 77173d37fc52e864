package printer_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// Build a module by hand and print it in the canonical format.
func ExampleString() {
	m := &ast.Module{Decls: []ast.Decl{
		&ast.Version{Major: 7, Minor: 8},
		&ast.Target{Names: []string{"sm_52"}},
		&ast.AddressSize{Size: 64},
		&ast.Function{Linkage: []string{".visible"}, Entry: true, Name: "zero", HasParams: true,
			Params: []*ast.Variable{{Space: ".param", Type: ".u64", Names: []*ast.Declarator{{Name: "zero_param_0"}}}},
			Body: &ast.Block{Stmts: []ast.Stmt{
				&ast.Variable{Space: ".reg", Type: ".b64", Names: []*ast.Declarator{{Name: "%rd", Range: 3}}},
				ast.NewInstruction("ld.param.u64", ast.Reg("%rd1"), ast.Addr("zero_param_0", 0)),
				ast.NewInstruction("cvta.to.global.u64", ast.Reg("%rd2"), ast.Reg("%rd1")),
				ast.NewInstruction("st.global.u32", ast.Addr("%rd2", 4), ast.IntLit(0)),
				ast.NewInstruction("ret"),
			}}},
	}}
	fmt.Print(printer.String(m))
	// Output:
	// .version 7.8
	// .target sm_52
	// .address_size 64
	//
	// .visible .entry zero(
	// 	.param .u64 zero_param_0
	// )
	// {
	// 	.reg .b64 %rd<3>;
	// 	ld.param.u64 %rd1, [zero_param_0];
	// 	cvta.to.global.u64 %rd2, %rd1;
	// 	st.global.u32 [%rd2+4], 0;
	// 	ret;
	// }
}

// Format reformats PTX text: one statement per line, a tab per scope,
// operands separated by ", ".
func ExampleFormat() {
	src := ".version 7.8 .target sm_52 .address_size 64\n.visible .func f(.param .b32 x){.reg .b32 %r<2>;ld.param.b32 %r1,[x];{ret;}}"
	out, err := printer.Format("f.ptx", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	// Output:
	// .version 7.8
	// .target sm_52
	// .address_size 64
	//
	// .visible .func f(
	// 	.param .b32 x
	// )
	// {
	// 	.reg .b32 %r<2>;
	// 	ld.param.b32 %r1, [x];
	// 	{
	// 		ret;
	// 	}
	// }
}

package parser_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

const src = `.version 7.8
.target sm_52
.address_size 64

.visible .func (.param .b32 func_retval0) _Z3fooii(
	.param .b32 _Z3fooii_param_0,
	.param .b32 _Z3fooii_param_1
)
{
	.reg .b32 %r<4>;
	ld.param.u32 %r1, [_Z3fooii_param_0];
	ld.param.u32 %r2, [_Z3fooii_param_1];
	add.s32 %r3, %r1, %r2;
	st.param.b32 [func_retval0+0], %r3;
	ret;
}
`

// Parse a module and walk its tree: the functions, their parameters and
// their instructions.
func ExampleParseString() {
	fset := token.NewFileSet()
	m, err := parser.ParseString(fset, "foo.ptx", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range m.Decls {
		f, ok := d.(*ast.Function)
		if !ok {
			continue
		}
		fmt.Printf("%s: %d parameters, %d return value\n", f.Name, len(f.Params), len(f.Return))
		for _, s := range f.Body.Stmts {
			if in, ok := s.(*ast.Instruction); ok {
				fmt.Printf("%s: %s with %d operands\n", fset.Position(in.Pos()), in.Name(), len(in.Operands))
			}
		}
	}
	// Output:
	// _Z3fooii: 2 parameters, 1 return value
	// foo.ptx:11:2: ld.param.u32 with 2 operands
	// foo.ptx:12:2: ld.param.u32 with 2 operands
	// foo.ptx:13:2: add.s32 with 3 operands
	// foo.ptx:14:2: st.param.b32 with 2 operands
	// foo.ptx:15:2: ret with 0 operands
}

// Errors are reported with their file:line:col.
func ExampleParseString_error() {
	_, err := parser.ParseString(token.NewFileSet(), "bad.ptx", ".version 7.8\n.target sm_52\n.func f(\n{\n}\n")
	fmt.Println(err)
	// Output:
	// bad.ptx:4:1: expected parameter, found '{'
	// bad.ptx:5:1: expected directive, found '}'
}

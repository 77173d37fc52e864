package printer_test

import (
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// TestFprintStmts prints the body of a function that nvcc wrote: in the
// NVCC layout it is what nvcc wrote, in the canonical one what Fprint
// prints of the function.
func TestFprintStmts(t *testing.T) {
	const body = `	{ // callseq 0, 0
	.param .b32 param0;
	st.param.b32 [param0+0], %r1;
	.param .align 4 .b8 retval0[8];
	prototype_0 : .callprototype (.param .align 4 .b8 _[8]) _ (.param .b32 _);
	call (retval0), %rd1, (param0), prototype_0;
	ld.param.v2.b32 {%r2, %r3}, [retval0+0];
	} // callseq 0
	{ // callseq 1, 0
	prototype_1 : .callprototype ()_ ();
	call.uni %rd2, (), prototype_1;
	{
	ret;
	}
	}
`
	src := ".version 7.8\n.target sm_52\n.address_size 64\n.func f()\n{\n" + body + "}\n"
	m, err := parser.ParseString(nil, "f.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	stmts := m.Decls[3].(*ast.Function).Body.Stmts
	var b strings.Builder
	if err := printer.FprintStmts(&b, printer.NVCC, 1, stmts); err != nil {
		t.Fatal(err)
	}
	if b.String() != body {
		t.Errorf("NVCC layout:\n%s\nwant:\n%s", b.String(), body)
	}
	b.Reset()
	if err := printer.FprintStmts(&b, printer.Canonical, 1, stmts); err != nil {
		t.Fatal(err)
	}
	whole := printer.String(m)
	if want := whole[strings.Index(whole, "{\n")+2 : len(whole)-2]; b.String() != want {
		t.Errorf("canonical layout:\n%s\nwant:\n%s", b.String(), want)
	}
	if err := printer.FprintStmts(&b, printer.NVCC, 0, []ast.Stmt{&ast.Block{Stmts: []ast.Stmt{nil}}}); err == nil || !strings.Contains(err.Error(), "nil statement") {
		t.Errorf("nil statement: error %v", err)
	}
}

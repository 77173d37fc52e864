package abi

import (
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// TestOperand checks the nodes operand makes of a Value's registers and
// immediates, and that they print as written.
func TestOperand(t *testing.T) {
	for _, tt := range []struct {
		in, kind, out string
	}{
		{"%r1", "ident", "%r1"},
		{"fp", "ident", "fp"},
		{"12", "int", "12"},
		{"0x1F", "int", "0x1F"},
		{"0f3F800000", "float", "0f3F800000"},
		{"0d3FF0000000000000", "float", "0d3FF0000000000000"},
		{"1.5", "float", "1.5"},
		{"-1", "unary", "-1"},
		{"{%rs2, %rs3}", "braces", "{%rs2, %rs3}"},
		{"{%rs2,%rs3}", "braces", "{%rs2, %rs3}"},
	} {
		x := operand(tt.in)
		kind := "?"
		switch x := x.(type) {
		case *ast.Ident:
			kind = "ident"
		case *ast.Lit:
			kind = map[ast.LitKind]string{ast.Int: "int", ast.Float: "float"}[x.Kind]
		case *ast.Unary:
			kind = "unary"
		case *ast.Braces:
			kind = "braces"
		}
		var b strings.Builder
		if err := printer.FprintStmts(&b, printer.NVCC, 0, []ast.Stmt{ast.NewInstruction("mov.b32", x)}); err != nil {
			t.Fatal(err)
		}
		if out := strings.TrimSuffix(strings.TrimPrefix(b.String(), "mov.b32 "), ";\n"); kind != tt.kind || out != tt.out {
			t.Errorf("operand(%q) = %s %q, want %s %q", tt.in, kind, out, tt.kind, tt.out)
		}
	}
}

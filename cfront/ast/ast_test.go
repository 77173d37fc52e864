package ast

import (
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
)

func TestUnquote(t *testing.T) {
	for _, c := range []struct{ lit, want, err string }{
		{`"abc"`, "abc", ""},
		{`"a\nb\t\\\"\?"`, "a\nb\t\\\"?", ""},
		{`"\x41\101\0"`, "AA\x00", ""},
		{`'\''`, "'", ""},
		{`u8"\u00e9"`, "é", ""},
		{`L"x"`, "x", ""},
		{`"\q"`, "", `unknown escape sequence '\q' in "\q"`},
		{`"\777"`, "", `octal escape out of range in "\777"`},
		{`"abc`, "", `malformed literal "abc`},
	} {
		got, err := Unquote(c.lit)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("Unquote(%s) error = %v, want %s", c.lit, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Unquote(%s) = %q, %v; want %q", c.lit, got, err, c.want)
		}
	}
}

// TestPrintAndInspect builds a small tree by hand, prints it typed and
// untyped, and counts its nodes.
func TestPrintAndInspect(t *testing.T) {
	intT := ctypes.BasicOf(ctypes.Int)
	v := &Var{Name: "i", Type: intT, Param: -1}
	id := &Ident{Name: "i", Obj: v}
	id.I = Info{Type: intT, LValue: true}
	load := &ImplicitCast{Kind: LValueToRValue, X: id}
	load.I = Info{Type: intT}
	one := &BasicLit{Kind: IntLit, Value: "1"}
	one.I = Info{Type: intT}
	sum := &Binary{Op: Add, X: load, Y: one}
	sum.I = Info{Type: intT}
	body := &Block{List: []Stmt{&DeclStmt{Vars: []*VarDecl{{Var: v}}}, &ReturnStmt{X: sum}}}
	if got, want := String(body, false), "{\n  var int i\n  return (+ i 1)\n}\n"; got != want {
		t.Errorf("untyped:\n%s\nwant:\n%s", got, want)
	}
	if got, want := String(body, true), "{\n  var int i\n  return [(+ [(lvalue-to-rvalue [i{local}:int lv]):int] [1:int]):int]\n}\n"; got != want {
		t.Errorf("typed:\n%s\nwant:\n%s", got, want)
	}
	n := 0
	Inspect(body, func(Node) bool { n++; return true })
	if n != 7 { // Block, DeclStmt, ReturnStmt, Binary, ImplicitCast, Ident, BasicLit
		t.Errorf("Inspect visited %d nodes, want 7", n)
	}
}

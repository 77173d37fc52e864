package link

import (
	"go/token"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

func parse(t *testing.T, fset *token.FileSet, srcs ...string) []*ast.Module {
	t.Helper()
	var mods []*ast.Module
	for i, s := range srcs {
		m, err := parser.ParseString(fset, "m"+string(rune('0'+i))+".ptx", ".version 7.8\n.target sm_52\n.address_size 64\n"+s)
		if err != nil {
			t.Fatal(err)
		}
		mods = append(mods, m)
	}
	return mods
}

func TestLink(t *testing.T) {
	tests := []struct {
		name string
		srcs []string
		err  string // substring; "" for success
	}{
		{"resolve", []string{
			".extern .func (.param .b32 r) f(.param .b32 a);\n.visible .entry k() { ret; }",
			".visible .func (.param .b32 r) f(.param .b32 a) { ret; }"}, ""},
		{"mismatch", []string{
			".extern .func (.param .b32 r) f(.param .b64 a);",
			".visible .func (.param .b32 r) f(.param .b32 a) { ret; }"}, "m0.ptx:4:1: prototype doesn't match for f: parameter 1 is .param of 8 bytes in the declaration, .param of 4 bytes in the definition (definition at m1.ptx:4:1)"},
		{"duplicate", []string{
			".visible .func f() { ret; }",
			".visible .func f() { ret; }"}, "duplicate definition of f"},
		{"weak", []string{
			".weak .func f() { ret; }",
			".visible .func f() { ret; }"}, ""},
		{"static", []string{
			".func f() { ret; }",
			".func f() { ret; }"}, ""},
		{"var", []string{
			".extern .global .align 4 .u32 g;",
			".visible .global .align 4 .u32 g = 3;"}, ""},
		{"varSpace", []string{
			".extern .shared .align 4 .u32 g;",
			".visible .global .align 4 .u32 g = 3;"}, "declared in .shared but defined in .global"},
		{"varSize", []string{
			".extern .global .align 4 .b8 g[4];",
			".visible .global .align 8 .b8 g[8];"}, "g is declared with 4 bytes but defined with 8"},
		{"varSizeType", []string{
			".extern .global .align 4 .u16 g;",
			".visible .global .align 4 .u32 g;"}, "g is declared with 2 bytes but defined with 4"},
		{"varSameSize", []string{
			".extern .global .align 4 .b8 g[4];",
			".visible .global .align 4 .f32 g;"}, ""},
		{"varUnknownSize", []string{
			".extern .global .align 4 .b8 g[];",
			".visible .global .align 4 .b8 g[64];"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset := token.NewFileSet()
			p, err := Link(fset, parse(t, fset, tt.srcs...))
			if tt.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				if len(p.Unresolved) != 0 {
					t.Errorf("unresolved: %v", p.Unresolved)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("error %v, want %q", err, tt.err)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	fset := token.NewFileSet()
	p, err := Link(fset, parse(t, fset,
		".func f() { ret; }\n.extern .func g();\n.extern .func vprintf();",
		".func f() { ret; }\n.weak .func g() { ret; }"))
	if err != nil {
		t.Fatal(err)
	}
	if s := p.Lookup(0, "f"); s == nil || s.Module != 0 {
		t.Errorf("f from 0: %+v", s)
	}
	if s := p.Lookup(1, "f"); s == nil || s.Module != 1 {
		t.Errorf("f from 1: %+v", s)
	}
	if s := p.Lookup(0, "g"); s == nil || s.Module != 1 {
		t.Errorf("g from 0: %+v", s)
	}
	if len(p.Unresolved) != 1 || p.Unresolved[0].Name != "vprintf" {
		t.Errorf("unresolved %v", p.Unresolved)
	}
}

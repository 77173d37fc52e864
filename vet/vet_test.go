package vet_test

import (
	"errors"
	"go/token"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/vet"
)

const src = `.version 7.8
.target sm_70, debug
.address_size 64
.visible .func f(.param .b32 x)
{
	ret;
}
.visible .func g()
{
	ret;
}
`

// eachFunc reports every function, in reverse order, so that Run's
// sorting shows.
var eachFunc = &vet.Analyzer{Name: "funcs", Doc: "every function", Run: func(p *vet.Pass) error {
	ds := p.Module.AST.Decls
	for i := len(ds) - 1; i >= 0; i-- {
		if f, ok := ds[i].(*ast.Function); ok {
			p.Reportf(f.Start, "function %s", f.Name)
		}
	}
	return nil
}}

func TestModule(t *testing.T) {
	fset := token.NewFileSet()
	m, err := vet.ParseFile(fset, "a.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !m.HasVersion || !m.HasTarget || !m.Debug || m.Target.SM != 70 || m.Target.AddressSize != 64 || m.Target.PTX.String() != "7.8" {
		t.Errorf("module target: %+v (debug %v)", m.Target, m.Debug)
	}
	if len(m.Funcs["f"]) != 1 || len(m.Funcs["g"]) != 1 {
		t.Errorf("funcs: %v", m.Funcs)
	}
	m2, _ := vet.ParseFile(fset, "b.ptx", []byte(".version 7.0\n.target sm_52\n"))
	if m2.Target.AddressSize != 32 {
		t.Errorf("no .address_size: %d, want 32 as PTX has it", m2.Target.AddressSize)
	}
}

func TestRunSorts(t *testing.T) {
	fset := token.NewFileSet()
	b, _ := vet.ParseFile(fset, "b.ptx", []byte(src))
	a, _ := vet.ParseFile(fset, "a.ptx", []byte(src))
	diags, err := vet.Run(fset, []*vet.Module{b, a}, []*vet.Analyzer{eachFunc})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range diags {
		got = append(got, fset.Position(d.Pos).String()+" "+d.Message+" "+d.Category)
	}
	want := "a.ptx:4:1 function f funcs|a.ptx:8:1 function g funcs|b.ptx:4:1 function f funcs|b.ptx:8:1 function g funcs"
	if strings.Join(got, "|") != want {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
}

func TestRunFailures(t *testing.T) {
	fset := token.NewFileSet()
	m, _ := vet.ParseFile(fset, "a.ptx", []byte(src))
	panics := &vet.Analyzer{Name: "panics", Doc: "d", Run: func(*vet.Pass) error { panic("boom") }}
	fails := &vet.Analyzer{Name: "fails", Doc: "d", Run: func(*vet.Pass) error { return errors.New("no") }}
	for _, a := range []*vet.Analyzer{panics, fails} {
		_, err := vet.Run(fset, []*vet.Module{m}, []*vet.Analyzer{a})
		if err == nil || !strings.Contains(err.Error(), "internal error: check "+a.Name+" on a.ptx") {
			t.Errorf("%s: %v", a.Name, err)
		}
	}
}

func TestValidate(t *testing.T) {
	if err := vet.Validate([]*vet.Analyzer{eachFunc, eachFunc}); err == nil {
		t.Error("duplicate names accepted")
	}
	if err := vet.Validate([]*vet.Analyzer{{Name: "x", Run: eachFunc.Run}}); err == nil {
		t.Error("missing doc accepted")
	}
	if err := vet.Validate([]*vet.Analyzer{eachFunc}); err != nil {
		t.Error(err)
	}
}

func TestLoadFilesErrors(t *testing.T) {
	if _, err := vet.LoadFiles(token.NewFileSet(), []string{"testdata/does-not-exist.ptx"}); err == nil {
		t.Error("a missing file loaded")
	}
}

package vettest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/vet"
)

// recorder is a testing.TB that records errors instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Helper() {}

var funcs = &vet.Analyzer{Name: "funcs", Doc: "d", Run: func(p *vet.Pass) error {
	for _, d := range p.Module.AST.Decls {
		if f, ok := d.(*ast.Function); ok {
			p.Reportf(f.Start, "function %s", f.Name)
		}
	}
	return nil
}}

// TestRun: a matched expectation passes; an unexpected diagnostic and an
// unmet expectation each fail.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.ptx")
	src := `.version 7.8
.target sm_70
.func f() // want "function f"
{
	ret;
}
.func g()
{
	ret;
}
// want "nothing here" ` + "`or here`" + `
`
	if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	diags := Run(r, funcs, file)
	if len(diags) != 2 {
		t.Errorf("%d diagnostics", len(diags))
	}
	got := strings.Join(r.errs, "\n")
	for _, want := range []string{"a.ptx:7:1: unexpected diagnostic: function g", `a.ptx:11: no diagnostic matching "nothing here"`, `a.ptx:11: no diagnostic matching "or here"`} {
		if !strings.Contains(got, want) {
			t.Errorf("errors lack %q:\n%s", want, got)
		}
	}
	if len(r.errs) != 3 {
		t.Errorf("%d errors, want 3:\n%s", len(r.errs), got)
	}
}

func TestExpectationsErrors(t *testing.T) {
	for _, src := range []string{"// want nothing-quoted", "// want \"(\"", "// want \"unterminated"} {
		if _, err := Expectations("x.ptx", src); err == nil {
			t.Errorf("%q: no error", src)
		}
	}
}

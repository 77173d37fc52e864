package tree_test

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/astdiff"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/tree"
)

// flatten lists the items of m in the order of a File's records: each
// declaration, a function's body statements after it, a block's after
// it, a section's items after it.
func flatten(m *ast.Module) []ast.Node {
	var out []ast.Node
	var stmts func([]ast.Stmt)
	stmts = func(list []ast.Stmt) {
		for _, s := range list {
			out = append(out, s)
			if b, ok := s.(*ast.Block); ok {
				stmts(b.Stmts)
			}
		}
	}
	for _, d := range m.Decls {
		out = append(out, d)
		switch d := d.(type) {
		case *ast.Function:
			if d.Body != nil {
				stmts(d.Body.Stmts)
			}
		case *ast.Section:
			for _, it := range d.Items {
				out = append(out, it)
			}
		}
	}
	return out
}

// kinds maps a node's type to the kind of its record.
var kinds = map[reflect.Type]tree.Kind{
	reflect.TypeFor[*ast.Comment]():     tree.Comment,
	reflect.TypeFor[*ast.Version]():     tree.Version,
	reflect.TypeFor[*ast.Target]():      tree.Target,
	reflect.TypeFor[*ast.AddressSize](): tree.AddressSize,
	reflect.TypeFor[*ast.File]():        tree.FileDirective,
	reflect.TypeFor[*ast.Section]():     tree.Section,
	reflect.TypeFor[*ast.Data]():        tree.Data,
	reflect.TypeFor[*ast.Label]():       tree.Label,
	reflect.TypeFor[*ast.Variable]():    tree.Variable,
	reflect.TypeFor[*ast.Function]():    tree.Function,
	reflect.TypeFor[*ast.Directive]():   tree.Directive,
	reflect.TypeFor[*ast.Block]():       tree.Block,
	reflect.TypeFor[*ast.Instruction](): tree.Instruction,
	reflect.TypeFor[*ast.Loc]():         tree.Loc,
	reflect.TypeFor[*ast.Prototype]():   tree.Prototype,
}

// compare parses src with parser.ParseFile and with tree.Parse and
// returns the first difference: in the errors; where there are none, in
// the records' kinds, their nodes (positions included) and what the
// accessors read. It returns "" when they agree.
func compare(name string, src []byte) string {
	_, d := check(name, src)
	return d
}

// check is compare that also returns how many records it compared.
func check(name string, src []byte) (int, string) {
	m, err := parser.ParseFile(token.NewFileSet(), name, src)
	f, terr := tree.Parse(token.NewFileSet(), name, string(src))
	if fmt.Sprint(err) != fmt.Sprint(terr) {
		return 0, fmt.Sprintf("errors differ:\nParseFile: %v\ntree.Parse: %v", err, terr)
	}
	if err != nil {
		return 0, ""
	}
	flat := flatten(m)
	if len(flat) != f.Len() {
		return 0, fmt.Sprintf("%d records for %d items", f.Len(), len(flat))
	}
	n := 0
	for i := range f.Decls() {
		_ = i
		n++
	}
	if n != len(m.Decls) {
		return 0, fmt.Sprintf("%d top-level records for %d declarations", n, len(m.Decls))
	}
	for i, want := range flat {
		if k := kinds[reflect.TypeOf(want)]; f.Kind(i) != k {
			return 0, fmt.Sprintf("record %d: kind %s, want %s", i, f.Kind(i), k)
		}
		got, err := f.Node(i)
		if err != nil {
			return 0, fmt.Sprintf("record %d (%s %q): %v", i, f.Kind(i), f.Text(i), err)
		}
		if d := astdiff.Diff(got, want, "node", astdiff.Options{Positions: true, NilSlices: true}); d != "" {
			return 0, fmt.Sprintf("record %d (%s %q): %s", i, f.Kind(i), f.Text(i), d)
		}
		if off := int(want.Pos()) - 1; int(f.Records[i].Off) != off {
			return 0, fmt.Sprintf("record %d: offset %d, want %d", i, f.Records[i].Off, off)
		}
		if x, ok := want.(*ast.Instruction); ok {
			if f.Name(i) != x.Name() || f.Opcode(i) != x.Opcode {
				return 0, fmt.Sprintf("record %d: name %q opcode %q, want %q %q", i, f.Name(i), f.Opcode(i), x.Name(), x.Opcode)
			}
			if f.Mods(i) != strings.Join(x.Mods, "") {
				return 0, fmt.Sprintf("record %d: mods %q, want %q", i, f.Mods(i), x.Mods)
			}
			if g, neg := f.Guard(i); g != x.Guard || neg != x.GuardNeg {
				return 0, fmt.Sprintf("record %d: guard %q %v, want %q %v", i, g, neg, x.Guard, x.GuardNeg)
			}
			ops := f.Operands(i)
			if (ops == "") != (len(x.Operands) == 0) {
				return 0, fmt.Sprintf("record %d: operands %q for %d", i, ops, len(x.Operands))
			}
			if a, _ := f.OperandsSpan(i); ops != "" && a != int(x.Operands[0].Pos())-1 {
				return 0, fmt.Sprintf("record %d: operands %q at %d, want %d", i, ops, a, int(x.Operands[0].Pos())-1)
			}
		}
		if x, ok := want.(*ast.Data); ok {
			if a, _ := f.OperandsSpan(i); a != int(x.Values[0].Pos())-1 {
				return 0, fmt.Sprintf("record %d: values %q at %d, want %d", i, f.Operands(i), a, int(x.Values[0].Pos())-1)
			}
		}
	}
	return len(flat), ""
}

// carried returns the committed PTX files of the parser's and the
// printer's tests.
func carried(t *testing.T) []string {
	var files []string
	for _, pat := range []string{"../parser/testdata/corpus/*.ptx", "../printer/testdata/*.ptx", "../emu/testdata/*.ptx"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 5 {
		t.Fatalf("carried corpus missing: %d files", len(files))
	}
	return files
}

// TestCarried checks every record of the committed PTX files.
func TestCarried(t *testing.T) {
	for _, name := range carried(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if d := compare(name, src); d != "" {
			t.Errorf("%s: %s", name, d)
		}
	}
}

package parser_test

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// everything is declared, with every statement of a body and every item
// of a section noted too: an instruction with its opcode, modifiers and
// operands, each with its position.
type everything struct{ declared }

func (e *everything) Decl(x ast.Decl) {
	e.declared.Decl(x)
	if f, ok := x.(*ast.Function); ok && f.Body != nil {
		e.block(f.Body)
	}
}

func (e *everything) block(b *ast.Block) {
	for _, s := range b.Stmts {
		e.note("%T %d", s, s.Pos())
		switch s := s.(type) {
		case *ast.Block:
			e.block(s)
		case *ast.Instruction:
			e.note("%s %q %v %d", s.Guard, s.Opcode, s.Mods, len(s.Operands))
			for _, o := range s.Operands {
				e.note("%d %s", o.Pos(), expr(o))
			}
		}
	}
}

// expr writes x out, its kinds and texts.
func expr(x ast.Expr) string {
	list := func(l []ast.Expr) string {
		out := ""
		for _, y := range l {
			out += expr(y) + ","
		}
		return out
	}
	switch x := x.(type) {
	case nil:
		return "nil"
	case *ast.Ident:
		return x.Name
	case *ast.Lit:
		return x.Value
	case *ast.Unary:
		return x.Op + expr(x.X)
	case *ast.Binary:
		return "(" + expr(x.X) + x.Op + expr(x.Y) + ")"
	case *ast.Address:
		return "[" + list(x.Elems) + "]"
	case *ast.Braces:
		return "{" + list(x.Elems) + "}"
	case *ast.Paren:
		return "(" + list(x.Elems) + ")"
	case *ast.CallExpr:
		fun := ""
		if x.Fun != nil {
			fun = x.Fun.Name
		}
		return fun + "(" + list(x.Args) + ")"
	}
	return fmt.Sprintf("%T", x)
}

func (e *everything) SectionItem(it ast.SectionItem) {
	e.declared.SectionItem(it)
	e.note("%T %d", it, it.Pos())
	if d, ok := it.(*ast.Data); ok {
		for _, v := range d.Values {
			e.note("%s", expr(v))
		}
	}
}

// TestReader: one Reader, skimming and streaming the parts of each corpus
// file in turn (its memory used again from one part to the next, across
// files), hands over what SkimAt and StreamAt do, part by part.
func TestReader(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.ptx")
	if len(files) == 0 {
		t.Fatal("no corpus")
	}
	var rd parser.Reader
	parts := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		file := token.NewFileSet().AddFile(name, -1, len(src))
		file.SetLinesForContent(data)
		bounds := append(append([]int{0}, parser.Cuts(src, 4)...), len(src))
		for i := 0; i+1 < len(bounds); i++ {
			text, off := src[bounds[i]:bounds[i+1]], bounds[i]
			for _, skim := range []bool{true, false} {
				var want, got everything
				do, with := parser.StreamAt, rd.StreamAt
				if skim {
					do, with = parser.SkimAt, rd.SkimAt
				}
				errWant := do(file, text, off, &want)
				errGot := with(file, text, off, &got)
				if fmt.Sprint(errWant) != fmt.Sprint(errGot) {
					t.Fatalf("%s, part %d (skim %v): errors %v and %v", filepath.Base(name), i, skim, errWant, errGot)
				}
				if !slices.Equal(want.out, got.out) {
					k := 0
					for k < min(len(want.out), len(got.out)) && want.out[k] == got.out[k] {
						k++
					}
					t.Fatalf("%s, part %d (skim %v): the Reader hands over %d items, not the %d of a parser of its own; item %d: %q, not %q", filepath.Base(name), i, skim, len(got.out), len(want.out), k, got.out[min(k, len(got.out)-1)], want.out[min(k, len(want.out)-1)])
				}
			}
			parts++
		}
	}
	if parts < 2*len(files) {
		t.Errorf("%d parts of %d files: the files were not cut", parts, len(files))
	}
}

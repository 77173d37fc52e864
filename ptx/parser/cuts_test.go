package parser_test

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// TestCuts checks where Cuts cuts, and that a piece cut at a "}" that is
// not at the top level fails to parse, as Cuts promises.
func TestCuts(t *testing.T) {
	fn := func(name, body string) string {
		return ".visible .entry " + name + "()\n{\n" + body + "\tret;\n}\n"
	}
	asm := "\t// begin inline asm\n\t{add.f16 %rs2,%rs3,%rs1;\n}\n\t// end inline asm\n"
	comment := "/* a comment\n}\n.visible .entry x() {}\n*/\n"
	for _, tt := range []struct {
		name string
		src  string
		n    int
		want []string // the text each cut is followed by
	}{
		{"functions", fn("a", "") + fn("b", "") + "\t// .globl c\n" + fn("c", ""), 100, []string{".visible .entry b()", "\t// .globl c"}},
		{"inline asm", fn("a", asm+asm) + fn("b", ""), 100, []string{".visible .entry b()"}},
		{"section", fn("a", "") + "\t.section\t.debug_abbrev\n\t{\n.b8 0\n}\n\t.section\t.debug_info\n\t{\n}\n", 100, []string{"\t.section\t.debug_abbrev", "\t.section\t.debug_info"}},
		{"global after", fn("a", "") + ".global .u32 g;\n" + fn("b", ""), 100, nil},
		{"one piece", fn("a", "") + fn("b", ""), 1, nil},
		{"in a comment", fn("a", "") + comment + fn("b", ""), 100, []string{".visible .entry x() {}"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cuts := parser.Cuts(tt.src, tt.n)
			var got []string
			for _, c := range cuts {
				line, _, _ := strings.Cut(tt.src[c:], "\n")
				got = append(got, line)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("cuts before %q, want %q", got, tt.want)
			}
			if tt.name == "in a comment" {
				// The cut is wrong: the piece before it does not parse.
				if _, err := parser.ParseString(token.NewFileSet(), "f.ptx", tt.src[:cuts[0]]); err == nil {
					t.Fatal("a piece cut inside a comment parses")
				}
			}
		})
	}
}

// TestParsePart: the parts of a file cut by Cuts, parsed each on its own
// with ParsePart, give the declarations of the whole file with the same
// positions; an error in a part is at its place in the whole file.
func TestParsePart(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.ptx")
	if len(files) == 0 {
		t.Fatal("no corpus")
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		fset := token.NewFileSet()
		whole, err := parser.ParseString(fset, name, src)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		printPositions(&want, fset, whole)

		fset2 := token.NewFileSet()
		file := fset2.AddFile(name, -1, len(src))
		file.SetLinesForContent(data)
		bounds := append(append([]int{0}, parser.Cuts(src, 8)...), len(src))
		var got bytes.Buffer
		for i := 0; i+1 < len(bounds); i++ {
			m, err := parser.ParsePart(file, src, bounds[i], bounds[i+1])
			if err != nil {
				t.Fatalf("%s: part %d: %v", name, i, err)
			}
			printPositions(&got, fset2, m)
		}
		if got.String() != want.String() {
			t.Errorf("%s: parts differ from the whole file (%d parts)", name, len(bounds)-1)
		}
	}
	// An error in the second part of a file.
	src := ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry a()\n{\n\tret;\n}\n.visible .entry b()\n{\n\tbogus %r1;\n}\n"
	fset := token.NewFileSet()
	file := fset.AddFile("x.ptx", -1, len(src))
	file.SetLinesForContent([]byte(src))
	cut := strings.Index(src, ".visible .entry b")
	_, err := parser.ParsePart(file, src, cut, len(src))
	if err == nil || !strings.Contains(err.Error(), "x.ptx:10:2: unknown instruction 'bogus'") {
		t.Errorf("error in a part: %v, want x.ptx:10:2: unknown instruction 'bogus'", err)
	}
}

// printPositions writes each top-level declaration and statement of a
// function body: its kind, position and printed form.
func printPositions(w *bytes.Buffer, fset *token.FileSet, m *ast.Module) {
	for _, d := range m.Decls {
		fmt.Fprintf(w, "%T %s\n", d, fset.Position(d.Pos()))
		if f, ok := d.(*ast.Function); ok && f.Body != nil {
			for _, s := range f.Body.Stmts {
				fmt.Fprintf(w, "\t%T %s ", s, fset.Position(s.Pos()))
				printer.Fprint(w, &ast.Module{Decls: []ast.Decl{&ast.Function{Name: "f", Body: &ast.Block{Stmts: []ast.Stmt{s}}}}})
			}
		}
	}
}

package parser_test

import (
	"fmt"
	"go/token"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// declared is a parser.Handler that notes what a module declares, as
// SkimPart promises to hand it over: each top-level declaration, and of
// a body its labels, prototypes, variables and directives (of nested
// scopes too), of a section its labels, all with their positions.
type declared struct {
	out []string
}

func (d *declared) note(format string, args ...any) {
	d.out = append(d.out, fmt.Sprintf(format, args...))
}

func (d *declared) stmts(list []ast.Stmt) {
	for _, s := range list {
		switch s := s.(type) {
		case *ast.Block:
			d.stmts(s.Stmts)
		case *ast.Label:
			d.note("label %s %d", s.Name, s.NamePos)
		case *ast.Prototype:
			d.note("prototype %s %d %d", s.Name, s.NamePos, len(s.Params))
		case *ast.Variable:
			for _, n := range s.Names {
				d.note("var %s %s %d %d", s.Space, n.Name, n.NamePos, n.Range)
			}
		case *ast.Directive:
			d.note("directive %s %d", s.Name, s.Directive)
		}
	}
}

func (d *declared) Decl(x ast.Decl) {
	switch x := x.(type) {
	case *ast.Comment:
	case *ast.Function:
		d.note("func %s %d params %d", x.Name, x.Start, len(x.Params))
		if x.Body != nil {
			d.note("body %d %d", x.Body.Lbrace, x.Body.Rbrace)
			d.stmts(x.Body.Stmts)
		}
	default:
		d.note("%T %d", x, x.Pos())
	}
}

func (d *declared) Section(s *ast.Section) { d.note("section %s %d", s.Name, s.Directive) }

func (d *declared) SectionItem(it ast.SectionItem) {
	if l, ok := it.(*ast.Label); ok {
		d.note("label %s %d", l.Name, l.NamePos)
	}
}

func (d *declared) EndSection(s *ast.Section) { d.note("end %d", s.Rbrace) }

// skimDiff returns how SkimPart's account of src differs from
// StreamPart's, or "" where they agree or StreamPart fails (SkimPart must
// then not panic, and may fail or not).
func skimDiff(src string) string {
	file := token.NewFileSet().AddFile("f.ptx", -1, len(src))
	file.SetLinesForContent([]byte(src))
	var skim, full declared
	skimErr := parser.SkimPart(file, src, 0, len(src), &skim)
	if err := parser.StreamPart(file, src, 0, len(src), &full); err != nil {
		return ""
	}
	if skimErr != nil {
		return fmt.Sprintf("SkimPart fails where StreamPart does not: %v", skimErr)
	}
	a, b := strings.Join(skim.out, "\n"), strings.Join(full.out, "\n")
	if a == b {
		return ""
	}
	for i := range min(len(skim.out), len(full.out)) {
		if skim.out[i] != full.out[i] {
			return fmt.Sprintf("item %d: SkimPart gives %q, StreamPart %q", i, skim.out[i], full.out[i])
		}
	}
	return fmt.Sprintf("SkimPart gives %d items, StreamPart %d", len(skim.out), len(full.out))
}

// TestSkimPart: SkimPart hands over the declarations, labels and variables
// that StreamPart does, on the corpus and on forms that a byte search
// could take wrongly (comments and strings holding ';', '}' or ':', a
// .loc and a label on one line, lists of values over several lines).
func TestSkimPart(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.ptx")
	if len(files) == 0 {
		t.Fatal("no corpus")
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if d := skimDiff(string(data)); d != "" {
			t.Errorf("%s: %s", filepath.Base(name), d)
		}
	}
	head := ".version 7.0\n.target sm_70\n.address_size 64\n"
	for _, tt := range []struct{ name, src string }{
		{"comment with semicolon", ".entry k()\n{\n\tmov.u32 %r1, /* ; x: */ 2;\nL1:\n\tret; // y: }\n}\n"},
		{"loc then label", ".entry k()\n{\n\t.loc 1 2 3; L2: ret;\n\t.loc 1 2 3 // c;\nL3:\n\t.loc 1 2 3, function_name $L__info_string0, inlined_at 1 5 3\n\tret;\n}\n"},
		{"nested scopes", ".entry k()\n{\n\t{ .reg .b32 %t<2>;\n\t{ add.s32 %t1, %t0, {1}; }\nIN:\n\t}\n\t.pragma \"a;b}\";\n\tst.v2.u32 [%rd1], {%r1, %r2};\nOUT: ret;\n}\n"},
		{"multi-line call", ".func f(.param .b32 a)\n{\n\tret;\n}\n.entry k()\n{\n\t.param .b32 p;\n\tcall.uni \n\tf, \n\t(\n\tp\n\t);\nP: .callprototype (.param .b32 _) _ (.param .b32 _);\n\t@%p1 bra P;\n}\n"},
		{"labels after instructions", ".entry k()\n{\n\tmov.u32 %r1, 2;\na.b: mov.u32 %r2, 3; L10: @%p1 bra a.b;\n\t.loc 1 2 3\nL11:\n\tret;\n}\n"},
		{"section", ".section .debug_info\n{\n.b8 1,\n2, 3\n.b64 $L__x; L4: .b8 5\n/* } : */ .b8 6 // }\nL5:\n.b32 .debug_abbrev\n}\n.section .debug_loc { .b8 1 }\n"},
	} {
		if _, err := parser.ParseString(token.NewFileSet(), "f.ptx", head+tt.src); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if d := skimDiff(head + tt.src); d != "" {
			t.Errorf("%s: %s", tt.name, d)
		}
	}
}

// TestSkimPartMutants: on the corpus with punctuation, comments, strings
// and labels inserted at random, wherever StreamPart still parses the
// text, SkimPart hands over what it does.
func TestSkimPartMutants(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.ptx")
	// Inserted at the start of a line (most of them then parse), just
	// before a ';' (the comments) or at the end of a line (" /*...").
	inserts := []string{" /*\nL6:\n} */", "// x; } y:\n", "/* ; } { a: */", "/* \n ; \n */ ", "L9:\n", " L8: ", "{ }\n", "\t.loc 1 2 3\n", ".pragma \"x;}\";\n", "\t{ .reg .b32 %q<2>; L7: }\n", "\tbar.sync /* ; */ 0;\n", ";", "}"}
	r := rand.New(rand.NewSource(1))
	parsed, compared := 0, 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		for range 40 {
			text := src
			for range 1 + r.Intn(3) {
				k := r.Intn(len(text) + 1)
				ins := inserts[r.Intn(len(inserts))]
				if strings.HasPrefix(ins, "/*") {
					k = strings.IndexByte(text[k:], ';') + k
				} else if strings.HasPrefix(ins, " /*") {
					k = strings.IndexByte(text[k:], '\n') + k
				} else {
					k = strings.IndexByte(text[k:], '\n') + k + 1
				}
				if k < 0 || k > len(text) {
					k = len(text)
				}
				text = text[:k] + ins + text[k:]
			}
			parsed++
			if _, err := parser.ParseString(token.NewFileSet(), "f.ptx", text); err != nil {
				continue
			}
			compared++
			if d := skimDiff(text); d != "" {
				t.Fatalf("%s, a mutant: %s", filepath.Base(name), d)
			}
		}
	}
	t.Logf("%d mutants, %d of them parse and were compared", parsed, compared)
	if compared < parsed/10 {
		t.Errorf("only %d of %d mutants parse: the test compares little", compared, parsed)
	}
}

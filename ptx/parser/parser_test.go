package parser_test

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

const header = ".version 7.8\n.target sm_70\n.address_size 64\n"

// TestErrors checks the messages and positions of syntax errors, and that
// the parser goes on after each.
func TestErrors(t *testing.T) {
	tests := []struct {
		src  string
		want []string // one "line:col: message" per error
	}{
		{".entry k()\n{\n\tret\n}\n", []string{"7:1: expected ';' after instruction, found '}'"}},
		{".entry k() {\n\tadd.s32 , %r1;\n\tmov.u32 %r1 %r2;\n\tret;\n}\n", []string{
			"5:10: expected operand, found ','",
			"6:14: expected ';' after instruction, found '%r2'"}},
		{".entry k() {\n\t.reg .b32 %r<;\n}\n", []string{"5:15: expected integer register count, found ';'"}},
		{".global .u32 x = ;\n.global .u32 y\n", []string{
			"4:18: expected operand, found ';'",
			"5:16: expected ';' after variable declaration, found end of file"}},
		{".version x\n", []string{"4:10: expected version number MAJOR.MINOR after .version, found 'x'"}},
		{"ret;\n", []string{"4:1: expected directive, found 'ret'"}},
		{".entry k() {\n\t@ ;\n}\n", []string{"5:4: expected predicate after '@', found ';'"}},
		{".entry k() {\n\tret;\n", []string{"5:7: expected '}' at end of scope, found end of file"}},
		{".section .debug_info {\n.b8 1\n.foo 2\n}\n", []string{"6:1: expected data directive (.b8, .b16, .b32, .b64) or label in section, found '.foo'"}},
		{".global .u32 s = \"abc\n", []string{"4:18: string literal not terminated", "4:23: expected ';' after variable declaration, found end of file"}},
		{"/* open\n", []string{"4:1: comment not terminated"}},
		{".entry k() {\n\tmov.u32 %r1, #;\n}\n", []string{"5:15: expected operand, found '#'"}},
		{".entry k() {\n\tad.s32 %r1, %r2, %r3;\n\t@%p1 xyzzy;\n}\n", []string{
			"5:2: unknown instruction 'ad' (did you mean 'add'?)",
			"6:7: unknown instruction 'xyzzy'"}},
		{".file 1 \"a.cu\", 12\n", []string{"4:20: expected ',' after .file timestamp, found end of file"}},
	}
	for _, tt := range tests {
		src := header + tt.src
		m, err := parser.ParseFile(token.NewFileSet(), "x.ptx", []byte(src))
		if m == nil {
			t.Errorf("%q: no module returned", tt.src)
		}
		var got []string
		if err != nil {
			el, ok := err.(parser.ErrorList)
			if !ok {
				t.Fatalf("%q: error is %T, not parser.ErrorList", tt.src, err)
			}
			for _, e := range el {
				got = append(got, strings.TrimPrefix(e.Error(), "x.ptx:"))
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q:\ngot  %q\nwant %q", tt.src, got, tt.want)
		}
	}
}

// TestManyErrors checks that the parser stops after a bounded number of
// errors, listing them sorted.
func TestManyErrors(t *testing.T) {
	src := header + ".entry k() {\n" + strings.Repeat("\tadd.s32 ,;\n", 50) + "}\n"
	_, err := parser.ParseFile(token.NewFileSet(), "x.ptx", []byte(src))
	el, _ := err.(parser.ErrorList)
	if len(el) < 5 || len(el) > 12 {
		t.Fatalf("got %d errors, want 5..12:\n%v", len(el), err)
	}
	if !strings.Contains(el.Error(), "too many errors") {
		t.Errorf("no 'too many errors' in\n%v", err)
	}
	lines := strings.Split(el.Error(), "\n")
	if len(lines) != len(el) || !strings.HasPrefix(lines[0], "x.ptx:5:10: ") {
		t.Errorf("bad list:\n%v", err)
	}
}

// TestPositions checks that node positions resolve to file:line:col.
func TestPositions(t *testing.T) {
	src := header + ".entry k() {\n\t@%p1 ld.global.u32 %r1, [%rd1+4];\n}\n"
	fset := token.NewFileSet()
	m, err := parser.ParseFile(fset, "p.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f := m.Decls[3].(*ast.Function)
	in := f.Body.Stmts[0].(*ast.Instruction)
	for _, tt := range []struct {
		pos  token.Pos
		want string
	}{
		{f.Pos(), "p.ptx:4:1"},
		{in.Pos(), "p.ptx:5:2"},
		{in.Operands[0].Pos(), "p.ptx:5:21"},
		{in.Operands[1].Pos(), "p.ptx:5:26"},
		{in.Operands[1].(*ast.Address).Elems[0].(*ast.Binary).Y.Pos(), "p.ptx:5:32"},
	} {
		if got := fset.Position(tt.pos).String(); got != tt.want {
			t.Errorf("position %s, want %s", got, tt.want)
		}
	}
	if in.Opcode != "ld" || !reflect.DeepEqual(in.Mods, []string{".global", ".u32"}) || in.Guard != "%p1" {
		t.Errorf("instruction %q %q %q", in.Guard, in.Opcode, in.Mods)
	}
}

// TestSectionData checks the flattened form of section data the DWARF
// writer reads, and the way back.
func TestSectionData(t *testing.T) {
	src := header + ".section .debug_info {\n.b32 12\n.b8 2,0xff\n.b16 -1\n.b32 .debug_abbrev\nL1:\n.b64 $L__f+16\n.b32 $L__e-$L__f\n}\n"
	m, err := parser.ParseFile(token.NewFileSet(), "s.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s := m.Decls[3].(*ast.Section)
	want := []ast.Datum{
		{Size: 4, Value: 12}, {Size: 1, Value: 2}, {Size: 1, Value: 255}, {Size: 2, Value: 0xffff},
		{Size: 4, Label: ".debug_abbrev"}, {Size: 8, Label: "$L__f", Offset: 16}, {Size: 4, Label: "$L__e", Sub: "$L__f"},
	}
	got := s.Data()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Data:\ngot  %+v\nwant %+v", got, want)
	}
	back := ast.NewSection(".debug_info", got)
	if d := back.Data(); !reflect.DeepEqual(d, want) {
		t.Errorf("NewSection round trip:\ngot  %+v\nwant %+v", d, want)
	}
	if _, err := printer.Format("b.ptx", []byte(printer.String(&ast.Module{Decls: []ast.Decl{back}}))); err != nil {
		t.Errorf("printed section does not parse: %v", err)
	}
}

func TestSplitOpcode(t *testing.T) {
	for _, tt := range []struct {
		in   string
		op   string
		mods []string
	}{
		{"ret", "ret", nil},
		{"fence.sc.gpu", "fence", []string{".sc", ".gpu"}},
		{"atom.acquire.gpu.add", "atom", []string{".acquire", ".gpu", ".add"}},
		{"cp.async.bulk.shared::cluster.global", "cp", []string{".async", ".bulk", ".shared::cluster", ".global"}},
	} {
		op, mods := ast.SplitOpcode(tt.in)
		if op != tt.op || !reflect.DeepEqual(mods, tt.mods) {
			t.Errorf("SplitOpcode(%q) = %q %q", tt.in, op, mods)
		}
		if n := ast.NewInstruction(tt.in).Name(); n != tt.in {
			t.Errorf("Name() = %q, want %q", n, tt.in)
		}
	}
}

// streamCheck is a Handler that compares each piece it is handed, while
// it is alive, with the module that ParseString made of the same source.
type streamCheck struct {
	t    *testing.T
	m    *ast.Module
	i    int // next declaration
	item int // next item of the current section
}

func (h *streamCheck) next() ast.Decl {
	if h.i >= len(h.m.Decls) {
		h.t.Fatalf("Stream hands over more than the %d declarations", len(h.m.Decls))
	}
	h.i++
	return h.m.Decls[h.i-1]
}

func (h *streamCheck) Decl(d ast.Decl) {
	if want := h.next(); !reflect.DeepEqual(d, want) {
		h.t.Fatalf("declaration %d differs", h.i-1)
	}
}

func (h *streamCheck) Section(s *ast.Section) {
	want, ok := h.next().(*ast.Section)
	if !ok || s.Name != want.Name || s.Directive != want.Directive || len(s.Items) != 0 {
		h.t.Fatalf("declaration %d: section %s differs", h.i-1, s.Name)
	}
	h.item = 0
}

func (h *streamCheck) SectionItem(it ast.SectionItem) {
	s := h.m.Decls[h.i-1].(*ast.Section)
	if h.item >= len(s.Items) || !reflect.DeepEqual(it, s.Items[h.item]) {
		h.t.Fatalf("section %s: item %d differs", s.Name, h.item)
	}
	h.item++
}

func (h *streamCheck) EndSection(s *ast.Section) {
	want := h.m.Decls[h.i-1].(*ast.Section)
	if h.item != len(want.Items) || s.Rbrace != want.Rbrace {
		h.t.Fatalf("section %s ends after %d items, not %d", s.Name, h.item, len(want.Items))
	}
}

// TestStream checks that Stream hands over the module that ParseString
// makes, positions included, piece by piece, and the same errors.
func TestStream(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.ptx")
	files = append(files, "../printer/testdata/syntax.ptx")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		m, err := parser.ParseString(token.NewFileSet(), f, src)
		if err != nil {
			t.Fatal(err)
		}
		h := &streamCheck{t: t, m: m}
		if err := parser.Stream(token.NewFileSet(), f, src, h); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if h.i != len(m.Decls) {
			t.Fatalf("%s: Stream hands over %d declarations, not %d", f, h.i, len(m.Decls))
		}
	}
	// Errors.
	src := header + ".entry k() {\n\tadd.s32 ,;\n}\n.global .u32 x = ;\n.global .u32 y;\n"
	m, want := parser.ParseString(token.NewFileSet(), "x.ptx", src)
	err := parser.Stream(token.NewFileSet(), "x.ptx", src, &streamCheck{t: t, m: m})
	if fmt.Sprint(err) != fmt.Sprint(want) || want == nil {
		t.Errorf("Stream: %v\nParseString: %v", err, want)
	}
}

// nopHandler takes what Stream hands it and keeps nothing.
type nopHandler struct{}

func (nopHandler) Decl(ast.Decl)               {}
func (nopHandler) Section(*ast.Section)        {}
func (nopHandler) SectionItem(ast.SectionItem) {}
func (nopHandler) EndSection(*ast.Section)     {}

// TestStreamNoLines checks that Stream with no FileSet, which keeps no
// line table, gives its errors the lines and columns that ParseString
// gives them: for sources cut short at many places (at a line end, just
// after one, in a comment, at the end of a source that ends in a newline),
// and with bytes changed.
func TestStreamNoLines(t *testing.T) {
	data, err := os.ReadFile("testdata/corpus/nvcc-m64-G-sm_70-structs.ptx")
	if err != nil {
		t.Fatal(err)
	}
	var srcs []string
	for n := 0; n <= len(data); n += 1 + n/50 {
		srcs = append(srcs, string(data[:n]))
		if i := bytes.IndexByte(data[n:], '\n'); i >= 0 {
			srcs = append(srcs, string(data[:n+i]), string(data[:n+i+1]), string(data[:n+i+1])+" ")
		}
	}
	for i := 0; i < len(data); i += 97 {
		b := bytes.Clone(data)
		b[i] = "{;@\"/*"[i%6]
		srcs = append(srcs, string(b))
	}
	srcs = append(srcs, "", "\n", "\n\n", ".", "\n.", ".version\n", "/* x\n")
	for _, src := range srcs {
		_, want := parser.ParseString(token.NewFileSet(), "x.ptx", src)
		err := parser.Stream(nil, "x.ptx", src, nopHandler{})
		if fmt.Sprint(err) != fmt.Sprint(want) {
			t.Fatalf("%q...: Stream with no FileSet:\n%v\nParseString:\n%v", src[:min(len(src), 40)], err, want)
		}
	}
}

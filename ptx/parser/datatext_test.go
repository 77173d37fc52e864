package parser_test

import (
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// dataValues is a parser.Handler that notes each datum of the sections
// as its directive and its value, printed.
type dataValues struct{ got []string }

func (h *dataValues) Decl(ast.Decl)           {}
func (h *dataValues) Section(*ast.Section)    {}
func (h *dataValues) EndSection(*ast.Section) {}
func (h *dataValues) SectionItem(it ast.SectionItem) {
	switch it := it.(type) {
	case *ast.Data:
		for _, v := range it.Values {
			h.got = append(h.got, it.Type+" "+exprString(v))
		}
	case *ast.Label:
		h.got = append(h.got, it.Name+":")
	}
}

// dataText is dataValues taking data runs as text, which it splits as
// the DataTextHandler's documentation says they are written.
type dataText struct {
	dataValues
	runs int
}

func (h *dataText) SectionDataText(text string) {
	h.runs++
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		if !strings.HasSuffix(line, "\n") {
			h.got = append(h.got, "run not ended by a newline: "+line)
		}
		f := strings.Fields(strings.ReplaceAll(line, ",", " "))
		for _, v := range f[1:] {
			h.got = append(h.got, f[0]+" "+v)
		}
	}
}

// TestDataText checks that a DataTextHandler is handed the data of the
// sections that a Handler is handed as items, in order, and the same
// syntax errors.
func TestDataText(t *testing.T) {
	for _, src := range []string{
		".section .debug_info {\n.b32 12\n.b8 2,0xff\n\t.b8 1 , 2,3\n.b16 -1\n.b32 .debug_abbrev\nL1:\n.b64 $L__f+16\n.b32 $L__e-$L__f\n.b8 7\n}\n",
		".section .debug_info\n{\n.b8 1\n.b8 2 // two\n.b8 3,\n 4\n.b8 5 }\n.section .debug_abbrev {\n.b64 $L__a\n.b8 0\n}\n",
		".section .debug_loc {\n.b64 $L__tmp1\n.b64 $L__tmp2\n.b8 5\n.b8 0\n.b8 144\n}\n.section .debug_info {\n.b8 1;\n.b8 2\n}\n",
		".section .debug_info {\n.b8 1\n.b8 2x\n.b8 3\n}\n", // an error
		".section .debug_info {\n.b8 1\n.b12 2\n}\n",        // an error
	} {
		src = header + src
		file := token.NewFileSet().AddFile("d.ptx", -1, len(src))
		file.SetLinesForContent([]byte(src))
		var plain dataValues
		errPlain := parser.StreamPart(file, src, 0, len(src), &plain)
		var text dataText
		errText := parser.StreamPart(file, src, 0, len(src), &text)
		if !reflect.DeepEqual(text.got, plain.got) {
			t.Errorf("%q:\nas text: %q\nas items: %q", src, text.got, plain.got)
		}
		if (errPlain == nil) != (errText == nil) || errPlain != nil && errPlain.Error() != errText.Error() {
			t.Errorf("%q: errors %v as text, %v as items", src, errText, errPlain)
		}
		if errPlain == nil && text.runs == 0 {
			t.Errorf("%q: no data run handed over as text", src)
		}
	}
}

// exprString writes a datum's value as its source writes it without
// blanks.
func exprString(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Lit:
		return x.Value
	case *ast.Ident:
		return x.Name
	case *ast.Unary:
		return x.Op + exprString(x.X)
	case *ast.Binary:
		return exprString(x.X) + x.Op + exprString(x.Y)
	}
	return "?"
}

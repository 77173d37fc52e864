package parser_test

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// TestParseItemAt checks that a statement or a section item parsed alone,
// at its offset, is the node the whole file's parse builds, positions
// included, and that bad items give errors at the file's positions.
// (ptx/tree's tests check every item of the corpus.)
func TestParseItemAt(t *testing.T) {
	src := ".entry k()\n{\n\t@!%p1 ld.global.u32 %r1, [%rd1+-4];\n\t{ $L: ret; }\n\t.loc 1 2 3\n}\n" +
		".section .debug_info\n{\n.b32 $L+4, 7\n$M:\n}\n"
	fset := token.NewFileSet()
	m, err := parser.ParseString(fset, "a.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	body := m.Decls[0].(*ast.Function).Body.Stmts
	items := m.Decls[1].(*ast.Section).Items
	file := token.NewFileSet().AddFile("a.ptx", -1, len(src))
	file.SetLinesForContent([]byte(src))
	tests := []struct {
		text string
		want ast.Node
		item bool // a section item
	}{
		{"@!%p1 ld.global.u32 %r1, [%rd1+-4];", body[0], false},
		{"{ $L: ret; }", body[1], false},
		{".loc 1 2 3", body[2], false},
		{".b32 $L+4, 7", items[0], true},
		{"$M:", items[1], true},
	}
	for _, tt := range tests {
		off := strings.Index(src, tt.text)
		var got ast.Node
		if tt.item {
			got, err = parser.ParseSectionItemAt(file, tt.text, off)
		} else {
			got, err = parser.ParseStmtAt(file, tt.text, off)
		}
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		if d := diffTrees(got, tt.want); d != "" {
			t.Errorf("%q: %s", tt.text, d)
		}
		if got.Pos() != tt.want.Pos() {
			t.Errorf("%q: at %d, want %d", tt.text, got.Pos(), tt.want.Pos())
		}
	}
	bad := []struct {
		text string
		off  int
		item bool
		want string
	}{
		{"foo %r1;", 14, false, "a.ptx:3:2: unknown instruction 'foo'"},
		{"", 14, false, "a.ptx:3:2: expected statement, found end of file"},
		{".b8 1,", 0, true, "a.ptx:1:7: expected operand, found end of file"},
		{"ret;", len(src), false, "window of 4 bytes"},
	}
	for _, tt := range bad {
		var err error
		if tt.item {
			_, err = parser.ParseSectionItemAt(file, tt.text, tt.off)
		} else {
			_, err = parser.ParseStmtAt(file, tt.text, tt.off)
		}
		if !strings.Contains(fmt.Sprint(err), tt.want) {
			t.Errorf("%q at %d: error %v, want %q", tt.text, tt.off, err, tt.want)
		}
	}
}

package pp

import (
	"go/token"
	"slices"
	"testing"
)

// TestSetLines checks setLines against token.File.SetLinesForContent,
// which it replaces for speed.
func TestSetLines(t *testing.T) {
	for _, src := range []string{"", "\n", "\n\n", "a", "a\n", "a\nb", "ab\n\ncd\n", "\nx\r\ny\n\n\nz"} {
		fset := token.NewFileSet()
		want := fset.AddFile("want", -1, len(src))
		want.SetLinesForContent([]byte(src))
		got := fset.AddFile("got", -1, len(src))
		setLines(got, []byte(src))
		if !slices.Equal(got.Lines(), want.Lines()) {
			t.Errorf("%q: lines %v, want %v", src, got.Lines(), want.Lines())
		}
	}
}

// TestLexOne checks the ## operator's test that a text is one token.
func TestLexOne(t *testing.T) {
	for _, c := range []struct {
		text string
		kind Kind
		ok   bool
	}{
		{"ab", Ident, true}, {"x1", Ident, true}, {"12", Number, true}, {"+=", Punct, true},
		{"<<=", Punct, true}, {`L"s"`, String, true}, {"'c'", Char, true},
		{"", 0, false}, {"a+", 0, false}, {"+ +", 0, false}, {"/*", 0, false}, {"//", 0, false}, {"a b", 0, false},
	} {
		kind, ok := lexOne(c.text)
		if ok != c.ok || ok && kind != c.kind {
			t.Errorf("lexOne(%q) = %v, %v; want %v, %v", c.text, kind, ok, c.kind, c.ok)
		}
	}
}

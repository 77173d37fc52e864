package vet

import (
	"go/token"
	"slices"
	"testing"
)

// TestSetLines: setLines gives the lines token.File.SetLinesForContent
// gives.
func TestSetLines(t *testing.T) {
	for _, text := range []string{"", "\n", "a", "a\n", "a\nb", "a\nb\n", "\n\n\n", "ab\n\ncd\n\n", "x\r\ny\n"} {
		fset := token.NewFileSet()
		want := fset.AddFile("w", -1, len(text))
		want.SetLinesForContent([]byte(text))
		got := fset.AddFile("g", -1, len(text))
		setLines(got, text)
		if !slices.Equal(got.Lines(), want.Lines()) {
			t.Errorf("%q: lines %v, want %v", text, got.Lines(), want.Lines())
		}
	}
}

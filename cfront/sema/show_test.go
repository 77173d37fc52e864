package sema

import (
	"os"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront/ast"
)

func TestShow(t *testing.T) {
	f := os.Getenv("SHOW")
	if f == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(f)
	fbs, err := checkSource(t, f, src)
	var b strings.Builder
	for _, fb := range fbs {
		ast.Fprint(&b, fb, true)
	}
	t.Log("\n" + b.String())
	t.Log(err)
}

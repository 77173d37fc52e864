package parser_test

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// FuzzParse checks that the parser never panics, that its fast paths give
// the tree its general rules give, and that printing a module and parsing
// it again gives the same tree: parse(print(parse(x))) == parse(x),
// positions aside.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("../printer/testdata/*.ptx")
	more, _ := filepath.Glob("testdata/corpus/nvcc-m64-sm_70-half.ptx")
	for _, name := range append(files, more...) {
		data, err := os.ReadFile(name)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(".entry k() { @!%p1 bra L; L: ret; }"))
	f.Add([]byte(".global .u32 x[2] = {1, generic(y)+4};"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if d := parseBothWays(src); d != "" {
			t.Fatalf("the fast paths and the general parser differ: %s", d)
		}
		fset := token.NewFileSet()
		m, err := parser.ParseFile(fset, "f.ptx", src)
		if err != nil {
			return
		}
		out := printer.String(m)
		m2, err := parser.ParseFile(fset, "g.ptx", []byte(out))
		if err != nil {
			t.Fatalf("printed module does not parse: %v\n%s", err, out)
		}
		if d := diffTrees(m, m2); d != "" {
			t.Fatalf("tree changed by printing: %s\n%s", d, out)
		}
	})
}

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
// positions aside; and that SkimPart hands over what StreamPart does of
// what a module declares.
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
		if d := skimDiff(string(src)); d != "" {
			t.Fatalf("SkimPart and StreamPart differ: %s", d)
		}
		fset := token.NewFileSet()
		m, err := parser.ParseFile(fset, "f.ptx", src)
		// The parts of src (Cuts) parse without a panic, with their
		// errors in src.
		file := fset.AddFile("p.ptx", -1, len(src))
		file.SetLinesForContent(src)
		text := string(src)
		bounds := append(append([]int{0}, parser.Cuts(text, 4)...), len(text))
		for i := 0; i+1 < len(bounds); i++ {
			if _, perr := parser.ParsePart(file, text, bounds[i], bounds[i+1]); perr != nil && err == nil && len(bounds) == 2 {
				t.Fatalf("the whole of src parses as a file but not as a part: %v", perr)
			}
		}
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

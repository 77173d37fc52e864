package tree_test

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/tree"
)

// bigSource returns the parser's carried corpus repeated to at least n
// bytes, with extra appended.
func bigSource(t *testing.T, n int, extra string) string {
	files, _ := filepath.Glob("../parser/testdata/corpus/*.ptx")
	if len(files) < 5 {
		t.Fatalf("carried corpus missing: %d files", len(files))
	}
	var buf bytes.Buffer
	for buf.Len() < n {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			buf.Write(data)
		}
	}
	buf.WriteString(extra)
	return buf.String()
}

// TestPieces checks that a big file parsed in pieces on several
// processors gives the records and errors of one parse on one processor.
func TestPieces(t *testing.T) {
	tests := []struct {
		name, extra string
	}{
		{"clean", ""},
		{"error in the last piece", ".entry k()\n{\n\tfoo.u32 %r1;\n}\n"},
		// A "}" line inside a block comment, followed by a line that
		// starts a declaration: a place where Cuts may cut wrongly.
		{"cut in a comment", "/*\n}\n.visible .entry k()\n*/\n.entry k2()\n{\n\tret;\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := bigSource(t, 5<<20, tt.extra)
			procs := runtime.GOMAXPROCS(1)
			one, err1 := tree.Parse(token.NewFileSet(), "big.ptx", src)
			runtime.GOMAXPROCS(max(procs, 4))
			many, err2 := tree.Parse(token.NewFileSet(), "big.ptx", src)
			runtime.GOMAXPROCS(procs)
			if fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("errors differ:\none: %v\nmany: %v", err1, err2)
			}
			if !reflect.DeepEqual(one.Records, many.Records) {
				t.Fatalf("records differ: %d and %d", len(one.Records), len(many.Records))
			}
			if tt.extra == "" && err1 != nil {
				t.Fatal(err1)
			}
			if _, err := parser.ParseString(token.NewFileSet(), "big.ptx", src); fmt.Sprint(err) != fmt.Sprint(err2) {
				t.Fatalf("errors differ:\nParseString: %v\nin pieces: %v", err, err2)
			}
		})
	}
}

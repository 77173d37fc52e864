package ir

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ptxabi/ptxabi/target"
)

// TestUseLists checks the use lists of the functions of the IR test files
// and the passes' against a plain walk (the users of each value in block
// order, nil for a block's control), all values and pointers only, made
// new and built again in the memory of the lists of the function before.
func TestUseLists(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.ir")
	more, _ := filepath.Glob("passes/testdata/*/*.ir")
	var funcs []*Func
	for _, file := range append(files, more...) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Parse(file, string(src), target.Default)
		if err != nil {
			continue // a test of an error
		}
		funcs = append(funcs, m.Funcs...)
	}
	if len(funcs) < 10 {
		t.Fatalf("%d functions", len(funcs))
	}
	for _, ptrsOnly := range []bool{false, true} {
		reused := &UseLists{}
		for _, f := range funcs {
			want := map[*Value][]*Value{}
			var vals []*Value
			for _, p := range f.Params {
				vals = append(vals, p)
			}
			for _, b := range f.Blocks {
				for _, v := range b.Values {
					vals = append(vals, v)
					for _, a := range v.Args {
						if !ptrsOnly || a.Type.Kind == Ptr {
							want[a] = append(want[a], v)
						}
					}
				}
				if c := b.Control; c != nil && (!ptrsOnly || c.Type.Kind == Ptr) {
					want[c] = append(want[c], nil)
				}
			}
			reused.Build(f, ptrsOnly)
			for _, u := range []*UseLists{NewUseLists(f, ptrsOnly), reused} {
				for _, v := range vals {
					if got := u.Of(v); !slices.Equal(got, want[v]) {
						t.Fatalf("%s, ptrsOnly %v: uses of %s: %v, want %v", f.Name, ptrsOnly, v, got, want[v])
					}
				}
			}
		}
	}
}

package all_test

import (
	"go/token"
	"os"
	"testing"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/all"
)

// BenchmarkCheck measures each check alone on the parsed ≥ 10 MB nvcc -G
// file (the parse is not timed): MB/s of the file's size.
func BenchmarkCheck(b *testing.B) {
	name := benchInput(b)
	src, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	fset := token.NewFileSet()
	m, err := vet.ParseFile(fset, name, src)
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range all.Analyzers {
		b.Run(a.Name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := vet.Run(fset, []*vet.Module{m}, []*vet.Analyzer{a}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

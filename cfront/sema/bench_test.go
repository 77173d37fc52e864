package sema

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
)

// BenchmarkCorpus parses and types every kernel file of the executor's
// corpus (bytes/s counts their source only).
func BenchmarkCorpus(b *testing.B) {
	files, _ := filepath.Glob("../../internal/kernels/testdata/*.cu")
	var srcs [][]byte
	var n int64
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		n += int64(len(src))
	}
	b.SetBytes(n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, src := range srcs {
			fset := token.NewFileSet()
			u, err := cfront.ParseUnit(nil, fset, files[j], src)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Check(nil, u); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkCheck types the corpus's bodies only (the units parsed
// once, outside the timing).
func BenchmarkCheck(b *testing.B) {
	files, _ := filepath.Glob("../../internal/kernels/testdata/*.cu")
	var units []*cfront.Unit
	for _, f := range files {
		src, _ := os.ReadFile(f)
		u, err := cfront.ParseUnit(nil, token.NewFileSet(), f, src)
		if err != nil {
			b.Fatal(err)
		}
		units = append(units, u)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, u := range units {
			if _, err := Check(nil, u); err != nil {
				b.Fatal(err)
			}
		}
	}
}

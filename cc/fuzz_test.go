package cc

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzCompile compiles mutated corpus programs: the compiler returns PTX
// or an error, never panics.
func FuzzCompile(f *testing.F) {
	for _, dir := range []string{"../internal/kernels/testdata", "testdata/corpus"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.cu"))
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		Compile(&Config{Opt: 3, Check: true}, "fuzz.cu", src)
	})
}

package parser

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
)

// TestKernelCorpus parses every function body of the executor's kernel
// corpus (real CUDA device code): all of them must parse.
func TestKernelCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../internal/kernels/testdata/*.cu")
	if len(files) == 0 {
		t.Fatal("no kernels found")
	}
	bodies, failed := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		u, err := cfront.ParseUnit(nil, fset, f, src)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for _, b := range u.Bodies {
			if b.Builtin {
				continue
			}
			bodies++
			if _, err := ParseBody(fset, b); err != nil {
				failed++
				t.Errorf("%v", err)
			}
		}
	}
	t.Logf("%d files, %d bodies, %d failed", len(files), bodies, failed)
}

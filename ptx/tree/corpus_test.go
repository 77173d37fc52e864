package tree_test

import (
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/internal/ptxcorpus"
)

// TestGeneratedCorpus checks every record of every file of the PTX-syntax
// corpus (nvcc and clang-14 output of the parser's and vet's programs)
// against ParseFile's tree.
func TestGeneratedCorpus(t *testing.T) {
	var srcs []string
	for _, pat := range []string{"../parser/testdata/cu/*.cu", "../../vet/all/testdata/cu/*.cu"} {
		m, _ := filepath.Glob(pat)
		srcs = append(srcs, m...)
	}
	files := ptxcorpus.Generate(t, srcs)
	records := 0
	for _, f := range files {
		n, d := check(f.Name, f.Src)
		if d != "" {
			t.Errorf("%s: %s", f.Name, d)
		}
		records += n
	}
	t.Logf("%d files, %d records", len(files), records)
}

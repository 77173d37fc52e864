package tree_test

import (
	"testing"

	"github.com/ptxabi/ptxabi/internal/ptxcorpus"
)

// TestGeneratedCorpus checks every record of every file of the PTX-syntax
// corpus (nvcc and clang-14 output of the parser's and vet's programs in
// every configuration) against ParseFile's tree.
func TestGeneratedCorpus(t *testing.T) {
	files := ptxcorpus.Generate(t, ptxcorpus.Flavours())
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

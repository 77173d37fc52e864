package all_test

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/all"
)

// FuzzVet runs every check on any PTX the parser accepts: a check never
// fails or panics (vet.Run turns a panic into an "internal error").
func FuzzVet(f *testing.F) {
	for _, pat := range []string{"../*/testdata/*.ptx", "../../ptx/parser/testdata/corpus/*.ptx"} {
		files, _ := filepath.Glob(pat)
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			if len(data) < 64<<10 {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := token.NewFileSet()
		m, err := vet.ParseFile(fset, "fuzz.ptx", src)
		if err != nil {
			return
		}
		if _, err := vet.Run(fset, []*vet.Module{m, m}, all.Analyzers); err != nil {
			t.Fatal(err)
		}
	})
}

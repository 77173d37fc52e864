package emu

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// FuzzRun loads mutated PTX and launches each kernel with zeroed
// arguments under a small step limit: errors are fine, panics and hangs
// are not.
func FuzzRun(f *testing.F) {
	files, _ := filepath.Glob("../parser/testdata/corpus/*.ptx")
	more, _ := filepath.Glob("testdata/*.ptx")
	for _, name := range append(files, more...) {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := token.NewFileSet()
		mod, err := parser.ParseFile(fset, "f.ptx", src)
		if err != nil {
			return
		}
		m, err := Load(fset, []*ast.Module{mod}, Options{StepLimit: 20000, HeapSize: 1 << 20, Procs: 1})
		if err != nil {
			return
		}
		ran := 0
		for _, df := range m.byID {
			if !df.ast.Entry {
				continue
			}
			params, _ := m.Kernel(df.name)
			var args [][]byte
			for _, p := range params {
				args = append(args, make([]byte, p.Size))
			}
			_, err := m.Launch(Launch{Kernel: df.name, Grid: [3]int{2, 1, 1}, Block: [3]int{40, 1, 1}, Args: args})
			if err != nil && strings.Contains(err.Error(), "internal error") {
				t.Fatal(err)
			}
			ran++
		}
	})
}

package ptxgen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ir/passes"
	"github.com/ptxabi/ptxabi/target"
)

// FuzzCompile: any IR that parses and checks goes through the pipeline
// (the SSA checked after every pass) and instruction selection without a
// panic: an error, or a module.
func FuzzCompile(f *testing.F) {
	for _, dir := range []string{"testdata", "../passes/testdata/*"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.ir"))
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err == nil {
				f.Add(string(src), uint8(3))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string, opt uint8) {
		m, err := ir.Parse("fuzz.ir", src, target.Default)
		if err != nil || ir.CheckModule(m) != nil {
			return
		}
		if err := passes.Run(m, passes.Config{Opt: int(opt % 4), Check: true}); err != nil {
			t.Fatalf("the pipeline broke valid IR: %v", err)
		}
		Module(m)
	})
}

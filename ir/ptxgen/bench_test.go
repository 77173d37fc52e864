package ptxgen

import (
	"testing"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ir/internal/randir"
	"github.com/ptxabi/ptxabi/ir/passes"
	"github.com/ptxabi/ptxabi/ptx/printer"
	"github.com/ptxabi/ptxabi/target"
)

// BenchmarkCompile measures the back end on 100 random kernels (package
// randir) per iteration: the -O3 pipeline, instruction selection and
// printing. It reports IR values compiled per second.
func BenchmarkCompile(b *testing.B) {
	const n = 100
	var mods []string
	values := 0
	for seed := int64(0); seed < n; seed++ {
		m, _ := randir.Func(seed, target.Default)
		mods = append(mods, m.String())
		for _, f := range m.Funcs {
			for _, blk := range f.Blocks {
				values += len(blk.Values)
			}
		}
	}
	b.ResetTimer()
	for range b.N {
		for _, src := range mods {
			m, err := ir.Parse("bench.ir", src, target.Default)
			if err != nil {
				b.Fatal(err)
			}
			if err := passes.Run(m, passes.Config{Opt: 3}); err != nil {
				b.Fatal(err)
			}
			mod, err := Module(m)
			if err != nil {
				b.Fatal(err)
			}
			printer.String(mod)
		}
	}
	b.ReportMetric(float64(values)*float64(b.N)/b.Elapsed().Seconds(), "values/s")
}

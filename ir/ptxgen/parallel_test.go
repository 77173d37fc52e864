package ptxgen

import (
	"runtime"
	"testing"

	"github.com/ptxabi/ptxabi/ir/internal/randir"
	"github.com/ptxabi/ptxabi/ir/passes"
	"github.com/ptxabi/ptxabi/ptx/printer"
	"github.com/ptxabi/ptxabi/target"
)

// TestParallelSameAsSequential checks that generating the functions on
// several goroutines (modules of parallelValues values or more) gives
// the PTX that generating them one at a time gives.
func TestParallelSameAsSequential(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	saved := parallelValues
	defer func() { parallelValues = saved }()
	for seed := int64(0); seed < 40; seed++ {
		var out [2]string
		for i, threshold := range []int{1 << 30, 0} {
			parallelValues = threshold
			m, _ := randir.Func(seed, target.Default)
			if err := passes.Run(m, passes.Config{Opt: 1}); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			mod, err := Module(m)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			out[i] = printer.String(mod)
		}
		if out[0] != out[1] {
			t.Fatalf("seed %d: on several goroutines:\n%s\none at a time:\n%s", seed, out[1], out[0])
		}
	}
}

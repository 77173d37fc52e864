package passes

import (
	"testing"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ir/internal/randir"
	"github.com/ptxabi/ptxabi/target"
)

// TestRandomPrograms builds random functions and checks that the pipeline
// at -O1 and -O3 keeps what they compute, and the SSA valid after every
// pass.
func TestRandomPrograms(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	ran := 0
	for seed := int64(0); seed < int64(n); seed++ {
		for _, addr := range []int{64, 32} {
			tg := target.Default
			tg.AddressSize = addr
			orig, f := randir.Func(seed, tg)
			if err := ir.Check(f); err != nil {
				t.Fatalf("seed %d: generated invalid IR: %v\n%s", seed, err, f)
			}
			for _, opt := range []int{1, 3} {
				opti, fo := randir.Func(seed, tg)
				if err := Run(opti, Config{Opt: opt, Check: true}); err != nil {
					t.Fatalf("seed %d -O%d: %v", seed, opt, err)
				}
				for in := int64(0); in < 3; in++ {
					want, err := run(orig, f, in)
					if err != nil {
						continue
					}
					got, err := run(opti, fo, in)
					if err != nil || got != want {
						t.Fatalf("seed %d -m%d -O%d input %d: got %s (%v), want %s\noriginal:\n%s\noptimized:\n%s", seed, addr, opt, in, got, err, want, f, fo)
					}
					ran++
				}
			}
		}
	}
	if ran < n {
		t.Errorf("only %d runs of %d programs", ran, n)
	}
}

package passes

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ir/internal/interp"
	"github.com/ptxabi/ptxabi/target"
)

// run interprets kernel or function f of module mod (package interp) on
// inputs drawn from seed, and returns its result, the external calls it
// made and the bytes its pointer arguments point to.
func run(mod *ir.Module, f *ir.Func, seed int64) (string, error) {
	r := rand.New(rand.NewSource(seed))
	m := interp.New(mod)
	m.Sregs = map[string]uint64{"tid.x": uint64(r.Intn(4)), "ntid.x": 4, "ctaid.x": uint64(r.Intn(3)),
		"nctaid.x": 3, "ntid.y": 1, "ntid.z": 1, "nctaid.y": 1, "nctaid.z": 1, "laneid": 1}
	args, bufs := m.RandomArgs(f, r)
	res, err := m.Call(f, args)
	if err != nil {
		return "", err
	}
	out := fmt.Sprintf("result %#x, calls %v", res, m.Calls)
	for _, b := range bufs {
		out += fmt.Sprintf(", %x", m.Bytes(b, interp.BufSize))
	}
	return out, nil
}

// unmodelled are the test files that use what the interpreter does not
// model, and why.
var unmodelled = map[string]string{
	"ops.ir":        "f16 values",
	"half.ir":       "f16 values",
	"indirect.ir":   "a call through a pointer parameter",
	"intrinsics.ir": "PTX instructions by name",
	"atomic.ir":     "atomics (PTX instructions by name)",
	"asm.ir":        "inline PTX",
}

// TestPipelinePreservesMeaning interprets every function of the IR test
// files before and after the whole pipeline (-O1 and -O3) on random
// inputs: the results and the memory they write must agree. Inputs that
// make the original fail (out of bounds, division by zero, external calls)
// are skipped; at least some inputs of every file must run.
func TestPipelinePreservesMeaning(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.ir")
	more, _ := filepath.Glob("../ptxgen/testdata/*.ir")
	files = append(files, more...)
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tg := target.Default
		if strings.Contains(file, "-m32") {
			tg.AddressSize = 32
		}
		for _, opt := range []int{1, 3} {
			ran := 0
			orig, err := ir.Parse(file, string(src), tg)
			if err != nil {
				t.Fatal(err)
			}
			opti, _ := ir.Parse(file, string(src), tg)
			if err := Run(opti, Config{Opt: opt, Check: true}); err != nil {
				t.Fatalf("%s -O%d: %v", file, opt, err)
			}
			for i, f := range orig.Funcs {
				if f.IsDecl() || opti.Funcs[i].Promoted != nil {
					continue // one whose signature changed is run by its callers
				}
				for seed := int64(0); seed < 20; seed++ {
					want, err := run(orig, f, seed)
					if err != nil {
						continue
					}
					got, err := run(opti, opti.Funcs[i], seed)
					if err != nil {
						t.Errorf("%s -O%d @%s seed %d: the original runs, the optimized fails: %v", file, opt, f.Name, seed, err)
						continue
					}
					if got != want {
						t.Errorf("%s -O%d @%s seed %d:\noriginal  %s\noptimized %s\n%s", file, opt, f.Name, seed, want, got, opti.Funcs[i])
					}
					ran++
				}
			}
			if _, ok := unmodelled[filepath.Base(file)]; ran == 0 && !ok {
				t.Errorf("%s: no input ran", file)
			}
		}
	}
}

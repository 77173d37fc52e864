package passes

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/target"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// passFuncs are the passes the golden tests run, by directory name.
var passFuncs = map[string]func(*ir.Func){
	"inline":  Inline,
	"aggcall": AggCalls,
	// The callee first in the file: its calls are rewritten after it.
	"argpromote":  func(f *ir.Func) { PromoteCalls(f); PromoteArgs(f) },
	"sroa":        SROA,
	"mem2reg":     Mem2Reg,
	"sccp":        SCCP,
	"dce":         DCE,
	"cse":         CSE,
	"addrspace":   AddrSpace,
	"strength":    StrengthReduce,
	"licm":        LICM,
	"unroll":      Unroll,
	"dynindex":    DynIndex,
	"simplify":    SimplifyCFG,
	"localstores": LocalStores,
	"tailrec":     TailRec,
	"unroll4":     UnrollRuntime,
	"hoist":       HoistCommon,
	"ifconvert":   IfConvert,
}

// TestGolden runs each pass on testdata/PASS/*.ir, checks the SSA
// invariants after it, and compares the result with the .golden file next
// to the input (go test -update rewrites them). A test with "-m32" in its
// name is read for 32-bit addresses.
func TestGolden(t *testing.T) {
	for name, run := range passFuncs {
		files, _ := filepath.Glob(filepath.Join("testdata", name, "*.ir"))
		if len(files) == 0 {
			t.Errorf("no tests for pass %s", name)
		}
		for _, file := range files {
			t.Run(name+"/"+filepath.Base(file), func(t *testing.T) {
				src, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				tg := target.Default
				if strings.Contains(file, "-m32") {
					tg.AddressSize = 32
				}
				m, err := ir.Parse(file, string(src), tg)
				if err != nil {
					t.Fatal(err)
				}
				if err := ir.CheckModule(m); err != nil {
					t.Fatalf("input: %v", err)
				}
				markCalls(newCallGraph(m)) // as Run does
				for _, f := range m.Funcs {
					if !f.IsDecl() {
						run(f)
						if err := ir.Check(f); err != nil {
							t.Fatalf("after %s: %v\n%s", name, err, f)
						}
					}
				}
				out := m.String()
				golden := strings.TrimSuffix(file, ".ir") + ".golden"
				if *update {
					if err := os.WriteFile(golden, []byte(out), 0o666); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update)", err)
				}
				if out != string(want) {
					t.Errorf("after %s, %s differs from %s:\n%s", name, file, golden, out)
				}
				// The pass is idempotent on its own output, or at least
				// leaves valid SSA.
				for _, f := range m.Funcs {
					if !f.IsDecl() {
						run(f)
						if err := ir.Check(f); err != nil {
							t.Fatalf("second %s: %v", name, err)
						}
					}
				}
			})
		}
	}
}

package ptxgen

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ir/internal/randir"
	"github.com/ptxabi/ptxabi/ir/passes"
	"github.com/ptxabi/ptxabi/ptx/printer"
	"github.com/ptxabi/ptxabi/target"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// configs are the targets and -O levels every end-to-end test compiles for.
var configs = []struct {
	addr, opt int
}{{64, 0}, {64, 3}, {32, 0}, {32, 3}}

// archs are the architectures ptxas must accept every module for.
var archs = []int{52, 70, 80, 90}

// compile runs the pipeline (checking the SSA after every pass) and
// instruction selection, and returns the printed PTX.
func compile(t *testing.T, m *ir.Module, opt int) string {
	t.Helper()
	if err := passes.Run(m, passes.Config{Opt: opt, Check: true}); err != nil {
		t.Fatal(err)
	}
	mod, err := Generate(m, Options{LineInfo: len(m.Files) > 0})
	if err != nil {
		t.Fatalf("%v\n%s", err, m)
	}
	return printer.String(mod)
}

// checkPTX compares ptx with the golden file and assembles it with ptxas
// for every architecture.
func checkPTX(t *testing.T, ptx, golden string, addr int) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(ptx), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if ptx != string(want) {
		t.Errorf("PTX differs from %s:\n%s", golden, ptx)
	}
	if !oracle.Have(oracle.PTXAS) {
		return
	}
	for _, sm := range archs {
		if addr == 32 && sm >= 90 {
			continue // ptxas: "32-Bit ABI is not supported on sm_90 or higher architectures"
		}
		mod := strings.Replace(ptx, ".target sm_52", fmt.Sprintf(".target sm_%d", sm), 1)
		if err := oracle.Assemble(mod, fmt.Sprintf("sm_%d", sm), "", "-c", oracle.MArg(addr)); err != nil {
			t.Errorf("ptxas sm_%d rejects %s: %v", sm, golden, err)
		}
	}
}

// TestModules compiles testdata/*.ir (IR for small kernels, written as a
// front end would write them) for -m64 and -m32 at -O0 and -O3 and checks
// the PTX against its golden file and ptxas.
func TestModules(t *testing.T) {
	oracle.Need(t, oracle.PTXAS)
	files, _ := filepath.Glob("testdata/*.ir")
	if len(files) == 0 {
		t.Fatal("no testdata/*.ir")
	}
	for _, file := range files {
		for _, c := range configs {
			name := fmt.Sprintf("%s.m%d.O%d", strings.TrimSuffix(filepath.Base(file), ".ir"), c.addr, c.opt)
			t.Run(name, func(t *testing.T) {
				src, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				tg := target.Default
				tg.AddressSize = c.addr
				m, err := ir.Parse(file, string(src), tg)
				if err != nil {
					t.Fatal(err)
				}
				checkPTX(t, compile(t, m, c.opt), filepath.Join("testdata", name+".ptx"), c.addr)
			})
		}
	}
}

// TestPrintf builds a kernel that calls printf with the Builder (as a
// front end does): the buffer is laid out by syscall.PackPrintf.
func TestPrintf(t *testing.T) {
	oracle.Need(t, oracle.PTXAS)
	for _, c := range configs {
		name := fmt.Sprintf("printf.m%d.O%d", c.addr, c.opt)
		t.Run(name, func(t *testing.T) {
			tg := target.Default
			tg.AddressSize = c.addr
			m := &ir.Module{Target: tg}
			f := m.NewFunc("hello", 1, []ir.Type{ir.F32, ir.PtrT(ir.Generic, c.addr)}, ir.VoidT)
			b := ir.NewBuilder(f)
			tid := b.Sreg("tid.x")
			i := b.Op(ir.OpConv, ir.I32, tid)
			types := []ctypes.Type{ctypes.BasicOf(ctypes.Int), ctypes.BasicOf(ctypes.Float), &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Char)}}
			if _, err := b.Printf("thread %d: %f %p\n", []*ir.Value{i, f.Params[0], f.Params[1]}, types); err != nil {
				t.Fatal(err)
			}
			b.Ret(nil)
			checkPTX(t, compile(t, m, c.opt), filepath.Join("testdata", name+".ptx"), c.addr)
		})
	}
}

// sassStats assembles ptx for sm_70 and returns, by kernel, the number of
// SASS instructions (NOP padding excluded) and registers per thread.
func sassStats(t *testing.T, cubin string) map[string][2]int {
	t.Helper()
	out, err := oracle.Run("", oracle.CUOBJDUMP, "-sass", "-res-usage", cubin)
	if err != nil {
		t.Fatal(err)
	}
	stats := map[string][2]int{}
	fn := ""
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.Contains(line, "Function : "):
			fn = strings.TrimSpace(line[strings.Index(line, "Function : ")+len("Function : "):])
		case strings.HasPrefix(strings.TrimSpace(line), "REG:"):
			// -res-usage: "Function saxpy:", then "REG:10 ..." on the next line.
			var reg int
			fmt.Sscanf(strings.TrimSpace(line), "REG:%d", &reg)
			s := stats[fn+".res"]
			s[1] = reg
			stats[fn+".res"] = s
		case strings.HasPrefix(strings.TrimSpace(line), "Function ") && strings.HasSuffix(strings.TrimSpace(line), ":"):
			fn = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(line), "Function "), ":")
		case fn != "" && strings.HasPrefix(strings.TrimSpace(line), "/*") && strings.Contains(line, "*/") && !strings.Contains(line, "NOP"):
			rest := strings.TrimSpace(line[strings.Index(line, "*/")+2:])
			if rest != "" && !strings.HasPrefix(rest, "/*") {
				s := stats[fn]
				s[0]++
				stats[fn] = s
			}
		}
	}
	for k, v := range stats {
		if name, ok := strings.CutSuffix(k, ".res"); ok {
			s := stats[name]
			s[1] = v[1]
			stats[name] = s
			delete(stats, k)
		}
	}
	return stats
}

// TestSASSAgainstNVCC compares the SASS that ptxas makes (sm_70) of
// ptxgen's -O3 PTX for saxpy and sum with nvcc's for the same kernels in
// CUDA C++ (testdata/nvcc.cu): no more instructions than 1.10 times
// nvcc's, no more registers. nvcc unrolls sum's loop four times, so sum
// is a bloat bound only.
func TestSASSAgainstNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.CUOBJDUMP)
	dir := t.TempDir()
	src, err := filepath.Abs("testdata/nvcc.cu")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := oracle.Run(dir, oracle.NVCC, "-arch=sm_70", "-cubin", "-o", "nvcc.cubin", src); err != nil {
		t.Fatal(err)
	}
	want := sassStats(t, filepath.Join(dir, "nvcc.cubin"))
	for _, k := range []string{"saxpy", "sum"} {
		srcIR, err := os.ReadFile("testdata/" + k + ".ir")
		if err != nil {
			t.Fatal(err)
		}
		m, err := ir.Parse(k, string(srcIR), target.Default)
		if err != nil {
			t.Fatal(err)
		}
		ptx := strings.Replace(compile(t, m, 3), ".target sm_52", ".target sm_70", 1)
		cubin := filepath.Join(dir, k+".cubin")
		if err := oracle.Assemble(ptx, "sm_70", cubin); err != nil {
			t.Fatal(err)
		}
		got := sassStats(t, cubin)[k]
		w := want[k]
		if w[0] == 0 || got[0] == 0 {
			t.Fatalf("%s: no SASS counted (ours %v, nvcc %v)", k, got, w)
		}
		t.Logf("%s: SASS %d vs nvcc %d (%.2fx), registers %d vs %d", k, got[0], w[0], float64(got[0])/float64(w[0]), got[1], w[1])
		if float64(got[0]) > 1.10*float64(w[0]) || got[1] > w[1] {
			t.Errorf("%s: SASS %d instructions, %d registers; nvcc %d, %d", k, got[0], got[1], w[0], w[1])
		}
	}
}

// TestUnsupported: what ptxgen cannot select is an error naming it, never
// a panic or wrong PTX.
func TestUnsupported(t *testing.T) {
	tests := []struct{ src, want string }{
		{"func @f(%a f16) -> f16 {\nb0:\n\t%x = add f16 %a, %a\n\tret %x\n}", "add of type f16 is not supported"},
		{"func @f(%s agg(8,4)) -> i32 {\nb0:\n\t%o = const i64 4\n\t%n = load i64 %s align 4\n\t%q = ptradd ptr.param %s, %n\n\t%v = load i32 %q align 4\n\tret %v\n}", "plus a variable offset is not supported"},
		{"declare @g(agg(256,256))\nfunc @f(%p ptr) {\nb0:\n\tcall void @g(%p)\n\tret\n}", "note D"},
		{"func @f(%x i32) {\nb0:\n\tasm \"add.s32 %3, %0;\" (\"r\")(%x)\n\tret\n}", "names operand %3; it has 1"},
		{"func @f(%x i32) {\nb0:\n\tasm \"add.s32 %0 %0;\" (\"r\")(%x)\n\tret\n}", "inline PTX"},
	}
	for _, tt := range tests {
		m, err := ir.Parse("x.ir", tt.src, target.Default)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Module(m)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Module(%q) = %v; want an error containing %q", tt.src, err, tt.want)
		}
	}
}

// TestHiddenParameter: a class that is not trivially copyable is passed by
// invisible reference (abi step 7); an IR function that reads it as an
// aggregate is refused rather than miscompiled.
func TestHiddenParameter(t *testing.T) {
	m := &ir.Module{Target: target.Default}
	f := m.NewFunc("f", 0, []ir.Type{ir.AggT(4, 4)}, ir.VoidT)
	f.CType = &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void), Params: []ctypes.Param{{Type: &ctypes.Struct{
		Tag: "S", Complete: true, NonTrivial: true,
		Fields: []*ctypes.Field{{Name: "x", Type: ctypes.BasicOf(ctypes.Int)}}}}}}
	ir.NewBuilder(f).Ret(nil)
	if _, err := Module(m); err == nil || !strings.Contains(err.Error(), "not supported") {
		t.Errorf("Module = %v; want a refusal", err)
	}
}

// TestRandomPrograms selects instructions for random functions (package
// randir) at -O0 and -O3, -m64 and -m32, and assembles them with ptxas.
func TestRandomPrograms(t *testing.T) {
	oracle.Need(t, oracle.PTXAS)
	n := int64(12)
	if testing.Short() {
		n = 3
	}
	for seed := int64(0); seed < n; seed++ {
		for _, c := range configs {
			tg := target.Default
			tg.AddressSize = c.addr
			m, _ := randir.Func(seed, tg)
			ptx := compile(t, m, c.opt)
			if err := oracle.Assemble(ptx, "sm_70", "", "-c", oracle.MArg(c.addr)); err != nil {
				t.Errorf("seed %d -m%d -O%d: %v\n%s", seed, c.addr, c.opt, err, ptx)
			}
		}
	}
}

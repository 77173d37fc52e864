package cc

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// TestGuideExample is issue 15's main check: ptxabi cc -g on the guide's
// chapter 6 program is accepted by ptxas (sm_52, 70, 80, 90), its cubin
// passes llvm-dwarfdump-14 --verify (but for the overlapping ranges that
// every cubin has: ptxas puts each function at address 0 of its own
// section), and the DWARF shows _Z3fooii and _Z4testPi with i, j and p
// located: p at its .param symbol, i and j at their local copies.
func TestGuideExample(t *testing.T) {
	oracle.Need(t, oracle.PTXAS, oracle.LLVMDwarfdump)
	src, err := os.ReadFile("../examples/call_example.cu")
	if err != nil {
		t.Fatal(err)
	}
	for _, sm := range []int{52, 70, 80, 90} {
		tgt := target.Default
		tgt.SM = sm
		// -g implies -O0, as the command (and nvcc -G) compile it.
		ptx, err := Compile(&Config{Target: tgt, Opt: 0, Debug: true, Check: true}, "call_example.cu", src)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		cubin := filepath.Join(dir, "out.cubin")
		if err := oracle.Assemble(string(ptx), tgt.Arch(), cubin, "-g"); err != nil {
			t.Fatalf("sm_%d: ptxas: %v\n%s", sm, err, ptx)
		}
		cmd := exec.Command(oracle.LLVMDwarfdump, "--verify", cubin)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		_ = cmd.Run()
		for _, block := range strings.Split(out.String(), "\nerror: ")[1:] {
			msg := strings.SplitN(block, "\n", 2)[0]
			if !strings.HasPrefix(msg, "DIEs have overlapping address ranges") {
				t.Errorf("sm_%d: llvm-dwarfdump-14 --verify: %s", sm, msg)
			}
		}
		dump, err := exec.Command(oracle.LLVMDwarfdump, "--debug-info", cubin).Output()
		if err != nil {
			t.Fatal(err)
		}
		d := string(dump)
		for _, want := range []string{
			`DW_AT_MIPS_linkage_name	("_Z3fooii")`,
			`DW_AT_MIPS_linkage_name	("_Z4testPi")`,
		} {
			if !strings.Contains(d, want) {
				t.Errorf("sm_%d: no %s in\n%s", sm, want, d)
			}
		}
		// Each parameter with its location and address class: the
		// kernel's p at its .param symbol (DW_OP_addr, ADDR_param_space,
		// 7); foo's i and j, which arrive in registers, at their local
		// copies (-g is -O0), distinct frame offsets (ADDR_local_space, 6).
		locs := map[string]string{}
		for _, p := range []struct{ name, loc, class string }{
			{"p", "DW_AT_location	(DW_OP_addr", "(0x07)"},
			{"i", "DW_AT_location	(DW_OP_fbreg", "(0x06)"},
			{"j", "DW_AT_location	(DW_OP_fbreg", "(0x06)"},
		} {
			name := p.name
			i := strings.Index(d, `DW_AT_name	("`+name+`")`)
			if i < 0 {
				t.Errorf("sm_%d: no parameter %s", sm, name)
				continue
			}
			rest := d[i:]
			if end := strings.Index(rest[1:], "\n\n"); end > 0 {
				rest = rest[:end+1]
			}
			if !strings.Contains(rest, p.loc) || !strings.Contains(rest, "DW_AT_address_class	"+p.class) {
				t.Errorf("sm_%d: parameter %s lacks its location or address class:\n%s", sm, name, rest)
			}
			if j := strings.Index(rest, "DW_AT_location"); j >= 0 {
				loc, _, _ := strings.Cut(rest[j:], "\n")
				locs[name] = loc
			}
		}
		if locs["i"] == locs["j"] {
			t.Errorf("sm_%d: parameters i and j share a location: %s", sm, locs["i"])
		}
	}
}

// TestDebugLocals: with -g at -O0 (as nvcc -G) local variables stay in
// local memory and the DWARF locates each there (ptxas turns the symbol
// into a frame offset), with address class ADDR_local_space (6).
func TestDebugLocals(t *testing.T) {
	oracle.Need(t, oracle.PTXAS, oracle.LLVMDwarfdump)
	src := []byte(`__device__ __noinline__ int foo(int i, int j)
{
	int s = i * j;
	int t = s + i;
	return t;
}
__global__ void test(int *p)
{
	int k = threadIdx.x;
	*p = foo(k, 2);
}
`)
	ptx, err := Compile(&Config{Opt: 0, Debug: true, Check: true}, "locals.cu", src)
	if err != nil {
		t.Fatal(err)
	}
	cubin := filepath.Join(t.TempDir(), "out.cubin")
	if err := oracle.Assemble(string(ptx), "sm_52", cubin, "-g"); err != nil {
		t.Fatalf("ptxas: %v\n%s", err, ptx)
	}
	dump, err := exec.Command(oracle.LLVMDwarfdump, "--debug-info", cubin).Output()
	if err != nil {
		t.Fatal(err)
	}
	d := string(dump)
	for _, name := range []string{"k", "s", "t"} {
		i := strings.Index(d, `DW_AT_name	("`+name+`")`)
		if i < 0 {
			t.Errorf("no variable %s", name)
			continue
		}
		rest := d[i:]
		if end := strings.Index(rest, "\n\n"); end > 0 {
			rest = rest[:end]
		}
		if !strings.Contains(rest, "DW_AT_location	(DW_OP_fbreg") || !strings.Contains(rest, "DW_AT_address_class	(0x06)") {
			t.Errorf("variable %s is not located in local memory:\n%s", name, rest)
		}
	}
}

// TestPrototypeLabelsUnique: an indirect call's .callprototype label is
// unique in the module, not only in its function, as nvcc numbers them.
func TestPrototypeLabelsUnique(t *testing.T) {
	const file = "../internal/kernels/testdata/funcptr.cu"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []Config{{Opt: 0, Debug: true}, {Opt: 3}} {
		out, err := Compile(&cfg, file, src)
		if err != nil {
			t.Fatal(err)
		}
		labels := regexp.MustCompile(`(?m)^\s*(\w+)\s*:\s*\.callprototype`).FindAllStringSubmatch(string(out), -1)
		if len(labels) < 2 {
			t.Fatalf("-O%d: %d .callprototype labels, want at least 2 (the kernel's and fold's)", cfg.Opt, len(labels))
		}
		seen := map[string]bool{}
		for _, l := range labels {
			if seen[l[1]] {
				t.Errorf("-O%d: .callprototype label %s declared twice in the module", cfg.Opt, l[1])
			}
			seen[l[1]] = true
		}
	}
}

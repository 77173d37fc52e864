package cc

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront/sema"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// TestBuiltinTables checks the two halves of the prelude against each
// other: sema.Builtins (the calls the front end marks as built-ins) and
// builtins (how this package lowers them). A lowering of a name sema does
// not mark is dead code; a marked name without a lowering is an error at
// compile time, and must be listed in notLowered with that reason. Every
// marked name is declared by the prelude (the built-in headers with
// __PTXABI_DEVICE_BUILTINS), which gives it its C type.
func TestBuiltinTables(t *testing.T) {
	var unmarked, missing []string
	for n := range builtins() {
		if !sema.IsBuiltin(n) {
			unmarked = append(unmarked, n)
		}
	}
	for n := range sema.Builtins() {
		if builtins()[n] == nil && !notLowered[n] {
			missing = append(missing, n)
		}
	}
	for n := range notLowered {
		if builtins()[n] != nil {
			t.Errorf("%s is lowered now: remove it from notLowered", n)
		}
	}
	declared := preludeFuncs(t)
	for n := range headerFuncs(t, "#include <cuda_fp16.h>\n#include <assert.h>\n") {
		declared[n] = true
	}
	var undeclared []string
	for n := range sema.Builtins() {
		if !declared[n] {
			undeclared = append(undeclared, n)
		}
	}
	sort.Strings(undeclared)
	if len(undeclared) > 0 {
		t.Errorf("built-ins the prelude does not declare: %q", undeclared)
	}
	sort.Strings(unmarked)
	sort.Strings(missing)
	if len(unmarked) > 0 {
		t.Errorf("lowerings of names sema.Builtins does not mark: %q", unmarked)
	}
	if len(missing) > 0 {
		t.Errorf("built-ins without a lowering (add one, or list them in notLowered): %q", missing)
	}
}

// notLowered are the built-ins sema marks that this package does not
// lower yet: a call of one is the error "built-in NAME is not supported
// by ptxabi cc yet" at its position.
var notLowered = map[string]bool{}

// TestBuiltinArch: a built-in that nvcc declares only from some sm_XX on
// compiles for that target (and ptxas takes it) and is an error naming the
// -arch it needs below it; nvcc accepts and rejects the same calls.
func TestBuiltinArch(t *testing.T) {
	tests := []struct {
		call string
		sm   int
		want string // the error; "" where it compiles
	}{
		{"__match_any_sync(~0u, *p)", 52, "x.cu:2:52: __match_any_sync needs -arch=sm_70 or later (the target is sm_52)"},
		{"__match_all_sync(~0u, *p, &q)", 61, "__match_all_sync needs -arch=sm_70 or later (the target is sm_61)"},
		{"__match_any_sync(~0u, (double)*p)", 70, ""},
		{"__match_all_sync(~0u, (long long)*p, &q)", 70, ""},
		{"__reduce_add_sync(~0u, *p)", 70, "__reduce_add_sync needs -arch=sm_80 or later (the target is sm_70)"},
		{"__reduce_min_sync(~0u, (int)*p)", 52, "__reduce_min_sync needs -arch=sm_80"},
		{"__reduce_xor_sync(~0u, *p)", 75, "__reduce_xor_sync needs -arch=sm_80"},
		{"__reduce_max_sync(~0u, (int)*p) + __reduce_or_sync(~0u, *p)", 80, ""},
		{"__half2float(__hdiv(__float2half(*p), __float2half(3.0f)))", 52, "__hdiv needs -arch=sm_53 or later (the target is sm_52)"},
		{"__half2float(__hdiv(__float2half(*p), __float2half(3.0f)))", 53, ""},
	}
	for _, tc := range tests {
		src := "#include <cuda_fp16.h>\n__global__ void k(unsigned *p) { int q = 0; p[1] = " + tc.call + " + q; }\n"
		t.Run(fmt.Sprintf("%s/sm_%d", tc.call, tc.sm), func(t *testing.T) {
			cfg := Config{Target: target.Target{AddressSize: 64, SM: tc.sm, PTX: target.Default.PTX}, Opt: 3, Check: true}
			out, err := Compile(&cfg, "x.cu", []byte(src))
			switch {
			case tc.want == "" && err != nil:
				t.Fatal(err)
			case tc.want != "" && err == nil:
				t.Fatalf("no error; PTX:\n%s", out)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Fatalf("error %q, want %q", err, tc.want)
			}
			arch := fmt.Sprintf("sm_%d", tc.sm)
			if err == nil && oracle.Have(oracle.PTXAS) {
				if err := oracle.Assemble(string(out), arch, ""); err != nil {
					t.Errorf("ptxas: %v", err)
				}
			}
			if oracle.Have(oracle.NVCC) {
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, "x.cu"), []byte(src), 0o666); err != nil {
					t.Fatal(err)
				}
				_, nerr := oracle.Run(dir, oracle.NVCC, "-ptx", "-arch="+arch, "-o", "x.ptx", "x.cu")
				if (nerr == nil) != (tc.want == "") {
					t.Errorf("nvcc -arch=%s: error %v; ours: %v", arch, nerr, err)
				}
			}
		})
	}
}

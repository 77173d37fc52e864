package cfront

import (
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/mangle"
	"github.com/ptxabi/ptxabi/target"
)

// TestOracleValid checks that what the golden tests accept is CUDA: nvcc
// compiles every testdata/*.cu, for -m64 and -m32, in one invocation each.
func TestOracleValid(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	files, _ := filepath.Glob("testdata/*.cu")
	inc, _ := filepath.Abs("testdata/include")
	var abs []string
	for _, f := range files {
		a, _ := filepath.Abs(f)
		abs = append(abs, a)
	}
	for _, addr := range []int{64, 32} {
		dir := t.TempDir()
		args := append([]string{oracle.MArg(addr), "-ptx", "-I", inc}, abs...)
		if _, err := oracle.Run(dir, oracle.NVCC, args...); err != nil {
			t.Errorf("nvcc rejects an input that cfront accepts: %v", err)
		}
	}
	t.Logf("%d valid inputs compiled by nvcc for -m64 and -m32", len(files))
}

var nvccErrorRx = regexp.MustCompile(`(?m)^[^\n(]*\((\d+)\): error`)

// TestOracleInvalid checks that nvcc rejects each line of
// testdata/errors/nvcc*.cu marked ERROR, and no other line (TestErrors
// checks that cfront reports the same lines). One nvcc run per file.
func TestOracleInvalid(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	files, _ := filepath.Glob("testdata/errors/nvcc*.cu")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	cases := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int]bool{}
		for i, l := range strings.Split(string(src), "\n") {
			if errorRx.MatchString(l) {
				want[i+1] = true
			}
		}
		cases += len(want)
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "in.cu"), src, 0o666); err != nil {
			t.Fatal(err)
		}
		_, err = oracle.Run(dir, oracle.NVCC, "-m64", "-ptx", "in.cu")
		if err == nil {
			t.Errorf("%s: nvcc accepts it", file)
			continue
		}
		got := map[int]bool{}
		for _, m := range nvccErrorRx.FindAllStringSubmatch(err.Error(), -1) {
			n, _ := strconv.Atoi(m[1])
			got[n] = true
		}
		for l := range want {
			if !got[l] {
				t.Errorf("%s:%d: nvcc reports no error here", file, l)
			}
		}
		for l := range got {
			if !want[l] {
				t.Errorf("%s:%d: nvcc reports an error not marked ERROR", file, l)
			}
		}
	}
	t.Logf("%d invalid declarations rejected by both nvcc and cfront", cases)
}

// TestOracleVectorAlign checks the alignment of every built-in vector
// type against nvcc: one generated file of static_asserts per address size.
func TestOracleVectorAlign(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	n := 0
	for _, addr := range []int{64, 32} {
		tg := target.Default
		tg.AddressSize = addr
		var b strings.Builder
		for _, e := range vectorElems {
			for l := 1; l <= 4; l++ {
				name := e.prefix + strconv.Itoa(l)
				v := BuiltinType(tg, name).(*ctypes.Vector)
				fmt.Fprintf(&b, "static_assert(alignof(%s) == %d, \"%s\");\n", name, v.Align, name)
				n++
			}
		}
		oracle.CompilePTX(t, b.String(), addr)
	}
	t.Logf("%d vector alignments confirmed by nvcc", n)
}

// TestOracleStdTypes checks the built-in headers' typedefs and macros
// against nvcc's for both address sizes: cfront resolves each typedef,
// and nvcc must agree that it is the same type.
func TestOracleStdTypes(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	names := []string{"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
		"intptr_t", "uintptr_t", "intmax_t", "uintmax_t", "int_fast16_t", "uint_fast32_t", "int_least64_t",
		"size_t", "ptrdiff_t"}
	macros := []string{"INT64_MAX", "UINT64_MAX", "INT64_MIN", "SIZE_MAX", "INTPTR_MAX", "UINTPTR_MAX", "LONG_MAX",
		"ULONG_MAX", "INT_MIN", "UINT32_MAX", "INT8_MIN", "__SIZEOF_POINTER__", "__SIZEOF_LONG__", "CHAR_BIT",
		"__linux__", "__unix__", "__GNUC__", "__ELF__"}
	for _, addr := range []int{64, 32} {
		var src strings.Builder
		src.WriteString("#include <stdint.h>\n#include <stddef.h>\n#include <limits.h>\n")
		for _, n := range names {
			fmt.Fprintf(&src, "typedef %s check_%s;\n", n, n)
		}
		for i, m := range macros {
			fmt.Fprintf(&src, "enum M%d : unsigned long long { V%d = (unsigned long long)(%s) };\n", i, i, m)
		}
		fset := token.NewFileSet()
		f, err := ParseFile(testConfig(addr), fset, "std.cu", []byte(src.String()))
		if err != nil {
			t.Fatal(err)
		}
		var check strings.Builder
		check.WriteString(src.String())
		check.WriteString("template <class T, class U> struct same { static const bool v = false; };\n")
		check.WriteString("template <class T> struct same<T, T> { static const bool v = true; };\n")
		for _, n := range names {
			td := f.Lookup("check_" + n).(*ctypes.Typedef)
			fmt.Fprintf(&check, "static_assert(same<%s, %s>::v, \"%s\");\n", n, ctypes.Unqualified(td).String(), n)
		}
		for i, m := range macros {
			e := f.Lookup(fmt.Sprintf("M%d", i)).(*ctypes.Enum)
			fmt.Fprintf(&check, "static_assert((unsigned long long)(%s) == %dull, \"%s\");\n", m, uint64(e.Values[0].Value), m)
		}
		oracle.CompilePTX(t, check.String(), addr)
	}
	t.Logf("%d typedefs and %d macros confirmed by nvcc for -m64 and -m32", len(names), len(macros))
}

var ptxDefRx = regexp.MustCompile(`(?m)^\.(visible|weak) \.(?:func|entry)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)`)

// TestOracleMemberSymbols checks the symbols of testdata/classes.cu, whose
// device functions are member functions, constructors, destructors,
// operators and friends: every function that nvcc -rdc defines is one
// that cfront lists, with the name package mangle gives it, and every
// non-inline device function that cfront lists as defined is in nvcc's
// PTX under that name (both variants of constructors and destructors).
func TestOracleMemberSymbols(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, file := range []string{"testdata/classes.cu", "testdata/inherit.cu", "testdata/templates.cu"} {
		t.Run(filepath.Base(file), func(t *testing.T) { checkMemberSymbols(t, file, 52, 64, 32) })
	}
	// Whole programs include the host's C++ headers through nvcc's
	// cuda_runtime.h, which -m32 lacks here: -m64 only.
	progs, _ := filepath.Glob("testdata/programs/*.cu")
	for _, file := range progs {
		t.Run(filepath.Base(file), func(t *testing.T) { checkMemberSymbols(t, file, 70, 64) })
	}
}

func checkMemberSymbols(t *testing.T, file string, sm int, addrs ...int) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, addr := range addrs {
		tgt := target.Target{AddressSize: addr, SM: sm}
		cfg := testConfig(addr)
		cfg.Target.SM = sm
		f, err := ParseFile(cfg, token.NewFileSet(), file, src)
		if err != nil {
			t.Fatal(err)
		}
		ptx := oracle.CompilePTX(t, string(src), addr, fmt.Sprintf("-arch=sm_%d", sm), "-rdc=true")
		theirs := map[string]bool{}
		for _, m := range ptxDefRx.FindAllStringSubmatch(ptx, -1) {
			theirs[m[2]] = true
		}
		ours := map[string]bool{}
		n := 0
		for _, fd := range f.Funcs {
			if fd.Kind == ctypes.HostFunc {
				continue
			}
			syms, err := mangle.Variants(fd, tgt)
			if err != nil {
				t.Errorf("%s: %v", fd.QualifiedName(), err)
				continue
			}
			for _, s := range syms {
				ours[s] = true
				if fd.Defined && !fd.HasAttr("inline") && !theirs[s] {
					t.Errorf("-m%d: %s defines %s, which nvcc's PTX does not", addr, fd.QualifiedName(), s)
				}
				n++
			}
		}
		for s := range theirs {
			if !ours[s] {
				t.Errorf("-m%d: nvcc defines %s, which cfront does not list", addr, s)
			}
		}
		t.Logf("-m%d: %d symbols listed, %d defined by nvcc, all of them listed", addr, n, len(theirs))
	}
}

// TestOracleTemplateInstances compiles random CUDA C++ whose device
// symbols are template instances that only the source's calls determine
// (ctgen.Templates: arguments deduced from calls and launches, variadic
// templates, member templates, partial specializations, std classes'
// abbreviations) with nvcc -rdc, -m64 and -m32, and checks that the
// device functions cfront lists are exactly those nvcc defines, by the
// names package mangle gives them.
var (
	templatesSeed  = flag.Uint64("templates-seed", 1000, "seed of TestOracleTemplateInstances (plus the address size)")
	templatesUnits = flag.Int("templates-units", 150, "random units per address size in TestOracleTemplateInstances")
)

func TestOracleTemplateInstances(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	units := *templatesUnits
	if testing.Short() {
		units = 20
	}
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			g := ctgen.NewTemplates(*templatesSeed + uint64(addr))
			for range units {
				g.Unit()
			}
			src := g.Source()
			cfg := testConfig(addr)
			cfg.Target.SM = 70
			var warns []string
			cfg.Warn = func(d Diagnostic) { warns = append(warns, d.String()) }
			f, err := ParseFile(cfg, token.NewFileSet(), "gen.cu", []byte(src))
			if err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			for _, w := range warns {
				t.Errorf("warning: %s", w)
			}
			ptx := oracle.CompilePTX(t, src, addr, "-arch=sm_70", "-rdc=true")
			theirs := map[string]bool{}
			for _, m := range ptxDefRx.FindAllStringSubmatch(ptx, -1) {
				theirs[m[2]] = true
			}
			tgt := target.Target{AddressSize: addr, SM: 70}
			ours := map[string]bool{}
			for _, fd := range f.Funcs {
				if fd.Kind == ctypes.HostFunc {
					continue
				}
				syms, err := mangle.Variants(fd, tgt)
				if err != nil {
					t.Errorf("%s: %v", fd.QualifiedName(), err)
					continue
				}
				for _, s := range syms {
					ours[s] = true
					if !theirs[s] {
						t.Errorf("-m%d: cfront lists %s (%s), which nvcc does not define", addr, s, fd.QualifiedName())
					}
				}
			}
			for s := range theirs {
				if !ours[s] {
					t.Errorf("-m%d: nvcc defines %s, which cfront does not list", addr, s)
				}
			}
			// nvcc's symbols demangle to c++filt's text.
			var names []string
			for s := range theirs {
				names = append(names, s)
			}
			sort.Strings(names)
			out, err := oracle.Run(t.TempDir(), "c++filt", names...)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			for i, s := range names {
				if got, err := mangle.Demangle(s); err != nil || i >= len(want) || got != want[i] {
					t.Errorf("Demangle(%s) = %q, %v; c++filt %q", s, got, err, want[min(i, len(want)-1)])
				}
			}
			if t.Failed() {
				t.Logf("source:\n%s", src)
			}
			var cats []string
			for k, v := range g.Counts {
				cats = append(cats, fmt.Sprintf("%s %d", k, v))
			}
			sort.Strings(cats)
			t.Logf("-m%d: %d device symbols, all as nvcc defines them and demangled as c++filt does (%s)", addr, len(theirs), strings.Join(cats, ", "))
		})
	}
}

// varTemplatesSrc declares variable templates of device memory, named
// with their arguments in a kernel, explicitly instantiated, in a
// namespace, with non-type arguments, and a constexpr one (no symbol).
const varTemplatesSrc = `template <typename T> __device__ T gvar;
template <typename T, int N> __device__ T garr[N];
template <typename T> constexpr T pi = T(3.14159);
namespace ns { template <typename T> __device__ T nvar; }
template <typename T, typename U> __constant__ T cvar[sizeof(U)];
template __device__ double gvar<double>;
template __device__ short garr<short, 3>[3];
__global__ void k(float *p) { gvar<float> = *p; garr<int, 4>[1] = 2; ns::nvar<char> = 'a'; p[1] = pi<float> + cvar<unsigned, double>[0]; }
`

var ptxVarRx = regexp.MustCompile(`(?m)^\.(?:visible|weak) \.(?:global|const) .*?(_Z\w+)`)

// TestOracleVariableTemplates checks that the device variables that
// variable templates' specializations define are listed with nvcc's
// names, -m64 and -m32.
func TestOracleVariableTemplates(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, addr := range []int{64, 32} {
		f, err := ParseFile(testConfig(addr), token.NewFileSet(), "vt.cu", []byte(varTemplatesSrc))
		if err != nil {
			t.Fatal(err)
		}
		ours := map[string]bool{}
		for _, v := range f.Vars {
			if v.Template == nil {
				continue
			}
			name, err := mangle.VarName(v)
			if err != nil {
				t.Errorf("%s: %v", v.Name, err)
				continue
			}
			ours[name] = true
		}
		ptx := oracle.CompilePTX(t, varTemplatesSrc, addr, "-rdc=true")
		theirs := map[string]bool{}
		for _, m := range ptxVarRx.FindAllStringSubmatch(ptx, -1) {
			theirs[m[1]] = true
		}
		for s := range theirs {
			if !ours[s] {
				t.Errorf("-m%d: nvcc defines %s, which cfront does not list", addr, s)
			}
		}
		for s := range ours {
			if !theirs[s] {
				t.Errorf("-m%d: cfront lists %s, which nvcc does not define", addr, s)
			}
		}
		t.Logf("-m%d: %d variable template specializations, named as nvcc does", addr, len(theirs))
	}
}

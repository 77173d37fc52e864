package cc

import (
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/target"
)

// preludeFuncs returns the names the prelude (<cuda_runtime.h>) declares
// as functions with the given macros defined.
func preludeFuncs(t *testing.T, macros ...string) map[string]bool {
	t.Helper()
	return headerFuncs(t, "#include <cuda_runtime.h>\n", macros...)
}

// headerFuncs returns the names src declares as functions (identifiers
// followed by '('), with the prelude's device built-ins and the given
// macros defined.
func headerFuncs(t *testing.T, src string, macros ...string) map[string]bool {
	t.Helper()
	toks, _, _ := preludeTokens(t, src, append([]string{"__PTXABI_DEVICE_BUILTINS"}, macros...)...)
	names := map[string]bool{}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Kind == pp.Ident && toks[i+1].Text == "(" && !typeKeywords[toks[i].Text] {
			names[toks[i].Text] = true
		}
	}
	return names
}

// preludeTokens preprocesses src as the compiler does, with the given
// macros defined as 1: its tokens, the file set of their positions, and
// the set of those positions ("file:line:col"), by which two runs with
// other macros tell the tokens one of them adds.
func preludeTokens(t *testing.T, src string, macros ...string) ([]pp.Token, *token.FileSet, map[string]bool) {
	t.Helper()
	fset := token.NewFileSet()
	pre := pp.New(&pp.Config{Error: func(pos token.Pos, msg string) { t.Errorf("prelude: %s", msg) }}, fset)
	pre.DefineAll(pp.Predefined(target.Default))
	for _, m := range macros {
		pre.Define(m, "1")
	}
	pre.Push("x.cu", []byte(src))
	toks := pre.All()
	at := make(map[string]bool, len(toks))
	for _, tk := range toks {
		at[fset.Position(tk.Pos).String()] = true
	}
	return toks, fset, at
}

// typeKeywords are the keywords that name a type, which a declaration of
// a pointer to a function puts before '(' ("int (*cmp)(...)"), and those
// that a function's body puts before one ("if (x < 0)").
var typeKeywords = words("void bool char short int long signed unsigned float double if while for switch return sizeof")

// TestHostAPIFamily checks what __PTXABI_HOSTAPI declares beyond its
// functions: every name declared at file scope by the tokens the family
// turns on (a type, typedef, variable or function name: an identifier
// before ';', '(', '=', ',', '{' or '[' outside braces and parentheses,
// or '(*name)'; an enumerator) is one the family's names accept, so that
// a unit naming it gets the declaration.
func TestHostAPIFamily(t *testing.T) {
	var fam func(string) bool
	for _, f := range builtinFamilies {
		if f.macro == "__PTXABI_HOSTAPI" {
			fam = f.names
		}
	}
	if fam == nil {
		t.Fatal("no family __PTXABI_HOSTAPI")
	}
	const src = "#include <cuda_runtime.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
	_, _, before := preludeTokens(t, src, "__PTXABI_DEVICE_BUILTINS", "__PTXABI_BUILTINS_LAZY")
	toks, fset, _ := preludeTokens(t, src, "__PTXABI_DEVICE_BUILTINS", "__PTXABI_BUILTINS_LAZY", "__PTXABI_HOSTAPI")
	braces, parens, declared, inEnum, tparams := 0, 0, 0, false, 0
	for i, tk := range toks {
		switch {
		case tk.Text == "<" && i > 0 && toks[i-1].Text == "template":
			tparams++
			continue
		case tk.Text == ">" && tparams > 0:
			tparams--
			continue
		case tparams > 0:
			continue // a template parameter
		}
		switch tk.Text {
		case "{":
			inEnum = braces == 0 && i >= 2 && (toks[i-2].Text == "enum" || toks[i-1].Text == "enum")
			braces++
		case "}":
			braces--
		case "(":
			parens++
		case ")":
			parens--
		}
		if tk.Kind != pp.Ident || before[fset.Position(tk.Pos).String()] || i+1 >= len(toks) {
			continue
		}
		next, prev := toks[i+1].Text, toks[i-1].Text
		decl := false
		switch {
		case braces == 0 && parens == 0:
			decl = next == ";" || next == "(" || next == "=" || next == "," || next == "{" || next == "["
		case braces == 0 && parens == 1:
			decl = prev == "*" && next == ")" && i >= 2 && toks[i-2].Text == "("
		case braces == 1 && inEnum:
			decl = prev == "{" || prev == ","
		}
		if decl && !typeKeywords[tk.Text] {
			declared++
			if !fam(tk.Text) {
				t.Errorf("__PTXABI_HOSTAPI declares %s at %v, which its names do not accept", tk.Text, fset.Position(tk.Pos))
			}
		}
	}
	if declared < 50 {
		t.Errorf("__PTXABI_HOSTAPI declares %d names; want the host API's", declared)
	}
}

// TestBuiltinFamilies checks builtinFamilies against the prelude: every
// function a family's macro declares is one its names accepts, so that
// a unit naming it gets its declaration; and the families together
// declare what the prelude declares without __PTXABI_BUILTINS_LAZY.
func TestBuiltinFamilies(t *testing.T) {
	base := preludeFuncs(t, "__PTXABI_BUILTINS_LAZY")
	all := preludeFuncs(t)
	every := []string{"__PTXABI_BUILTINS_LAZY"}
	for _, f := range builtinFamilies {
		every = append(every, f.macro)
		if consts := familyConsts()[f.macro]; consts != nil {
			// Each constant is a name the family lists, defined (a
			// use of it is no identifier) with the family's macro only.
			probe := "#include <cuda_runtime.h>\n"
			for _, c := range consts {
				probe += c + " (\n"
			}
			with, without := headerFuncs(t, probe, "__PTXABI_BUILTINS_LAZY", f.macro), headerFuncs(t, probe, "__PTXABI_BUILTINS_LAZY")
			for _, c := range consts {
				if !f.names(c) || with[c] || !without[c] {
					t.Errorf("%s: constant %s: listed %v, defined with it %v, without it %v", f.macro, c, f.names(c), !with[c], !without[c])
				}
			}
			continue
		}
		if f.macro == "__PTXABI_STD" {
			continue // names reached through std (TestStdFamily)
		}
		got := preludeFuncs(t, "__PTXABI_BUILTINS_LAZY", f.macro)
		n := 0
		for name := range got {
			if base[name] {
				continue
			}
			n++
			if !f.names(name) {
				t.Errorf("%s declares %s, which builtinFamilies does not list for it", f.macro, name)
			}
		}
		if n == 0 {
			t.Errorf("%s declares nothing", f.macro)
		}
	}
	lazy := preludeFuncs(t, every...)
	for name := range all {
		if !lazy[name] {
			t.Errorf("%s is declared only without __PTXABI_BUILTINS_LAZY", name)
		}
	}
}

// TestBuiltinMacros checks that a unit gets the families it names, from
// its own text and from macros, and no others.
func TestBuiltinMacros(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"__global__ void k(int *p) { p[0] = 1; }", nil},
		{"__global__ void k(int *p) { atomicAdd(p, 1); }", []string{"__PTXABI_BUILTINS_ATOMIC"}},
		{"#define F(x) sqrtf(x)\n__global__ void k(float *p) { p[0] = F(p[1]) + min(1, 2); }",
			[]string{"__PTXABI_BUILTINS_MINMAX", "__PTXABI_BUILTINS_MATH"}},
		{"__global__ void k(float4 *p) { p[0] = make_float4(0, 0, 0, __int2float_rn(1)); }",
			[]string{"__PTXABI_BUILTINS_MAKE", "__PTXABI_BUILTINS_CVT"}},
	} {
		ms := builtinMacros(&Config{}, "x.cu", []byte(tc.src))
		got := map[string]bool{}
		for _, m := range ms {
			got[m.Name] = true
		}
		want := map[string]bool{"__PTXABI_BUILTINS_LAZY": true}
		for _, w := range tc.want {
			want[w] = true
		}
		if len(got) != len(want) {
			t.Errorf("%q: families %v, want %v", tc.src, got, want)
			continue
		}
		for w := range want {
			if !got[w] {
				t.Errorf("%q: families %v, want %v", tc.src, got, want)
			}
		}
	}
}

// TestScanFamilyConstants checks that the preprocessed scan finds a
// family's constants where the unit names them, directly or through a
// macro of its own: the scan must not define them itself (it once did,
// through cuda_runtime.h, and a unit with a quoted #include lost M_PI).
func TestScanFamilyConstants(t *testing.T) {
	mathConst := -1
	for i, f := range builtinFamilies {
		if f.macro == "__PTXABI_MATHCONST" {
			mathConst = i
		}
	}
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"#define S (2.0f / M_PI)\n__device__ float f() { return S; }\n", true},
		{"__device__ float f() { return -INFINITY; }\n", true},
		{"__device__ float f() { return 1.0f; }\n", false},
	} {
		got := scanFamilies(&Config{Target: target.Default}, "x.cu", []byte(tc.src))
		if got == nil || got[mathConst] != tc.want {
			t.Errorf("%q: __PTXABI_MATHCONST wanted %v, want %v", tc.src, got, tc.want)
		}
	}
}

// TestQuickFamilies checks the raw-token scan against the preprocessed
// one on every CUDA file of the tests and on units made to defeat it:
// where it answers, it wants every family the preprocessed scan wants
// (more only where a name is in code left out or a macro never
// expanded), and it gives up on what raw tokens cannot tell.
func TestQuickFamilies(t *testing.T) {
	files, err := filepath.Glob("testdata/*/*.cu")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../internal/kernels/testdata/*.cu")
	files = append(append(files, more...), "../examples/call_example.cu")
	type unit struct {
		name string
		src  []byte
	}
	var units []unit
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		units = append(units, unit{f, src})
	}
	for _, u := range []struct{ name, src string }{
		{"macro in a header", "#include <math_constants.h>\n__device__ float f() { return CUDART_INF_F; }\n"},
		{"macro of the unit", "#define M(x) atomicAdd(x, 1)\n__global__ void k(int *p) { M(p); }\n"},
		{"min in #if 0", "#if 0\nint y = min(1, 2);\n#endif\n__global__ void k() {}\n"},
		{"math header", "#include <cmath>\n__global__ void k(float *p) { *p = 1; }\n"},
		{"cstdint", "#include <cstdint>\n__global__ void k(int64_t *p) { *p = INT64_C(1); }\n"},
		{"pasting", "#define CAT(a, b) a##b\n__global__ void k(int *p) { CAT(atomic, Add)(p, 1); }\n"},
		{"quoted include", "#include \"other.h\"\n__global__ void k() {}\n"},
	} {
		units = append(units, unit{u.name, []byte(u.src)})
	}
	answered, extras := 0, 0
	for _, u := range units {
		c := &Config{Target: target.Default}
		quick, ok := quickFamilies(c, u.src)
		exact := scanFamilies(c, u.name, u.src)
		if !ok {
			if u.name == "macro in a header" || u.name == "macro of the unit" || u.name == "min in #if 0" {
				t.Errorf("%s: the raw scan gave up", u.name)
			}
			continue
		}
		if u.name == "pasting" || u.name == "quoted include" {
			t.Errorf("%s: the raw scan answered", u.name)
		}
		answered++
		extra := false
		for i, f := range builtinFamilies {
			if exact == nil || exact[i] && !quick[i] {
				t.Errorf("%s: the raw scan misses %s (preprocessed: %v)", u.name, f.macro, exact)
			}
			extra = extra || quick[i] && !exact[i]
		}
		if extra {
			extras++
		}
		if u.name == "min in #if 0" && !extra {
			t.Errorf("%s: the raw scan should want MINMAX", u.name)
		}
	}
	t.Logf("the raw scan answered for %d units of %d, with more families than needed for %d", answered, len(units), extras)
	if answered < len(units)/2 {
		t.Errorf("the raw scan answered for too few units")
	}
	// The predefined macros name no family.
	for _, m := range pp.Predefined(target.Default) {
		sc := pp.NewRawScanner([]byte(m.Body))
		for tk := sc.Next(); tk.Kind != pp.EOF; tk = sc.Next() {
			for _, f := range builtinFamilies {
				if tk.Kind == pp.Ident && f.names(tk.Text) {
					t.Errorf("predefined macro %s names %s, of %s", m.Name, tk.Text, f.macro)
				}
			}
		}
	}
}

// TestNameFilter checks that a nameFilter has every name added, and
// rejects most of the names it was not given (it would spare no look-up
// otherwise).
func TestNameFilter(t *testing.T) {
	var f nameFilter
	added := []string{"__CUDACC__", "assert", "INT_MAX", "x", "offsetof", "__PTXABI_HOSTAPI"}
	for _, s := range added {
		f.add(s)
	}
	for _, s := range added {
		if !f.has(s) {
			t.Errorf("%s was added, has is false", s)
		}
	}
	others := strings.Fields(`int float const return unsigned char void struct typedef atomicAdd __shfl_sync
		threadIdx blockIdx size_t double long short static inline extern template class namespace std
		operator bool true false sizeof enum union volatile auto register signed`)
	n := 0
	for _, s := range others {
		if f.has(s) {
			n++
		}
	}
	if f.has("") || n > len(others)/4 {
		t.Errorf("has is true for %d of %d names not added", n, len(others))
	}
}

// TestStdFamily checks __PTXABI_STD: every token it turns on lies in a
// namespace std { } block (so that a unit reaches those declarations only
// by naming std), there are such tokens, and a header that needs them
// (<vector>'s stand-ins) turns them on after the prelude left them out.
func TestStdFamily(t *testing.T) {
	const probe = "#include <cuda_runtime.h>\n"
	lazy := []string{"__PTXABI_DEVICE_BUILTINS", "__PTXABI_BUILTINS_LAZY"}
	_, _, before := preludeTokens(t, probe, lazy...)
	toks, fset, _ := preludeTokens(t, probe, append(lazy, "__PTXABI_STD")...)
	var open []bool // the braces open: whether each is a namespace std's
	added := 0
	for i, tk := range toks {
		closing := tk.Text == "}" && len(open) > 0 && open[len(open)-1]
		switch tk.Text {
		case "{":
			open = append(open, i >= 2 && toks[i-1].Text == "std" && toks[i-2].Text == "namespace")
		case "}":
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
		if before[fset.Position(tk.Pos).String()] {
			continue
		}
		added++
		if !slices.Contains(open, true) && !closing && !(tk.Text == "namespace" || tk.Text == "std") {
			t.Errorf("__PTXABI_STD turns on %q at %v, outside namespace std", tk.Text, fset.Position(tk.Pos))
		}
	}
	if added < 100 {
		t.Errorf("__PTXABI_STD turns on %d tokens; want namespace std's declarations", added)
	}
	vec, _, _ := preludeTokens(t, probe+"#include <vector>\n", lazy...)
	n := 0
	for _, tk := range vec {
		if tk.Text == "bad_alloc" {
			n++
		}
	}
	if n == 0 {
		t.Error("<vector> without __PTXABI_STD does not declare std::bad_alloc")
	}
}

// TestPreludeSize checks that a unit of one kernel reads little of the
// prelude: the built-in families it does not name, the host API and
// namespace std's core are left out (README, compile time). The whole
// prelude is over three times the bound.
func TestPreludeSize(t *testing.T) {
	src := []byte("__global__ void k(int *p) { p[0] = 1; }\n")
	macros := []string{"__PTXABI_DEVICE_BUILTINS"}
	for _, m := range builtinMacros(&Config{}, "k.cu", src) {
		macros = append(macros, m.Name)
	}
	lazy, _, _ := preludeTokens(t, "#include <cuda_runtime.h>\n"+string(src), macros...)
	all, _, _ := preludeTokens(t, "#include <cuda_runtime.h>\n"+string(src), "__PTXABI_DEVICE_BUILTINS")
	t.Logf("a one-kernel unit reads %d tokens of the prelude and its own; all of the prelude is %d", len(lazy), len(all))
	if len(lazy) > 1000 || 3*len(lazy) > len(all) {
		t.Errorf("a one-kernel unit reads %d tokens, the whole prelude %d: want at most 1000, under a third", len(lazy), len(all))
	}
}

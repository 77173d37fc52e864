package cc

import (
	"go/token"
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
	pre := pp.New(&pp.Config{Error: func(pos token.Pos, msg string) { t.Errorf("prelude: %s", msg) }}, token.NewFileSet())
	for _, m := range pp.Predefined(target.Default) {
		pre.Define(m.Name, m.Body)
	}
	for _, m := range append([]string{"__PTXABI_DEVICE_BUILTINS"}, macros...) {
		pre.Define(m, "1")
	}
	pre.Push("x.cu", []byte(src))
	toks := pre.All()
	names := map[string]bool{}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Kind == pp.Ident && toks[i+1].Text == "(" {
			names[toks[i].Text] = true
		}
	}
	return names
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

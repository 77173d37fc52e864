package cc

import (
	"go/token"
	"io/fs"
	"os"
	"strings"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/target"
)

// builtinFamilies are the families of device built-ins that the prelude
// (cfront/pp/include/ptxabi_device_builtins.h) declares only on request:
// each family's macro, defined with __PTXABI_BUILTINS_LAZY, declares its
// functions, and names reports whether a function name is one of them.
// Declaring the hundreds of overloads a unit does not name costs a small
// unit most of its compile time (issue 15).
var builtinFamilies = []struct {
	macro string
	names func(name string) bool
}{
	{"__PTXABI_BUILTINS_ATOMIC", func(n string) bool { return strings.HasPrefix(n, "atomic") }},
	{"__PTXABI_BUILTINS_SHFL", func(n string) bool { return strings.HasPrefix(n, "__shfl_") }},
	{"__PTXABI_BUILTINS_MATCH", func(n string) bool { return strings.HasPrefix(n, "__match_") }},
	{"__PTXABI_BUILTINS_WARP", func(n string) bool { return strings.HasSuffix(n, "_sync") || n == "__activemask" }},
	{"__PTXABI_BUILTINS_INT", func(n string) bool { return intrinsicFamily[n] }},
	{"__PTXABI_BUILTINS_REINTERP", func(n string) bool {
		return strings.Contains(n, "_as_") || n == "__hiloint2double" || n == "__double2hiint" || n == "__double2loint"
	}},
	{"__PTXABI_BUILTINS_MINMAX", func(n string) bool {
		n = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(n, "u"), "ll"), "u")
		return n == "min" || n == "max"
	}},
	{"__PTXABI_BUILTINS_LDG", func(n string) bool { return n == "__ldg" }},
	{"__PTXABI_BUILTINS_MAKE", func(n string) bool { return strings.HasPrefix(n, "make_") }},
	{"__PTXABI_BUILTINS_MATH", func(n string) bool { return mathFamily[strings.TrimSuffix(n, "f")] || mathFamily[n] }},
	{"__PTXABI_BUILTINS_FAST", func(n string) bool { return fastFamily[n] }},
	{"__PTXABI_BUILTINS_CVT", func(n string) bool {
		return strings.HasPrefix(n, "__") && (strings.HasSuffix(n, "_rn") || strings.HasSuffix(n, "_rz") ||
			strings.HasSuffix(n, "_ru") || strings.HasSuffix(n, "_rd"))
	}},
}

// mathFamily are the prelude's math functions (each with its f-suffixed
// float form where it has one); intrinsicFamily its integer intrinsics;
// fastFamily its fast single-precision intrinsics and the arithmetic
// with a rounding mode.
var mathFamily, intrinsicFamily, fastFamily = words(`sqrt rsqrt cbrt fabs floor ceil trunc
	round rint nearbyint exp exp2 expm1 log log2 log10 log1p sin cos tan asin acos atan sinh cosh
	tanh erf erfc lgamma tgamma asinh acosh atanh logb fmin fmax copysign pow atan2 fmod hypot fdim
	remainder nextafter fma ldexp frexp modf scalbn ilogb sincos abs labs llabs isnan isinf
	isfinite signbit`), words(`__popc __popcll __clz __clzll __brev __brevll __ffs __ffsll
	__byte_perm __mul24 __umul24 __mulhi __umulhi __mul64hi __umul64hi __funnelshift_l
	__funnelshift_r __sad __usad __dp4a __dp2a_lo __dp2a_hi`), words(`__expf __exp10f __logf
	__log2f __log10f __sinf __cosf __tanf __powf __fdividef __saturatef __frcp_rn __fsqrt_rn
	__fadd_rn __fmul_rn __fmaf_rn __dadd_rn __dmul_rn __fma_rn`)

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// builtinMacros returns the macros that declare the built-in families
// that src names: the identifiers of its preprocessed tokens, headers
// and macro expansions included, are the names a body can call. Errors
// are left to the parse that follows.
func builtinMacros(c *Config, filename string, src []byte) []cfront.Macro {
	t := c.Target
	if t.AddressSize == 0 {
		t.AddressSize = target.Default.AddressSize
	}
	if t.SM == 0 {
		t.SM = target.Default.SM
	}
	if src == nil {
		var err error
		if c.FS != nil {
			src, err = fs.ReadFile(c.FS, filename)
		} else {
			src, err = os.ReadFile(filename)
		}
		if err != nil {
			return nil // the parse reports it
		}
	}
	fset := token.NewFileSet()
	pre := pp.New(&pp.Config{IncludeDirs: c.IncludeDirs, FS: c.FS,
		Error: func(token.Pos, string) {}, Warn: func(token.Pos, string) {}}, fset)
	for _, m := range pp.Predefined(t) {
		pre.Define(m.Name, m.Body)
	}
	for _, m := range c.Macros {
		pre.Apply(m)
	}
	pre.Push(filename, src)
	if err := pre.PushBuiltin("cuda_runtime.h"); err != nil {
		return nil // every family is declared then
	}
	want := make([]bool, len(builtinFamilies))
	seen := map[string]bool{}
	for _, tok := range pre.All() {
		if tok.Kind != pp.Ident || seen[tok.Text] {
			continue
		}
		if !tok.FromMacro() {
			// A name as a built-in header spells it declares or defines
			// something (numeric_limits<T>::max()); a built-in is used
			// where the unit's own code, or a macro it expands, names it.
			if f := fset.File(tok.Pos); f != nil && pp.IsBuiltin(f.Name()) {
				continue
			}
		}
		seen[tok.Text] = true
		for i, f := range builtinFamilies {
			if !want[i] && f.names(tok.Text) {
				want[i] = true
			}
		}
	}
	if pre.Stopped() {
		return nil
	}
	ms := []cfront.Macro{{Name: "__PTXABI_BUILTINS_LAZY", Body: "1"}}
	for i, f := range builtinFamilies {
		if want[i] {
			ms = append(ms, cfront.Macro{Name: f.macro, Body: "1"})
		}
	}
	return ms
}

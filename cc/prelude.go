package cc

import (
	"go/token"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/target"
)

// builtinFamilies are the families of device built-ins that the prelude
// (cfront/pp/include/ptxabi_device_builtins.h) declares only on request,
// and that of the host API (__PTXABI_HOSTAPI: cuda_runtime.h's types and
// the host's C library functions, which device code does not call):
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
	{"__PTXABI_BUILTINS_WARP", func(n string) bool {
		return strings.HasSuffix(n, "_sync") || n == "__activemask" || legacyVotes()[n]
	}},
	{"__PTXABI_BUILTINS_INT", func(n string) bool { return intrinsicFamily()[n] }},
	{"__PTXABI_BUILTINS_REINTERP", func(n string) bool {
		return strings.Contains(n, "_as_") || n == "__hiloint2double" || n == "__double2hiint" || n == "__double2loint"
	}},
	{"__PTXABI_BUILTINS_MINMAX", func(n string) bool {
		n = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(n, "u"), "ll"), "u")
		return n == "min" || n == "max"
	}},
	{"__PTXABI_BUILTINS_LDG", func(n string) bool { return n == "__ldg" || cacheOps()[n] != 0 }},
	{"__PTXABI_BUILTINS_TEX", func(n string) bool { return textures()[n].geom != "" }},
	{"__PTXABI_MATHCONST", func(n string) bool { return slices.Contains(familyConsts()["__PTXABI_MATHCONST"], n) }},
	{"__PTXABI_BUILTINS_MAKE", func(n string) bool { return strings.HasPrefix(n, "make_") }},
	{"__PTXABI_BUILTINS_MATH", func(n string) bool { return mathFamily()[strings.TrimSuffix(n, "f")] || mathFamily()[n] }},
	{"__PTXABI_BUILTINS_FAST", func(n string) bool { return fastFamily()[n] }},
	{"__PTXABI_STD", func(n string) bool { return n == "std" }},
	{"__PTXABI_HOSTAPI", func(n string) bool {
		return strings.HasPrefix(n, "cuda") || n == "texture" || n == "surface" || hostLibrary()[n]
	}},
	{"__PTXABI_BUILTINS_CVT", func(n string) bool {
		return strings.HasPrefix(n, "__") && (strings.HasSuffix(n, "_rn") || strings.HasSuffix(n, "_rz") ||
			strings.HasSuffix(n, "_ru") || strings.HasSuffix(n, "_rd"))
	}},
}

// familyConsts are the macros that a family of constants defines (it
// declares no function): <math.h>'s constants, those of
// ptxabi_mathconst.h (TestBuiltinFamilies checks each is defined).
var familyConsts = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"__PTXABI_MATHCONST": {"M_E", "M_LN2", "M_PI", "M_PI_2", "M_SQRT2", "HUGE_VAL", "HUGE_VALF", "INFINITY", "NAN"},
	}
})

// mathFamily are the prelude's math functions (each with its f-suffixed
// float form where it has one, and what the bodies that the headers give
// some of them call); intrinsicFamily its integer intrinsics;
// fastFamily its fast single-precision intrinsics and the arithmetic
// with a rounding mode.
var mathFamily, intrinsicFamily, fastFamily = lazyWords(`sqrt rsqrt cbrt fabs floor ceil trunc
	round rint nearbyint exp exp2 expm1 log log2 log10 log1p sin cos tan asin acos atan sinh cosh
	tanh erf erfc lgamma tgamma asinh acosh atanh logb fmin fmax copysign pow atan2 fmod hypot fdim
	remainder nextafter fma ldexp frexp modf scalbn ilogb sincos abs labs llabs isnan isinf
	isfinite signbit __float_as_int __int_as_float __ptxabi_exp2i __double_as_longlong
	__longlong_as_double nan nanf __ptxabi_nan_payload __ptxabi_two_over_pi __ptxabi_reduce_pio2
	__ptxabi_sin_poly __ptxabi_cos_poly __ptxabi_odd_int __ptxabi_dd_mul __ptxabi_atan_d
	__ptxabi_atan2_d __ptxabi_log_special __ptxabi_exp_base __ptxabi_expm1_poly exp10 exp10f`), lazyWords(`__popc __popcll __clz __clzll __brev __brevll __ffs __ffsll
	__byte_perm __mul24 __umul24 __mulhi __umulhi __mul64hi __umul64hi __funnelshift_l
	__funnelshift_r __funnelshift_lc __funnelshift_rc __sad __usad __dp4a __dp2a_lo __dp2a_hi
	__hadd __rhadd __uhadd __urhadd`), lazyWords(`__expf __exp10f __logf
	__log2f __log10f __sinf __cosf __sincosf __tanf __powf __fdividef __saturatef saturate __frcp_rn __fsqrt_rn
	__fadd_rn __fmul_rn __fmaf_rn __dadd_rn __dmul_rn __fma_rn`)

// hostLibrary are the host's C library functions and variables that
// <stdio.h>, <stdlib.h> and <string.h> declare for host code (family
// __PTXABI_HOSTAPI, with the CUDA runtime API's cuda* names).
var hostLibrary = lazyWords(`stdin stdout stderr fopen fclose fprintf sprintf snprintf scanf fscanf sscanf
	fread fwrite fflush fseek ftell fgetc fgets fputs puts putchar getchar perror remove calloc realloc
	abort exit atexit atoi atol atof strtol strtoul strtod strtof rand srand getenv system qsort
	posix_memalign strlen strcmp strncmp strcpy strncpy strcat strchr strrchr strstr strdup strtok
	memcmp memmove strerror`)

// lazyWords returns words(s), made on first use: a command that compiles
// nothing does not build it at start-up.
func lazyWords(s string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool { return words(s) })
}

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// definesDeviceCode reports whether the built-in header h (as #include
// <...> names it) defines device functions that ptxabi cc compiles, whose
// bodies name built-ins: <cooperative_groups.h> and the headers under
// <cooperative_groups/>, and <cuda_bf16.h>.
func definesDeviceCode(h string) bool {
	return strings.HasPrefix(h, "cooperative_groups") || h == "cuda_bf16.h"
}

// builtinMacros returns the macros that declare the built-in families
// that src names: the identifiers of its preprocessed tokens, headers
// and macro expansions included, are the names a body can call. They
// are found from raw tokens where that can tell (quickFamilies), by
// preprocessing otherwise (scanFamilies). Errors are left to the parse
// that follows.
func builtinMacros(c *Config, filename string, src []byte) []cfront.Macro {
	if src == nil {
		if src = readSource(c, filename); src == nil {
			return nil // the parse reports it
		}
	}
	if want, ok := quickFamilies(c, src); ok {
		return familyMacros(want)
	}
	want := scanFamilies(c, filename, src)
	if want == nil {
		return nil
	}
	return familyMacros(want)
}

// scanFamilies finds the families src names by preprocessing it (t, with
// the built-in headers): nil when the parse that follows must declare
// them all.
func scanFamilies(c *Config, filename string, src []byte) []bool {
	t := c.Target
	if t.AddressSize == 0 {
		t.AddressSize = target.Default.AddressSize
	}
	if t.SM == 0 {
		t.SM = target.Default.SM
	}
	fset := token.NewFileSet()
	pre := pp.New(&pp.Config{IncludeDirs: c.IncludeDirs, FS: c.FS,
		Error: func(token.Pos, string) {}, Warn: func(token.Pos, string) {}}, fset)
	pre.DefineAll(pp.Predefined(t))
	// As the compile defines it: a family of constants (<math.h>'s M_PI,
	// INFINITY) is then not defined by cuda_runtime.h, so that a use of
	// one is an identifier here, not its expansion.
	pre.Define("__PTXABI_BUILTINS_LAZY", "1")
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
			if f := fset.File(tok.Pos); f != nil && pp.IsBuiltin(f.Name()) && !definesDeviceCode(strings.TrimPrefix(f.Name(), pp.BuiltinPrefix)) {
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
	return want
}

// readSource returns the text of file filename (from c.FS when set), or
// nil when it cannot be read.
func readSource(c *Config, filename string) []byte {
	var src []byte
	var err error
	if c.FS != nil {
		src, err = fs.ReadFile(c.FS, filename)
	} else {
		src, err = os.ReadFile(filename)
	}
	if err != nil {
		return nil
	}
	return src
}

// familyMacros returns the macros that declare the families wanted.
func familyMacros(want []bool) []cfront.Macro {
	ms := []cfront.Macro{{Name: "__PTXABI_BUILTINS_LAZY", Body: "1"}}
	for i, f := range builtinFamilies {
		if want[i] {
			ms = append(ms, cfront.Macro{Name: f.macro, Body: "1"})
		}
	}
	return ms
}

// quickFamilies finds the families src names without preprocessing it
// (which cost a small unit a fifth of its compile time), from raw
// tokens: the identifiers of the unit (outside directives, and in its
// #define bodies); in the built-in headers it and cuda_runtime.h
// include, transitively and whatever the conditions around the
// #includes, the identifiers of the arguments of the macros the headers
// invoke; and the identifiers of the bodies of the macros all those
// name, transitively. The preprocessed scan (scanFamilies) counts the
// unit's tokens and every token a macro expansion makes, which come from
// macro bodies and arguments: so these names include its names, and the
// families are at least those a body calls. A name found only here (in
// code #if leaves out, or in a macro never expanded) declares functions
// nothing calls. ok is false where raw tokens cannot tell: -D and -U
// options, a quoted or computed #include (a file of the user's), and
// token pasting (##) in the unit or in a macro that is expanded, which
// makes names no token spells.
func quickFamilies(c *Config, src []byte) (want []bool, ok bool) {
	if len(c.Macros) > 0 {
		return nil, false
	}
	names := map[string]bool{}
	macros := map[string]*rawMacro{}
	headers := []string{"cuda_runtime.h"}
	if !rawScan(pp.NewRawScanner(src).Next, false, names, macros, &headers) {
		return nil, false
	}
	var read [][]pp.Token
	done := map[string]bool{}
	for len(headers) > 0 {
		h := headers[len(headers)-1]
		headers = headers[:len(headers)-1]
		if done[h] || h == familyHeader {
			continue
		}
		done[h] = true
		toks, err := pp.BuiltinTokens(h)
		if err != nil {
			return nil, false // an #include the preprocessor resolves
		}
		if definesDeviceCode(h) {
			if !rawScan(tokenList(toks), false, names, macros, &headers) {
				return nil, false
			}
		} else if !rawScanHeader(toks, macros, &headers) {
			return nil, false
		}
		read = append(read, toks)
	}
	// The macros the headers invoke, with their arguments. Most of
	// their identifiers are no macro: a filter of the macros' names
	// spares them the look-up.
	var mayBeMacro nameFilter
	for name := range macros {
		mayBeMacro.add(name)
	}
	for _, toks := range read {
		depth := 0 // in the arguments of a macro invocation
		for i := 0; i < len(toks); i++ {
			t := &toks[i]
			if t.BOL && t.Kind == pp.Punct && t.Text == "#" {
				for i+1 < len(toks) && !toks[i+1].BOL {
					i++
				}
				continue
			}
			switch {
			case t.Kind == pp.Ident && (depth > 0 || mayBeMacro.has(t.Text) && macros[t.Text] != nil):
				names[t.Text] = true
				if depth == 0 && i+1 < len(toks) && toks[i+1].Text == "(" {
					depth = 1
					i++
				}
			case depth > 0 && t.Text == "(":
				depth++
			case depth > 0 && t.Text == ")":
				depth--
			}
		}
	}
	// The names the macros expand to.
	var work []string
	for n := range names {
		work = append(work, n)
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		m := macros[n]
		if m == nil {
			continue
		}
		if m.pasted {
			return nil, false
		}
		for _, b := range m.body {
			if !names[b] {
				names[b] = true
				work = append(work, b)
			}
		}
	}
	want = make([]bool, len(builtinFamilies))
	for n := range names {
		for i, f := range builtinFamilies {
			if !want[i] && f.names(n) {
				want[i] = true
			}
		}
	}
	return want, true
}

// nameFilter is a set of names that may answer yes for a name not in it
// (a Bloom filter of one hash): has is false for most names not added.
type nameFilter [64]uint64

func (f *nameFilter) key(s string) uint {
	return (uint(len(s))*131 + uint(s[0])*31 + uint(s[len(s)-1])*7 + uint(s[len(s)/2])) % (64 * 64)
}

func (f *nameFilter) add(s string) {
	if s != "" {
		k := f.key(s)
		f[k/64] |= 1 << (k % 64)
	}
}

func (f *nameFilter) has(s string) bool {
	if s == "" {
		return false
	}
	k := f.key(s)
	return f[k/64]&(1<<(k%64)) != 0
}

// rawMacro is what quickFamilies knows of a macro: the identifiers of
// its bodies (every #define of it) and whether one pastes tokens.
type rawMacro struct {
	body   []string
	pasted bool
}

// familyHeader is the built-in header whose sections the family macros
// turn on; the preprocessed scan does not read it.
const familyHeader = "ptxabi_device_builtins.h"

// rawScan reads the raw tokens of a file (next returns them, then EOF):
// its #defines go to macros, the built-in headers its #include <...>
// lines name to headers, and, for the unit (not a header), the
// identifiers outside directives to names. It reports false for a
// quoted or computed #include, and for a ## in the unit outside a
// #define.
func rawScan(next func() pp.Token, header bool, names map[string]bool, macros map[string]*rawMacro, headers *[]string) bool {
	var line []pp.Token // the directive being read, from its '#'
	for {
		t := next()
		if len(line) > 0 && (t.BOL || t.Kind == pp.EOF) {
			if !rawDirective(line[1:], macros, headers) {
				return false
			}
			line = line[:0]
		}
		if t.Kind == pp.EOF {
			return true
		}
		switch {
		case len(line) > 0 || t.BOL && t.Kind == pp.Punct && t.Text == "#":
			line = append(line, t)
		case header:
		case t.Kind == pp.Punct && t.Text == "##":
			return false
		case t.Kind == pp.Ident:
			names[t.Text] = true
		}
	}
}

// rawScanHeader is rawScan of a built-in header's tokens that names no
// identifiers: it reads only the directives, in place.
func rawScanHeader(toks []pp.Token, macros map[string]*rawMacro, headers *[]string) bool {
	for i := 0; i < len(toks); {
		if t := &toks[i]; !t.BOL || t.Kind != pp.Punct || t.Text != "#" {
			i++
			continue
		}
		j := i + 1
		for j < len(toks) && !toks[j].BOL {
			j++
		}
		if !rawDirective(toks[i+1:j], macros, headers) {
			return false
		}
		i = j
	}
	return true
}

// rawDirective reads a directive's tokens after its '#' for rawScan.
func rawDirective(line []pp.Token, macros map[string]*rawMacro, headers *[]string) bool {
	if len(line) == 0 {
		return true
	}
	switch line[0].Text {
	case "include", "include_next", "import":
		name, ok := angledName(line[1:])
		if !ok {
			return false
		}
		*headers = append(*headers, name)
	case "define":
		if len(line) < 2 {
			return true
		}
		m := macros[line[1].Text]
		if m == nil {
			m = &rawMacro{}
			macros[line[1].Text] = m
		}
		for _, b := range line[2:] {
			if b.Kind == pp.Punct && b.Text == "##" {
				m.pasted = true
			}
			if b.Kind == pp.Ident {
				m.body = append(m.body, b.Text)
			}
		}
	}
	return true
}

// tokenList returns a function that returns toks one by one, then EOF.
func tokenList(toks []pp.Token) func() pp.Token {
	i := 0
	return func() pp.Token {
		if i == len(toks) {
			return pp.Token{Kind: pp.EOF, BOL: true}
		}
		i++
		return toks[i-1]
	}
}

// angledName returns the header name of #include <name>, spelled as the
// preprocessor spells it, and whether the line is that form.
func angledName(toks []pp.Token) (string, bool) {
	if len(toks) < 3 || toks[0].Text != "<" || toks[len(toks)-1].Text != ">" {
		return "", false
	}
	var b strings.Builder
	for i, t := range toks[1 : len(toks)-1] {
		if i > 0 && t.Space {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String(), true
}

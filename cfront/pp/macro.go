package pp

import (
	"strconv"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// A Macro is one -D or -U option of a C compiler's command line, as gcc
// and nvcc take them. Preprocessor.Apply applies one; the order of options
// matters, as on a command line.
//
//	-D NAME          Macro{Name: "NAME", Body: "1"}
//	-D NAME=         Macro{Name: "NAME"}                 NAME is defined as empty
//	-D NAME=BODY     Macro{Name: "NAME", Body: "BODY"}
//	-D 'F(a)=BODY'   Macro{Name: "F(a)", Body: "BODY"}   a function-like macro
//	-U NAME          Macro{Name: "NAME", Undef: true}    predefined ones too
//
// Body is read as the rest of a #define line; errors in Name or Body are
// reported at <command-line>.
type Macro struct {
	Name  string
	Body  string
	Undef bool
}

// Apply applies a -D or -U option: -U removes a macro, predefined ones
// included.
func (p *Preprocessor) Apply(m Macro) {
	if m.Undef {
		delete(p.macros, m.Name)
		return
	}
	f := newSrcFile(p.fset, CommandLine, []byte(m.Name+" "+m.Body), true)
	toks, _ := lex(f)
	p.defineDirective(toks, Token{Pos: f.file.Pos(0)})
}

// Predefined returns the macros that nvcc 11.8 defines in its device
// compilation pass for target t in its default dialect (C++17): see
// PredefinedFor.
func Predefined(t target.Target) []Macro { return PredefinedFor(t, 0) }

// PredefinedFor returns the macros that nvcc 11.8 defines in its device
// compilation pass for target t and dialect d (-std; __cplusplus and the
// language feature-test macros follow it), with those of the host
// compiler (gcc 11 on x86-64 Linux) that nvcc's device pass sees too,
// since headers choose their Linux branches by them.
func PredefinedFor(t target.Target, d Dialect) []Macro {
	// The sizes come from layout's table of the fundamental types
	// (guide §1.1), which every other part of the project reads.
	lay := layout.New(t)
	size := func(k ctypes.Kind) string {
		n, err := lay.Sizeof(ctypes.BasicOf(k))
		if err != nil {
			panic(err) // a fundamental type always has a size
		}
		return strconv.FormatInt(n, 10)
	}
	ptr := strconv.Itoa(t.AddressSize / 8)
	m := []Macro{
		{Name: "__CUDACC__", Body: "1"},
		{Name: "__NVCC__", Body: "1"},
		{Name: "__CUDA_ARCH__", Body: strconv.Itoa(t.SM * 10)},
		{Name: "__CUDACC_VER_MAJOR__", Body: "11"},
		{Name: "__CUDACC_VER_MINOR__", Body: "8"},
		{Name: "__CUDACC_VER_BUILD__", Body: "89"},
		{Name: "CUDART_VERSION", Body: "11080"},
		{Name: "__cplusplus", Body: cplusplus[d.column()]},
		{Name: "__STDC__", Body: "1"},
		{Name: "__CHAR_BIT__", Body: "8"},
		{Name: "__SIZEOF_POINTER__", Body: ptr},
		{Name: "__SIZEOF_LONG__", Body: size(ctypes.Long)},
		{Name: "__SIZEOF_SIZE_T__", Body: ptr},
		{Name: "__SIZEOF_PTRDIFF_T__", Body: ptr},
		{Name: "__SIZEOF_INT__", Body: size(ctypes.Int)},
		{Name: "__SIZEOF_SHORT__", Body: size(ctypes.Short)},
		{Name: "__SIZEOF_LONG_LONG__", Body: size(ctypes.LongLong)},
		{Name: "__SIZEOF_FLOAT__", Body: size(ctypes.Float)},
		{Name: "__SIZEOF_DOUBLE__", Body: size(ctypes.Double)},
		{Name: "__SIZEOF_WCHAR_T__", Body: size(ctypes.WChar)},
		{Name: "__SCHAR_MAX__", Body: "0x7f"},
		{Name: "__SHRT_MAX__", Body: "0x7fff"},
		{Name: "__INT_MAX__", Body: "0x7fffffff"},
		{Name: "__LONG_LONG_MAX__", Body: "0x7fffffffffffffffLL"},
		{Name: "__BIGGEST_ALIGNMENT__", Body: "16"},
		{Name: "__linux__", Body: "1"}, {Name: "__linux", Body: "1"}, {Name: "__gnu_linux__", Body: "1"},
		{Name: "__unix__", Body: "1"}, {Name: "__unix", Body: "1"}, {Name: "__ELF__", Body: "1"},
		{Name: "__GNUC__", Body: "11"}, {Name: "__GNUC_MINOR__", Body: "4"}, {Name: "__GNUC_PATCHLEVEL__", Body: "0"},
		// Its type macros, which host headers read by the fallback use
		// (glibc's glob.h: __SIZE_TYPE__).
		{Name: "__CHAR16_TYPE__", Body: "short unsigned int"}, {Name: "__CHAR32_TYPE__", Body: "unsigned int"},
		{Name: "__WINT_TYPE__", Body: "unsigned int"},
	}
	for _, f := range featureMacros {
		if v := f.Values[d.column()]; v != "" {
			m = append(m, Macro{Name: f.Name, Body: v})
		}
	}
	if t.AddressSize == 64 {
		m = append(m, Macro{Name: "__SIZE_TYPE__", Body: "long unsigned int"}, Macro{Name: "__PTRDIFF_TYPE__", Body: "long int"},
			Macro{Name: "__INTPTR_TYPE__", Body: "long int"}, Macro{Name: "__UINTPTR_TYPE__", Body: "long unsigned int"},
			Macro{Name: "__INTMAX_TYPE__", Body: "long int"}, Macro{Name: "__UINTMAX_TYPE__", Body: "long unsigned int"},
			Macro{Name: "__WCHAR_TYPE__", Body: "int"})
	} else {
		m = append(m, Macro{Name: "__SIZE_TYPE__", Body: "unsigned int"}, Macro{Name: "__PTRDIFF_TYPE__", Body: "int"},
			Macro{Name: "__INTPTR_TYPE__", Body: "int"}, Macro{Name: "__UINTPTR_TYPE__", Body: "unsigned int"},
			Macro{Name: "__INTMAX_TYPE__", Body: "long long int"}, Macro{Name: "__UINTMAX_TYPE__", Body: "long long unsigned int"},
			Macro{Name: "__WCHAR_TYPE__", Body: "long int"})
	}
	if t.AddressSize == 64 {
		return append(m, Macro{Name: "__LP64__", Body: "1"}, Macro{Name: "_LP64", Body: "1"},
			Macro{Name: "__LONG_MAX__", Body: "0x7fffffffffffffffL"},
			Macro{Name: "__x86_64__", Body: "1"}, Macro{Name: "__x86_64", Body: "1"},
			Macro{Name: "__amd64__", Body: "1"}, Macro{Name: "__amd64", Body: "1"})
	}
	return append(m, Macro{Name: "__ILP32__", Body: "1"}, Macro{Name: "__LONG_MAX__", Body: "0x7fffffffL"},
		Macro{Name: "__i386__", Body: "1"}, Macro{Name: "__i386", Body: "1"})
}

package cfront

import (
	"embed"
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

//go:embed include
var builtinHeaders embed.FS

// Sizes answers sizeof, alignof and offsetof in constant expressions (array
// bounds, bit widths, alignas, static_assert). Package layout implements it.
type Sizes interface {
	Sizeof(ctypes.Type) (int64, error)
	Alignof(ctypes.Type) (int64, error)
	Offsetof(t ctypes.Type, member string) (int64, error)
}

// Config configures a translation unit.
type Config struct {
	// Target selects the address size (int64_t, size_t, long and the
	// predefined macros follow it) and __CUDA_ARCH__.
	Target target.Target
	// IncludeDirs are searched, in order, for #include files (-I).
	IncludeDirs []string
	// SystemIncludeDirs are searched, after the built-in headers and
	// IncludeDirs, for an #include <file> that neither has: where the
	// host's C++ compiler and an installed CUDA toolkit keep their headers
	// (HostIncludeDirs finds them), as nvcc does. Each header read from
	// them is named in a warning: results then depend on the host.
	SystemIncludeDirs []string
	// Defines are predefined object-like macros (-D NAME=VALUE); an empty
	// value defines NAME as 1.
	Defines map[string]string
	// Macros are -D and -U options, applied in order after Defines.
	Macros []Macro
	// Sizes evaluates sizeof, alignof and offsetof; without it they are
	// errors in constant expressions ("sizeof needs a layout").
	Sizes Sizes
	// FS, when set, is where files are read from instead of the operating
	// system (the main file when src is nil, and #include files).
	FS fs.FS
	// Warn, when set, receives warnings.
	Warn func(Diagnostic)
}

// predefined are the macros that nvcc defines in its device compilation
// pass for a target (CUDA 11.8, C++14).
func predefined(t target.Target) [][2]string {
	ptr := t.AddressSize / 8
	m := [][2]string{
		{"__CUDACC__", "1"},
		{"__NVCC__", "1"},
		{"__CUDA_ARCH__", strconv.Itoa(t.SM * 10)},
		{"__CUDACC_VER_MAJOR__", "11"},
		{"__CUDACC_VER_MINOR__", "8"},
		{"__CUDACC_VER_BUILD__", "89"},
		{"CUDART_VERSION", "11080"},
		{"__cplusplus", "201402L"},
		{"__STDC__", "1"},
		{"__CHAR_BIT__", "8"},
		{"__SIZEOF_POINTER__", strconv.Itoa(ptr)},
		{"__SIZEOF_LONG__", strconv.Itoa(ptr)},
		{"__SIZEOF_SIZE_T__", strconv.Itoa(ptr)},
		{"__SIZEOF_PTRDIFF_T__", strconv.Itoa(ptr)},
		{"__SIZEOF_INT__", "4"},
		{"__SIZEOF_SHORT__", "2"},
		{"__SIZEOF_LONG_LONG__", "8"},
		{"__SIZEOF_FLOAT__", "4"},
		{"__SIZEOF_DOUBLE__", "8"},
		{"__SIZEOF_WCHAR_T__", "4"},
		{"__SCHAR_MAX__", "0x7f"},
		{"__SHRT_MAX__", "0x7fff"},
		{"__INT_MAX__", "0x7fffffff"},
		{"__LONG_LONG_MAX__", "0x7fffffffffffffffLL"},
		{"__BIGGEST_ALIGNMENT__", "16"},
	}
	// The host compiler's own (gcc 11 on x86-64 Linux): nvcc's device
	// pass sees them too, and headers choose their Linux branches by them.
	m = append(m, [2]string{"__linux__", "1"}, [2]string{"__linux", "1"}, [2]string{"__gnu_linux__", "1"},
		[2]string{"__unix__", "1"}, [2]string{"__unix", "1"}, [2]string{"__ELF__", "1"},
		[2]string{"__GNUC__", "11"}, [2]string{"__GNUC_MINOR__", "4"}, [2]string{"__GNUC_PATCHLEVEL__", "0"})
	// Its type macros, which host headers read by the fallback use
	// (glibc's glob.h: __SIZE_TYPE__).
	m = append(m, [2]string{"__CHAR16_TYPE__", "short unsigned int"}, [2]string{"__CHAR32_TYPE__", "unsigned int"},
		[2]string{"__WINT_TYPE__", "unsigned int"})
	if t.AddressSize == 64 {
		m = append(m, [2]string{"__SIZE_TYPE__", "long unsigned int"}, [2]string{"__PTRDIFF_TYPE__", "long int"},
			[2]string{"__INTPTR_TYPE__", "long int"}, [2]string{"__UINTPTR_TYPE__", "long unsigned int"},
			[2]string{"__INTMAX_TYPE__", "long int"}, [2]string{"__UINTMAX_TYPE__", "long unsigned int"},
			[2]string{"__WCHAR_TYPE__", "int"})
	} else {
		m = append(m, [2]string{"__SIZE_TYPE__", "unsigned int"}, [2]string{"__PTRDIFF_TYPE__", "int"},
			[2]string{"__INTPTR_TYPE__", "int"}, [2]string{"__UINTPTR_TYPE__", "unsigned int"},
			[2]string{"__INTMAX_TYPE__", "long long int"}, [2]string{"__UINTMAX_TYPE__", "long long unsigned int"},
			[2]string{"__WCHAR_TYPE__", "long int"})
	}
	if t.AddressSize == 64 {
		m = append(m, [2]string{"__LP64__", "1"}, [2]string{"_LP64", "1"},
			[2]string{"__LONG_MAX__", "0x7fffffffffffffffL"},
			[2]string{"__x86_64__", "1"}, [2]string{"__x86_64", "1"}, [2]string{"__amd64__", "1"}, [2]string{"__amd64", "1"})
	} else {
		m = append(m, [2]string{"__ILP32__", "1"}, [2]string{"__LONG_MAX__", "0x7fffffffL"},
			[2]string{"__i386__", "1"}, [2]string{"__i386", "1"})
	}
	return m
}

// ParseFile preprocesses and parses one translation unit. src is the
// file's text; when it is nil, the file is read (from cfg.FS when set).
// As nvcc does, <cuda_runtime.h> is included first (the vector types,
// texture and surface object handles, size_t). The result lists what the
// user's files declare; declarations from the built-in headers are
// visible to the source but not listed. A non-nil error is an ErrorList;
// the File is then what could be parsed.
func ParseFile(cfg *Config, fset *token.FileSet, filename string, src []byte) (file *ctypes.File, err error) {
	if cfg == nil {
		cfg = &Config{Target: target.Default}
	}
	t := cfg.Target
	if t.AddressSize == 0 {
		t.AddressSize = target.Default.AddressSize
	}
	if t.SM == 0 {
		t.SM = target.Default.SM
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	if src == nil {
		var e error
		if cfg.FS != nil {
			src, e = fs.ReadFile(cfg.FS, filename)
		} else {
			src, e = os.ReadFile(filename)
		}
		if e != nil {
			return nil, e
		}
	}
	d := &diag{fset: fset, warn: cfg.Warn}
	var p *parser
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				d.errs = append(d.errs, &Error{Msg: fmt.Sprintf("internal error: %v\n%s", r, debug.Stack())})
			}
		}
		if p != nil {
			file = p.result
		}
		if file == nil {
			file = &ctypes.File{}
		}
		if len(d.errs) > 0 {
			d.errs.sort()
			err = d.errs
		}
	}()
	pre := newPP(cfg, d)
	for _, kv := range predefined(t) {
		pre.define(kv[0], kv[1])
	}
	names := make([]string, 0, len(cfg.Defines))
	for k := range cfg.Defines {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v := cfg.Defines[k]
		if v == "" {
			v = "1"
		}
		pre.define(k, v)
	}
	for _, m := range cfg.Macros {
		pre.option(m)
	}
	pre.push(filename, src, false)
	rt, _ := builtinHeaders.ReadFile("include/cuda_runtime.h")
	pre.push(builtinPrefix+"cuda_runtime.h", rt, true)
	toks := pre.run()
	p = newParser(cfg, t, d, toks)
	p.parseFile()
	return
}

// BuiltinType returns CUDA's built-in type called name for target t: a
// vector type (char1 .. double4, as *ctypes.Vector with the alignment of
// CUDA's vector_types.h), cudaTextureObject_t or cudaSurfaceObject_t (as
// *ctypes.Handle), __half or __nv_bfloat16 (as *ctypes.Basic). It returns
// nil for any other name.
func BuiltinType(t target.Target, name string) ctypes.Type {
	if t.AddressSize != 32 {
		t.AddressSize = 64
	}
	p := &parser{t: t}
	return p.builtinType(name)
}

// HostIncludeDirs returns the directories of the host where an installed
// CUDA toolkit and the C++ compiler keep their headers, those that exist,
// toolkit first: $CUDA_PATH/include, /usr/local/cuda/include,
// /usr/lib/cuda/include, then /usr/include/c++/N (the newest),
// /usr/include/x86_64-linux-gnu/c++/N, /usr/include/x86_64-linux-gnu and
// /usr/include.
func HostIncludeDirs() []string {
	var cands []string
	if p := os.Getenv("CUDA_PATH"); p != "" {
		cands = append(cands, filepath.Join(p, "include"))
	}
	cands = append(cands, "/usr/local/cuda/include", "/usr/lib/cuda/include")
	if vs, _ := filepath.Glob("/usr/include/c++/*"); len(vs) > 0 {
		sort.Slice(vs, func(i, j int) bool { return versionLess(filepath.Base(vs[i]), filepath.Base(vs[j])) })
		v := vs[len(vs)-1]
		cands = append(cands, v, filepath.Join("/usr/include/x86_64-linux-gnu/c++", filepath.Base(v)))
	}
	cands = append(cands, "/usr/include/x86_64-linux-gnu", "/usr/include")
	var dirs []string
	for _, d := range cands {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// versionLess orders "9" before "11".
func versionLess(a, b string) bool {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil {
		return x < y
	}
	return a < b
}

package cfront

import (
	"fmt"
	"go/token"
	"io/fs"
	"math"
	"os"
	"runtime/debug"
	"sort"

	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

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
	// Std is the C++ dialect (nvcc -std): __cplusplus and the
	// feature-test macros follow it, and the body parser rejects what
	// nvcc rejects in it. Zero is nvcc 11.8's default, C++17.
	Std Dialect
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
	pre := pp.New(&pp.Config{
		IncludeDirs:       cfg.IncludeDirs,
		SystemIncludeDirs: cfg.SystemIncludeDirs,
		FS:                cfg.FS,
		Error:             func(pos token.Pos, msg string) { d.errorf(pos, "%s", msg) },
		Warn:              func(pos token.Pos, msg string) { d.warnf(pos, "%s", msg) },
	}, fset)
	pre.DefineAll(pp.PredefinedFor(t, cfg.Std))
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
		pre.Define(k, v)
	}
	for _, m := range cfg.Macros {
		pre.Apply(m)
	}
	pre.Push(filename, src)
	if err := pre.PushBuiltin("cuda_runtime.h"); err != nil {
		panic(err) // embedded
	}
	toks := pre.Tokens()
	if pre.Stopped() {
		panic(bailout{})
	}
	if len(toks.List) > math.MaxInt32 { // the parser's bracket table holds int32s
		d.errorf(toks.List[len(toks.List)-1].Pos, "translation unit too large: more than %d tokens", math.MaxInt32)
		panic(bailout{})
	}
	spellAlternatives(&toks)
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

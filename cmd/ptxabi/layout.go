package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/layout/report"
	"github.com/ptxabi/ptxabi/target"
)

var layoutCmd = &command{
	Name:  "layout",
	Usage: "[-m32|-m64] [-json] [-svg DIR] [-I DIR] [-D NAME[=VALUE]] [-U NAME] FILE [TYPE...]",
	Short: "show the size, alignment and member offsets of C types (guide §1)",
	Long: `Layout prints the memory layout of the types declared in FILE, a C or CUDA
C++ source or header, as nvcc lays them out for the target (guide chapter 1:
fundamental types, aggregates and unions, native vectors, bit fields,
texture and surface handles). With TYPE arguments it prints those types
(names as declared: a tag, a typedef name, ns::Name); without, every struct,
union, enum and typedef that FILE itself declares (not its system headers).

The text form follows pahole: each member with its offset and size in a
comment; a bit field as OFFSET:BIT, where BIT counts from the least
significant bit of that byte (the guide's Figure 1); holes, padding and a
summary, counting 128-byte GPU cache lines.

C++ classes are laid out as the Itanium C++ ABI and nvcc do it: bases first
(the empty-base optimisation, a non-POD base's tail padding reused), the
virtual table pointer of a dynamic class at offset 0. The text form shows a
base as "struct Base <ancestor>;" and the pointer as "void **_vptr;". In
-json a base class subobject is a field of its own, {"path":"Base",
"base":true,...}, its path the base's name as C++ writes it (ns::Array<int, 3>);
the members it brings follow with paths that name it, joined by "::" as in a
qualified member access: Base::x, Base::Inner::y for a base of a base,
Base::v.x for a member of a member. The pointer is {"path":"_vptr","vptr":true}.

The flags are:

	-m32, -m64   address size (.address_size 32 or 64; default 64)
	-arch sm_XX  target architecture (sets __CUDA_ARCH__)
	-json        print {"types":[{"name","size","align","fields":[...]}]}: every
	             named member at every nesting level, "path" a C designator from
	             the outer type (a.b, f8[1][2].x), "offset"/"size"/"align" in bytes,
	             or "bit_offset"/"bit_size" for a bit field, bit_offset counted from
	             bit 0, the least significant bit of byte 0
	-svg DIR     also write DIR/NAME.svg, a bit-field diagram of each type in the
	             style of the guide's Figures 1-6
` + cppFlagsHelp + `
Errors in FILE are reported as file:line:col: message, with exit status 1.
`,
	Run: runLayout,
}

// parseC reads a C/CUDA file with the front end and package layout
// answering sizeof in constant expressions. Errors and warnings go to
// stderr; ok is false when the file has errors.
func parseC(c *cmdEnv, path string, tgt target.Target, std cfront.Dialect, l *layout.Layouter, includes []string, macros []cfront.Macro) (*ctypes.File, *token.FileSet, bool) {
	fset := token.NewFileSet()
	cfg := &cfront.Config{
		Target:      tgt,
		Std:         std,
		IncludeDirs: includes,
		Macros:      macros,
		// As nvcc, a header that the built-in set lacks is looked
		// for where the host keeps its own (with a warning).
		SystemIncludeDirs: cfront.HostIncludeDirs(),
		Sizes:             l,
		Warn:              func(d cfront.Diagnostic) { fmt.Fprintln(c.stderr, d.String()) },
	}
	f, err := cfront.ParseFile(cfg, fset, path, nil)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			c.errorf("%v", err)
		} else {
			fmt.Fprintln(c.stderr, err)
		}
		return nil, nil, false
	}
	return f, fset, true
}

// cSourceFlags are the flags of the commands that read a C/CUDA source
// file: the target's (-m32, -m64, -arch), the dialect's (-std) and the
// preprocessor's -I, -D, -U (see cflags.go).
type cSourceFlags struct {
	target   func() (target.Target, error)
	std      stdFlag
	includes includeFlag
	macros   []cfront.Macro
}

func newCSourceFlags(fs *flag.FlagSet) *cSourceFlags {
	cf := &cSourceFlags{target: target.Flags(fs)}
	fs.Var(&cf.std, "std", "compile as C++ `DIALECT`: c++03, c++11, c++14 or c++17 (default, as nvcc 11.8)")
	fs.Var(&cf.includes, "I", "search `DIR` for #include files")
	fs.Var(macroFlag{list: &cf.macros}, "D", "define macro `NAME[=VALUE]` (NAME alone: as 1; NAME=: as empty)")
	fs.Var(macroFlag{list: &cf.macros, undef: true}, "U", "undefine macro `NAME`")
	return cf
}

// cSource is a parsed C/CUDA source file, and the target it was read for.
type cSource struct {
	target target.Target
	layout *layout.Layouter
	file   *ctypes.File
	fset   *token.FileSet
	name   string
}

// load checks the target flags and the FILE argument (the first of fs's
// arguments) and parses FILE. It returns nil and the exit status when the
// command line or the file is bad, having said why.
func (cf *cSourceFlags) load(c *cmdEnv, fs *flag.FlagSet) (*cSource, int) {
	tgt, err := cf.target()
	if err != nil {
		return nil, c.usageError("%v", err)
	}
	if fs.NArg() < 1 {
		return nil, c.usageError("no input file")
	}
	l := layout.New(tgt)
	f, fset, ok := parseC(c, fs.Arg(0), tgt, cf.std.d, l, cf.includes, cf.macros)
	if !ok {
		return nil, exitError
	}
	return &cSource{tgt, l, f, fset, fs.Arg(0)}, exitOK
}

// printLayoutWarnings prints what layout warned about, positioned.
func printLayoutWarnings(c *cmdEnv, fset *token.FileSet, l *layout.Layouter) {
	for _, w := range l.Warnings() {
		fmt.Fprintf(c.stderr, "%s: %s: %s\n", position(fset, w.Pos), w.Kind(), w.Msg)
	}
}

func position(fset *token.FileSet, pos token.Pos) string {
	if fset == nil || !pos.IsValid() {
		return "-"
	}
	return fset.Position(pos).String()
}

// layoutError prints a layout error at its position.
func layoutError(c *cmdEnv, fset *token.FileSet, err error) {
	var le *layout.Error
	if errors.As(err, &le) && le.Pos.IsValid() {
		fmt.Fprintf(c.stderr, "%s: %s\n", position(fset, le.Pos), le.Msg)
		return
	}
	c.errorf("%v", err)
}

func runLayout(c *cmdEnv, args []string) int {
	fs := c.flagSet()
	cf := newCSourceFlags(fs)
	asJSON := fs.Bool("json", false, "print JSON")
	svgDir := fs.String("svg", "", "write a bit-field diagram of each type to `DIR`/NAME.svg")
	if ok, st := c.parseFlags(fs, args); !ok {
		return st
	}
	src, st := cf.load(c, fs)
	if src == nil {
		return st
	}
	tgt, l, f, fset, file := src.target, src.layout, src.file, src.fset, src.name
	var types []report.Named
	if fs.NArg() > 1 {
		for _, name := range fs.Args()[1:] {
			t := f.Lookup(name)
			if t == nil {
				t = cfront.BuiltinType(tgt, name) // float4, __half, ...
			}
			if t == nil {
				c.errorf("%s declares no type named %s", file, name)
				return exitError
			}
			types = append(types, report.Named{Name: name, Type: t})
		}
	} else {
		types = declaredTypes(f)
	}
	// Compute every layout before printing anything, so that an error
	// leaves no partial output.
	for _, nt := range types {
		if _, err := l.Sizeof(nt.Type); err != nil {
			layoutError(c, fset, err)
			return exitError
		}
	}
	var out bytes.Buffer
	var err error
	if *asJSON {
		err = report.JSON(&out, l, types)
	} else {
		err = report.Text(&out, l, types)
	}
	if err != nil {
		layoutError(c, fset, err)
		return exitError
	}
	printLayoutWarnings(c, fset, l)
	if *svgDir != "" {
		if err := os.MkdirAll(*svgDir, 0o777); err != nil {
			c.errorf("%v", err)
			return exitError
		}
		for _, nt := range types {
			var svg bytes.Buffer
			if err := report.SVG(&svg, l, nt); err != nil {
				layoutError(c, fset, err)
				return exitError
			}
			name := strings.NewReplacer("::", "__", "/", "_").Replace(nt.Name) + ".svg"
			if err := writeFileAtomic(filepath.Join(*svgDir, name), svg.Bytes(), 0o666); err != nil {
				c.errorf("%v", err)
				return exitError
			}
		}
	}
	c.stdout.Write(out.Bytes())
	return exitOK
}

// declaredTypes lists the types a file declares, as `ptxabi layout` shows
// them without TYPE arguments: tagged structs, unions and enums, and
// typedefs — except a typedef that only gives a struct its own tag as a
// name (typedef struct S S), and types without a layout of their own
// (incomplete structs, typedefs of functions).
func declaredTypes(f *ctypes.File) []report.Named {
	var out []report.Named
	seen := map[ctypes.Type]bool{}
	for _, t := range f.Types {
		switch u := t.(type) {
		case *ctypes.Struct:
			if u.Tag == "" || !u.Complete || seen[u] {
				continue
			}
			seen[u] = true
			out = append(out, report.Named{Name: qualified(u.Scope, u.Tag), Type: u})
		case *ctypes.Enum:
			if u.Tag == "" || seen[u] {
				continue
			}
			seen[u] = true
			out = append(out, report.Named{Name: qualified(u.Scope, u.Tag), Type: u})
		case *ctypes.Typedef:
			under := ctypes.Unqualified(u.Type)
			if s, ok := under.(*ctypes.Struct); ok {
				if s.Tag == u.Name || !s.Complete {
					continue
				}
				if s.Tag == "" {
					seen[s] = true
				}
			}
			if _, ok := under.(*ctypes.Func); ok {
				continue
			}
			out = append(out, report.Named{Name: qualified(u.Scope, u.Name), Type: u})
		}
	}
	return out
}

func qualified(scope []string, name string) string {
	if len(scope) == 0 {
		return name
	}
	return strings.Join(scope, "::") + "::" + name
}

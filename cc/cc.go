// Package cc is the CUDA compiler of issue 15, the producer the guide is
// written for: device code in, ABI-compliant PTX out, as NVRTC does it. It
// joins the project's packages into one pipeline:
//
//	cfront.ParseUnit (declarations, ctypes)  ->  cfront/sema (typed bodies)
//	  -> lowering into package ir (this package: locals as allocas,
//	     aggregates through package layout, built-ins through the table
//	     in builtins.go)
//	  -> ir/passes (the pipeline of the -O level)
//	  -> ir/ptxgen (instruction selection into ptx/ast; declarations and
//	     call sequences from package abi, guide §2.3)
//	  -> ptx/printer
//
// With Debug (-g) the PTX also has .file/.loc and the DWARF sections of
// guide §5 (debug.go): subprograms, parameters at their .param symbols,
// variables (at -O0, as nvcc -G, kept in local memory and located there)
// with their address classes, types from package layout; with LineInfo
// only .file/.loc.
//
// The passes (ir/passes) inline small device functions and split local
// aggregates into registers, as nvcc does; __noinline__ functions stay
// calls, and functions nothing reaches any more are left out. What nvcc
// keeps out of local memory, they keep out too: a struct passed to or
// returned from a call goes through .param in pieces, from and into
// registers; unions and bit fields live in integer registers; a small
// loop that indexes a local array is unrolled; an internal function that
// only reads through a pointer (a const reference) takes the values read
// instead. A class that is not trivially copyable (a copy constructor of
// its own: __nv_bfloat162, __half2) is passed by invisible reference, as
// the guide's §2.3 lowering and nvcc pass it: the caller's copy (made by
// the copy constructor from an object, a temporary itself) by pointer,
// and a result through a hidden first pointer parameter.
//
// What is not supported is an error naming the construct at its position:
// never a construct dropped silently. C++ exceptions, RTTI, global
// constructors and destructors and virtual functions are errors citing
// chapter 7 of the guide.
package cc

import (
	"fmt"
	"go/token"
	"io/fs"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/sema"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ir/passes"
	"github.com/ptxabi/ptxabi/ir/ptxgen"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/printer"
	"github.com/ptxabi/ptxabi/target"
)

// Config is how to compile.
type Config struct {
	// Target is the address size, architecture and .version
	// (target.Default when zero).
	Target target.Target
	// Opt is the -O level, 0 to 3.
	Opt int
	// Debug (-g) writes .file/.loc and the DWARF sections; LineInfo
	// (-lineinfo) only .file/.loc.
	Debug, LineInfo bool
	// RDC (-rdc=true) compiles for separate linking: device functions
	// with external linkage are .visible and kept even when unused.
	RDC bool
	// NoContract (nvcc -fmad=false) writes floating-point add, sub and mul
	// with .rn, which forbids ptxas to fuse them into fma. Without it
	// they are written plain, and ptxas may contract a mul and an add (PTX
	// ISA, "add"/"mul": an instruction with no rounding modifier may be
	// optimized), as nvcc's default -fmad=true permits.
	NoContract bool
	// Std is the C++ dialect (nvcc -std); zero is nvcc 11.8's default,
	// C++17.
	Std cfront.Dialect
	// IncludeDirs and Macros are the preprocessor's -I, -D and -U.
	IncludeDirs []string
	Macros      []cfront.Macro
	// FS, when set, is where files are read from.
	FS fs.FS
	// Check runs the IR checker after every pass (tests).
	Check bool
}

// Error is a construct the compiler rejects, at its position.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s: %s", e.Pos, e.Msg)
	}
	return e.Msg
}

// Compile compiles the CUDA source src (read from filename when src is
// nil) and returns the PTX module's text.
func Compile(cfg *Config, filename string, src []byte) ([]byte, error) {
	c, err := build(cfg, filename, src)
	if err != nil {
		return nil, err
	}
	return emit(cfg, c.m, func(mod *ast.Module) error {
		if cfg.Debug {
			return c.addDebugInfo(mod, filename)
		}
		return nil
	})
}

// Build runs the front end and the lowering: the IR module before the
// passes.
func Build(cfg *Config, filename string, src []byte) (*ir.Module, error) {
	c, err := build(cfg, filename, src)
	if err != nil {
		return nil, err
	}
	return c.m, nil
}

func build(cfg *Config, filename string, src []byte) (*unit, error) {
	c := *cfg
	if c.Target.AddressSize == 0 {
		c.Target = target.Default
	}
	fset := token.NewFileSet()
	lay := layout.New(c.Target)
	if src == nil {
		// Read once, for the built-in families and the parse; an error
		// is left to the parse, which reports it in its place.
		src = readSource(&c, filename)
	}
	macros := append(append([]cfront.Macro(nil), c.Macros...), builtinMacros(&c, filename, src)...)
	fcfg := &cfront.Config{Target: c.Target, Std: c.Std, IncludeDirs: c.IncludeDirs, Macros: macros, FS: c.FS, Sizes: lay}
	u, err := cfront.ParseUnit(fcfg, fset, filename, src)
	if err != nil {
		return nil, err
	}
	bodies, err := sema.Check(&sema.Config{Sizes: lay}, u)
	if err != nil {
		return nil, err
	}
	inits, err := sema.CheckInits(&sema.Config{Sizes: lay}, u)
	if err != nil {
		return nil, err
	}
	return lowerUnit(&c, u, bodies, inits, lay)
}

// prune removes the functions with internal linkage that nothing reaches
// any more from a kernel or an externally visible function (those the
// passes inlined everywhere), as nvcc leaves them out.
func prune(m *ir.Module) {
	live := map[*ir.Func]bool{}
	var visit func(f *ir.Func)
	visit = func(f *ir.Func) {
		if f == nil || live[f] {
			return
		}
		live[f] = true
		for _, b := range f.Blocks {
			for _, v := range b.Values {
				switch v.Op {
				case ir.OpCall, ir.OpICall:
					if v.Op == ir.OpCall {
						visit(v.Callee())
					}
				case ir.OpAddr:
					if name, ok := v.Aux.(string); ok {
						visit(m.Func(name))
					}
				}
			}
		}
	}
	for _, g := range m.Globals {
		for _, r := range g.Relocs {
			visit(m.Func(r.Sym))
		}
	}
	for _, f := range m.Funcs {
		if f.Kind == abi.Entry || !f.IsDecl() && f.Linkage != abi.Internal {
			visit(f)
		}
	}
	out := m.Funcs[:0]
	for _, f := range m.Funcs {
		if live[f] {
			out = append(out, f)
		}
	}
	m.Funcs = out
}

// boundedCallees gives internal linkage to the .weak functions that a
// kernel with launch bounds calls, directly or through others, whose
// address is not taken. ptxas -c compiles a .weak function on its own and
// rejects a kernel whose register bound (.maxntid, .minnctapersm) is below
// what a function it calls uses; an internal function it compiles for its
// callers. A .weak function is one each module that uses it defines (an
// inline function, a template's instance), so a module's own copy changes
// nothing for the others; nvcc inlines such functions into the kernel.
func boundedCallees(m *ir.Module) {
	seen := map[*ir.Func]bool{}
	var visit func(f *ir.Func)
	visit = func(f *ir.Func) {
		for _, b := range f.Blocks {
			for _, v := range b.Values {
				if v.Op != ir.OpCall {
					continue
				}
				if g := v.Callee(); g != nil && !seen[g] && !g.IsDecl() {
					seen[g] = true
					if g.Linkage == abi.Weak && !g.AddressTaken {
						g.Linkage = abi.Internal
					}
					visit(g)
				}
			}
		}
	}
	for _, f := range m.Funcs {
		if f.Kind == abi.Entry && f.Bounds != (ctypes.LaunchBounds{}) {
			visit(f)
		}
	}
}

// Emit runs the passes of cfg's -O level on m, selects instructions and
// prints the module (with DWARF for Debug).
func Emit(cfg *Config, m *ir.Module) ([]byte, error) { return emit(cfg, m, nil) }

func emit(cfg *Config, m *ir.Module, finish func(*ast.Module) error) ([]byte, error) {
	if err := passes.Run(m, passes.Config{Opt: cfg.Opt, Check: cfg.Check}); err != nil {
		return nil, fmt.Errorf("internal error: %v", err)
	}
	prune(m)
	boundedCallees(m)
	mod, err := ptxgen.Generate(m, ptxgen.Options{LineInfo: cfg.Debug || cfg.LineInfo, NoContract: cfg.NoContract})
	if err != nil {
		return nil, err
	}
	if finish != nil {
		if err := finish(mod); err != nil {
			return nil, err
		}
	}
	return printer.Append(make([]byte, 0, printedSize(mod)), mod)
}

// printedSize is about how many bytes mod takes printed, a little more
// (which costs nothing: memory not written is not touched), so that the
// text is written once, not copied as a buffer grows.
func printedSize(mod *ast.Module) int {
	n := 4 << 10
	for _, d := range mod.Decls {
		n += 256
		switch d := d.(type) {
		case *ast.Function:
			if d.Body != nil {
				n += 40 * len(d.Body.Stmts)
			}
		case *ast.Section:
			n += 40 * len(d.Items)
		}
	}
	return n
}

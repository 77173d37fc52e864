package syscall

import (
	"bytes"
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/txtar"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
	"github.com/ptxabi/ptxabi/target"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Types of the tests.
var (
	tInt    = ctypes.BasicOf(ctypes.Int)
	tUInt   = ctypes.BasicOf(ctypes.UInt)
	tChar   = ctypes.BasicOf(ctypes.Char)
	tUChar  = ctypes.BasicOf(ctypes.UChar)
	tShort  = ctypes.BasicOf(ctypes.Short)
	tBool   = ctypes.BasicOf(ctypes.Bool)
	tLong   = ctypes.BasicOf(ctypes.Long)
	tLL     = ctypes.BasicOf(ctypes.LongLong)
	tULL    = ctypes.BasicOf(ctypes.ULongLong)
	tI128   = ctypes.BasicOf(ctypes.Int128)
	tFloat  = ctypes.BasicOf(ctypes.Float)
	tDouble = ctypes.BasicOf(ctypes.Double)
	tSize   = &ctypes.Typedef{Name: "size_t", Type: ctypes.BasicOf(ctypes.ULong)}
	tIntP   = &ctypes.Pointer{Elem: tInt}
	tCharP  = &ctypes.Pointer{Elem: &ctypes.Qualified{Type: tChar, Const: true}}
	tVoidP  = &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Void)}
)

// regs are the registers that the test kernels declare, by class, eight
// of each. Their values do not matter to ptxas.
var regs = []struct{ typ, name string }{
	{".b16", "%h"}, {".b32", "%r"}, {".b64", "%rd"}, {".f32", "%f"}, {".f64", "%fd"}, {".pred", "%p"},
}

const nregs = 8

// kernel wraps scopes in a kernel that declares the registers of
// regs and has a .local and a .shared array (lvar, svar) whose addresses
// arguments may take.
func kernel(name string, scopes ...ast.Stmt) *ast.Function {
	body := &ast.Block{}
	for _, r := range regs {
		body.Stmts = append(body.Stmts, &ast.Variable{Space: ".reg", Type: r.typ, Names: []*ast.Declarator{{Name: r.name, Range: nregs}}})
	}
	body.Stmts = append(body.Stmts,
		&ast.Variable{Space: ".local", Align: 8, Type: ".b8", Names: []*ast.Declarator{{Name: "lvar", Dims: []int64{16}}}},
		&ast.Variable{Space: ".shared", Align: 8, Type: ".b8", Names: []*ast.Declarator{{Name: "svar", Dims: []int64{16}}}})
	body.Stmts = append(body.Stmts, scopes...)
	body.Stmts = append(body.Stmts, ast.NewInstruction("ret"))
	return &ast.Function{Linkage: []string{".visible"}, Entry: true, Name: name, HasParams: true, Body: body}
}

// gvar and cvar are module-level arrays in .global and .const memory.
func moduleVars() []ast.Decl {
	return []ast.Decl{
		&ast.Variable{Space: ".global", Align: 8, Type: ".b8", Names: []*ast.Declarator{{Name: "gvar", Dims: []int64{16}}}},
		&ast.Variable{Space: ".const", Align: 8, Type: ".b8", Names: []*ast.Declarator{{Name: "cvar", Dims: []int64{16}}}},
	}
}

// module returns the whole module of kernels built with b.
func module(b *Builder, kernels ...*ast.Function) *ast.Module {
	m := b.Module(kernels...)
	// The variables go after the header.
	decls := append([]ast.Decl{}, m.Decls[:3]...)
	decls = append(decls, moduleVars()...)
	m.Decls = append(decls, m.Decls[3:]...)
	return m
}

// A call is one lowering of a golden or assembly test.
type call func(b *Builder) (*ast.Block, error)

func printfCall(format string, status string, args ...Arg) call {
	return func(b *Builder) (*ast.Block, error) { return b.Printf(format, args, status) }
}

// ptr is the register of an address for the address size.
func ptr(as, i int) string {
	if as == 32 {
		return fmt.Sprintf("%%r%d", i)
	}
	return fmt.Sprintf("%%rd%d", i)
}

// goldenCases are the lowerings of testdata/lowering.txtar, for each
// address size.
func goldenCases(as int) []struct {
	name  string
	calls []call
} {
	long := ptr(as, 3)
	return []struct {
		name  string
		calls []call
	}{
		{"printf-no-args", []call{printfCall("hello\n", "%r7")}},
		{"printf-no-args-status-dropped", []call{printfCall("100%% sure\n", "")}},
		{"printf-mix", []call{printfCall("%d %f %f %c %p %p %lld\n", "%r7",
			Arg{Type: tInt, Operand: "%r1"},
			Arg{Type: tDouble, Operand: "%fd1"},
			Arg{Type: tFloat, Operand: "%f1"}, // promoted to double
			Arg{Type: tChar, Operand: "%h1"},  // promoted to int
			Arg{Type: tIntP, Operand: ptr(as, 1), Space: ctypes.GlobalSpace},
			Arg{Type: tIntP, Operand: ptr(as, 2)}, // generic
			Arg{Type: tLL, Operand: "%rd4"},
		)}},
		{"printf-small-ints", []call{printfCall("%d %u %d %d %d %d\n", "",
			Arg{Type: tShort, Operand: "%h2"},
			Arg{Type: tUChar, Operand: "%r2", RegType: ".b32"},
			Arg{Type: tBool, Operand: "%h3"},
			Arg{Type: tBool, Operand: "%p1", RegType: ".pred"},
			Arg{Type: &ctypes.Enum{Tag: "E", Underlying: ctypes.Short, Fixed: true}, Operand: "%h4"},
			Arg{Type: ctypes.BasicOf(ctypes.Char16), Operand: "%h5"},
		)}},
		{"printf-immediates", []call{printfCall("%d %u %c %f %f %lld %p %ld\n", "%r7",
			Arg{Type: tInt, Operand: "-5"},
			Arg{Type: tUInt, Operand: "0xFFFFFFFF"},
			Arg{Type: tChar, Operand: "255"}, // (char)255 is -1
			Arg{Type: tFloat, Operand: "0.1"},
			Arg{Type: tDouble, Operand: "0.1"},
			Arg{Type: tLL, Operand: "-1"},
			Arg{Type: tVoidP, Operand: "0"},
			Arg{Type: tLong, Operand: "7"},
		)}},
		{"printf-pointers", []call{printfCall("%p %p %p %p %s %s\n", "%r7",
			Arg{Type: tIntP, Operand: "gvar", Space: ctypes.GlobalSpace},
			Arg{Type: tIntP, Operand: "svar", Space: ctypes.SharedSpace},
			Arg{Type: tIntP, Operand: "lvar", Space: ctypes.LocalSpace},
			Arg{Type: tIntP, Operand: ptr(as, 4), Space: ctypes.ConstSpace},
			Arg{Type: &ctypes.Array{Elem: tChar, Len: 4}, Operand: "cvar", Space: ctypes.ConstSpace},
			Arg{Type: tCharP, Operand: ptr(as, 5)},
		)}},
		{"printf-long-int128", []call{printfCall("%ld %d\n", "%r7",
			Arg{Type: tLong, Operand: long},
			Arg{Type: tInt, Operand: "%r3"},
			Arg{Type: tI128, Operand: "{%rd5, %rd6}"},
			Arg{Type: tI128, Operand: "-2"},
		)}},
		{"printf-star", []call{printfCall("%*.*f|%-*d|\n", "%r7",
			Arg{Type: tInt, Operand: "10"},
			Arg{Type: tInt, Operand: "3"},
			Arg{Type: tDouble, Operand: "%fd2"},
			Arg{Type: tShort, Operand: "6"},
			Arg{Type: tInt, Operand: "%r4", RegType: ".s32"},
			Arg{Type: tLL, Operand: "%rd7", RegType: ".s64"}, // beyond the format: allowed, as in C
		)}},
		{"assert", []call{func(b *Builder) (*ast.Block, error) {
			return b.Assert(Assertion{Cond: Arg{Type: tInt, Operand: "%r1"}, Message: "a", File: "a.cu", Line: 7, Function: "void k(int)"})
		}}},
		{"assert-kinds", []call{
			func(b *Builder) (*ast.Block, error) {
				return b.Assert(Assertion{Cond: Arg{Type: tBool, Operand: "%p2", RegType: ".pred"}, Message: "ok", File: "a.cu", Line: 8, Function: "void k(int)"})
			},
			func(b *Builder) (*ast.Block, error) {
				return b.Assert(Assertion{Cond: Arg{Type: tFloat, Operand: "%f3"}, Message: "x", File: "a.cu", Line: 9, Function: "void k(int)"})
			},
			func(b *Builder) (*ast.Block, error) {
				return b.Assert(Assertion{Cond: Arg{Type: tCharP, Operand: ptr(as, 2)}, Message: "s", File: "a.cu", Line: 10, Function: "void k(int)"})
			},
			func(b *Builder) (*ast.Block, error) {
				return b.Assert(Assertion{Cond: Arg{Type: tChar, Operand: "%h3"}, Message: "c", File: "a.cu", Line: 11, Function: "void k(int)"})
			},
			func(b *Builder) (*ast.Block, error) {
				return b.Assert(Assertion{Cond: Arg{Type: tI128, Operand: "{%rd5, %rd6}"}, Message: "i", File: "a.cu", Line: 12, Function: "void k(int)"})
			},
			func(b *Builder) (*ast.Block, error) {
				return b.Assert(Assertion{Cond: Arg{Type: tInt, Operand: "1"}, Message: "1", File: "a.cu", Line: 13, Function: "void k(int)"})
			},
			func(b *Builder) (*ast.Block, error) {
				return b.Assert(Assertion{Cond: Arg{Type: tInt, Operand: "0"}, Message: "0", File: "a.cu", Line: 14, Function: "void k(int)"})
			},
			func(b *Builder) (*ast.Block, error) {
				return b.Assert(Assertion{Message: "unconditional", File: "a.cu", Line: 15})
			},
		}},
		{"malloc-free", []call{
			func(b *Builder) (*ast.Block, error) { return b.Malloc(Arg{Type: tInt, Operand: "%r1"}, ptr(as, 6)) },
			func(b *Builder) (*ast.Block, error) { return b.Free(Arg{Type: tVoidP, Operand: ptr(as, 6)}) },
			func(b *Builder) (*ast.Block, error) { return b.Malloc(Arg{Type: tSize, Operand: "64"}, ptr(as, 7)) },
			func(b *Builder) (*ast.Block, error) { return b.Malloc(Arg{Type: tULL, Operand: "%rd2"}, "") },
			func(b *Builder) (*ast.Block, error) { return b.Malloc(Arg{Type: tUChar, Operand: "%h2"}, ptr(as, 5)) },
			func(b *Builder) (*ast.Block, error) {
				return b.Free(Arg{Type: tIntP, Operand: ptr(as, 7), Space: ctypes.GlobalSpace})
			},
			func(b *Builder) (*ast.Block, error) {
				return b.Free(Arg{Type: ctypes.BasicOf(ctypes.NullPtr), Operand: "0"})
			},
		}},
	}
}

func targetFor(as, sm int) target.Target {
	return target.Target{AddressSize: as, SM: sm, PTX: target.Version{Major: 7, Minor: 8}}
}

// goldenModules builds the golden modules, named "case.mNN", for arch.
func goldenModules(t *testing.T, sm int) (names []string, mods []*ast.Module) {
	t.Helper()
	for _, as := range []int{64, 32} {
		for _, c := range goldenCases(as) {
			b := NewBuilder(targetFor(as, sm))
			var scopes []ast.Stmt
			for i, f := range c.calls {
				blk, err := f(b)
				if err != nil {
					t.Fatalf("%s -m%d, call %d: %v", c.name, as, i, err)
				}
				scopes = append(scopes, blk)
			}
			names = append(names, fmt.Sprintf("%s.m%d", c.name, as))
			mods = append(mods, module(b, kernel("k", scopes...)))
		}
	}
	return names, mods
}

// TestGolden compares the printed lowerings with testdata/lowering.txtar
// (go test -update rewrites it) and checks that each parses back into
// the same text.
func TestGolden(t *testing.T) {
	names, mods := goldenModules(t, 52)
	a := &txtar.Archive{Comment: []byte("The lowerings of printf, assert, malloc and free (guide §3) that TestGolden\nprints, for sm_52, -m64 and -m32. go test -update rewrites this file.\n")}
	for i, m := range mods {
		text := printer.String(m)
		roundTrip(t, names[i], text)
		a.Files = append(a.Files, txtar.File{Name: names[i] + ".ptx", Data: []byte(text)})
	}
	got := txtar.Format(a)
	path := filepath.Join("testdata", "lowering.txtar")
	if *update {
		if err := os.WriteFile(path, got, 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		wa := txtar.Parse(want)
		for i, f := range a.Files {
			if i >= len(wa.Files) || wa.Files[i].Name != f.Name || !bytes.Equal(wa.Files[i].Data, f.Data) {
				t.Errorf("%s differs from %s (go test -update rewrites it):\n%s", f.Name, path, f.Data)
			}
		}
		if len(wa.Files) != len(a.Files) {
			t.Errorf("%s has %d modules, the test %d", path, len(wa.Files), len(a.Files))
		}
	}
}

// roundTrip checks that text parses and prints as itself.
func roundTrip(t *testing.T, name, text string) *ast.Module {
	t.Helper()
	m, err := parser.ParseString(token.NewFileSet(), name+".ptx", text)
	if err != nil {
		t.Fatalf("%s: the printed module does not parse: %v\n%s", name, err, text)
	}
	if again := printer.String(m); again != text {
		t.Fatalf("%s: parsing and printing changes the module:\n%s\nbecame\n%s", name, text, again)
	}
	return m
}

func TestPrototypeFunc(t *testing.T) {
	for _, tg := range []target.Target{t32, t64} {
		for _, p := range Prototypes(tg) {
			got := printer.String(&ast.Module{Decls: []ast.Decl{p.Func()}})
			m, err := parser.ParseString(token.NewFileSet(), "p.ptx", p.Decl())
			if err != nil {
				t.Fatalf("%s: %v", p.Decl(), err)
			}
			if want := printer.String(m); got != want {
				t.Errorf("-m%d %s: Func prints\n%s\nDecl parses and prints as\n%s", tg.AddressSize, p.Name, got, want)
			}
		}
	}
}

func TestLoweringErrors(t *testing.T) {
	agg := &ctypes.Struct{Tag: "S", Complete: true, Fields: []*ctypes.Field{{Name: "a", Type: tInt}}}
	many := make([]Arg, MaxPrintfArgs+1)
	for i := range many {
		many[i] = Arg{Type: tInt, Operand: "%r1"}
	}
	sm70 := targetFor(64, 70)
	sm70.PTX = target.Version{Major: 7, Minor: 6}
	tests := []struct {
		name string
		t    target.Target
		f    call
		err  string
	}{
		// Aggregates.
		{"struct", t64, printfCall("%d", "", Arg{Type: agg, Operand: "%r1"}), "printf argument 1: aggregate struct S cannot be passed to printf"},
		{"vector", t64, printfCall("%d", "", Arg{Type: &ctypes.Vector{Name: "int2", Elem: ctypes.Int, Len: 2, Align: 8}, Operand: "%rd1"}), "aggregate int2"},
		{"half", t64, printfCall("%f", "", Arg{Type: ctypes.BasicOf(ctypes.Half), Operand: "%h1"}), "__half is a class type"},
		{"void", t64, printfCall("", "", Arg{Type: ctypes.BasicOf(ctypes.Void), Operand: "%r1"}), "void cannot be passed"},
		{"no type", t64, printfCall("", "", Arg{Operand: "%r1"}), "argument 1 has no type"},
		// Too wide.
		{"char immediate", t64, printfCall("%c", "", Arg{Type: tChar, Operand: "300"}), "immediate 300 is too wide for char (8 bits)"},
		{"int immediate", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "0x100000000"}), "too wide for int (32 bits)"},
		{"long immediate -m32", t32, printfCall("%ld", "", Arg{Type: tLong, Operand: "4294967296"}), "too wide for long (32 bits)"},
		{"pointer immediate -m32", t32, printfCall("%p", "", Arg{Type: tVoidP, Operand: "0x100000000"}), "too wide for a 32-bit address"},
		{"int128 half", t64, printfCall("", "", Arg{Type: tI128, Operand: "{0x10000000000000000, 0}"}), "too wide for a 64-bit half"},
		{"int in 64-bit register", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "%rd1", RegType: ".b64"}), "a .b64 register is too wide for a 32-bit value"},
		{"short in 64-bit register", t64, printfCall("%d", "", Arg{Type: tShort, Operand: "%rd1", RegType: ".s64"}), "too wide for a 16-bit value"},
		{"double in 32-bit register", t64, printfCall("%f", "", Arg{Type: tDouble, Operand: "%f1", RegType: ".f32"}), "too narrow for a 64-bit value"},
		{"long -m64 in 32-bit register", t64, printfCall("%ld", "", Arg{Type: tLong, Operand: "%r1", RegType: ".b32"}), "too narrow"},
		{"int128 in one register", t64, printfCall("", "", Arg{Type: tI128, Operand: "%rd1"}), "pair of 64-bit registers"},
		{"float immediate too large", t64, printfCall("%f", "", Arg{Type: tFloat, Operand: "1e40"}), "too large for a float"},
		{"too many", t64, printfCall(strings.Repeat("%d", len(many)), "", many...), "at most 32"},
		// Bad formats.
		{"incomplete", t64, printfCall("50%", "", Arg{Type: tInt, Operand: "%r1"}), `incomplete conversion "%"`},
		{"unknown", t64, printfCall("%k", "", Arg{Type: tInt, Operand: "%r1"}), `unknown conversion "%k"`},
		{"%n", t64, printfCall("%n", "", Arg{Type: tIntP, Operand: "%rd1"}), "%n is not supported"},
		{"%ls", t64, printfCall("%ls", "", Arg{Type: tIntP, Operand: "%rd1"}), "%ls is not supported"},
		{"NUL", t64, printfCall("a\x00b", ""), "NUL byte"},
		{"missing argument", t64, printfCall("%d %d", "", Arg{Type: tInt, Operand: "%r1"}), `"%d" at offset 3 has no argument (1 given)`},
		{"missing star", t64, printfCall("%*d", "", Arg{Type: tInt, Operand: "%r1"}), `"%*d" at offset 0 has no argument`},
		{"class", t64, printfCall("%d", "", Arg{Type: tDouble, Operand: "%fd1"}), `printf argument 1 (double, 8 bytes after promotion) does not match "%d" at format offset 0, which reads an integer of 4 bytes`},
		{"float promoted", t64, printfCall("%d", "", Arg{Type: tFloat, Operand: "%f1"}), "argument 1 (float, 8 bytes after promotion)"},
		{"size -m64", t64, printfCall("%ld", "", Arg{Type: tInt, Operand: "%r1"}), "reads an integer of 8 bytes"},
		{"size -m32", t32, printfCall("%lld", "", Arg{Type: tLong, Operand: "%r1"}), "long, 4 bytes after promotion"},
		{"pointer for %d", t32, printfCall("%d", "", Arg{Type: tIntP, Operand: "%r1"}), "reads an integer"},
		{"int for %s", t64, printfCall("%s", "", Arg{Type: tLL, Operand: "%rd1"}), "reads a pointer of 8 bytes"},
		{"int128", t64, printfCall("%lld", "", Arg{Type: tI128, Operand: "{%rd1, %rd2}"}), "16 bytes after promotion"},
		{"huge width", t64, printfCall("%99999999d", "", Arg{Type: tInt, Operand: "%r1"}), "width or precision over"},
		// Operands.
		{"no operand", t64, printfCall("%d", "", Arg{Type: tInt}), "no operand"},
		{"bad register", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "%"}), "not a register name"},
		{"bad immediate", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "12a"}), "not a PTX immediate"},
		{"bad operand", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "a+1"}), "not a register, an immediate or a symbol"},
		{"float for int", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "1.5"}), "not an integer"},
		{"int for double", t64, printfCall("%f", "", Arg{Type: tDouble, Operand: "1"}), "is an integer: write a floating-point one"},
		{"double bits for float", t64, printfCall("%f", "", Arg{Type: tFloat, Operand: "0d3FB999999999999A"}), "a double that is not a float"},
		{"bool immediate", t64, printfCall("%d", "", Arg{Type: tBool, Operand: "2"}), "not a bool"},
		{"pred for int", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "%p1", RegType: ".pred"}), "only a bool"},
		{"float register for int", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "%f1", RegType: ".f32"}), "cannot hold an integer"},
		{"int register for float", t64, printfCall("%f", "", Arg{Type: tFloat, Operand: "%r1", RegType: ".s32"}), "cannot hold a floating-point"},
		{"bad register type", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "%r1", RegType: "int"}), "not a PTX scalar type"},
		{"symbol without space", t64, printfCall("%p", "", Arg{Type: tIntP, Operand: "gvar"}), "give its Space"},
		{"space for int", t64, printfCall("%d", "", Arg{Type: tInt, Operand: "%r1", Space: ctypes.GlobalSpace}), "not a pointer"},
		{"pair for long long", t64, printfCall("%lld", "", Arg{Type: tLL, Operand: "{%rd1, %rd2}"}), "not a 64-bit long long"},
		{"bad pair", t64, printfCall("", "", Arg{Type: tI128, Operand: "{%rd1}"}), "a pair is written {lo, hi}"},
		{"param space sm_52", targetFor(64, 52), printfCall("%p", "", Arg{Type: tIntP, Operand: "%rd1", Space: ctypes.ParamSpace}), "cvta.param needs sm_70 and PTX ISA 7.7"},
		{"param space PTX 7.6", sm70, printfCall("%p", "", Arg{Type: tIntP, Operand: "%rd1", Space: ctypes.ParamSpace}), "cvta.param needs"},
		{"status", t64, printfCall("", "5"), `printf status: "5" is not a register`},
		// The other lowerings.
		{"malloc double", t64, func(b *Builder) (*ast.Block, error) { return b.Malloc(Arg{Type: tDouble, Operand: "%fd1"}, "%rd1") }, "malloc's size must have an integral type"},
		{"malloc pointer", t64, func(b *Builder) (*ast.Block, error) { return b.Malloc(Arg{Type: tIntP, Operand: "%rd1"}, "%rd1") }, "integral type"},
		{"malloc result", t64, func(b *Builder) (*ast.Block, error) { return b.Malloc(Arg{Type: tInt, Operand: "4"}, "rd1") }, "malloc result"},
		{"malloc immediate", t32, func(b *Builder) (*ast.Block, error) { return b.Malloc(Arg{Type: tUInt, Operand: "-4294967297"}, "%r1") }, "too wide for unsigned int"},
		{"malloc no type", t64, func(b *Builder) (*ast.Block, error) { return b.Malloc(Arg{Operand: "4"}, "") }, "no type"},
		{"free int", t64, func(b *Builder) (*ast.Block, error) { return b.Free(Arg{Type: tLL, Operand: "%rd1"}) }, "free takes a pointer"},
		{"free struct", t64, func(b *Builder) (*ast.Block, error) { return b.Free(Arg{Type: agg, Operand: "%rd1"}) }, "aggregate struct S"},
		{"assert line", t64, func(b *Builder) (*ast.Block, error) { return b.Assert(Assertion{Line: -1}) }, "line -1"},
		{"assert NUL", t64, func(b *Builder) (*ast.Block, error) { return b.Assert(Assertion{File: "a\x00"}) }, "assert file"},
		{"assert struct", t64, func(b *Builder) (*ast.Block, error) {
			return b.Assert(Assertion{Cond: Arg{Type: agg, Operand: "%r1"}})
		}, "assert condition (struct S): aggregate"},
		{"assert symbol", t64, func(b *Builder) (*ast.Block, error) {
			return b.Assert(Assertion{Cond: Arg{Type: tIntP, Operand: "gvar"}})
		}, "give its Space"},
		// Targets.
		{"address size", target.Target{AddressSize: 16, SM: 52}, printfCall("", ""), "address size must be 32 or 64"},
	}
	for _, tc := range tests {
		b := NewBuilder(tc.t)
		blk, err := tc.f(b)
		if err == nil {
			t.Errorf("%s: no error; built\n%s", tc.name, printer.String(b.Module(kernel("k", blk))))
			continue
		}
		if !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %q, want %q", tc.name, err, tc.err)
		}
		if len(b.Decls()) != 0 {
			// A failed lowering declares nothing.
			t.Errorf("%s: failed lowering left declarations %v", tc.name, b.Decls())
		}
	}
	b := NewBuilder(t64)
	b.Prefix = "a-b"
	if _, err := b.Printf("", nil, ""); err == nil || !strings.Contains(err.Error(), "name prefix") {
		t.Errorf("prefix a-b: error %v", err)
	}
}

// The strings of a module are shared, and the names stay fresh across
// lowerings.
func TestBuilderNames(t *testing.T) {
	b := NewBuilder(t64)
	b.Prefix = "my"
	for range 2 {
		if _, err := b.Printf("x=%d\n", []Arg{{Type: tInt, Operand: "%r1"}}, ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Assert(Assertion{Cond: Arg{Type: tInt, Operand: "%r1"}, Message: "x=%d\n", File: "f", Function: "f"}); err != nil {
		t.Fatal(err)
	}
	text := printer.String(b.Module())
	for _, want := range []string{"$my_str0[6]", "$my_str1[2] = {102, 0}", "vprintf", "__assertfail"} {
		if !strings.Contains(text, want) {
			t.Errorf("module lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "$my_str2") || strings.Contains(text, "malloc") {
		t.Errorf("strings not shared, or malloc declared:\n%s", text)
	}
}

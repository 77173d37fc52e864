package abi

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func b(k ctypes.Kind) ctypes.Type { return ctypes.BasicOf(k) }

var (
	tS   = &ctypes.Struct{Tag: "S", Complete: true, Fields: []*ctypes.Field{{Name: "a", Type: b(ctypes.Int)}, {Name: "b", Type: b(ctypes.Char)}}}
	tE   = &ctypes.Struct{Tag: "E", Complete: true}
	tA   = &ctypes.Struct{Tag: "A256", Complete: true, Align: 256, Fields: []*ctypes.Field{{Name: "x", Type: b(ctypes.Int)}}}
	tNT  = &ctypes.Struct{Tag: "NT", Complete: true, NonTrivial: true, Fields: []*ctypes.Field{{Name: "a", Type: b(ctypes.Int)}}}
	tW   = &ctypes.Struct{Tag: "W", Complete: true, Fields: []*ctypes.Field{{Name: "n", Type: &ctypes.Array{Elem: tNT, Len: 2}}}}
	tU   = &ctypes.Struct{Tag: "U", Union: true, Complete: true, Fields: []*ctypes.Field{{Name: "a", Type: b(ctypes.Int)}, {Name: "d", Type: b(ctypes.Double)}}}
	tF4  = &ctypes.Vector{Name: "float4", Elem: ctypes.Float, Len: 4, Align: 16}
	tC3  = &ctypes.Vector{Name: "char3", Elem: ctypes.SChar, Len: 3, Align: 1}
	tTex = &ctypes.Typedef{Name: "cudaTextureObject_t", Type: &ctypes.Handle{Kind: ctypes.Texture, Name: "cudaTextureObject_t"}}
	tEn  = &ctypes.Enum{Tag: "Ec", Underlying: ctypes.UChar, Fixed: true, Complete: true}
	tFn  = &ctypes.Func{Result: b(ctypes.Int), Params: []ctypes.Param{{Type: b(ctypes.Int)}}}
	tInc = &ctypes.Struct{Tag: "Inc"}
	ld   = &ctypes.Field{Name: "a", Type: b(ctypes.LongDouble)}
	tLD1 = &ctypes.Struct{Tag: "LD1", Complete: true, Fields: []*ctypes.Field{ld}}
	tLD2 = &ctypes.Struct{Tag: "LD2", Complete: true, Fields: []*ctypes.Field{ld, {Name: "b", Type: b(ctypes.Char)}}}
	tLDU = &ctypes.Struct{Tag: "LDU", Complete: true, Union: true, Fields: []*ctypes.Field{ld, {Name: "b", Type: &ctypes.Array{Elem: b(ctypes.Char), Len: 4}}}}
	tLD3 = &ctypes.Struct{Tag: "LD3", Complete: true, Fields: []*ctypes.Field{ld, {Name: "v", Type: tF4}}}
)

func fn(ret ctypes.Type, params ...ctypes.Type) *ctypes.Func {
	f := &ctypes.Func{Result: ret}
	for _, p := range params {
		f.Params = append(f.Params, ctypes.Param{Type: p})
	}
	return f
}

// lowerCases are declarations with their dumps at -m64 and -m32; each
// expectation was read from nvcc 11.8's PTX for the same declaration. The
// comment names the package doc's step or nvcc point.
var lowerCases = []struct {
	name     string
	kind     ctypes.FuncKind
	typ      *ctypes.Func
	m64, m32 string
}{
	{"f_char", ctypes.DeviceFunc, fn(b(ctypes.Char), b(ctypes.Char)), // step 3, N1
		"func f_char ret=.b32 signext8 (.b32 signext8)", ""},
	{"f_uchar", ctypes.DeviceFunc, fn(b(ctypes.Bool), b(ctypes.UChar), b(ctypes.Short), b(ctypes.UShort), b(ctypes.Char16)),
		"func f_uchar ret=.b32 zeroext8 (.b32 zeroext8, .b32 signext16, .b32 zeroext16, .b32 zeroext16)", ""},
	{"f_long", ctypes.DeviceFunc, fn(b(ctypes.Long), b(ctypes.ULong), b(ctypes.Int), b(ctypes.LongLong), b(ctypes.NullPtr)), // N10
		"func f_long ret=.b64 (.b64, .b32, .b64, .b64)", "func f_long ret=.b32 (.b32, .b32, .b64, .b32)"},
	{"f_fp", ctypes.DeviceFunc, fn(b(ctypes.Float), b(ctypes.Double), b(ctypes.LongDouble)), // N6
		"func f_fp ret=.b32 (.b64, .b64)", ""},
	{"f_i128", ctypes.DeviceFunc, fn(b(ctypes.Int128), b(ctypes.UInt128)), // N8
		"func f_i128 ret=.align 16 .b8[16] (.align 16 .b8[16])", ""},
	{"f_half", ctypes.DeviceFunc, fn(b(ctypes.Half), b(ctypes.BFloat16)), // N7
		"func f_half ret=.align 2 .b8[2] (.align 2 .b8[2])", ""},
	{"f_ptr", ctypes.DeviceFunc, fn(&ctypes.Pointer{Elem: b(ctypes.Int)}, &ctypes.Reference{Elem: b(ctypes.Int)}, &ctypes.Array{Elem: b(ctypes.Int), Len: 4}, tFn, &ctypes.Pointer{Elem: tFn}), // steps 1, 4
		"func f_ptr ret=.b64 (.b64, .b64, .b64, .b64)", "func f_ptr ret=.b32 (.b32, .b32, .b32, .b32)"},
	{"f_agg", ctypes.DeviceFunc, fn(tS, tE, tA, tU, tF4, tC3), // steps 5, N4, N5
		"func f_agg ret=.align 4 .b8[8] (.align 1 .b8[1], .align 256 .b8[256], .align 8 .b8[8], .align 16 .b8[16], .align 1 .b8[3])", ""},
	{"f_tex", ctypes.DeviceFunc, fn(tTex, tTex, tEn), // step 6, N9, step 2
		"func f_tex ret=.b64 (.b64, .b32 zeroext8)", ""},
	{"f_nt", ctypes.DeviceFunc, fn(tNT, tNT, b(ctypes.Int), tW), // step 7
		"func f_nt (.b64 sret, .b64 byref, .b32, .b64 byref)", "func f_nt (.b32 sret, .b32 byref, .b32, .b32 byref)"},
	{"f_ld", ctypes.DeviceFunc, fn(tLD1, tLD2, tLDU, tLD3), // N12
		"func f_ld ret=.align 16 .b8[8] (.align 16 .b8[24], .align 16 .b8[16], .align 16 .b8[24])", ""},
	{"f_void", ctypes.DeviceFunc, fn(b(ctypes.Void)), "func f_void ()", ""},
	{"k", ctypes.GlobalFunc, fn(b(ctypes.Void), b(ctypes.Bool), b(ctypes.Char), b(ctypes.Short), b(ctypes.Int), b(ctypes.Long), b(ctypes.LongLong), b(ctypes.Float), b(ctypes.LongDouble), b(ctypes.Half), b(ctypes.Int128)), // N2
		"entry k (.u8, .u8, .u16, .u32, .u64, .u64, .f32, .f64, .align 2 .b8[2], .align 16 .b8[16])",
		"entry k (.u8, .u8, .u16, .u32, .u32, .u64, .f32, .f64, .align 2 .b8[2], .align 16 .b8[16])"},
	{"k2", ctypes.GlobalFunc, fn(b(ctypes.Void), &ctypes.Pointer{Elem: b(ctypes.Float)}, tNT, tTex, tEn, &ctypes.Pointer{Elem: tF4, Space: ctypes.GlobalSpace}), // N2, N3, N9
		"entry k2 (.u64, .align 4 .b8[4], .u64, .u8, .u64 .ptr.global.align 16 global)",
		"entry k2 (.u32, .align 4 .b8[4], .u64, .u8, .u32 .ptr.global.align 16 global)"},
}

func lowerFor(t *testing.T, addr int, name string, kind ctypes.FuncKind, f *ctypes.Func, defined bool) (*Decl, error) {
	t.Helper()
	tgt := target.Default
	tgt.AddressSize = addr
	return Lower(&ctypes.FuncDecl{Name: name, Type: f, Kind: kind, ExternC: true, Defined: defined}, layout.New(tgt), name)
}

func TestLower(t *testing.T) {
	var golden strings.Builder
	for _, c := range lowerCases {
		for _, addr := range []int{64, 32} {
			want := c.m64
			if addr == 32 && c.m32 != "" {
				want = c.m32
			}
			d, err := lowerFor(t, addr, c.name, c.kind, c.typ, true)
			if err != nil {
				t.Errorf("m%d %s: %v", addr, c.name, err)
				continue
			}
			if got := d.Dump(); got != want {
				t.Errorf("m%d %s:\ngot  %s\nwant %s", addr, c.name, got, want)
			}
			golden.WriteString("// -m" + string(rune('0'+addr/10)) + string(rune('0'+addr%10)) + "\n")
			golden.WriteString(d.String() + "\n")
			golden.WriteString(d.Extern() + "\n\n")
		}
	}
	checkGolden(t, "decls.golden", golden.String())
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the output (go test -update rewrites it):\n%s", path, got)
	}
}

func TestLowerErrors(t *testing.T) {
	cases := []struct {
		name string
		kind ctypes.FuncKind
		typ  *ctypes.Func
		want string
	}{
		{"v", ctypes.DeviceFunc, &ctypes.Func{Result: b(ctypes.Int), Params: []ctypes.Param{{Type: b(ctypes.Int)}}, Variadic: true}, "variadic"},
		{"h", ctypes.HostFunc, fn(b(ctypes.Void)), "host function"},
		{"k", ctypes.GlobalFunc, fn(b(ctypes.Int)), "must return void"},
		{"inc", ctypes.DeviceFunc, fn(b(ctypes.Void), tInc), "incomplete"},
		{"vp", ctypes.DeviceFunc, fn(b(ctypes.Void), b(ctypes.Int), b(ctypes.Void)), "has type void"},
		{"ra", ctypes.DeviceFunc, fn(&ctypes.Array{Elem: b(ctypes.Int), Len: 2}), "returns an array"},
	}
	for _, c := range cases {
		_, err := lowerFor(t, 64, c.name, c.kind, c.typ, true)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestValidScalarParamType(t *testing.T) {
	for _, c := range []struct {
		typ string
		ok  bool
	}{{".f16", false}, {".f16x2", false}, {".bf16", false}, {".b16", true}, {".f32", true}, {".b32", true}} {
		if err := ValidScalarParamType(c.typ); (err == nil) != c.ok {
			t.Errorf("%s: got %v, want ok=%v", c.typ, err, c.ok)
		}
	}
}

func TestBeyondNoteD(t *testing.T) {
	d, err := lowerFor(t, 64, "f", ctypes.DeviceFunc, fn(b(ctypes.Void), tA, tS), true)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Params[0].BeyondNoteD() || d.Params[1].BeyondNoteD() {
		t.Errorf("BeyondNoteD: got %v %v, want true false", d.Params[0].BeyondNoteD(), d.Params[1].BeyondNoteD())
	}
}

// TestCallGolden pins the text of call sequences: scalars (one widened by
// note A), an aggregate in pieces and one copied from memory, a hidden
// return pointer, and an indirect call through a .callprototype.
func TestCallGolden(t *testing.T) {
	d, err := lowerFor(t, 64, "g", ctypes.DeviceFunc, fn(tS, b(ctypes.Short), b(ctypes.Double), tS, tC3), false)
	if err != nil {
		t.Fatal(err)
	}
	nt, err := lowerFor(t, 64, "h", ctypes.DeviceFunc, fn(tNT, tNT), false)
	if err != nil {
		t.Fatal(err)
	}
	calls := []Call{
		{Callee: d, Uni: true, Seq: 0, Args: []Value{
			{Reg: "%rs1", RegType: ".s16"}, {Reg: "%fd1"},
			{Pieces: []Piece{{0, ".b32", "%r1"}, {4, ".v4.b8", "{%rs2, %rs3, %rs4, %rs5}"}}},
			{Addr: "%rd1", Space: ".local"}},
			Ret: Value{Pieces: []Piece{{0, ".b32", "%r2"}, {4, ".b8", "%rs6"}}}},
		{Callee: nt, Seq: 1, Through: "%rd9", Args: []Value{{Reg: "%rd2"}, {Reg: "%rd3"}}},
	}
	var out strings.Builder
	for _, c := range calls {
		s, err := c.PTX()
		if err != nil {
			t.Fatal(err)
		}
		out.WriteString(s)
	}
	checkGolden(t, "calls.golden", out.String())
	k, err := lowerFor(t, 64, "k", ctypes.GlobalFunc, fn(b(ctypes.Void)), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		call Call
		want string
	}{
		{Call{Callee: d, Args: []Value{{Reg: "%r1"}}}, "with 1 arguments"},
		{Call{Callee: k}, "is a kernel"},
		{Call{Callee: nt, Args: []Value{{Reg: "%rd1"}, {Reg: "%rd2"}}, Ret: Value{Reg: "%r1"}}, "returns no value"},
		{Call{Callee: d, Args: []Value{{Reg: "%r1"}, {Reg: "%fd1"}, {Reg: "%r2"}, {Addr: "%rd1"}}}, "needs pieces or an address"},
		{Call{Callee: d, Args: []Value{{}, {Reg: "%fd1"}, {Addr: "%rd2"}, {Addr: "%rd1"}}}, "needs a register"},
	} {
		if _, err := c.call.PTX(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("call of %s: got error %v, want one containing %q", c.call.Callee.Name, err, c.want)
		}
	}
}

// TestLinkage checks the linkage directive Lower picks from the
// declaration (N11, N14), as nvcc 11.8 prints it.
func TestLinkage(t *testing.T) {
	l := layout.New(target.Default)
	f := fn(b(ctypes.Int), b(ctypes.Int))
	for _, c := range []struct {
		decl ctypes.FuncDecl
		want string
	}{
		{ctypes.FuncDecl{Defined: true}, ".visible .func  (.param .b32 func_retval0) f("},
		{ctypes.FuncDecl{Defined: true, Attrs: []string{"noinline"}}, ".visible .func  (.param .b32 func_retval0) f("},
		{ctypes.FuncDecl{Defined: true, Attrs: []string{"inline"}}, ".weak .func  (.param .b32 func_retval0) f("},
		{ctypes.FuncDecl{Defined: true, Attrs: []string{"forceinline"}}, ".weak .func  (.param .b32 func_retval0) f("},
		{ctypes.FuncDecl{Defined: true, Attrs: []string{"host", "inline"}}, ".weak .func  (.param .b32 func_retval0) f("},
		{ctypes.FuncDecl{Attrs: []string{"inline"}}, ".extern .func  (.param .b32 func_retval0) f\n("},
		{ctypes.FuncDecl{Defined: true, Static: true, Attrs: []string{"inline"}}, ".func  (.param .b32 func_retval0) f("},
		{ctypes.FuncDecl{Defined: true, Scope: []string{"n", ctypes.AnonymousNamespace}}, ".func  (.param .b32 func_retval0) f("},
		{ctypes.FuncDecl{Defined: true, Kind: ctypes.GlobalFunc, Attrs: []string{"inline"}}, ".weak .entry f("},
	} {
		d := c.decl
		d.Name, d.ExternC = "f", true
		d.Type = f
		if d.Kind == ctypes.GlobalFunc {
			d.Type = fn(b(ctypes.Void), b(ctypes.Int))
		}
		got, err := Lower(&d, l, "f")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(got.String(), c.want) {
			t.Errorf("%+v:\ngot  %s\nwant %s...", c.decl, got, c.want)
		}
	}
}

// TestNoReturn checks N15 against nvcc 11.8's text for [[noreturn]]
// functions: void, returning a class through a hidden pointer, returning
// a value (no .noreturn), and a kernel (none either).
func TestNoReturn(t *testing.T) {
	l := layout.New(target.Default)
	for _, c := range []struct {
		kind    ctypes.FuncKind
		ret     ctypes.Type
		defined bool
		want    string
	}{
		{ctypes.DeviceFunc, b(ctypes.Void), true, ".visible .func f(\n\t.param .b32 f_param_0\n)\n.noreturn "},
		{ctypes.DeviceFunc, b(ctypes.Void), false, ".extern .func f\n(\n\t.param .b32 f_param_0\n)\n.noreturn ;"},
		{ctypes.DeviceFunc, tNT, true, ".visible .func f(\n\t.param .b64 f_param_0,\n\t.param .b32 f_param_1\n)\n.noreturn "},
		{ctypes.DeviceFunc, b(ctypes.Int), true, ".visible .func  (.param .b32 func_retval0) f(\n\t.param .b32 f_param_0\n)"},
		{ctypes.DeviceFunc, b(ctypes.Int), false, ".extern .func  (.param .b32 func_retval0) f\n(\n\t.param .b32 f_param_0\n)\n;"},
		{ctypes.GlobalFunc, b(ctypes.Void), true, ".visible .entry f(\n\t.param .u32 f_param_0\n)"},
	} {
		d := &ctypes.FuncDecl{Name: "f", Kind: c.kind, ExternC: true, Defined: c.defined, Attrs: []string{"noreturn"}, Type: fn(c.ret, b(ctypes.Int))}
		got, err := Lower(d, l, "f")
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != c.want {
			t.Errorf("got\n%q\nwant\n%q", got.String(), c.want)
		}
	}
	d := &ctypes.FuncDecl{Name: "f", ExternC: true, Attrs: []string{"noreturn"}, Type: fn(b(ctypes.Void))}
	got, err := Lower(d, l, "f")
	if err != nil {
		t.Fatal(err)
	}
	if want := ".extern .func f\n()\n.noreturn ;"; got.String() != want {
		t.Errorf("got\n%q\nwant\n%q", got.String(), want)
	}
}

func TestJSON(t *testing.T) {
	d, err := lowerFor(t, 64, "_Z3fooii", ctypes.DeviceFunc, fn(b(ctypes.Int), b(ctypes.Int), tU), true)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(map[string]any{"functions": []JSONFunc{d.JSON()}})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"functions":[{"name":"_Z3fooii","kind":"func","ret":{"ptx":".b32"},"params":[{"ptx":".b32"},{"ptx":".align 8 .b8[8]"}]}]}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// Void: "ret" is null, not left out; no parameters: "params" is [].
	k, err := lowerFor(t, 64, "k", ctypes.GlobalFunc, fn(b(ctypes.Void)), true)
	if err != nil {
		t.Fatal(err)
	}
	got, err = json.Marshal(k.JSON())
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"name":"k","kind":"entry","ret":null,"params":[]}`; string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestDeclsAssemble has ptxas assemble a definition of every declaration
// of lowerCases, kernels with state-space pointers included.
func TestDeclsAssemble(t *testing.T) {
	oracle.Need(t, oracle.PTXAS)
	for _, addr := range []int{64, 32} {
		var m, beyond strings.Builder
		fmt.Fprintf(&m, ".version 7.8\n.target sm_52\n.address_size %d\n", addr)
		beyond.WriteString(m.String())
		for _, c := range lowerCases {
			d, err := lowerFor(t, addr, c.name, c.kind, c.typ, true)
			if err != nil {
				t.Fatal(err)
			}
			def := "\n" + d.String() + "\n{\n\tret;\n}\n"
			noteD := false
			for _, p := range d.Params {
				noteD = noteD || p.BeyondNoteD()
			}
			if noteD {
				beyond.WriteString(def)
			} else {
				m.WriteString(def)
			}
		}
		if err := oracle.Assemble(m.String(), "sm_52", "", "-c", oracle.MArg(addr)); err != nil {
			t.Errorf("-m%d: %v", addr, err)
		}
		// N5: ptxas rejects a definition with a .param aligned beyond note D.
		if err := oracle.Assemble(beyond.String(), "sm_52", "", "-c", oracle.MArg(addr)); err == nil || !strings.Contains(err.Error(), "illegal alignment") {
			t.Errorf("-m%d: ptxas on a .param .align 256: got %v, want an illegal alignment", addr, err)
		}
	}
}

func TestErrorAt(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("a.cu", -1, 100)
	f.SetLines([]int{0, 10, 20})
	pos := f.Pos(23)
	d := &ctypes.FuncDecl{Name: "g", Kind: ctypes.DeviceFunc, Defined: true, Pos: f.Pos(2),
		Type: &ctypes.Func{Result: b(ctypes.Void), Params: []ctypes.Param{{Name: "x", Type: b(ctypes.Void), Pos: pos}}}}
	_, err := Lower(d, layout.New(target.Default), "g")
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("got %v, want an *Error", err)
	}
	if got, want := e.At(fset), "a.cu:3:4: parameter of g has type void"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func BenchmarkLower(b *testing.B) {
	l := layout.New(target.Default)
	d := &ctypes.FuncDecl{Name: "f", Kind: ctypes.DeviceFunc, Defined: true, Type: fn(tS, b2(ctypes.Char), tU, tF4, tNT, tLD2, tTex)}
	for b.Loop() {
		if _, err := Lower(d, l, "f"); err != nil {
			b.Fatal(err)
		}
	}
}

func b2(k ctypes.Kind) ctypes.Type { return ctypes.BasicOf(k) }

package ir

import (
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/target"
)

// TestBuilder builds, as a front end would, "int f(int n) { int s = 0;
// for (int i = 0; i < n; i++) s += i; return s; }" with its locals in
// memory, and checks the result and its text form.
func TestBuilder(t *testing.T) {
	m := &Module{Target: target.Default}
	f := m.NewFunc("f", abi.Func, []Type{I32}, I32)
	b := NewBuilder(f)
	s, i := b.Local(I32), b.Local(I32)
	zero := b.Const(I32, 0)
	b.Store(s, zero, 4)
	b.Store(i, zero, 4)
	cond, body, exit := b.NewBlock(), b.NewBlock(), b.NewBlock()
	b.Jump(cond)
	b.SetBlock(cond)
	b.Branch(b.Cmp(Lt, b.Load(I32, i, 4), f.Params[0]), body, exit)
	b.SetBlock(body)
	iv := b.Load(I32, i, 4)
	b.Store(s, b.Op(OpAdd, I32, b.Load(I32, s, 4), iv), 4)
	b.Store(i, b.Op(OpAdd, I32, iv, b.Const(I32, 1)), 4)
	b.Jump(cond)
	b.SetBlock(exit)
	b.Ret(b.Load(I32, s, 4))
	if err := Check(f); err != nil {
		t.Fatal(err)
	}
	want := `func @f(%0 i32) -> i32 {
b0:
	%1 = alloca ptr.local 4 align 4
	%2 = alloca ptr.local 4 align 4
	%3 = const i32 0
	store %1, %3 align 4
	store %2, %3 align 4
	jmp b1
b1:
	%6 = load i32 %2 align 4
	%7 = cmp.lt pred %6, %0
	br %7, b2, b3
b2:
	%8 = load i32 %2 align 4
	%9 = load i32 %1 align 4
	%10 = add i32 %9, %8
	store %1, %10 align 4
	%12 = const i32 1
	%13 = add i32 %8, %12
	store %2, %13 align 4
	jmp b1
b3:
	%15 = load i32 %1 align 4
	ret %15
}
`
	if got := f.String(); got != want {
		t.Errorf("built:\n%s\nwant:\n%s", got, want)
	}
	m2, err := Parse("built", f.String(), target.Default)
	if err != nil {
		t.Fatalf("the built function does not read back: %v", err)
	}
	if got := m2.Funcs[0].String(); strings.Count(got, "\n") != strings.Count(want, "\n") {
		t.Errorf("read back as:\n%s", got)
	}
	d, err := f.Decl()
	if err != nil {
		t.Fatal(err)
	}
	if got := d.String(); got != ".visible .func  (.param .b32 func_retval0) f(\n\t.param .b32 f_param_0\n)" {
		t.Errorf("Decl = %q", got)
	}
}

// TestDecl: the IR signature stands for C types that abi lowers as nvcc
// does: an aggregate is a byte array, a char a .b32 extended by sign.
func TestDecl(t *testing.T) {
	tests := []struct {
		addr   int
		kind   abi.Kind
		params []Type
		result Type
		want   string
	}{
		{64, abi.Func, []Type{I8, U16, F64, AggT(12, 4), PtrT(Generic, 64)}, F32,
			"func g ret=.b32 (.b32 signext8, .b32 zeroext16, .b64, .align 4 .b8[12], .b64)"},
		{32, abi.Func, []Type{PtrT(Generic, 32), I64}, PredT, "func g ret=.b32 zeroext8 (.b32, .b64)"},
		{64, abi.Entry, []Type{I8, PtrT(Generic, 64), F32, AggT(16, 16)}, VoidT,
			"entry g (.u8, .u64, .f32, .align 16 .b8[16])"},
	}
	for _, tt := range tests {
		tg := target.Default
		tg.AddressSize = tt.addr
		m := &Module{Target: tg}
		f := m.NewFunc("g", tt.kind, tt.params, tt.result)
		d, err := f.Decl()
		if err != nil {
			t.Errorf("%v: %v", tt.params, err)
			continue
		}
		if got := d.Dump(); got != tt.want {
			t.Errorf("Decl(%v) = %s; want %s", tt.params, got, tt.want)
		}
	}
}

package layout_test

import (
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// TestClassRules checks hand-made C++ classes against what nvcc 11.8 gave
// for the same definitions (-m64): tail padding of non-POD bases, the
// empty-base optimisation and its conflicts, the vtable pointer, bases
// with bit fields and pointers to members. The random test
// (TestClassLayoutMatchesNVCC) covers the rules at large.
func TestClassRules(t *testing.T) {
	ctor := func(s *ctypes.Struct) *ctypes.Struct {
		s.Methods = append(s.Methods, &ctypes.FuncDecl{Name: s.Tag, Class: s, Special: ctypes.Constructor, Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}})
		return s
	}
	virt := func(s *ctypes.Struct) *ctypes.Struct {
		s.Methods = append(s.Methods, &ctypes.FuncDecl{Name: "f", Class: s, Virtual: true, Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}})
		return s
	}
	derive := func(tag string, bases []*ctypes.Struct, fs ...*ctypes.Field) *ctypes.Struct {
		s := st(tag, fs...)
		for _, b := range bases {
			s.Bases = append(s.Bases, &ctypes.Base{Type: b})
		}
		return s
	}
	private := func(f *ctypes.Field) *ctypes.Field { f.Access = ctypes.Private; return f }
	init := func(f *ctypes.Field) *ctypes.Field { f.DefaultInit = true; return f }
	pod := func(tag string) *ctypes.Struct { return st(tag, fld("a", tInt), fld("b", tChar)) }
	E := st("E")
	E2 := derive("E2", []*ctypes.Struct{E})
	BF := ctor(st("BF", bf("a", tInt, 3)))
	BF2 := ctor(st("BF2", fld("c", tChar), bf("x", tInt, 9)))
	A := st("A", fld("a", tInt))
	tests := []struct {
		typ  *ctypes.Struct
		want string
	}{
		// A non-POD base's tail padding is reused; a POD's is not.
		{derive("D1", []*ctypes.Struct{st("P1", fld("a", tInt), fld("b", tChar), private(fld("pc", tChar)))}, fld("d", tChar)), "size=8 align=4 P1=0 P1::a=0 P1::b=4 P1::pc=5 d=6"},
		{derive("D2", []*ctypes.Struct{ctor(pod("P2"))}, fld("d", tChar)), "size=8 align=4 P2=0 P2::a=0 P2::b=4 d=5"},
		{derive("D3", []*ctypes.Struct{st("P3", fld("a", tInt), fld("b", tChar), fld("r", &ctypes.Reference{Elem: tInt}))}, fld("d", tChar)), "size=24 align=8 P3=0 P3::a=0 P3::b=4 P3::r=8 d=16"},
		{derive("D5", []*ctypes.Struct{st("P5", fld("a", tInt), fld("b", tChar), init(fld("z", tChar)))}, fld("d", tChar)), "size=8 align=4 P5=0 P5::a=0 P5::b=4 P5::z=5 d=6"},
		{derive("D7", []*ctypes.Struct{pod("P7")}, fld("d", tChar)), "size=12 align=4 P7=0 P7::a=0 P7::b=4 d=8"},
		// Empty bases: conflicts of the same type move a member or a base on.
		{derive("X1", []*ctypes.Struct{E}, fld("e", E), fld("i", tInt)), "size=8 align=4 E=0 e=1 i=4"},
		{derive("X2", []*ctypes.Struct{E, E2}, fld("c", tChar)), "size=2 align=1 E=0 E2=1 E2::E=1 c=0"},
		{derive("X3", []*ctypes.Struct{E}, fld("e2", E2)), "size=2 align=1 E=0 e2=1 e2.E=1"},
		// Bases with bit fields: the derived class's members follow the data.
		{derive("X4", []*ctypes.Struct{BF}, fld("c", tChar), bf("d", tInt, 4)), "size=4 align=4 BF=0 BF::a=b0:3 c=1 d=b16:4"},
		{derive("X5", []*ctypes.Struct{BF2}, bf("s", tShort, 3)), "size=4 align=4 BF2=0 BF2::c=0 BF2::x=b8:9 s=b24:3"},
		// The vtable pointer at 0; a dynamic class's bases after it.
		{derive("W", []*ctypes.Struct{A, E}, fld("c", tChar)), "size=8 align=4 A=0 A::a=0 E=0 c=4"},
		{virt(derive("V", []*ctypes.Struct{A, E}, fld("c", tChar))), "size=16 align=8 _vptr=0 A=8 A::a=8 E=0 c=12"},
		// Pointers to members: ptrdiff_t, and two of them.
		{st("M", fld("c", tChar), fld("pm", &ctypes.MemberPointer{Class: A, Elem: tInt}), fld("c2", tChar),
			fld("pf", &ctypes.MemberPointer{Class: A, Elem: &ctypes.Func{Result: tInt, Params: []ctypes.Param{{Type: tInt}}}})), "size=40 align=8 c=0 pm=8 c2=16 pf=24"},
	}
	for _, tt := range tests {
		l := layout.New(target.Default)
		if got := notation(t, l, tt.typ); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.typ.Tag, got, tt.want)
		}
	}
}

func TestClassErrorsAndNotes(t *testing.T) {
	A := st("A", fld("a", tInt))
	vb := st("VB")
	vb.Bases = []*ctypes.Base{{Type: A, Virtual: true}}
	l := layout.New(target.Default)
	// A virtual base: a virtual table pointer, then the base after the
	// non-virtual part (nvcc: sizeof 16, the base at 8).
	if got := notation(t, l, vb); got != "size=16 align=8 _vptr=0 A=8 A::a=8" {
		t.Errorf("virtual base: got %s", got)
	}
	l = layout.New(target.Default)
	dyn := st("Dyn", fld("a", tInt))
	dyn.Methods = []*ctypes.FuncDecl{{Name: "f", Virtual: true, Type: &ctypes.Func{Result: tInt}}}
	if _, err := l.Sizeof(dyn); err != nil {
		t.Fatal(err)
	}
	ws := l.Warnings()
	if len(ws) != 1 || !ws[0].Note || !strings.Contains(ws[0].Msg, "cannot be used across host and device") {
		t.Errorf("notes for a dynamic class: %v", ws)
	}
}

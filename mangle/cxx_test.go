package mangle

import (
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

// TestCXXNames checks C++ member functions, constructors, destructors,
// operators, templates and pointers to members against the names nvcc
// 11.8 gave the same declarations (-rdc=true).
func TestCXXNames(t *testing.T) {
	b := ctypes.BasicOf
	i, f, d, v := b(ctypes.Int), b(ctypes.Float), b(ctypes.Double), b(ctypes.Void)
	ps := func(ts ...ctypes.Type) []ctypes.Param {
		var out []ctypes.Param
		for _, t := range ts {
			out = append(out, ctypes.Param{Type: t})
		}
		return out
	}
	ptr := func(t ctypes.Type) ctypes.Type { return &ctypes.Pointer{Elem: t} }
	cref := func(t ctypes.Type) ctypes.Type {
		return &ctypes.Reference{Elem: &ctypes.Qualified{Type: t, Const: true}}
	}
	S := &ctypes.Struct{Tag: "S", Complete: true}
	method := func(cls *ctypes.Struct, name string, ft *ctypes.Func) *ctypes.FuncDecl {
		return &ctypes.FuncDecl{Name: name, Scope: append(append([]string{}, cls.Scope...), cls.Tag), Class: cls, Type: ft}
	}
	ctor := method(S, "S", &ctypes.Func{Result: v, Params: ps(i)})
	ctor.Special = ctypes.Constructor
	dtor := method(S, "~S", &ctypes.Func{Result: v})
	dtor.Special = ctypes.Destructor
	plus := method(S, "operator+", &ctypes.Func{Result: S, Params: ps(cref(S)), Const: true})
	plus.Special, plus.Operator = ctypes.OperatorFunc, ctypes.OperatorFor("+", 2)
	assign := method(S, "operator=", &ctypes.Func{Result: &ctypes.Reference{Elem: S}, Params: ps(cref(S))})
	assign.Special, assign.Operator = ctypes.OperatorFunc, ctypes.OperatorFor("=", 2)
	st := method(S, "st", &ctypes.Func{Result: i, Params: ps(i)})
	st.StaticMember = true
	rr := method(S, "rr", &ctypes.Func{Result: i, Ref: ctypes.RValueRef})
	conv := method(S, "operator float", &ctypes.Func{Result: f, Const: true})
	conv.Special = ctypes.ConversionFunc

	T0 := &ctypes.TemplateParam{Name: "T"}
	tmax := &ctypes.FuncDecl{Name: "tmax", Type: &ctypes.Func{Result: f, Params: ps(f, f)},
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(f)},
			Signature: &ctypes.Func{Result: T0, Params: ps(T0, T0)}}}

	arrTmpl := func(args ...ctypes.TemplateArg) *ctypes.Struct {
		return &ctypes.Struct{Tag: "Arr", Complete: true, Template: &ctypes.TemplateInst{Args: args}}
	}
	arrF3 := arrTmpl(ctypes.TypeArgOf(f), ctypes.ValueArgOf(i, 3))
	sum := method(arrF3, "sum", &ctypes.Func{Result: f, Const: true})
	sum.Defined = true

	N := &ctypes.TemplateParam{Name: "N"}
	f1 := &ctypes.FuncDecl{Name: "f1", Type: &ctypes.Func{Result: i, Params: ps(arrF3)},
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.ValueArgOf(i, 3)},
			Signature: &ctypes.Func{Result: i, Params: ps(arrTmpl(ctypes.TypeArgOf(f), ctypes.TemplateArg{Kind: ctypes.ParamArg, Param: N}))}}}
	Ts := &ctypes.TemplateParam{Name: "Ts", Pack: true}
	f2 := &ctypes.FuncDecl{Name: "f2", Type: &ctypes.Func{Result: i, Params: ps(i, f)},
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{{Kind: ctypes.PackArg, Pack: []ctypes.TemplateArg{ctypes.TypeArgOf(i), ctypes.TypeArgOf(f)}}},
			Signature: &ctypes.Func{Result: i, Params: ps(Ts)}}}
	f2e := &ctypes.FuncDecl{Name: "f2", Type: &ctypes.Func{Result: i},
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{{Kind: ctypes.PackArg}},
			Signature: &ctypes.Func{Result: i, Params: ps(Ts)}}}
	f3 := &ctypes.FuncDecl{Name: "f3", Type: &ctypes.Func{Result: v},
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(d)},
			Signature: &ctypes.Func{Result: v, Params: ps(ptr(T0), cref(T0), arrTmpl(ctypes.TypeArgOf(T0), ctypes.ValueArgOf(i, 2)))}}}
	f4 := &ctypes.FuncDecl{Name: "f4", Type: &ctypes.Func{Result: v},
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.ValueArgOf(b(ctypes.Bool), 1), ctypes.ValueArgOf(b(ctypes.UInt), 7),
			ctypes.ValueArgOf(b(ctypes.Char), 97), ctypes.ValueArgOf(b(ctypes.Long), -5)}}}
	E := &ctypes.Enum{Tag: "E", Underlying: ctypes.UInt, Complete: true}
	f5 := &ctypes.FuncDecl{Name: "f5", Type: &ctypes.Func{Result: v},
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.ValueArgOf(E, 1)}}}

	Q := &ctypes.Struct{Tag: "Q", Scope: []string{"ns", "in"}, Complete: true}
	R := &ctypes.Struct{Tag: "R", Scope: []string{"ns", "in", "Q"}, Parent: Q, Complete: true}
	rm := method(R, "m", &ctypes.Func{Result: v, Params: ps(ptr(Q), ptr(R)), Const: true, Volatile: true})

	U := &ctypes.TemplateParam{Name: "U"}
	cvt := method(S, "cvt", &ctypes.Func{Result: i, Params: ps(i), Const: true})
	cvt.Template = &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(i)}, Signature: &ctypes.Func{Result: U, Params: ps(U)}}
	boxInt := &ctypes.Struct{Tag: "Box", Complete: true, Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(i)}}}
	put := method(boxInt, "put", &ctypes.Func{Result: v, Params: ps(i, f)})
	put.Template = &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(f)}, Signature: &ctypes.Func{Result: v, Params: ps(i, U)}}
	boxArr := &ctypes.Struct{Tag: "Box", Complete: true, Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(arrTmpl(ctypes.TypeArgOf(i), ctypes.ValueArgOf(i, 1)))}}}
	boxCtor := method(boxArr, "Box", &ctypes.Func{Result: v})
	boxCtor.Special = ctypes.Constructor
	boxDtor := method(boxArr, "~Box", &ctypes.Func{Result: v})
	boxDtor.Special = ctypes.Destructor
	V := &ctypes.Struct{Tag: "V", Complete: true}
	vdtor := method(V, "~V", &ctypes.Func{Result: v})
	vdtor.Special, vdtor.Virtual = ctypes.Destructor, true

	g := &ctypes.FuncDecl{Name: "g", Type: &ctypes.Func{Result: i, Params: ps(&ctypes.MemberPointer{Class: S, Elem: i},
		&ctypes.MemberPointer{Class: S, Elem: &ctypes.Func{Result: i, Params: ps(i)}})}}
	h := &ctypes.FuncDecl{Name: "h", Type: &ctypes.Func{Result: v, Params: ps(&ctypes.MemberPointer{Class: S, Elem: &ctypes.Func{Result: i, Const: true}}, S)}}

	size := b(ctypes.ULong)
	opNew := method(S, "operator new", &ctypes.Func{Result: ptr(v), Params: ps(size)})
	opNew.Special, opNew.Operator = ctypes.OperatorFunc, ctypes.OperatorFor("new", 1)
	opDel := method(S, "operator delete", &ctypes.Func{Result: v, Params: ps(ptr(v))})
	opDel.Special, opDel.Operator = ctypes.OperatorFunc, ctypes.OperatorFor("delete", 1)
	opNewArr := method(S, "operator new[]", &ctypes.Func{Result: ptr(v), Params: ps(size, i)})
	opNewArr.Special, opNewArr.Operator = ctypes.OperatorFunc, ctypes.OperatorFor("new[]", 1)
	lit := &ctypes.FuncDecl{Name: `operator""_km`, Special: ctypes.LiteralOperator, LiteralSuffix: "_km", Type: &ctypes.Func{Result: i, Params: ps(b(ctypes.ULongLong))}}
	stdS := &ctypes.Struct{Tag: "S", Scope: []string{"std"}, Complete: true}
	stdF := &ctypes.FuncDecl{Name: "f", Scope: []string{"std"}, Type: &ctypes.Func{Result: v, Params: ps(stdS)}}
	stdG := &ctypes.FuncDecl{Name: "g", Scope: []string{"std"}, Type: &ctypes.Func{Result: v, Params: ps(i)},
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(i)}, Signature: &ctypes.Func{Result: v, Params: ps(T0)}}}

	tests := []struct {
		d    *ctypes.FuncDecl
		want []string
	}{
		{opNew, []string{"_ZN1SnwEm"}},
		{opDel, []string{"_ZN1SdlEPv"}},
		{opNewArr, []string{"_ZN1SnaEmi"}},
		{lit, []string{"_Zli3_kmy"}},
		{stdF, []string{"_ZSt1fSt1S"}},
		{stdG, []string{"_ZSt1gIiEvT_"}},
		{ctor, []string{"_ZN1SC1Ei", "_ZN1SC2Ei"}},
		{dtor, []string{"_ZN1SD1Ev", "_ZN1SD2Ev"}},
		{plus, []string{"_ZNK1SplERKS_"}},
		{assign, []string{"_ZN1SaSERKS_"}},
		{st, []string{"_ZN1S2stEi"}},
		{rr, []string{"_ZNO1S2rrEv"}},
		{conv, []string{"_ZNK1ScvfEv"}},
		{tmax, []string{"_Z4tmaxIfET_S0_S0_"}},
		{sum, []string{"_ZNK3ArrIfLi3EE3sumEv"}},
		{f1, []string{"_Z2f1ILi3EEi3ArrIfXT_EE"}},
		{f2, []string{"_Z2f2IJifEEiDpT_"}},
		{f2e, []string{"_Z2f2IJEEiDpT_"}},
		{f3, []string{"_Z2f3IdEvPT_RKS0_3ArrIS0_Li2EE"}},
		{f4, []string{"_Z2f4ILb1ELj7ELc97ELln5EEvv"}},
		{f5, []string{"_Z2f5IL1E1EEvv"}},
		{rm, []string{"_ZNVK2ns2in1Q1R1mEPS1_PS2_"}},
		{cvt, []string{"_ZNK1S3cvtIiEET_S1_"}},
		{put, []string{"_ZN3BoxIiE3putIfEEviT_"}},
		{boxCtor, []string{"_ZN3BoxI3ArrIiLi1EEEC1Ev", "_ZN3BoxI3ArrIiLi1EEEC2Ev"}},
		{boxDtor, []string{"_ZN3BoxI3ArrIiLi1EEED1Ev", "_ZN3BoxI3ArrIiLi1EEED2Ev"}},
		{vdtor, []string{"_ZN1VD1Ev", "_ZN1VD2Ev", "_ZN1VD0Ev"}},
		{g, []string{"_Z1gM1SiMS_FiiE"}},
		{h, []string{"_Z1hM1SKFivES_"}},
	}
	for _, tt := range tests {
		got, err := Variants(tt.d, target.Target{AddressSize: 64, SM: 70})
		if err != nil {
			t.Errorf("%s: %v", tt.d.QualifiedName(), err)
			continue
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: got %q, want %q", tt.d.QualifiedName(), got, tt.want)
			continue
		}
		for k := range got {
			if got[k] != tt.want[k] {
				t.Errorf("%s: got %q, want %q", tt.d.QualifiedName(), got[k], tt.want[k])
			}
			if _, err := Demangle(got[k]); err != nil {
				t.Errorf("%s: %v", got[k], err)
			}
		}
	}
}

func TestVarName(t *testing.T) {
	S := &ctypes.Struct{Tag: "S", Scope: []string{"ns"}, Complete: true}
	i := ctypes.BasicOf(ctypes.Int)
	tests := []struct {
		v    *ctypes.VarDecl
		want string
	}{
		{&ctypes.VarDecl{Name: "x", Type: i}, "x"},
		{&ctypes.VarDecl{Name: "x", Scope: []string{"ns"}, Type: i}, "_ZN2ns1xE"},
		{&ctypes.VarDecl{Name: "sv", Scope: []string{"ns", "S"}, Class: S, Type: i}, "_ZN2ns1S2svE"},
	}
	for _, tt := range tests {
		if got, err := VarName(tt.v); err != nil || got != tt.want {
			t.Errorf("VarName(%s) = %q, %v; want %q", tt.v.Name, got, err, tt.want)
		}
	}
}

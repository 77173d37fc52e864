package ctypes

import "testing"

func TestCXXTypeStrings(t *testing.T) {
	i, f := BasicOf(Int), BasicOf(Float)
	s := &Struct{Tag: "S", Complete: true}
	arr := &Struct{Tag: "Array", Scope: []string{"ns"}, Template: &TemplateInst{Args: []TemplateArg{TypeArgOf(f), ValueArgOf(i, 3)}}}
	inner := &Struct{Tag: "In", Scope: []string{"ns", "Array"}, Parent: arr}
	tests := []struct {
		t    Type
		want string
	}{
		{&MemberPointer{Class: s, Elem: i}, "int S::*a"},
		{&MemberPointer{Class: s, Elem: &Func{Result: i, Params: []Param{{Type: f}}, Const: true}}, "int (S::*a)(float) const"},
		{&Func{Result: i, Ref: RValueRef, Volatile: true}, "int a(void) volatile &&"},
		{arr, "struct ns::Array<float, 3> a"},
		{inner, "struct ns::Array<float, 3>::In a"},
		{&Struct{Tag: "V", Template: &TemplateInst{Args: []TemplateArg{TypeArgOf(arr), ValueArgOf(BasicOf(UInt), 7), ValueArgOf(BasicOf(Bool), 1), ValueArgOf(BasicOf(Char), 65)}}}, "struct V<ns::Array<float, 3>, 7u, true, (char)65> a"},
		{&Struct{Tag: "W", Template: &TemplateInst{Args: []TemplateArg{TypeArgOf(arr)}}}, "struct W<ns::Array<float, 3> > a"},
	}
	for _, tt := range tests {
		if got := TypeString(tt.t, "a"); got != tt.want {
			t.Errorf("TypeString = %q, want %q", got, tt.want)
		}
	}
}

func TestOperatorFor(t *testing.T) {
	tests := []struct {
		spelling string
		arity    int
		want     string
	}{
		{"+", 2, "pl"}, {"+", 1, "ps"}, {"-", 1, "ng"}, {"*", 1, "de"}, {"*", 2, "ml"},
		{"&", 1, "ad"}, {"&", 2, "an"}, {"()", 3, "cl"}, {"[]", 2, "ix"}, {"new []", 1, "na"},
		{"delete", 1, "dl"}, {"->", 1, "pt"}, {"++", 2, "pp"}, {"<=>", 2, "ss"}, {"=", 2, "aS"},
	}
	for _, tt := range tests {
		if got := OperatorFor(tt.spelling, tt.arity).Code(); got != tt.want {
			t.Errorf("OperatorFor(%q, %d) = %q, want %q", tt.spelling, tt.arity, got, tt.want)
		}
	}
	if OperatorFor("@", 2) != NoOperator {
		t.Errorf("OperatorFor(@) is an operator")
	}
	for o := NoOperator + 1; o < numOperators; o++ {
		if OperatorByCode(o.Code()) != o {
			t.Errorf("operator %v: code %q not unique", o, o.Code())
		}
	}
}

func TestSubstitute(t *testing.T) {
	f, i := BasicOf(Float), BasicOf(Int)
	T := &TemplateParam{Name: "T"}
	N := &TemplateParam{Name: "N", Index: 1}
	Ts := &TemplateParam{Name: "Ts", Index: 2, Pack: true}
	arr := func(args ...TemplateArg) *Struct {
		return &Struct{Tag: "Arr", Template: &TemplateInst{Args: args}}
	}
	sig := &Func{Result: T, Params: []Param{
		{Type: &Pointer{Elem: &Qualified{Type: T, Const: true}}},
		{Type: &Reference{Elem: arr(TypeArgOf(T), TemplateArg{Kind: ParamArg, Param: N})}},
		{Type: i},
		{Type: Ts},
	}, Const: true}
	args := []TemplateArg{TypeArgOf(f), ValueArgOf(i, 3), {Kind: PackArg, Pack: []TemplateArg{TypeArgOf(i), TypeArgOf(BasicOf(Double))}}}
	got := Substitute(sig, args)
	if s := CXXString(got, "g"); s != "float g(const float *, Arr<float, 3> &, int, int, double) const" {
		t.Errorf("Substitute = %s", s)
	}
	if Substitute(i, args) != Type(i) {
		t.Errorf("Substitute changed a type without parameters")
	}
	plain := &Func{Result: i, Params: []Param{{Type: f}}}
	if Substitute(plain, args) != Type(plain) {
		t.Errorf("Substitute copied a function without parameters")
	}
}

package mangle

import (
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

func basic(k ctypes.Kind) ctypes.Type { return ctypes.BasicOf(k) }

func fn(params ...ctypes.Type) *ctypes.Func {
	f := &ctypes.Func{Result: basic(ctypes.Void)}
	for _, p := range params {
		f.Params = append(f.Params, ctypes.Param{Type: p})
	}
	return f
}

func TestName(t *testing.T) {
	i := basic(ctypes.Int)
	cint := &ctypes.Qualified{Type: i, Const: true}
	s := &ctypes.Struct{Tag: "S", Scope: []string{"A", "B"}}
	e := &ctypes.Enum{Tag: "E", Scope: []string{"A", "B"}}
	variadic := fn(i)
	variadic.Variadic = true
	tests := []struct {
		name    string
		scope   []string
		typ     *ctypes.Func
		externC bool
		want    string
	}{
		{"foo", nil, fn(i), false, "_Z3fooi"},
		{"foo", nil, fn(i, i), false, "_Z3fooii"},
		{"foo", nil, fn(), false, "_Z3foov"},
		{"foo", nil, fn(i), true, "foo"},
		{"f", nil, variadic, false, "_Z1fiz"},
		{"f", nil, fn(basic(ctypes.Char), basic(ctypes.SChar), basic(ctypes.UChar)), false, "_Z1fcah"},
		{"f", nil, fn(basic(ctypes.Long), basic(ctypes.ULong), basic(ctypes.Int128)), false, "_Z1flmn"},
		{"f1", nil, fn(basic(ctypes.Half), basic(ctypes.BFloat16), &ctypes.Vector{Name: "float4"}, &ctypes.Handle{Name: "cudaTextureObject_t"}), false, "_Z2f16__half13__nv_bfloat166float4y"},
		// Top-level qualifiers go; arrays and functions decay.
		{"f", nil, fn(cint, &ctypes.Array{Elem: cint, Len: 5}, fn()), false, "_Z1fiPKiPFvvE"},
		{"f3", nil, fn(&ctypes.Reference{Elem: &ctypes.Array{Elem: i, Len: 4}}, &ctypes.Pointer{Elem: &ctypes.Array{Elem: &ctypes.Array{Elem: i, Len: 2}, Len: 3}}), false, "_Z2f3RA4_iPA3_A2_i"},
		// Substitutions: a qualified builtin is a candidate, the builtin is not.
		{"f4", nil, fn(&ctypes.Pointer{Elem: &ctypes.Qualified{Type: &ctypes.Pointer{Elem: &ctypes.Qualified{Type: i, Const: true, Volatile: true}}, Const: true}},
			&ctypes.Pointer{Elem: &ctypes.Qualified{Type: i, Const: true, Volatile: true}}, &ctypes.Pointer{Elem: basic(ctypes.Double)}, &ctypes.Pointer{Elem: basic(ctypes.Double)}), false, "_Z2f4PKPVKiS0_PdS3_"},
		{"g", []string{"A"}, fn(s, &ctypes.Pointer{Elem: s}, e, &ctypes.Pointer{Elem: e}), false, "_ZN1A1gENS_1B1SEPS1_NS0_1EEPS3_"},
		{"h", []string{"std"}, fn(&ctypes.Struct{Tag: "X", Scope: []string{"std"}}), false, "_ZSt1hSt1X"},
		{"h2", []string{"std", "q"}, fn(&ctypes.Struct{Tag: "X", Scope: []string{"std"}}), false, "_ZNSt1q2h2ESt1X"},
		{"f5", nil, fn(&ctypes.Typedef{Name: "TS", Type: &ctypes.Struct{}}, &ctypes.Pointer{Elem: &ctypes.Qualified{Type: &ctypes.Pointer{Elem: i}, Restrict: true}}), false, "_Z2f52TSPrPi"},
		// An unnamed namespace is _GLOBAL__N_1, as g++ names it.
		{"anon", []string{ctypes.AnonymousNamespace}, fn(&ctypes.Struct{Tag: "A", Scope: []string{ctypes.AnonymousNamespace}}), false, "_ZN12_GLOBAL__N_14anonENS_1AE"},
		{"f6", []string{"n"}, fn(&ctypes.Struct{Tag: "A", Scope: []string{"n", ctypes.AnonymousNamespace}}), false, "_ZN1n2f6ENS_12_GLOBAL__N_11AE"},
	}
	for _, tt := range tests {
		d := &ctypes.FuncDecl{Name: tt.name, Scope: tt.scope, Type: tt.typ, ExternC: tt.externC}
		for _, as := range []int{32, 64} {
			got, err := Name(d, target.Target{AddressSize: as, SM: 70})
			if err != nil || got != tt.want {
				t.Errorf("Name(%s) -m%d = %q, %v; want %q", d.QualifiedName(), as, got, err, tt.want)
			}
		}
	}
}

func TestNameErrors(t *testing.T) {
	for _, d := range []*ctypes.FuncDecl{
		{},
		{Name: "f"},
		{Name: "f", Type: fn(&ctypes.Struct{})},
	} {
		if got, err := Name(d, target.Target{AddressSize: 64}); err == nil {
			t.Errorf("Name(%+v) = %q, want an error", d, got)
		}
	}
}

func TestSeqID(t *testing.T) {
	for i, want := range map[int]string{0: "S_", 1: "S0_", 10: "S9_", 11: "SA_", 36: "SZ_", 37: "S10_"} {
		if got := seqID(i); got != want {
			t.Errorf("seqID(%d) = %q, want %q", i, got, want)
		}
	}
}

func BenchmarkName(b *testing.B) {
	s := &ctypes.Struct{Tag: "S", Scope: []string{"A", "B"}}
	d := &ctypes.FuncDecl{Name: "g", Scope: []string{"A"}, Type: fn(s, &ctypes.Pointer{Elem: s}, &ctypes.Pointer{Elem: fn(basic(ctypes.Int), s)}, basic(ctypes.Float))}
	t := target.Target{AddressSize: 64, SM: 70}
	for b.Loop() {
		if _, err := Name(d, t); err != nil {
			b.Fatal(err)
		}
	}
}

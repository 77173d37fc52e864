package ctypes

import "testing"

func TestTypeStringQualifiedArrays(t *testing.T) {
	i := BasicOf(Int)
	tests := []struct {
		t    Type
		want string
	}{
		// Qualifiers on an array qualify its elements.
		{&Qualified{Type: &Array{Elem: &Pointer{Elem: i}, Len: 4}, Const: true}, "int * const a[4]"},
		{&Qualified{Type: &Array{Elem: i, Len: 2}, Volatile: true}, "volatile int a[2]"},
		{&Pointer{Elem: &Qualified{Type: &Array{Elem: &Pointer{Elem: i}, Len: 3}, Const: true}}, "int * const (*a)[3]"},
		// Qualifiers around qualifiers merge.
		{&Qualified{Type: &Qualified{Type: &Pointer{Elem: i}, Restrict: true}, Volatile: true}, "int * volatile __restrict__ a"},
		{&Pointer{Elem: &Func{Result: &Pointer{Elem: &Func{Result: i}}, Params: []Param{{Type: i}}}}, "int (*(*a)(int))(void)"},
		{&Array{Elem: &Pointer{Elem: &Func{Result: i, Variadic: true}}, Len: 3}, "int (*a[3])(...)"},
	}
	for _, tt := range tests {
		if got := TypeString(tt.t, "a"); got != tt.want {
			t.Errorf("TypeString = %q, want %q", got, tt.want)
		}
	}
}

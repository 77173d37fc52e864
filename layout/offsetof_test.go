package layout_test

import (
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// TestOffsetofScalarElements: a designator may name an element of an
// array of scalars (which Flatten does not list); an index into a
// non-array is an error. cc's corpus program offsetof_array_bound checks
// the same against nvcc.
func TestOffsetofScalarElements(t *testing.T) {
	// struct S { char c; double d[3]; int m[2][3]; int x; }
	s := &ctypes.Struct{Tag: "S", Complete: true, Fields: []*ctypes.Field{
		{Name: "c", Type: ctypes.BasicOf(ctypes.Char)},
		{Name: "d", Type: &ctypes.Array{Elem: ctypes.BasicOf(ctypes.Double), Len: 3}},
		{Name: "m", Type: &ctypes.Array{Elem: &ctypes.Array{Elem: ctypes.BasicOf(ctypes.Int), Len: 3}, Len: 2}},
		{Name: "x", Type: ctypes.BasicOf(ctypes.Int)},
	}}
	l := layout.New(target.Default)
	for _, c := range []struct {
		member string
		want   int64 // -1: an error
	}{
		{"d", 8}, {"d[0]", 8}, {"d[2]", 24}, {"d[3]", 32}, {"m[1][2]", 52}, {"m[1]", 44},
		{"x[0]", -1}, {"d[4]", -1}, {"d[1][0]", -1}, {"nope[1]", -1},
	} {
		got, err := l.Offsetof(s, c.member)
		switch {
		case c.want < 0 && err == nil:
			t.Errorf("offsetof(S, %s) = %d, want an error", c.member, got)
		case c.want >= 0 && (err != nil || got != c.want):
			t.Errorf("offsetof(S, %s) = %d, %v; want %d", c.member, got, err, c.want)
		}
	}
}

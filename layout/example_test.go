package layout_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// Build struct S { char c; unsigned a : 3, b : 7; double d; } by hand and
// lay it out for a 64-bit target (guide §1.2, §1.3).
func Example() {
	s := &ctypes.Struct{Tag: "S", Complete: true, Fields: []*ctypes.Field{
		{Name: "c", Type: ctypes.BasicOf(ctypes.Char)},
		{Name: "a", Type: ctypes.BasicOf(ctypes.UInt), BitField: true, BitWidth: 3},
		{Name: "b", Type: ctypes.BasicOf(ctypes.UInt), BitField: true, BitWidth: 7},
		{Name: "d", Type: ctypes.BasicOf(ctypes.Double)},
	}}
	l := layout.New(target.Default)
	r, err := l.Record(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: size %d, align %d\n", s, r.Size, r.Align)
	for _, m := range r.Members {
		if m.Field.BitField {
			fmt.Printf("  %s: bits %d..%d\n", m.Field.Name, m.BitOffset, m.BitOffset+int64(m.BitSize)-1)
		} else {
			fmt.Printf("  %s: offset %d, size %d\n", m.Field.Name, m.Offset, m.Size)
		}
	}
	// Output:
	// struct S: size 16, align 8
	//   c: offset 0, size 1
	//   a: bits 8..10
	//   b: bits 11..17
	//   d: offset 8, size 8
}

// Offsetof takes a C designator, as the offsetof macro does.
func ExampleLayouter_Offsetof() {
	// struct P { int id; void *next; float3 pos[2]; }
	float3 := &ctypes.Vector{Name: "float3", Elem: ctypes.Float, Len: 3, Align: 4}
	s := &ctypes.Struct{Tag: "P", Complete: true, Fields: []*ctypes.Field{
		{Name: "id", Type: ctypes.BasicOf(ctypes.Int)},
		{Name: "next", Type: &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Void)}},
		{Name: "pos", Type: &ctypes.Array{Elem: float3, Len: 2}},
	}}
	for _, addr := range []int{64, 32} {
		l := layout.New(target.Target{AddressSize: addr, SM: 52, PTX: target.Default.PTX})
		off, _ := l.Offsetof(s, "pos[1].z")
		size, _ := l.Sizeof(s)
		fmt.Printf("-m%d: offsetof(P, pos[1].z) = %d, sizeof(P) = %d\n", addr, off, size)
	}
	// Output:
	// -m64: offsetof(P, pos[1].z) = 36, sizeof(P) = 40
	// -m32: offsetof(P, pos[1].z) = 28, sizeof(P) = 32
}

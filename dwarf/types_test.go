package dwarf

import (
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
)

// TestTypeDIE checks the DIE that each kind of C type becomes, through the
// writer and the reader's dump.
func TestTypeDIE(t *testing.T) {
	intT := ctypes.BasicOf(ctypes.Int)
	list := &ctypes.Struct{Tag: "L", Complete: true}
	list.Fields = []*ctypes.Field{{Name: "v", Type: intT}, {Name: "next", Type: &ctypes.Pointer{Elem: list}}}
	tests := []struct {
		name string
		typ  ctypes.Type
		want []string
	}{
		{"int", intT, []string{"DW_TAG_base_type", `DW_AT_name	("int")`, "DW_ATE_signed", "DW_AT_byte_size	(0x04)"}},
		{"void", ctypes.BasicOf(ctypes.Void), []string{"DW_TAG_unspecified_type", `("void")`}},
		{"void*", &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Void)}, []string{"DW_TAG_pointer_type", "ADDR_generic_space", "DW_AT_byte_size	(0x08)"}},
		{"shared ptr", &ctypes.Pointer{Elem: intT, Space: ctypes.SharedSpace}, []string{"ADDR_shared_space"}},
		{"ref", &ctypes.Reference{Elem: intT}, []string{"DW_TAG_reference_type"}},
		{"rvalue ref", &ctypes.Reference{Elem: intT, RValue: true}, []string{"DW_TAG_rvalue_reference_type"}},
		{"cv", &ctypes.Qualified{Type: intT, Const: true, Volatile: true}, []string{"DW_TAG_const_type", "DW_TAG_volatile_type"}},
		{"restrict", &ctypes.Qualified{Type: &ctypes.Pointer{Elem: intT}, Restrict: true}, []string{"DW_TAG_restrict_type"}},
		{"enum", &ctypes.Enum{Tag: "E", Underlying: ctypes.UInt, Values: []ctypes.Enumerator{{Name: "A", Value: 0}, {Name: "B", Value: -3}}}, []string{"DW_TAG_enumeration_type", "DW_TAG_enumerator", `("B")`, "DW_AT_const_value	(-3)"}},
		{"float4", &ctypes.Vector{Name: "float4", Elem: ctypes.Float, Len: 4, Align: 16}, []string{"DW_TAG_structure_type", `("float4")`, `("w")`, "DW_OP_plus_uconst 0xc", "DW_AT_byte_size	(0x10)"}},
		{"texture", &ctypes.Handle{Kind: ctypes.Texture, Name: "cudaTextureObject_t"}, []string{"DW_TAG_typedef", `("cudaTextureObject_t")`, `("unsigned long long")`}},
		{"incomplete", &ctypes.Struct{Tag: "X"}, []string{"DW_TAG_structure_type", "DW_AT_declaration	(0x01)"}},
		{"recursive", list, []string{`("next")`, `DW_OP_plus_uconst 0x8`, `"L"`}},
		{"unsized array", &ctypes.Array{Elem: intT, Unsized: true}, []string{"DW_TAG_array_type", "DW_TAG_subrange_type"}},
		{"variadic", &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void), Params: []ctypes.Param{{Type: intT}}, Variadic: true}, []string{"DW_TAG_subroutine_type", "DW_TAG_unspecified_parameters", "DW_AT_prototyped"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cu := NewCompileUnit("t", LangCPlusPlus, "t.cu", "/")
			ty := &Types{Sizes: sizesFor(8), Parent: cu}
			d, err := ty.TypeDIE(tt.typ)
			if err != nil {
				t.Fatal(err)
			}
			if d2, _ := ty.TypeDIE(tt.typ); d2 != d {
				t.Error("second TypeDIE made a new DIE")
			}
			secs, err := (&Unit{AddressSize: 8, Root: cu}).Sections()
			if err != nil {
				t.Fatal(err)
			}
			units, err := Read(secs)
			if err != nil {
				t.Fatal(err)
			}
			dump := dumpString(t, units)
			for _, w := range tt.want {
				if !strings.Contains(dump, w) {
					t.Errorf("no %q in\n%s", w, dump)
				}
			}
		})
	}
}

func TestSectionsErrors(t *testing.T) {
	intT := NewDIE(TagBaseType).Add(AttrName, FormString, "int")
	tests := []struct {
		name string
		root func() *DIE
		want string
	}{
		{"no address class", func() *DIE {
			cu := NewDIE(TagCompileUnit)
			cu.AddChild(intT)
			cu.AddChild(NewDIE(TagVariable).Add(AttrName, FormString, "v").Add(AttrLocation, FormBlock1, Bytes(0x90, 1)))
			return cu
		}, "no DW_AT_address_class"},
		{"outside ref", func() *DIE {
			return NewDIE(TagCompileUnit).Add(AttrType, FormRef4, Ref{Target: NewDIE(TagBaseType)})
		}, "outside the unit"},
		{"wrong value", func() *DIE { return NewDIE(TagCompileUnit).Add(AttrName, FormString, 3) }, "wants a string"},
		{"too big", func() *DIE { return NewDIE(TagCompileUnit).Add(AttrLanguage, FormData1, uint64(300)) }, "does not fit"},
		{"twice", func() *DIE {
			cu := NewDIE(TagCompileUnit)
			cu.AddChild(intT)
			cu.AddChild(intT)
			return cu
		}, "appears twice"},
		{"unsupported form", func() *DIE { return NewDIE(TagCompileUnit).Add(AttrName, FormStrp, uint64(0)) }, "does not emit"},
	}
	for _, tt := range tests {
		_, err := (&Unit{AddressSize: 8, Root: tt.root()}).Sections()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}

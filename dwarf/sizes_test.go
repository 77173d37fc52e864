package dwarf

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// layoutTypesSrc declares C types of every kind that type DIEs describe,
// with the bit fields, packing and alignment requests of guide chapter 1.
// The tests build their DIEs from package layout; the oracle tests check
// them with llvm-dwarfdump --verify and against nvcc -G's own DIEs for the
// same source.
const layoutTypesSrc = `#include <cuda_fp16.h>
#include <cuda_bf16.h>
struct Bits { int a : 3; int b : 5; unsigned c : 30; float f; struct Bits *next; double d; };
struct __attribute__((packed)) Packed { char c; int x : 30; int y : 7; short s; };
#pragma pack(push, 2)
struct Pragma { char c; int x : 20; int y : 20; long long z : 40; };
#pragma pack(pop)
struct Wide { char c; long long a : 3; long long b : 62; unsigned u : 31; };
struct Zero { char a; int : 0; char b; short : 3; short s : 4; unsigned char e : 8; };
union UBits { int a : 5; char b; unsigned long long w; };
typedef struct { int a[3]; float *p; } Anon;
enum Color : unsigned char { Red, Green = 5 };
struct Nest {
	Anon t;
	union { int i; float f; };
	struct { short s; } in;
	char c[2][3];
	unsigned long long *volatile q;
	const int *cp;
	enum Color col : 3;
	bool flag : 1;
	long l : 20;
	int (*fp)(int, void *);
};
struct __align__(16) Aligned { float x; char c; };
struct PackedMember { char c; int i __attribute__((packed)); short s; };
typedef int Vec3[3];
typedef struct Bits bits_t;
struct Arrays { Vec3 v; bits_t b[2]; double m[2][2]; signed char sc; unsigned short us; };
struct __attribute__((packed)) PackedBig { char c; unsigned long long v : 60; unsigned long long w : 60; char d; };
union Mixed { struct { char lo, hi; } b; short s; long long ll : 33; };
struct FullWidth { int x : 32; char c; short s : 16; long long l : 64; int y : 31; };
struct __attribute__((packed)) PackedFull { char c; int x : 32; short s : 16; };
struct Unnamed { int : 32; int x : 8; int : 0; short : 16; char c; unsigned : 5; };
struct Chars { char c : 4; char d : 8; unsigned char f : 4; unsigned char g : 8; bool b : 1; bool bb : 8; };
struct __attribute__((packed)) PackedOdd { char a : 3; int b : 32; };
struct Floats { __half h; __nv_bfloat16 bf; float2 v; long double ld; };
`

// layoutTypeNames are the types of layoutTypesSrc that get a variable.
var layoutTypeNames = []string{"Bits", "Packed", "Pragma", "Wide", "Zero", "UBits", "Anon", "Nest", "Aligned",
	"PackedMember", "Vec3", "bits_t", "Arrays", "PackedBig", "Mixed", "Color", "FullWidth", "PackedFull", "Unnamed", "Chars",
	"PackedOdd", "Floats"}

// layoutUnit parses layoutTypesSrc with cfront, lays it out with package
// layout for the address size (4 or 8) and returns a unit with a global
// variable g_NAME of each layoutTypeNames type and a kernel, with the PTX
// it describes.
func layoutUnit(t testing.TB, addressSize int) (*Unit, string) {
	t.Helper()
	tgt := target.Default
	tgt.AddressSize = 8 * addressSize
	l := layout.New(tgt)
	f, err := cfront.ParseFile(&cfront.Config{Target: tgt, Sizes: l}, token.NewFileSet(), "types.cu", []byte(layoutTypesSrc))
	if err != nil {
		t.Fatal(err)
	}
	cu := NewCompileUnit("ptxabi", LangCPlusPlus, "types.cu", "/src")
	ty := &Types{Sizes: LayoutSizes(l), Parent: cu}
	var globals strings.Builder
	for _, name := range layoutTypeNames {
		typ := f.Lookup(name)
		if typ == nil {
			t.Fatalf("no type %s", name)
		}
		d, err := ty.TypeDIE(typ)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		size, err := l.Sizeof(typ)
		if err != nil {
			t.Fatal(err)
		}
		align, err := l.Alignof(typ)
		if err != nil {
			t.Fatal(err)
		}
		g := "g_" + name
		fmt.Fprintf(&globals, ".visible .global .align %d .b8 %s[%d];\n", align, g, size)
		cu.AddChild(NewVariable(TagVariable, g, d, AddrLoc(g, 0, addressSize), AddrGlobalSpace)).
			Add(AttrExternal, FormFlag, uint64(1))
	}
	cu.AddChild(NewSubprogram("k", "", nil, true, "func_begin0", "func_end0", 0))
	u := &Unit{AddressSize: addressSize, Root: cu}
	secs, err := u.Sections()
	if err != nil {
		t.Fatal(err)
	}
	reg := "%rd"
	if addressSize == 4 {
		reg = "%r"
	}
	ptx := fmt.Sprintf(`.version 7.0
.target sm_52, debug
.address_size %d

.file 1 "types.cu"
%s
.visible .entry k()
{
	.reg .b32 %%r<4>;
	.reg .b64 %%rd<4>;
	.loc 1 40 1
func_begin0:
	mov.u%d %s1, g_Bits;
	mov.u32 %%r2, 1;
	.loc 1 41 1
	st.global.u32 [%s1], %%r2;
	ret;
func_end0:
}

%s`, 8*addressSize, globals.String(), 8*addressSize, reg, reg, Text(secs))
	return u, ptx
}

// typeShape renders the type DIE d for comparison: tags, sizes, member
// locations and bit-field attributes, member and typedef names, base type
// names and encodings; not the names of structs, unions and enums, which
// nvcc invents for anonymous ones, nor attributes that only one producer
// writes (declaration coordinates, a pointer's size). An aggregate behind
// a pointer is rendered by its tag alone.
func typeShape(d *DIE, deep bool) string {
	if d == nil {
		return "void"
	}
	target := func() *DIE {
		if r, ok := d.Attr(AttrType).(Ref); ok {
			return r.Target
		}
		return nil
	}
	num := func(a Attr) string { return typeShapeNum(d, a) }
	name, _ := d.Attr(AttrName).(string)
	switch d.Tag {
	case TagBaseType:
		return fmt.Sprintf("%s/%s/%s", name, num(AttrByteSize), num(AttrEncoding))
	case TagUnspecifiedType:
		return name
	case TagPointerType:
		return "ptr(" + typeShape(target(), false) + ")" + num(AttrAddressClass)
	case TagReferenceType, TagRvalueReferenceType:
		return "ref(" + typeShape(target(), false) + ")"
	case TagConstType:
		return "const " + typeShape(target(), deep)
	case TagVolatileType:
		return "volatile " + typeShape(target(), deep)
	case TagRestrictType:
		return "restrict " + typeShape(target(), deep)
	case TagTypedef:
		return "typedef " + name + " " + typeShape(target(), deep)
	case TagArrayType:
		var dims []string
		for _, c := range d.Children {
			n := typeShapeNum(c, AttrCount)
			if v, ok := c.Attr(AttrUpperBound).(uint64); ok && n == "-" {
				n = fmt.Sprint(v + 1)
			}
			dims = append(dims, n)
		}
		return "[" + strings.Join(dims, "][") + "]" + typeShape(target(), deep)
	case TagEnumerationType:
		var vals []string
		for _, c := range d.Children {
			n, _ := c.Attr(AttrName).(string)
			vals = append(vals, fmt.Sprintf("%s=%v", n, c.Attr(AttrConstValue)))
		}
		return fmt.Sprintf("enum/%s{%s}", num(AttrByteSize), strings.Join(vals, ","))
	case TagSubroutineType:
		var ps []string
		for _, c := range d.Children {
			if c.Tag == TagFormalParameter {
				r, _ := c.Attr(AttrType).(Ref)
				ps = append(ps, typeShape(r.Target, false))
			} else {
				ps = append(ps, "...")
			}
		}
		return "func(" + strings.Join(ps, ",") + ")" + typeShape(target(), false)
	case TagStructureType, TagUnionType, TagClassType:
		s := strings.TrimPrefix(d.Tag.String(), "DW_TAG_")
		if !deep {
			return s
		}
		s += "/" + num(AttrByteSize) + "{"
		for _, c := range d.Children {
			if c.Tag != TagMember {
				continue
			}
			m := c
			n, _ := m.Attr(AttrName).(string)
			r, _ := m.Attr(AttrType).(Ref)
			s += fmt.Sprintf("%s@%s", n, typeShapeNum(m, AttrDataMemberLocation))
			if m.Attr(AttrBitSize) != nil {
				s += fmt.Sprintf(":%s/%s/%s", typeShapeNum(m, AttrByteSize), typeShapeNum(m, AttrBitSize), typeShapeNum(m, AttrBitOffset))
			}
			s += " " + typeShape(r.Target, true) + "; "
		}
		return s + "}"
	}
	return d.Tag.String()
}

// typeShapeNum renders a number or a location expression.
func typeShapeNum(d *DIE, a Attr) string {
	switch v := d.Attr(a).(type) {
	case uint64:
		return fmt.Sprint(int64(v)) // nvcc writes a negative DW_AT_bit_offset as DW_FORM_udata
	case int64:
		return fmt.Sprint(v)
	case Block:
		return FormatExpr(v, 8)
	}
	return "-"
}

// variableShapes maps the name of each global variable of units whose
// name starts with g_ to the shape of its type.
func variableShapes(units []*Unit) map[string]string {
	out := map[string]string{}
	for _, u := range units {
		for _, d := range u.Root.Children {
			name, _ := d.Attr(AttrName).(string)
			if d.Tag != TagVariable || !strings.HasPrefix(name, "g_") {
				continue
			}
			r, _ := d.Attr(AttrType).(Ref)
			out[name] = typeShape(r.Target, true)
		}
	}
	return out
}

// TestLayoutTypeDIEs builds the DIEs of layoutTypesSrc from package layout
// and checks the members that packing and bit fields place, with the
// values nvcc -G writes for them (the oracle test compares them all).
func TestLayoutTypeDIEs(t *testing.T) {
	for _, size := range []int{8, 4} {
		u, _ := layoutUnit(t, size)
		secs, err := u.Sections()
		if err != nil {
			t.Fatal(err)
		}
		units, err := Read(secs)
		if err != nil {
			t.Fatal(err)
		}
		shapes := variableShapes(units)
		if len(shapes) != len(layoutTypeNames) {
			t.Errorf("m%d: %d variables, want %d", 8*size, len(shapes), len(layoutTypeNames))
		}
		long := "8"
		if size == 4 {
			long = "4"
		}
		for _, tt := range []struct{ v, want string }{
			// A packed bit field past its int unit: bit_offset -6, as nvcc.
			{"g_Packed", "x@DW_OP_plus_uconst 0x0:4/30/-6 int/4/5; y@DW_OP_plus_uconst 0x4:4/7/19 int/4/5; s@DW_OP_plus_uconst 0x6 short"},
			{"g_Packed", "structure_type/8{"},
			// #pragma pack(2): bit fields cross their units.
			{"g_Pragma", "y@DW_OP_plus_uconst 0x0:4/20/-16 int/4/5; z@DW_OP_plus_uconst 0x0:8/40/-24 long long/8/5; }"},
			{"g_Pragma", "structure_type/12{"},
			{"g_Wide", "b@DW_OP_plus_uconst 0x8:8/62/2 long long/8/5; u@DW_OP_plus_uconst 0x10:4/31/1 unsigned int/4/7; }"},
			// Unnamed bit fields, zero-width too, are members without a name;
			// a full-width one on a byte boundary is an ordinary member.
			{"g_Zero", "{a@DW_OP_plus_uconst 0x0 char/1/6; @DW_OP_plus_uconst 0x4:4/0/32 int/4/5; b@DW_OP_plus_uconst 0x4 char/1/6; @DW_OP_plus_uconst 0x4:2/3/5 short/2/5; s@DW_OP_plus_uconst 0x4:2/4/1 short/2/5; e@DW_OP_plus_uconst 0x6 unsigned char/1/8; }"},
			{"g_PackedFull", "structure_type/7{c@DW_OP_plus_uconst 0x0 char/1/6; x@DW_OP_plus_uconst 0x1 int/4/5; s@DW_OP_plus_uconst 0x5 short/2/5; }"},
			// Also where a packed one starts inside a byte: at that byte.
			{"g_PackedOdd", "structure_type/5{a@DW_OP_plus_uconst 0x0:1/3/5 char/1/6; b@DW_OP_plus_uconst 0x0 int/4/5; }"},
			// __half and __nv_bfloat16 are structs of an unsigned short __x,
			// a vector a typedef of a struct, long double a 16-byte "double".
			{"g_Floats", "{h@DW_OP_plus_uconst 0x0 structure_type/2{__x@DW_OP_plus_uconst 0x0 unsigned short/2/7; }; bf@DW_OP_plus_uconst 0x2 structure_type/2{__x@DW_OP_plus_uconst 0x0 unsigned short/2/7; }; v@DW_OP_plus_uconst 0x8 typedef float2 structure_type/8{x@DW_OP_plus_uconst 0x0 float/4/4; y@DW_OP_plus_uconst 0x4 float/4/4; }; ld@DW_OP_plus_uconst 0x10 double/16/4; }"},
			{"g_UBits", "union_type/8{a@DW_OP_plus_uconst 0x0:4/5/27 int/4/5; b@DW_OP_plus_uconst 0x0 char/1/6; w@DW_OP_plus_uconst 0x0 unsigned long long/8/7; }"},
			{"g_Nest", "col@DW_OP_plus_uconst 0x" + map[int]string{8: "38", 4: "24"}[size] + ":1/3/5 enum/1{Red=0,Green=5}; flag@DW_OP_plus_uconst 0x" + map[int]string{8: "38", 4: "24"}[size] + ":1/1/4 bool/1/2; l@DW_OP_plus_uconst 0x" + map[int]string{8: "38:8/20/40", 4: "24:4/20/8"}[size] + " long/" + long + "/5; "},
			{"g_Nest", "q@DW_OP_plus_uconst 0x" + map[int]string{8: "28", 4: "1c"}[size] + " volatile ptr(unsigned long long/8/7)12; "},
			{"g_Nest", "@DW_OP_plus_uconst 0x" + map[int]string{8: "18", 4: "10"}[size] + " union_type/4{i@DW_OP_plus_uconst 0x0 int/4/5; f@"},
			{"g_Aligned", "structure_type/16{"},
			{"g_PackedMember", "structure_type/8{c@DW_OP_plus_uconst 0x0 char/1/6; i@DW_OP_plus_uconst 0x1 int/4/5; s@DW_OP_plus_uconst 0x6 short/2/5; }"},
			{"g_Vec3", "typedef Vec3 [3]int/4/5"},
			{"g_bits_t", "typedef bits_t structure_type/" + map[int]string{8: "32", 4: "24"}[size] + "{a@DW_OP_plus_uconst 0x0:4/3/29 int/4/5; b@DW_OP_plus_uconst 0x0:4/5/24 int/4/5; c@DW_OP_plus_uconst 0x4:4/30/2 "},
			{"g_Arrays", "b@DW_OP_plus_uconst 0x10 [2]typedef bits_t structure_type/"},
			{"g_Arrays", "m@DW_OP_plus_uconst 0x" + map[int]string{8: "50", 4: "40"}[size] + " [2][2]double/8/4; "},
			{"g_PackedBig", "v@DW_OP_plus_uconst 0x0:8/60/-4 unsigned long long/8/7; w@DW_OP_plus_uconst 0x8:8/60/0 unsigned long long/8/7; d@DW_OP_plus_uconst 0x10 char"},
			{"g_Mixed", "ll@DW_OP_plus_uconst 0x0:8/33/31 long long/8/5; }"},
		} {
			if got := shapes[tt.v]; !strings.Contains(got, tt.want) {
				t.Errorf("m%d: %s:\n got %s\nwant ...%s...", 8*size, tt.v, got, tt.want)
			}
		}
	}
}

// TestLayoutSizesErrors: what layout refuses is an error of TypeDIE, and
// so is a member index out of range.
func TestLayoutSizesErrors(t *testing.T) {
	s := LayoutSizes(layout.New(target.Default))
	self := &ctypes.Struct{Tag: "S", Complete: true}
	self.Fields = []*ctypes.Field{{Name: "s", Type: self}}
	bad := &ctypes.Struct{Tag: "B", Complete: true, Fields: []*ctypes.Field{{Name: "f", Type: ctypes.BasicOf(ctypes.Float), BitField: true, BitWidth: 3}}}
	wide := &ctypes.Struct{Tag: "W", Complete: true, Fields: []*ctypes.Field{{Name: "w", Type: ctypes.BasicOf(ctypes.Int), BitField: true, BitWidth: -1}}}
	for _, typ := range []ctypes.Type{self, bad, wide} {
		cu := NewCompileUnit("t", LangCPlusPlus, "t.cu", "/")
		if _, err := (&Types{Sizes: s, Parent: cu}).TypeDIE(typ); err == nil {
			t.Errorf("TypeDIE(%v) made a DIE", typ)
		}
	}
	ok := &ctypes.Struct{Tag: "O", Complete: true, Fields: []*ctypes.Field{{Name: "i", Type: ctypes.BasicOf(ctypes.Int)}}}
	if _, err := s.Member(ok, 1); err == nil {
		t.Error("Member(O, 1) of a one-member struct")
	}
	if m, err := s.Member(ok, 0); err != nil || m != (MemberLayout{}) {
		t.Errorf("Member(O, 0) = %+v, %v", m, err)
	}
}

// TestOracleLayoutDIEs assembles the DIEs built from package layout with
// ptxas -g: llvm-dwarfdump-14 --verify must find no error in them, and
// must decode the DIEs the reader decodes. Then nvcc -G compiles the same
// types, and the type of each g_NAME variable in its DWARF must have the
// shape of ours: sizes, member offsets, bit sizes and bit offsets.
func TestOracleLayoutDIEs(t *testing.T) {
	oracle.Need(t, oracle.PTXAS, oracle.LLVMDwarfdump)
	var nvccSrc strings.Builder
	nvccSrc.WriteString(layoutTypesSrc)
	for _, name := range layoutTypeNames {
		fmt.Fprintf(&nvccSrc, "__device__ %s g_%s;\n", name, name)
	}
	nvccSrc.WriteString("__global__ void k(int *p) { *p = g_Bits.a + g_Packed.x; }\n")
	for _, size := range []int{8, 4} {
		t.Run(fmt.Sprintf("m%d", 8*size), func(t *testing.T) {
			u, ptx := layoutUnit(t, size)
			ours, _ := checkAgainstLLVM(t, fmt.Sprintf("types%d.ptx", 8*size), ptx, true)
			if *verbose {
				t.Logf("%s", ours)
			}
			t.Logf("m%d: %d DIEs built from layout pass llvm-dwarfdump-14 --verify", 8*size, u.Root.Count())
			if !oracle.Have(oracle.NVCC) {
				t.Skipf("nvcc not found: no comparison with nvcc -G")
			}
			secs, err := u.Sections()
			if err != nil {
				t.Fatal(err)
			}
			got, want := shapesVsNVCC(t, secs, nvccSrc.String(), 8*size)
			for _, name := range layoutTypeNames {
				v := "g_" + name
				if got[v] != want[v] {
					t.Errorf("%s:\n ours %s\nnvcc %s", v, got[v], want[v])
				}
			}
			t.Logf("m%d: %d types agree with nvcc -G", 8*size, len(layoutTypeNames))
		})
	}
}

// shapesVsNVCC returns the shapes of the g_ variables (variableShapes) of
// our sections secs and of the DWARF that nvcc -G writes for src, for the
// address size addr (32 or 64).
func shapesVsNVCC(t *testing.T, secs []Section, src string, addr int) (ours, nvcc map[string]string) {
	t.Helper()
	nvccPTX := oracle.CompilePTX(t, src, addr, "-G", "-arch=sm_52", "-w")
	theirs, err := ReadPTX("nvcc.ptx", []byte(nvccPTX))
	if err != nil {
		t.Fatal(err)
	}
	mine, err := Read(secs)
	if err != nil {
		t.Fatal(err)
	}
	return variableShapes(mine), variableShapes(theirs)
}

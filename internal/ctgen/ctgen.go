// Package ctgen generates random C/CUDA C++ aggregate types, as ctypes and
// as source text, for the differential tests against nvcc: nesting, arrays
// (also 2-D and of aggregates), every kind of bit field of guide §1.3
// (named, unnamed, zero-width, wider than their type, every integral type,
// signed/unsigned without int), alignment requests (__align__, alignas, on members and on types,
// also below the natural alignment), packing (the packed attribute on types
// and members, #pragma pack), anonymous members, unions, CUDA vector types,
// pointers, enums and handles.
package ctgen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Gen generates types. Each struct it returns may use the ones before it.
type Gen struct {
	// WideBitFields lets bit fields be wider than their type (C++ allows
	// it; nvcc warns and pads).
	WideBitFields bool

	r       *rand.Rand
	structs []*ctypes.Struct
	enums   []*ctypes.Enum
	n       int
	// spelling records how a field's type was written, when the source
	// spells it other than ctypes.TypeString would (signed without int).
	spelling          map[*ctypes.Field]string
	memberAlignSyntax map[*ctypes.Field]string
}

// New returns a generator with a fixed seed.
func New(seed uint64) *Gen {
	return &Gen{
		r:                 rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		spelling:          map[*ctypes.Field]string{},
		memberAlignSyntax: map[*ctypes.Field]string{},
	}
}

// bitfieldKinds are the declared types a bit field may have, with how the
// source may spell them (several spellings for the same kind).
var bitfieldKinds = []struct {
	kind      ctypes.Kind
	spellings []string
}{
	{ctypes.Bool, []string{"bool"}},
	{ctypes.Char, []string{"char"}},
	{ctypes.SChar, []string{"signed char"}},
	{ctypes.UChar, []string{"unsigned char"}},
	{ctypes.Short, []string{"short", "signed short", "short int"}},
	{ctypes.UShort, []string{"unsigned short"}},
	{ctypes.Int, []string{"int", "signed", "signed int"}},
	{ctypes.UInt, []string{"unsigned int", "unsigned"}},
	{ctypes.Long, []string{"long"}},
	{ctypes.ULong, []string{"unsigned long"}},
	{ctypes.LongLong, []string{"long long", "signed long long"}},
	{ctypes.ULongLong, []string{"unsigned long long"}},
}

var scalarKinds = []ctypes.Kind{
	ctypes.Bool, ctypes.Char, ctypes.SChar, ctypes.UChar, ctypes.Short, ctypes.UShort,
	ctypes.Int, ctypes.UInt, ctypes.Long, ctypes.ULong, ctypes.LongLong, ctypes.ULongLong,
	ctypes.Float, ctypes.Double, ctypes.Half, ctypes.LongDouble,
}

// Vectors are CUDA's built-in vector types with the alignments of
// vector_types.h (long* for -m64; under -m32 long is 4 bytes and the
// headers' alignments follow the element size). The generator only needs
// their names; layout gets the alignments from the front end or from
// VectorType.
var vectorElems = []vectorElem{
	{"char", ctypes.SChar, 1}, {"uchar", ctypes.UChar, 1}, {"short", ctypes.Short, 2}, {"ushort", ctypes.UShort, 2},
	{"int", ctypes.Int, 4}, {"uint", ctypes.UInt, 4}, {"long", ctypes.Long, 0}, {"ulong", ctypes.ULong, 0},
	{"longlong", ctypes.LongLong, 8}, {"ulonglong", ctypes.ULongLong, 8}, {"float", ctypes.Float, 4}, {"double", ctypes.Double, 8},
}

type vectorElem struct {
	prefix string
	kind   ctypes.Kind
	size   int64 // 0: the address size
}

// sizeFor returns the element's size for address size addr.
func (v vectorElem) sizeFor(addr int) int64 {
	if v.size == 0 {
		return int64(addr / 8)
	}
	return v.size
}

// ParamScalars are the fundamental types the signature generators of the
// calling-convention tests draw from: every one a parameter or a return
// value may have (guide §2.1 table 6), 128-bit integers, half types,
// long double and nullptr_t included.
var ParamScalars = []ctypes.Kind{
	ctypes.Bool, ctypes.Char, ctypes.SChar, ctypes.UChar, ctypes.Short, ctypes.UShort, ctypes.Int, ctypes.UInt,
	ctypes.Long, ctypes.ULong, ctypes.LongLong, ctypes.ULongLong, ctypes.Int128, ctypes.UInt128,
	ctypes.Half, ctypes.BFloat16, ctypes.Float, ctypes.Double, ctypes.LongDouble,
	ctypes.WChar, ctypes.Char16, ctypes.Char32, ctypes.NullPtr,
}

// RandomVector returns a CUDA vector type drawn with r, of any element type
// and 1 to 4 elements, with its alignment for address size addr.
func RandomVector(r *rand.Rand, addr int) *ctypes.Vector {
	ve := vectorElems[r.IntN(len(vectorElems))]
	return VectorType(ve.prefix, ve.kind, 1+r.IntN(4), ve.sizeFor(addr))
}

// VectorType returns CUDA's vector type prefix+n ("float4") for an element
// size elemSize, with the alignment vector_types.h gives it: the element's
// alignment for n of 1 and 3, n times it for 2 and 4, capped at 16, except
// that the 8-byte elements' 1- and 3-vectors keep 8 and their 4-vectors
// have 16.
func VectorType(prefix string, kind ctypes.Kind, n int, elemSize int64) *ctypes.Vector {
	align := elemSize
	if n == 2 || n == 4 {
		align = min(elemSize*int64(n), 16)
	}
	return &ctypes.Vector{Name: fmt.Sprintf("%s%d", prefix, n), Elem: kind, Len: n, Align: align}
}

func (g *Gen) pick(n int) int { return g.r.IntN(n) }

func (g *Gen) chance(pct int) bool { return g.r.IntN(100) < pct }

// Struct returns a new random struct or union type, named T<n>, for
// address size addr (which decides the alignment of long vectors).
func (g *Gen) Struct(addr int) *ctypes.Struct {
	g.n++
	s := g.aggregate(fmt.Sprintf("T%d", g.n), addr, 0, "f")
	if !s.Packed && g.chance(6) {
		setPack(s, []int64{1, 2, 4, 8}[g.pick(4)])
	}
	g.structs = append(g.structs, s)
	return s
}

// setPack records #pragma pack(n) around the definition of s, which
// applies to the anonymous aggregates defined inside it too.
func setPack(s *ctypes.Struct, n int64) {
	s.Pack = n
	for _, f := range s.Fields {
		if f.Anonymous() {
			setPack(ctypes.Unqualified(f.Type).(*ctypes.Struct), n)
		}
	}
}

// aggregate makes a struct or union whose member names start with prefix
// (anonymous members' names must differ from their container's).
func (g *Gen) aggregate(tag string, addr, depth int, prefix string) *ctypes.Struct {
	s := &ctypes.Struct{Tag: tag, Complete: true, Union: g.chance(18)}
	if tag != "" && g.chance(8) {
		s.Align = []int64{1, 2, 4, 8, 16, 32}[g.pick(6)]
	}
	s.Packed = g.chance(6)
	nf := 1 + g.pick(7)
	for i := 0; i < nf; i++ {
		s.Fields = append(s.Fields, g.field(fmt.Sprintf("%s%d", prefix, i), addr, depth))
	}
	return s
}

func (g *Gen) field(name string, addr, depth int) *ctypes.Field {
	f := &ctypes.Field{Name: name}
	switch k := g.pick(100); {
	case k < 30: // bit field
		bk := bitfieldKinds[g.pick(len(bitfieldKinds))]
		f.BitField = true
		f.Type = ctypes.BasicOf(bk.kind)
		g.spelling[f] = bk.spellings[g.pick(len(bk.spellings))]
		bitsOf := map[ctypes.Kind]int{ctypes.Bool: 1, ctypes.Char: 8, ctypes.SChar: 8, ctypes.UChar: 8,
			ctypes.Short: 16, ctypes.UShort: 16, ctypes.Int: 32, ctypes.UInt: 32,
			ctypes.Long: addr, ctypes.ULong: addr, ctypes.LongLong: 64, ctypes.ULongLong: 64}[bk.kind]
		switch {
		case g.chance(12):
			f.Name, f.BitWidth = "", 0
		case g.chance(12):
			f.Name, f.BitWidth = "", 1+g.pick(bitsOf)
		case g.WideBitFields && g.chance(7):
			// Wider than its type: C++ allows it (nvcc warns), and the
			// rest of the width is padding.
			f.BitWidth = bitsOf + 1 + g.pick(bitsOf+16)
		default:
			f.BitWidth = 1 + g.pick(bitsOf)
		}
	case k < 48:
		f.Type = ctypes.BasicOf(scalarKinds[g.pick(len(scalarKinds))])
	case k < 58:
		f.Type = g.arrayOf(g.elemType(addr, depth))
	case k < 68 && len(g.structs) > 0:
		f.Type = g.structs[g.pick(len(g.structs))]
	case k < 76:
		ve := vectorElems[g.pick(len(vectorElems))]
		f.Type = VectorType(ve.prefix, ve.kind, 1+g.pick(4), ve.sizeFor(addr))
	case k < 81:
		f.Type = &ctypes.Pointer{Elem: ctypes.BasicOf(scalarKinds[g.pick(len(scalarKinds))])}
	case k < 86 && depth < 2:
		// anonymous struct or union member
		f.Name = ""
		f.Type = g.aggregate("", addr, depth+1, name+"_")
	case k < 90:
		f.Type = g.enum()
	case k < 92:
		f.Type = &ctypes.Handle{Kind: ctypes.Texture, Name: "cudaTextureObject_t"}
	default:
		f.Type = ctypes.BasicOf(ctypes.Int)
	}
	if !f.BitField && f.Name != "" && g.chance(10) {
		f.Align = []int64{1, 2, 4, 8, 16, 32}[g.pick(6)]
		g.memberAlignSyntax[f] = "__align__"
	}
	f.Packed = f.Name != "" && g.chance(4)
	return f
}

func (g *Gen) elemType(addr, depth int) ctypes.Type {
	if len(g.structs) > 0 && g.chance(30) {
		return g.structs[g.pick(len(g.structs))]
	}
	if g.chance(15) {
		ve := vectorElems[g.pick(4)] // small elements keep arrays small
		return VectorType(ve.prefix, ve.kind, 1+g.pick(4), ve.sizeFor(addr))
	}
	return ctypes.BasicOf(scalarKinds[g.pick(len(scalarKinds))])
}

func (g *Gen) arrayOf(elem ctypes.Type) ctypes.Type {
	a := &ctypes.Array{Elem: elem, Len: int64(1 + g.pick(3))}
	if g.chance(25) {
		return &ctypes.Array{Elem: a, Len: int64(1 + g.pick(3))}
	}
	return a
}

func (g *Gen) enum() *ctypes.Enum {
	e := &ctypes.Enum{Tag: fmt.Sprintf("E%d", len(g.enums)+1), Underlying: ctypes.UInt, Complete: true}
	switch g.pick(4) {
	case 0:
		e.Underlying, e.Fixed = ctypes.UChar, true
	case 1:
		e.Underlying, e.Fixed = ctypes.Short, true
	case 2:
		e.Underlying, e.Fixed = ctypes.LongLong, true
	}
	e.Values = []ctypes.Enumerator{{Name: e.Tag + "_a", Value: 0}, {Name: e.Tag + "_b", Value: 1}}
	g.enums = append(g.enums, e)
	return e
}

// Add records hand-built types (and the enums they use) so that Source
// defines them too, after the ones generated so far.
func (g *Gen) Add(s ...*ctypes.Struct) { g.structs = append(g.structs, s...) }

// Source returns CUDA C++ source defining every enum and struct generated
// so far, in order, after an #include of cuda_fp16.h (for __half).
func (g *Gen) Source() string {
	var b strings.Builder
	b.WriteString("#include <cuda_fp16.h>\n#include <cuda_runtime.h>\n#include <cstddef>\n")
	for _, e := range g.enums {
		fmt.Fprintf(&b, "enum %s", e.Tag)
		if e.Fixed {
			fmt.Fprintf(&b, " : %s", e.Underlying)
		}
		b.WriteString(" {")
		for i, v := range e.Values {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %s = %d", v.Name, v.Value)
		}
		b.WriteString(" };\n")
	}
	for _, s := range g.structs {
		if s.Pack > 0 {
			fmt.Fprintf(&b, "#pragma pack(push, %d)\n", s.Pack)
		}
		g.writeStruct(&b, s, "")
		b.WriteString(";\n")
		if s.Pack > 0 {
			b.WriteString("#pragma pack(pop)\n")
		}
	}
	return b.String()
}

// StructSource is the definition of s alone, as Source writes it.
func (g *Gen) StructSource(s *ctypes.Struct) string {
	var b strings.Builder
	if s.Pack > 0 {
		fmt.Fprintf(&b, "#pragma pack(push, %d)\n", s.Pack)
	}
	g.writeStruct(&b, s, "")
	if s.Pack > 0 {
		b.WriteString("\n#pragma pack(pop)")
	}
	return b.String()
}

func (g *Gen) writeStruct(b *strings.Builder, s *ctypes.Struct, indent string) {
	kw := "struct"
	if s.Union {
		kw = "union"
	}
	b.WriteString(kw)
	if s.Packed {
		b.WriteString(" __attribute__((packed))")
	}
	if s.Align != 0 {
		fmt.Fprintf(b, " __align__(%d)", s.Align)
	}
	if s.Tag != "" {
		b.WriteString(" " + s.Tag)
	}
	b.WriteString(" {\n")
	for _, f := range s.Fields {
		b.WriteString(indent + "    ")
		if f.Align != 0 {
			syntax := g.memberAlignSyntax[f]
			if syntax == "" {
				syntax = "__align__"
			}
			fmt.Fprintf(b, "%s(%d) ", syntax, f.Align)
		}
		switch {
		case f.Anonymous():
			g.writeStruct(b, ctypes.Unqualified(f.Type).(*ctypes.Struct), indent+"    ")
		case f.BitField:
			sp := g.spelling[f]
			if sp == "" {
				sp = f.Type.String()
			}
			if f.Name != "" {
				sp += " " + f.Name
			}
			fmt.Fprintf(b, "%s : %d", sp, f.BitWidth)
		default:
			b.WriteString(ctypes.TypeString(f.Type, f.Name))
		}
		if f.Packed {
			b.WriteString(" __attribute__((packed))")
		}
		b.WriteString(";\n")
	}
	b.WriteString(indent + "}")
}

package dwarf

import (
	"fmt"
	"sync"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Sizes gives the sizes and member placements that type DIEs record.
// Package layout (guide §1) answers them: LayoutSizes adapts a
// layout.Layouter. Package dwarf computes no sizes itself.
type Sizes interface {
	// Sizeof returns the size in bytes of t (guide §1.1, §1.2).
	Sizeof(t ctypes.Type) (int64, error)
	// Member returns where s.Fields[i] lies (guide §1.2, §1.3).
	Member(s *ctypes.Struct, i int) (MemberLayout, error)
}

// MemberLayout is where a member of a struct or union lies.
type MemberLayout struct {
	// Offset is the byte offset of an ordinary member. For a bit field it
	// is the offset of its storage unit: the object of the field's
	// declared type, at a multiple of that type's size, that holds the
	// field's first bit.
	Offset int64
	// UnitSize is the size in bytes of a bit field's storage unit (its
	// declared type's), BitOffset its first bit counted from bit 0 of the
	// struct (the least significant bit of byte 0, guide §1.3), BitSize
	// its width. They are 0 for an ordinary member. In a packed struct a
	// bit field may run past the end of its storage unit.
	UnitSize  int64
	BitOffset int64
	BitSize   int
}

// baseTypes is the encoding of each fundamental type that is a
// DW_TAG_base_type; its name is the kind's C name but where baseTypeNames
// gives another.
var baseTypes = sync.OnceValue(func() map[ctypes.Kind]Encoding {
	return map[ctypes.Kind]Encoding{
		ctypes.Bool: EncBoolean, ctypes.Char: EncSignedChar, ctypes.SChar: EncSignedChar,
		ctypes.UChar: EncUnsignedChar, ctypes.Short: EncSigned, ctypes.UShort: EncUnsigned,
		ctypes.Int: EncSigned, ctypes.UInt: EncUnsigned, ctypes.Long: EncSigned, ctypes.ULong: EncUnsigned,
		ctypes.LongLong: EncSigned, ctypes.ULongLong: EncUnsigned, ctypes.Int128: EncSigned,
		ctypes.UInt128: EncUnsigned, ctypes.Float: EncFloat, ctypes.Double: EncFloat, ctypes.LongDouble: EncFloat,
		ctypes.WChar: EncSigned, ctypes.Char16: EncUTF, ctypes.Char32: EncUTF,
	}
})

// baseTypeNames are the names nvcc -G gives base types other than their C
// names: long double is "double" (of 16 bytes).
var baseTypeNames = sync.OnceValue(func() map[ctypes.Kind]string {
	return map[ctypes.Kind]string{ctypes.LongDouble: "double"}
})

// halfTypes are the 16-bit floating-point types, which CUDA's headers
// declare as structs of one unsigned short __x (cuda_fp16.h, cuda_bf16.h),
// and nvcc -G describes so.
var halfTypes = sync.OnceValue(func() map[ctypes.Kind]bool {
	return map[ctypes.Kind]bool{ctypes.Half: true, ctypes.BFloat16: true}
})

// pointerClasses is the address class of a pointer declared into a state
// space (guide §5.2; a pointer without a space holds a generic address).
var pointerClasses = sync.OnceValue(func() map[ctypes.Space]AddrClass {
	return map[ctypes.Space]AddrClass{
		ctypes.GenericSpace: AddrGenericSpace, ctypes.GlobalSpace: AddrGlobalSpace,
		ctypes.SharedSpace: AddrSharedSpace, ctypes.ConstSpace: AddrConstSpace,
		ctypes.LocalSpace: AddrLocalSpace, ctypes.ParamSpace: AddrParamSpace,
	}
})

// Types makes the type DIEs of a unit from ctypes types, once per type,
// appending them to Parent (the compile unit DIE).
type Types struct {
	Sizes  Sizes
	Parent *DIE
	done   map[ctypes.Type]*DIE
}

// TypeDIE returns the DIE of t, made (with the DIEs it refers to) on first
// use: base, unspecified (void, nullptr_t), pointer and reference types
// with a DW_AT_address_class, const/volatile/restrict, typedef, array (one
// subrange per dimension), structure/union/class with members (bit fields
// with DW_AT_byte_size, DW_AT_bit_size and the DWARF 2 DW_AT_bit_offset
// counted from the storage unit's most significant bit, negative for a
// packed field that runs past its unit; unnamed ones, zero-width included,
// as members without a name; one as wide as its type as an ordinary
// member at the byte it starts in: all as nvcc -G writes them), enumeration and
// subroutine types. A CUDA vector type is a typedef of a structure of x,
// y, z, w, as vector_types.h declares it; __half and __nv_bfloat16 are
// structures of an unsigned short __x; texture and surface handles are
// typedefs of unsigned long long: all as nvcc -G describes them.
func (b *Types) TypeDIE(t ctypes.Type) (*DIE, error) {
	if b.Sizes == nil || b.Parent == nil {
		return nil, fmt.Errorf("dwarf.Types needs Sizes and Parent")
	}
	if t == nil {
		return nil, fmt.Errorf("no type")
	}
	if b.done == nil {
		b.done = map[ctypes.Type]*DIE{}
	}
	if d, ok := b.done[t]; ok {
		return d, nil
	}
	d := &DIE{}
	b.done[t] = d // before the parts, so that struct S { S *next; } ends
	if err := b.fill(d, t); err != nil {
		delete(b.done, t)
		return nil, err
	}
	b.Parent.AddChild(d)
	return d, nil
}

func ref(d *DIE) Ref { return Ref{Target: d} }

func (b *Types) size(t ctypes.Type) (uint64, error) {
	n, err := b.Sizes.Sizeof(t)
	if err != nil {
		return 0, err
	}
	if n < 0 {
		return 0, fmt.Errorf("size of %v is %d", t, n)
	}
	return uint64(n), nil
}

func (b *Types) fill(d *DIE, t ctypes.Type) error {
	switch u := t.(type) {
	case *ctypes.Basic:
		if u.Kind == ctypes.Void || u.Kind == ctypes.NullPtr {
			d.Tag = TagUnspecifiedType
			d.Add(AttrName, FormString, u.Kind.String())
			return nil
		}
		n, err := b.size(u)
		if err != nil {
			return err
		}
		if halfTypes()[u.Kind] {
			x, err := b.TypeDIE(ctypes.BasicOf(ctypes.UShort))
			if err != nil {
				return err
			}
			d.Tag = TagStructureType
			d.Add(AttrName, FormString, u.Kind.String()).Add(AttrByteSize, FormData1, n)
			d.AddChild(NewDIE(TagMember)).Add(AttrName, FormString, "__x").
				Add(AttrType, FormRef4, ref(x)).Add(AttrDataMemberLocation, FormBlock1, memberLoc(0))
			return nil
		}
		enc, ok := baseTypes()[u.Kind]
		if !ok {
			return fmt.Errorf("no DWARF encoding for %v", u.Kind)
		}
		name := u.Kind.String()
		if nv, ok := baseTypeNames()[u.Kind]; ok {
			name = nv
		}
		d.Tag = TagBaseType
		d.Add(AttrName, FormString, name).Add(AttrEncoding, FormData1, uint64(enc)).Add(AttrByteSize, FormData1, n)
	case *ctypes.Pointer:
		d.Tag = TagPointerType
		if !ctypes.IsVoid(u.Elem) || isQualified(u.Elem) {
			e, err := b.TypeDIE(u.Elem)
			if err != nil {
				return err
			}
			d.Add(AttrType, FormRef4, ref(e))
		}
		n, err := b.size(u)
		if err != nil {
			return err
		}
		d.Add(AttrByteSize, FormData1, n).Add(AttrAddressClass, FormData1, uint64(pointerClasses()[u.Space]))
	case *ctypes.Reference:
		d.Tag = TagReferenceType
		if u.RValue {
			d.Tag = TagRvalueReferenceType
		}
		e, err := b.TypeDIE(u.Elem)
		if err != nil {
			return err
		}
		d.Add(AttrType, FormRef4, ref(e)).Add(AttrAddressClass, FormData1, uint64(AddrGenericSpace))
	case *ctypes.Qualified:
		inner := u.Type
		// Peel one qualifier at a time: const volatile T is const(volatile T).
		switch {
		case u.Const:
			d.Tag = TagConstType
			if u.Volatile || u.Restrict {
				inner = &ctypes.Qualified{Type: u.Type, Volatile: u.Volatile, Restrict: u.Restrict}
			}
		case u.Volatile:
			d.Tag = TagVolatileType
			if u.Restrict {
				inner = &ctypes.Qualified{Type: u.Type, Restrict: true}
			}
		case u.Restrict:
			d.Tag = TagRestrictType
		default:
			return b.fill(d, u.Type)
		}
		if !ctypes.IsVoid(inner) || isQualified(inner) {
			e, err := b.TypeDIE(inner)
			if err != nil {
				return err
			}
			d.Add(AttrType, FormRef4, ref(e))
		}
	case *ctypes.Typedef:
		e, err := b.TypeDIE(u.Type)
		if err != nil {
			return err
		}
		d.Tag = TagTypedef
		d.Add(AttrName, FormString, u.String()).Add(AttrType, FormRef4, ref(e))
	case *ctypes.Array:
		var dims []*ctypes.Array
		elem := ctypes.Type(u)
		for {
			a, ok := elem.(*ctypes.Array)
			if !ok {
				break
			}
			dims = append(dims, a)
			elem = a.Elem
		}
		e, err := b.TypeDIE(elem)
		if err != nil {
			return err
		}
		d.Tag = TagArrayType
		d.Add(AttrType, FormRef4, ref(e))
		for _, a := range dims {
			s := d.AddChild(NewDIE(TagSubrangeType))
			if !a.Unsized {
				if a.Len < 0 {
					return fmt.Errorf("array length %d", a.Len)
				}
				s.Add(AttrCount, FormUdata, uint64(a.Len))
			}
		}
	case *ctypes.Struct:
		return b.structure(d, u)
	case *ctypes.Enum:
		d.Tag = TagEnumerationType
		if u.Tag != "" {
			d.Add(AttrName, FormString, u.Tag)
		}
		n, err := b.size(ctypes.BasicOf(u.Underlying))
		if err != nil {
			return err
		}
		d.Add(AttrByteSize, FormData1, n)
		for _, v := range u.Values {
			d.AddChild(NewDIE(TagEnumerator)).Add(AttrName, FormString, v.Name).Add(AttrConstValue, FormSdata, v.Value)
		}
	case *ctypes.Vector:
		e, err := b.TypeDIE(ctypes.BasicOf(u.Elem))
		if err != nil {
			return err
		}
		n, err := b.size(u)
		if err != nil {
			return err
		}
		es, err := b.size(ctypes.BasicOf(u.Elem))
		if err != nil {
			return err
		}
		// vector_types.h declares "struct float4 {...}" and "typedef
		// struct float4 float4", and nvcc -G describes both.
		st := NewDIE(TagStructureType)
		st.Add(AttrName, FormString, u.Name).Add(AttrByteSize, FormData1, n)
		for i := 0; i < u.Len; i++ {
			st.AddChild(NewDIE(TagMember)).Add(AttrName, FormString, ctypes.VectorMembers[i]).
				Add(AttrType, FormRef4, ref(e)).Add(AttrDataMemberLocation, FormBlock1, memberLoc(uint64(i)*es))
		}
		b.Parent.AddChild(st)
		d.Tag = TagTypedef
		d.Add(AttrName, FormString, u.Name).Add(AttrType, FormRef4, ref(st))
	case *ctypes.Handle:
		e, err := b.TypeDIE(ctypes.BasicOf(ctypes.ULongLong))
		if err != nil {
			return err
		}
		d.Tag = TagTypedef
		d.Add(AttrName, FormString, u.Name).Add(AttrType, FormRef4, ref(e))
	case *ctypes.Func:
		d.Tag = TagSubroutineType
		d.Add(AttrPrototyped, FormFlag, uint64(1))
		if !ctypes.IsVoid(u.Result) {
			r, err := b.TypeDIE(u.Result)
			if err != nil {
				return err
			}
			d.Add(AttrType, FormRef4, ref(r))
		}
		for _, p := range u.Params {
			pt, err := b.TypeDIE(p.Type)
			if err != nil {
				return err
			}
			d.AddChild(NewDIE(TagFormalParameter)).Add(AttrType, FormRef4, ref(pt))
		}
		if u.Variadic {
			d.AddChild(NewDIE(TagUnspecifiedParameters))
		}
	default:
		return fmt.Errorf("no DWARF type for %T", t)
	}
	return nil
}

func isQualified(t ctypes.Type) bool { _, ok := t.(*ctypes.Qualified); return ok }

// memberLoc is DW_AT_data_member_location as nvcc writes it:
// DW_OP_plus_uconst off.
func memberLoc(off uint64) Block { return Bytes(uleb([]byte{byte(OpPlusUconst)}, off)...) }

func (b *Types) structure(d *DIE, s *ctypes.Struct) error {
	d.Tag = TagStructureType
	switch {
	case s.Union:
		d.Tag = TagUnionType
	case s.Class:
		d.Tag = TagClassType
	}
	if s.Tag != "" {
		d.Add(AttrName, FormString, s.Tag)
	}
	if !s.Complete {
		d.Add(AttrDeclaration, FormFlag, uint64(1))
		return nil
	}
	n, err := b.size(s)
	if err != nil {
		return err
	}
	d.Add(AttrByteSize, FormData4, n)
	for i, f := range s.Fields {
		ft, err := b.TypeDIE(f.Type)
		if err != nil {
			return err
		}
		ml, err := b.Sizes.Member(s, i)
		if err != nil {
			return err
		}
		if ml.Offset < 0 {
			return fmt.Errorf("member %s at offset %d", f.Name, ml.Offset)
		}
		m := d.AddChild(NewDIE(TagMember))
		if f.Name != "" {
			m.Add(AttrName, FormString, f.Name)
		}
		m.Add(AttrType, FormRef4, ref(ft))
		if !f.BitField {
			m.Add(AttrDataMemberLocation, FormBlock1, memberLoc(uint64(ml.Offset)))
			continue
		}
		pos := ml.BitOffset - 8*ml.Offset // from the unit's least significant bit
		if ml.UnitSize <= 0 || ml.BitSize < 0 || ml.BitSize > 8*int(ml.UnitSize) || pos < 0 || pos >= 8*ml.UnitSize {
			return fmt.Errorf("bit field %s: %d bits at bit %d of a %d-byte unit at offset %d", f.Name, ml.BitSize, ml.BitOffset, ml.UnitSize, ml.Offset)
		}
		if int64(ml.BitSize) == 8*ml.UnitSize {
			// A bit field as wide as its type is an ordinary member at the
			// byte it starts in, as nvcc -G describes it, also where a
			// packed one starts within a byte.
			m.Add(AttrDataMemberLocation, FormBlock1, memberLoc(uint64(ml.BitOffset/8)))
			continue
		}
		// DWARF 2 bit fields: the storage unit is UnitSize bytes at Offset;
		// DW_AT_bit_offset counts from its most significant bit
		// (little-endian target) to the field's. A packed field that runs
		// past its unit has a negative one, as nvcc -G writes it.
		m.Add(AttrByteSize, FormData1, uint64(ml.UnitSize)).
			Add(AttrBitSize, FormData1, uint64(ml.BitSize))
		if bo := 8*ml.UnitSize - pos - int64(ml.BitSize); bo >= 0 {
			m.Add(AttrBitOffset, FormData1, uint64(bo))
		} else {
			m.Add(AttrBitOffset, FormSdata, bo)
		}
		m.Add(AttrDataMemberLocation, FormBlock1, memberLoc(uint64(ml.Offset)))
	}
	return nil
}

// Package layout computes the sizes, alignments, member offsets and bit
// positions of C types for a PTX target: guide chapter 1 (§1.1 fundamental
// types, §1.2 aggregates, unions and native vectors, §1.3 bit fields, §1.4
// handles). It is the only package that does; every other package asks it.
//
// Where the guide is silent, nvcc 11.8 is the reference, and the package
// tests compare every rule with it. The algorithm, step by step:
//
//  1. A fundamental type has the size and alignment of basicTable for the
//     target's address size (§1.1). A handle is a .b64 (§1.4). A pointer or
//     reference has the address size.
//  2. An array is its element's alignment and Len times its size; a
//     flexible array member has size 0.
//  3. A native vector (CUDA's float4 and kin, §1.2) has the alignment CUDA's
//     vector_types.h gives it — n*alignof(t) for even n and alignof(t) for
//     odd n, capped at 16 — and its size is n*sizeof(t) rounded up to it.
//  4. A struct places each ordinary member at the lowest offset that is a
//     multiple of its alignment (§1.2). A member's explicit alignment
//     (alignas, __align__, aligned) raises its alignment; one below the
//     natural alignment is ignored, with nvcc's warning.
//  5. A bit field of declared type T and width w > 0 takes the next w bits,
//     from least to most significant (§1.3), unless they would cross a
//     boundary of a T-sized, T-aligned storage unit: then it starts at the
//     next such boundary. It may share a unit with other members. A named
//     bit field aligns the struct to alignof(T); an unnamed one does not.
//  6. A zero-width bit field moves the next member to the next alignof(T)
//     boundary and does not affect the struct's alignment: nvcc gives
//     struct { char a; long long :0; } size 8 and alignment 1.
//  7. In a union every member starts at offset 0 (bit 0 for bit fields).
//  8. The aggregate's alignment is the strictest of its members' (step 5
//     and 6 exceptions aside) and its own explicit alignment; its size is
//     rounded up to a multiple of it, and is at least 1 (C++: an empty
//     struct has size 1).
//  9. Packing, where the guide is silent, as nvcc does it (GCC's rules,
//     with nvcc's differences): __attribute__((packed)) on a struct or a
//     member gives members alignment 1 unless they request one, bit fields
//     take the next free bit even across storage units, a zero-width bit
//     field does nothing unless #pragma pack is in force too (then it moves
//     the next member to the next byte), and a packed struct may request an
//     alignment below its members'; a struct's packed attribute leaves
//     __half and __nv_bfloat16 members alone. #pragma pack(N) caps members' natural
//     alignment at N (not a member's requested one) and bit fields'
//     alignment (also in a packed struct), lets bit fields cross storage
//     units, and counts unnamed bit fields in the struct's alignment.
//  10. An alignment requested on a typedef replaces its type's alignment,
//     lower or higher; the size is unchanged.
//  11. A bit field wider than its type (C++ allows it; nvcc warns) holds
//     its value in a field of the widest integer type I of at most that
//     many bits (__int128 aside), placed as a full-width bit field of
//     type I would be (and aligning the struct to alignof(I)); the rest
//     of the declared width is padding after it: struct { short a:3;
//     short b:20; char c; } puts b's value in bits 16 to 31 and c at
//     byte 5. Member.BitSize is then the type's width, the value's bits.
//  12. C++ classes with bases or virtual functions follow the Itanium C++
//     ABI (cxx.go).
//
// Bit offsets are absolute: bit 0 is the least significant bit of byte 0 of
// the outermost type, as in the guide's Figure 1.
package layout

import (
	"fmt"
	"go/token"
	"math/bits"
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

// Error is a type that has no layout: an incomplete or void type, a bit
// field of a non-integral type, a width beyond its type.
type Error struct {
	Pos token.Pos // where the offending member or type was declared; may be zero
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// Warning is something nvcc warns about and then accepts, such as an
// alignment request below the natural alignment; or, with Note set, a
// remark of the guide's that applies to the type (a class with virtual
// functions cannot be shared between host and device, §7).
type Warning struct {
	Pos  token.Pos
	Msg  string
	Note bool
}

// Kind is "note" or "warning", as a diagnostic prints it.
func (w Warning) Kind() string {
	if w.Note {
		return "note"
	}
	return "warning"
}

// Layouter computes layouts for one target. It caches struct layouts; it is
// not safe for concurrent use.
type Layouter struct {
	Target   target.Target
	records  map[*ctypes.Struct]*Record
	vectors  map[*ctypes.Vector]*ctypes.Struct
	warnings []Warning
	warned   map[Warning]bool
}

// New returns a Layouter for t.
func New(t target.Target) *Layouter {
	return &Layouter{
		Target:  t,
		records: map[*ctypes.Struct]*Record{},
		vectors: map[*ctypes.Vector]*ctypes.Struct{},
		warned:  map[Warning]bool{},
	}
}

// Warnings returns the warnings of every layout computed so far, each once,
// in the order they arose.
func (l *Layouter) Warnings() []Warning { return l.warnings }

func (l *Layouter) warn(pos token.Pos, format string, args ...any) {
	l.diagnose(Warning{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

func (l *Layouter) note(pos token.Pos, format string, args ...any) {
	l.diagnose(Warning{Pos: pos, Msg: fmt.Sprintf(format, args...), Note: true})
}

func (l *Layouter) diagnose(w Warning) {
	if !l.warned[w] {
		l.warned[w] = true
		l.warnings = append(l.warnings, w)
	}
}

// Record is the layout of a struct or union.
type Record struct {
	Struct      *ctypes.Struct
	Size, Align int64
	Members     []Member // one per field, unnamed bit fields included

	// C++ (Itanium C++ ABI §2.4; see cxx.go).

	// DSize is the data size: Size without the tail padding. A class
	// derived from a non-POD places its own members from its base's
	// DSize on.
	DSize int64
	// NVSize is the non-virtual size: the data size, or the end of an
	// empty base placed past it if that is further (Size before rounding).
	// A non-POD base occupies NVSize bytes of a derived class.
	NVSize int64
	// POD is set for a POD for the purpose of layout, whose tail padding a
	// derived class does not reuse.
	POD bool
	// Empty is set for an empty class (no data, no virtual functions,
	// only empty bases): as a base it takes no room.
	Empty bool
	// VPtr is set when the class holds its own virtual table pointer, at
	// offset 0, of the address size: a dynamic class without a primary
	// base (whose pointer it shares otherwise).
	VPtr bool
	// Bases are the base class subobjects: the direct bases in
	// declaration order, then the indirect virtual bases in inheritance
	// graph order (each virtual base once, at its offset in a complete
	// object of the class).
	Bases []BaseMember
	// NVAlign is the alignment of the non-virtual part, which a class
	// with virtual bases has as a base subobject; 0 means Align.
	NVAlign int64
}

// BaseMember is the layout of one base class subobject.
type BaseMember struct {
	Base   *ctypes.Base
	Record *Record
	Offset int64
	// Primary marks the primary base: the first dynamic base, at offset
	// 0, whose virtual table pointer the class shares (or a nearly empty
	// virtual base, when no non-virtual base is dynamic).
	Primary bool
	// Indirect marks a virtual base that is no direct base of the class.
	Indirect bool
}

// nvAlign is r's alignment as a base subobject.
func (r *Record) nvAlign() int64 {
	if r.NVAlign != 0 {
		return r.NVAlign
	}
	return r.Align
}

// Member is the layout of one field of a record.
type Member struct {
	Field *ctypes.Field
	// Offset is the member's byte offset. For a bit field it is the byte
	// offset of the storage unit that holds it.
	Offset int64
	// Size and Align are those of the member's type; for a bit field, of
	// its declared type (its storage unit).
	Size, Align int64
	// BitOffset is a bit field's first bit, counted from bit 0 of the
	// record (the least significant bit of byte 0), and BitSize its width.
	BitOffset int64
	BitSize   int
}

// Sizeof returns the size of t in bytes.
func (l *Layouter) Sizeof(t ctypes.Type) (int64, error) {
	s, _, err := l.sizeAlign(t, token.NoPos)
	return s, err
}

// Alignof returns the alignment of t in bytes.
func (l *Layouter) Alignof(t ctypes.Type) (int64, error) {
	_, a, err := l.sizeAlign(t, token.NoPos)
	return a, err
}

// Offsetof returns the byte offset of member within the struct or union t;
// member may be a designator such as "a.b[2].c". A bit field has no offset.
func (l *Layouter) Offsetof(t ctypes.Type, member string) (int64, error) {
	fields, err := l.Flatten(t)
	if err != nil {
		return 0, err
	}
	for _, f := range fields {
		if f.Path == member {
			if f.BitField {
				return 0, &Error{f.Field.Pos, fmt.Sprintf("cannot take the offset of bit field %s", member)}
			}
			return f.Offset, nil
		}
	}
	// An element of an array of scalars (Flatten lists the array, not
	// its elements): "d[2]", "m[1][2]".
	var idx []int64
	path := member
	for strings.HasSuffix(path, "]") {
		open := strings.LastIndexByte(path, '[')
		if open < 0 {
			break
		}
		n, err := strconv.ParseInt(path[open+1:len(path)-1], 10, 64)
		if err != nil {
			break
		}
		idx = append([]int64{n}, idx...)
		path = path[:open]
	}
	if len(idx) > 0 {
		for _, f := range fields {
			if f.Path != path || f.BitField {
				continue
			}
			off, et := f.Offset, f.Type
			for _, n := range idx {
				a, ok := ctypes.Unqualified(et).(*ctypes.Array)
				if !ok || a.Unsized || n < 0 || n > a.Len {
					return 0, &Error{Msg: fmt.Sprintf("%s has no member %s", t, member)}
				}
				es, _, err := l.sizeAlign(a.Elem, token.NoPos)
				if err != nil {
					return 0, err
				}
				off, et = off+n*es, a.Elem
			}
			return off, nil
		}
	}
	return 0, &Error{Msg: fmt.Sprintf("%s has no member %s", t, member)}
}

func (l *Layouter) sizeAlign(t ctypes.Type, pos token.Pos) (size, align int64, err error) {
	if a := typedefAlign(t); a != 0 {
		if err := checkAlign(a, pos); err != nil {
			return 0, 0, err
		}
		size, _, err := l.sizeAlign(ctypes.Unqualified(t), pos)
		return size, a, err
	}
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		if u.Kind == ctypes.Void || int(u.Kind) >= len(basicTable) {
			return 0, 0, &Error{pos, fmt.Sprintf("%s has no size", u)}
		}
		b := basicTable[u.Kind]
		if l.Target.AddressSize == 32 {
			return b.Size32, b.Align32, nil
		}
		return b.Size64, b.Align64, nil
	case *ctypes.Pointer, *ctypes.Reference:
		p := l.Target.PointerSize()
		return p, p, nil
	case *ctypes.MemberPointer:
		// Itanium C++ ABI §2.3: a pointer to data member is a ptrdiff_t, a
		// pointer to member function a pair of them.
		p := l.Target.PointerSize()
		if u.IsFunc() {
			return 2 * p, p, nil
		}
		return p, p, nil
	case *ctypes.TemplateParam:
		return 0, 0, &Error{pos, fmt.Sprintf("template parameter %s has no layout", u)}
	case *ctypes.DependentName:
		return 0, 0, &Error{pos, fmt.Sprintf("dependent type %s has no layout", u)}
	case *ctypes.Handle:
		return handleSize, handleSize, nil
	case *ctypes.Enum:
		if !u.Complete && !u.Fixed {
			return 0, 0, &Error{pos, fmt.Sprintf("incomplete type %s", u)}
		}
		return l.sizeAlign(ctypes.BasicOf(u.Underlying), pos)
	case *ctypes.Array:
		es, ea, err := l.sizeAlign(u.Elem, pos)
		if err != nil {
			return 0, 0, err
		}
		if u.Unsized {
			return 0, ea, nil
		}
		if u.Len < 0 || (es > 0 && u.Len > (1<<62)/es) {
			return 0, 0, &Error{pos, fmt.Sprintf("array of %d elements is too large", u.Len)}
		}
		return es * u.Len, ea, nil
	case *ctypes.Vector:
		r, err := l.Record(l.vectorStruct(u))
		if err != nil {
			return 0, 0, err
		}
		return r.Size, r.Align, nil
	case *ctypes.Struct:
		r, err := l.Record(u)
		if err != nil {
			return 0, 0, err
		}
		return r.Size, r.Align, nil
	case *ctypes.Func:
		return 0, 0, &Error{pos, "a function type has no size"}
	}
	return 0, 0, &Error{pos, fmt.Sprintf("internal error: layout of %T", t)}
}

// typedefAlign is the alignment requested on the outermost typedef of t
// that requests one (typedef int T __attribute__((aligned(N)))), or 0. As
// in GCC, and as nvcc lays it out, it replaces the alignment of the type it
// names, lower or higher; the size is unchanged.
func typedefAlign(t ctypes.Type) int64 {
	for {
		switch u := t.(type) {
		case *ctypes.Qualified:
			t = u.Type
		case *ctypes.Typedef:
			if u.Align != 0 {
				return u.Align
			}
			t = u.Type
		default:
			return 0
		}
	}
}

// vectorStruct is the struct that CUDA's vector_types.h declares for v:
// members x, y, z, w of the element type, and the header's alignment.
func (l *Layouter) vectorStruct(v *ctypes.Vector) *ctypes.Struct {
	if s, ok := l.vectors[v]; ok {
		return s
	}
	s := &ctypes.Struct{Tag: v.Name, Complete: true, Align: v.Align}
	for i := 0; i < v.Len && i < len(ctypes.VectorMembers); i++ {
		s.Fields = append(s.Fields, &ctypes.Field{Name: ctypes.VectorMembers[i], Type: ctypes.BasicOf(v.Elem)})
	}
	l.vectors[v] = s
	return s
}

// inProgress marks a record whose layout is being computed, to catch a
// struct that contains itself.
var inProgress = &Record{}

// Record returns the layout of a struct or union.
func (l *Layouter) Record(s *ctypes.Struct) (*Record, error) {
	if r, ok := l.records[s]; ok {
		if r == inProgress {
			return nil, &Error{s.Pos, fmt.Sprintf("%s contains itself", s)}
		}
		return r, nil
	}
	if !s.Complete {
		return nil, &Error{s.Pos, fmt.Sprintf("incomplete type %s has no layout", s)}
	}
	l.records[s] = inProgress
	r, err := l.record(s)
	if err != nil {
		delete(l.records, s)
		return nil, err
	}
	l.records[s] = r
	return r, nil
}

func (l *Layouter) record(s *ctypes.Struct) (*Record, error) {
	if len(s.Bases) > 0 || s.Dynamic() {
		return l.classRecord(s)
	}
	r := &Record{Struct: s, Align: 1}
	var bitpos int64 // next free bit (structs); largest member end (unions)
	for i, f := range s.Fields {
		m := Member{Field: f}
		if f.BitField {
			if err := l.placeBitField(s, f, &m, &bitpos, &r.Align); err != nil {
				return nil, err
			}
			r.Members = append(r.Members, m)
			continue
		}
		size, align, err := l.sizeAlign(f.Type, f.Pos)
		if err != nil {
			return nil, err
		}
		if a, ok := ctypes.Unqualified(f.Type).(*ctypes.Array); ok && a.Unsized && (s.Union || i != len(s.Fields)-1) {
			return nil, &Error{f.Pos, fmt.Sprintf("flexible array member %s must be the last member of a struct", f.Name)}
		}
		if align, err = l.memberAlign(s, f, align); err != nil {
			return nil, err
		}
		m.Size, m.Align = size, align
		if !s.Union {
			m.Offset = roundUp(ceilDiv(bitpos, 8), align)
			bitpos = (m.Offset + size) * 8
		} else {
			bitpos = max(bitpos, size*8)
		}
		r.Align = max(r.Align, align)
		r.Members = append(r.Members, m)
	}
	if err := l.explicitAlign(s, r); err != nil {
		return nil, err
	}
	r.DSize = ceilDiv(bitpos, 8)
	r.NVSize = r.DSize
	r.Size = roundUp(max(r.DSize, 1), r.Align)
	var err error
	if r.POD, err = l.podForLayout(s); err != nil {
		return nil, err
	}
	r.Empty = emptyFields(r)
	return r, nil
}

// explicitAlign applies an alignment requested on s itself to r.
func (l *Layouter) explicitAlign(s *ctypes.Struct, r *Record) error {
	if s.Align == 0 {
		return nil
	}
	if err := checkAlign(s.Align, s.Pos); err != nil {
		return err
	}
	// A packed struct takes the alignment it requests even below its
	// members' (packed is how C lowers an alignment); others ignore it.
	if s.Align < r.Align && !s.Packed {
		l.warn(s.Pos, "alignment %d of %s is below its natural alignment %d and is ignored", s.Align, s, r.Align)
	} else {
		r.Align = s.Align
	}
	return nil
}

// memberAlign is the alignment of member f of s, whose type has alignment
// natural. An alignment requested on the member replaces the natural one
// when the member is packed (the way to lower it); otherwise a request
// below the natural alignment is ignored with a warning, and a member with
// a request is not capped by #pragma pack (nvcc's behaviour; GCC caps it).
func (l *Layouter) memberAlign(s *ctypes.Struct, f *ctypes.Field, natural int64) (int64, error) {
	if f.Align == 0 {
		return l.packedAlign(s, f, natural), nil
	}
	if err := checkAlign(f.Align, f.Pos); err != nil {
		return 0, err
	}
	switch {
	case f.Packed || s.Packed:
		// Even for __half: packedIgnored applies only without a request.
		return f.Align, nil
	case f.Align < natural:
		l.warn(f.Pos, "alignment %d of member %s is below its natural alignment %d and is ignored (a reduction in alignment needs the packed attribute)", f.Align, memberName(f), natural)
		return natural, nil
	}
	return f.Align, nil
}

// packedAlign is the alignment of member f of s whose type has alignment
// align, after __attribute__((packed)) on s or f (1) or #pragma pack(N)
// (at most N). An alignment requested on the member itself is applied
// after this and is honoured in both cases, as nvcc does.
func (l *Layouter) packedAlign(s *ctypes.Struct, f *ctypes.Field, align int64) int64 {
	switch {
	case f.Packed || (s.Packed && !l.packedIgnored(f.Type)):
		return 1
	case s.Pack > 0:
		return min(align, s.Pack)
	}
	return align
}

// packedIgnored reports whether the packed attribute of a struct leaves
// a member of type t at its natural alignment: nvcc 11.8 (as GCC does for
// "non-POD" fields, with a warning) does so for a class with a
// user-provided constructor (__half and __nv_bfloat16 among them) or that
// is not standard-layout (virtual functions, data members of different
// access or in more than one class of its hierarchy), and arrays of them,
// unless the class is packed itself; not for a class holding one (a user
// destructor, copy assignment or default member initializer do not
// count), nor
// for the packed attribute on the member itself or for #pragma pack.
func (l *Layouter) packedIgnored(t ctypes.Type) bool {
	for {
		switch u := ctypes.Unqualified(t).(type) {
		case *ctypes.Array:
			t = u.Elem
		case *ctypes.Basic:
			return u.Kind == ctypes.Half || u.Kind == ctypes.BFloat16
		case *ctypes.Struct:
			if u.Packed {
				return false
			}
			ctor, _ := u.UserProvided()
			return ctor || !standardLayout(u, map[*ctypes.Struct]bool{})
		default:
			return false
		}
	}
}

// placeBitField lays out bit field f (steps 5 to 7 of the package doc).
func (l *Layouter) placeBitField(s *ctypes.Struct, f *ctypes.Field, m *Member, bitpos, recAlign *int64) error {
	kind, ok := integralKind(f.Type)
	if !ok {
		return &Error{f.Pos, fmt.Sprintf("bit field %s has type %s; a bit field must have an integral or enumeration type", memberName(f), f.Type)}
	}
	unitSize, unitAlign, err := l.sizeAlign(ctypes.BasicOf(kind), f.Pos)
	if err != nil {
		return err
	}
	w := int64(f.BitWidth)
	if w < 0 {
		return &Error{f.Pos, fmt.Sprintf("bit field %s has negative width %d", memberName(f), w)}
	}
	if w == 0 && f.Name != "" {
		return &Error{f.Pos, fmt.Sprintf("named bit field %s has zero width", f.Name)}
	}
	m.Size, m.Align, m.BitSize = unitSize, unitAlign, int(w)
	placeW := w // the bits placed as a unit; w past it is padding
	oversized := false
	if w > unitSize*8 {
		// Step 11: a width past the type's is allowed in C++; nvcc warns
		// that the value is truncated and allocates the declared width.
		l.warn(f.Pos, "width of bit field %s (%d bits) exceeds the width of its type %s (%d bits): the value is truncated to %d bits and the rest is padding", memberName(f), w, f.Type, unitSize*8, unitSize*8)
		m.BitSize = int(unitSize * 8)
		oversized = true
		if unitSize, unitAlign, err = l.sizeAlign(ctypes.BasicOf(widestWithin(w, l)), f.Pos); err != nil {
			return err
		}
		m.Size, m.Align, placeW = unitSize, unitAlign, unitSize*8
	}
	// Packing (the packed attribute or #pragma pack) places a bit field at
	// the next free bit even where it crosses a storage unit of its type,
	// and caps what it adds to the alignment of s and of a zero-width
	// field's successor (GCC's rule, which nvcc follows).
	packed := s.Packed || f.Packed || s.Pack > 0
	fieldAlign := l.packedAlign(s, f, unitAlign)
	if s.Pack > 0 {
		// Under #pragma pack, the pack value caps a bit field's alignment
		// even in a packed struct (GCC's place_field, as nvcc does it).
		fieldAlign = min(unitAlign, s.Pack)
	}
	unitBits := unitSize * 8
	var start int64
	switch {
	case s.Union:
		start = 0
		*bitpos = max(*bitpos, w)
	case w == 0 && s.Packed && s.Pack == 0:
		// In a packed struct a zero-width bit field has no effect.
		start = *bitpos
	case w == 0 && s.Packed:
		// In a packed struct under #pragma pack it moves the next member
		// to the next byte, whatever the pack value and its type.
		start = roundUp(*bitpos, 8)
		*bitpos = start
	case w == 0:
		// Step 6: the next member starts on the type's boundary.
		start = roundUp(*bitpos, fieldAlign*8)
		*bitpos = start
	default:
		start = *bitpos
		// Packing lets a bit field cross its storage unit, but #pragma
		// pack alone does not let one wider than its type (nvcc places
		// that on its unit's boundary).
		if (!packed || (oversized && !s.Packed && !f.Packed)) && start/unitBits != (start+placeW-1)/unitBits {
			start = roundUp(start, unitAlign*8)
		}
		*bitpos = start + w
	}
	// Step 5: an unnamed bit field does not affect the alignment of s,
	// except under #pragma pack, where nvcc (as GCC) counts it.
	if f.Name != "" || (s.Pack > 0 && w > 0) {
		*recAlign = max(*recAlign, fieldAlign)
	}
	m.BitOffset = start
	m.Offset = start / unitBits * unitSize
	return nil
}

// widestWithin is the widest integer type of at most w bits, __int128
// aside: a bit field wider than its type is placed as one of that type
// (GCC's rule in C++, which nvcc follows), the rest of its width padding.
func widestWithin(w int64, l *Layouter) ctypes.Kind {
	best := ctypes.Char
	for _, k := range []ctypes.Kind{ctypes.Char, ctypes.Short, ctypes.Int, ctypes.Long, ctypes.LongLong} {
		if size, _, err := l.sizeAlign(ctypes.BasicOf(k), token.NoPos); err == nil && size*8 <= w {
			best = k
		}
	}
	return best
}

// integralKind returns the kind that holds a bit field of type t.
func integralKind(t ctypes.Type) (ctypes.Kind, bool) {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		return u.Kind, u.Kind.IsInteger()
	case *ctypes.Enum:
		return u.Underlying, true
	}
	return 0, false
}

func memberName(f *ctypes.Field) string {
	if f.Name == "" {
		return "(unnamed)"
	}
	return f.Name
}

func checkAlign(a int64, pos token.Pos) error {
	if a <= 0 || bits.OnesCount64(uint64(a)) != 1 {
		return &Error{pos, fmt.Sprintf("requested alignment %d is not a positive power of 2", a)}
	}
	return nil
}

func roundUp(n, a int64) int64 { return (n + a - 1) / a * a }

func ceilDiv(n, d int64) int64 { return (n + d - 1) / d }

// standardLayout reports whether s is a standard-layout class
// ([class.prop]): no virtual functions, every data member of one access,
// standard-layout bases and members, the data members in one class of the
// hierarchy, and no base class type twice.
func standardLayout(s *ctypes.Struct, seen map[*ctypes.Struct]bool) bool {
	if s.Dynamic() {
		return false
	}
	access := ctypes.AccessDefault
	for _, f := range s.Fields {
		if f.Name == "" {
			continue
		}
		a := s.EffectiveAccess(f)
		if access != ctypes.AccessDefault && a != access {
			return false
		}
		access = a
		t := ctypes.Unqualified(f.Type)
		for {
			arr, ok := t.(*ctypes.Array)
			if !ok {
				break
			}
			t = ctypes.Unqualified(arr.Elem)
		}
		if m, ok := t.(*ctypes.Struct); ok && !m.Union && !standardLayout(m, map[*ctypes.Struct]bool{}) {
			return false
		}
	}
	withData := 0
	var walk func(c *ctypes.Struct) bool
	walk = func(c *ctypes.Struct) bool {
		for _, f := range c.Fields {
			if f.Name != "" {
				withData++
				break
			}
		}
		for _, b := range c.Bases {
			if b.Type == nil || seen[b.Type] || !standardLayout(b.Type, map[*ctypes.Struct]bool{}) {
				return false
			}
			seen[b.Type] = true
			if !walk(b.Type) {
				return false
			}
		}
		return true
	}
	return walk(s) && withData <= 1
}

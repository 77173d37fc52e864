package layout

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
)

// C++ classes (guide chapter 7: device code follows the Itanium C++ ABI),
// as nvcc 11.8 lays them out; the package tests compare each rule with it.
//
// A class with base classes or virtual functions is laid out by the
// Itanium C++ ABI's algorithm (§2.4), without virtual bases, which are an
// error:
//
//  1. A dynamic class (one with virtual functions, its own or a base's)
//     whose bases are not dynamic gets a virtual table pointer at offset 0:
//     a pointer of the address size (8 bytes -m64, 4 bytes -m32), with its
//     alignment. Otherwise its first dynamic base is its primary base and
//     shares its pointer: it is placed first, at offset 0.
//  2. The other bases follow in declaration order. An empty base (no data,
//     no virtual functions, only empty bases) goes at offset 0 unless a
//     subobject of the same type is there already; then at the data size
//     so far and on, by its alignment, until no two subobjects of one type
//     share an address. It adds nothing to the data size, but it does to
//     the size, and so to the non-virtual size (Record.NVSize: the size
//     before rounding) that a class derived from this one sees.
//  3. A non-empty base goes at the data size so far, rounded up to its
//     alignment (and on, by its alignment, on such a conflict). It then
//     occupies its data size (Record.DSize, its size without tail padding)
//     ... more precisely its non-virtual size (NVSize: its data size, or
//     the end of an empty base moved past it) if it is not a POD for
//     layout, and its size if it is: a derived class reuses the tail
//     padding of a non-POD base only.
//  4. The members follow as in a C struct, from the data size on (bit
//     fields from its first free bit); a member of class type moves on, by
//     its alignment, while an empty subobject in it would share an address
//     with one of the same type.
//  5. The size is the end of the data, or of the last empty base if that
//     is further, rounded up to the alignment, and at least 1.
//
// A class is a POD for layout (Record.POD) unless it has a base class,
// virtual functions, a user-provided constructor, copy constructor, copy
// assignment or destructor, a default member initializer, a private or
// protected data member, or a data member of a non-POD class type (also in
// an array): nvcc's rule, which differs from C++03's and C++11's POD both
// (a reference member and a defaulted constructor leave a POD).

// classRecord lays out a class with bases or virtual functions.
func (l *Layouter) classRecord(s *ctypes.Struct) (*Record, error) {
	if s.Union {
		if len(s.Bases) > 0 {
			return nil, &Error{s.Pos, fmt.Sprintf("%s: a union cannot have base classes", s)}
		}
	}
	r := &Record{Struct: s, Align: 1}
	subs := emptySubs{}
	var dsize, size int64
	var primary *ctypes.Base
	for _, b := range s.Bases {
		if b.Type == nil {
			return nil, &Error{b.Pos, fmt.Sprintf("internal error: %s has a base without a type", s)}
		}
		if b.Virtual {
			return nil, &Error{b.Pos, fmt.Sprintf("virtual base class %s of %s is not supported", b.Type, s)}
		}
		if primary == nil && b.Type.Dynamic() {
			primary = b
		}
	}
	ptr := l.Target.PointerSize()
	if s.Dynamic() {
		l.note(s.Pos, "%s has virtual functions: its virtual table pointer is valid on one side only, and an object of it cannot be used across host and device (guide §7)", s)
	}
	if s.Dynamic() && primary == nil {
		r.VPtr = true
		dsize, size, r.Align = ptr, ptr, ptr
		// Packing caps the pointer's alignment as a member's.
		if s.Packed {
			r.Align = 1
		} else if s.Pack > 0 {
			r.Align = min(ptr, s.Pack)
		}
	}
	order := make([]*ctypes.Base, 0, len(s.Bases))
	if primary != nil {
		order = append(order, primary)
	}
	for _, b := range s.Bases {
		if b != primary {
			order = append(order, b)
		}
	}
	offsets := map[*ctypes.Base]int64{}
	records := map[*ctypes.Base]*Record{}
	for _, b := range order {
		br, err := l.Record(b.Type)
		if err != nil {
			return nil, err
		}
		records[b] = br
		align := br.Align
		if s.Packed {
			align = 1
		} else if s.Pack > 0 {
			align = min(align, s.Pack)
		}
		var off int64
		if br.Empty {
			if subs.conflicts(l, b.Type, 0) {
				off = roundUp(dsize, align)
				for subs.conflicts(l, b.Type, off) {
					off += align
				}
			}
			size = max(size, off+br.Size)
		} else {
			off = roundUp(dsize, align)
			for subs.conflicts(l, b.Type, off) {
				off += align
			}
			nv := br.NVSize
			if br.POD {
				nv = br.Size
			}
			dsize = off + nv
			size = max(size, dsize)
		}
		subs.add(l, b.Type, off)
		offsets[b] = off
		r.Align = max(r.Align, align)
	}
	for _, b := range s.Bases {
		r.Bases = append(r.Bases, BaseMember{Base: b, Record: records[b], Offset: offsets[b], Primary: b == primary})
	}
	bitpos := dsize * 8
	for i, f := range s.Fields {
		m := Member{Field: f}
		if f.BitField {
			if err := l.placeBitField(s, f, &m, &bitpos, &r.Align); err != nil {
				return nil, err
			}
			r.Members = append(r.Members, m)
			continue
		}
		fsize, align, err := l.sizeAlign(f.Type, f.Pos)
		if err != nil {
			return nil, err
		}
		if a, ok := ctypes.Unqualified(f.Type).(*ctypes.Array); ok && a.Unsized && i != len(s.Fields)-1 {
			return nil, &Error{f.Pos, fmt.Sprintf("flexible array member %s must be the last member of a struct", f.Name)}
		}
		if align, err = l.memberAlign(s, f, align); err != nil {
			return nil, err
		}
		m.Size, m.Align = fsize, align
		m.Offset = roundUp(ceilDiv(bitpos, 8), align)
		for subs.conflicts(l, f.Type, m.Offset) {
			m.Offset += align
		}
		subs.add(l, f.Type, m.Offset)
		bitpos = (m.Offset + fsize) * 8
		r.Align = max(r.Align, align)
		r.Members = append(r.Members, m)
	}
	if err := l.explicitAlign(s, r); err != nil {
		return nil, err
	}
	r.DSize = ceilDiv(bitpos, 8)
	r.NVSize = max(r.DSize, size)
	r.Size = roundUp(max(r.NVSize, 1), r.Align)
	var err error
	if r.POD, err = l.podForLayout(s); err != nil {
		return nil, err
	}
	r.Empty = emptyFields(r) && !r.VPtr
	for _, b := range r.Bases {
		if !b.Record.Empty || b.Primary {
			r.Empty = false
		}
	}
	return r, nil
}

// emptyFields reports whether r has no data members but zero-width bit
// fields, and no virtual table pointer.
func emptyFields(r *Record) bool {
	if r.Struct.Dynamic() {
		return false
	}
	for _, m := range r.Members {
		if !m.Field.BitField || m.Field.BitWidth != 0 {
			return false
		}
	}
	for _, b := range r.Bases {
		if !b.Record.Empty {
			return false
		}
	}
	return true
}

// podForLayout reports whether s is a POD for the purpose of layout, as
// nvcc decides it (see the rules at the top of this file).
func (l *Layouter) podForLayout(s *ctypes.Struct) (bool, error) {
	if len(s.Bases) > 0 || s.Dynamic() {
		return false, nil
	}
	if ctor, copy := s.UserProvided(); ctor || copy {
		return false, nil
	}
	for _, f := range s.Fields {
		if f.DefaultInit {
			return false, nil
		}
		if f.Name != "" && s.EffectiveAccess(f) != ctypes.Public {
			return false, nil
		}
		if f.BitField {
			continue
		}
		t := ctypes.Unqualified(f.Type)
		for {
			a, ok := t.(*ctypes.Array)
			if !ok {
				break
			}
			t = ctypes.Unqualified(a.Elem)
		}
		if c, ok := t.(*ctypes.Struct); ok {
			cr, err := l.Record(c)
			if err != nil {
				return false, err
			}
			if !cr.POD {
				return false, nil
			}
		}
	}
	return true, nil
}

// emptySubs records where the empty class subobjects of a class being laid
// out lie: two subobjects of one type may not share an address (Itanium C++
// ABI §2.4, "conflict").
type emptySubs map[*ctypes.Struct]map[int64]bool

// maxEmptySubs bounds the subobjects visited in one type (arrays of
// classes), so that a huge array is not walked element by element.
const maxEmptySubs = 1 << 14

// walk calls fn for every empty class subobject of t placed at off,
// including t itself.
func (e emptySubs) walk(l *Layouter, t ctypes.Type, off int64, budget *int, fn func(*ctypes.Struct, int64) bool) bool {
	if *budget <= 0 {
		return false
	}
	*budget--
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Array:
		if u.Unsized || !containsAggregate(u) {
			return false
		}
		es, _, err := l.sizeAlign(u.Elem, 0)
		if err != nil {
			return false
		}
		for i := int64(0); i < u.Len && *budget > 0; i++ {
			if e.walk(l, u.Elem, off+i*es, budget, fn) {
				return true
			}
		}
	case *ctypes.Struct:
		r, err := l.Record(u)
		if err != nil || u.Union {
			return false
		}
		if r.Empty && fn(u, off) {
			return true
		}
		for _, b := range r.Bases {
			if e.walk(l, b.Base.Type, off+b.Offset, budget, fn) {
				return true
			}
		}
		for _, m := range r.Members {
			if !m.Field.BitField && e.walk(l, m.Field.Type, off+m.Offset, budget, fn) {
				return true
			}
		}
	}
	return false
}

func (e emptySubs) conflicts(l *Layouter, t ctypes.Type, off int64) bool {
	budget := maxEmptySubs
	return e.walk(l, t, off, &budget, func(s *ctypes.Struct, o int64) bool { return e[s][o] })
}

func (e emptySubs) add(l *Layouter, t ctypes.Type, off int64) {
	budget := maxEmptySubs
	e.walk(l, t, off, &budget, func(s *ctypes.Struct, o int64) bool {
		if e[s] == nil {
			e[s] = map[int64]bool{}
		}
		e[s][o] = true
		return false
	})
}

package layout

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
)

// C++ classes (guide chapter 7: device code follows the Itanium C++ ABI),
// as nvcc 11.8 lays them out; the package tests compare each rule with it.
//
// A class with base classes or virtual functions is laid out by the
// Itanium C++ ABI's algorithm (§2.4):
//
//  1. A dynamic class (one with virtual functions or virtual bases, its
//     own or a base's) whose non-virtual bases are not dynamic gets a
//     virtual table pointer at offset 0: a pointer of the address size (8
//     bytes -m64, 4 bytes -m32), with its alignment. Otherwise its first
//     dynamic non-virtual base is its primary base and shares its pointer:
//     it is placed first, at offset 0. Without one, the first nearly empty
//     virtual base (only a virtual table pointer) in inheritance graph
//     order that is not the primary base of another base (or the first
//     nearly empty one, if all are) is the primary base.
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
//  5. The virtual bases follow, in inheritance graph order (depth first,
//     in declaration order), each once, as the non-virtual bases do (rules
//     2 and 3, with their non-virtual size and alignment), except those
//     that are the primary base of another base subobject, which they
//     share. The non-virtual size and alignment (NVSize, NVAlign) are
//     those before the virtual bases: what a derived class allocates for
//     this class as its base.
//  6. The size is the end of the data, or of the last empty base if that
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
		if primary == nil && !b.Virtual && b.Type.Dynamic() {
			primary = b
		}
	}
	ptr := l.Target.PointerSize()
	if s.Dynamic() {
		l.note(s.Pos, "%s has virtual functions or virtual bases: its virtual table pointer is valid on one side only, and an object of it cannot be used across host and device (guide §7)", s)
	}
	vbases := virtualBases(s)
	var vprimary *ctypes.Struct // a nearly empty virtual base as the primary base
	var claimed map[*ctypes.Struct]*ctypes.Struct
	if len(vbases) > 0 {
		var err error
		if claimed, err = l.primaryVirtualBases(s); err != nil {
			return nil, err
		}
		if primary == nil {
			if vprimary, err = l.nearlyEmptyPrimary(vbases, claimed); err != nil {
				return nil, err
			}
		}
	}
	offsets := map[*ctypes.Base]int64{}
	records := map[*ctypes.Base]*Record{}
	vbOffsets := map[*ctypes.Struct]int64{} // virtual bases placed so far
	if vprimary != nil {
		br, err := l.Record(vprimary)
		if err != nil {
			return nil, err
		}
		dsize, size, r.Align = br.NVSize, br.NVSize, br.nvAlign()
		subs.add(l, vprimary, 0)
		vbOffsets[vprimary] = 0
		markPrimaries(br, 0, vbOffsets, claimed)
	}
	if s.Dynamic() && primary == nil && vprimary == nil {
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
		if b != primary && !b.Virtual {
			order = append(order, b)
		}
	}
	for _, b := range order {
		br, err := l.Record(b.Type)
		if err != nil {
			return nil, err
		}
		records[b] = br
		align := br.nvAlign()
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
		markPrimaries(br, off, vbOffsets, claimed)
		r.Align = max(r.Align, align)
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
	// The virtual bases (rule 5).
	if len(vbases) > 0 {
		r.NVAlign = r.Align
		dsize, size = r.DSize, r.NVSize
		// A virtual base that is the primary base of another base
		// subobject is placed with it; the others in graph order (and
		// the former after them, should their owner not have placed
		// them).
		order := append(append([]*ctypes.Struct(nil), vbases...), vbases...)
		for k, vb := range order {
			if _, done := vbOffsets[vb]; done || k < len(vbases) && claimed[vb] != nil {
				continue
			}
			br, err := l.Record(vb)
			if err != nil {
				return nil, err
			}
			align := br.nvAlign()
			var off int64
			if br.Empty {
				if subs.conflicts(l, vb, 0) {
					off = roundUp(dsize, align)
					for subs.conflicts(l, vb, off) {
						off += align
					}
				}
				size = max(size, off+br.Size)
			} else {
				off = roundUp(dsize, align)
				for subs.conflicts(l, vb, off) {
					off += align
				}
				nv := br.NVSize
				if br.POD {
					nv = br.Size
				}
				dsize = off + nv
				size = max(size, dsize)
			}
			subs.add(l, vb, off)
			vbOffsets[vb] = off
			markPrimaries(br, off, vbOffsets, claimed)
			r.Align = max(r.Align, align)
		}
		r.DSize = dsize
	}
	r.Size = roundUp(max(r.NVSize, size, r.DSize, 1), r.Align)
	direct := map[*ctypes.Struct]bool{}
	for _, b := range s.Bases {
		br := records[b]
		off := offsets[b]
		if b.Virtual {
			direct[b.Type] = true
			var err error
			if br, err = l.Record(b.Type); err != nil {
				return nil, err
			}
			off = vbOffsets[b.Type]
		}
		r.Bases = append(r.Bases, BaseMember{Base: b, Record: br, Offset: off, Primary: b == primary || b.Virtual && b.Type == vprimary})
	}
	for _, vb := range vbases {
		if direct[vb] {
			continue
		}
		br, err := l.Record(vb)
		if err != nil {
			return nil, err
		}
		r.Bases = append(r.Bases, BaseMember{Base: &ctypes.Base{Type: vb, Virtual: true, Pos: s.Pos}, Record: br,
			Offset: vbOffsets[vb], Primary: vb == vprimary, Indirect: true})
	}
	var err error
	if r.POD, err = l.podForLayout(s); err != nil {
		return nil, err
	}
	r.Empty = emptyFields(r) && !r.VPtr && len(vbases) == 0
	for _, b := range r.Bases {
		if !b.Record.Empty || b.Primary {
			r.Empty = false
		}
	}
	return r, nil
}

// virtualBases are the virtual bases of s, direct and indirect, in
// inheritance graph order: depth first, bases in declaration order, each
// once (Itanium C++ ABI §2.4).
func virtualBases(s *ctypes.Struct) []*ctypes.Struct {
	var out []*ctypes.Struct
	seen := map[*ctypes.Struct]bool{}
	var walk func(c *ctypes.Struct, depth int)
	walk = func(c *ctypes.Struct, depth int) {
		if depth > 64 {
			return
		}
		for _, b := range c.Bases {
			if b.Type == nil {
				continue
			}
			if b.Virtual && !seen[b.Type] {
				seen[b.Type] = true
				out = append(out, b.Type)
			}
			walk(b.Type, depth+1)
		}
	}
	walk(s, 0)
	return out
}

// nearlyEmptyPrimary chooses the primary base of a class among its
// virtual bases vbases when no non-virtual base is dynamic: the first
// nearly empty one (its virtual table pointer its only data) that is not
// the primary base of another base (indirect), or else the first nearly
// empty one.
func (l *Layouter) nearlyEmptyPrimary(vbases []*ctypes.Struct, indirect map[*ctypes.Struct]*ctypes.Struct) (*ctypes.Struct, error) {
	ptr := l.Target.PointerSize()
	var first *ctypes.Struct
	for _, vb := range vbases {
		br, err := l.Record(vb)
		if err != nil {
			return nil, err
		}
		if !vb.Dynamic() || br.NVSize != ptr {
			continue
		}
		if indirect[vb] == nil {
			return vb, nil
		}
		if first == nil {
			first = vb
		}
	}
	return first, nil
}

// markPrimaries records, for the base subobject r placed at off, the
// virtual bases that are primary bases in it (at its offset, sharing its
// virtual table pointer) and that it owns (owner), so that they are not
// placed again.
func markPrimaries(r *Record, off int64, placed map[*ctypes.Struct]int64, owner map[*ctypes.Struct]*ctypes.Struct) {
	for _, b := range r.Bases {
		switch {
		case b.Primary && b.Base.Virtual:
			if _, done := placed[b.Base.Type]; !done && (owner == nil || owner[b.Base.Type] == nil || owner[b.Base.Type] == r.Struct) {
				placed[b.Base.Type] = off
				markPrimaries(b.Record, off, placed, owner)
			}
		case !b.Base.Virtual:
			markPrimaries(b.Record, off+b.Offset, placed, owner)
		}
	}
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
		if c, ok := ctypes.ElemClass(f.Type); ok {
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
			if b.Base.Virtual {
				continue // placed by the complete object
			}
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

// primaryVirtualBases are the virtual bases of s that are the primary base
// of one of its base classes (direct or indirect), each with the class
// that has it as its primary base: the first such class in inheritance
// graph order, whose subobject it shares (a later one loses it).
func (l *Layouter) primaryVirtualBases(s *ctypes.Struct) (map[*ctypes.Struct]*ctypes.Struct, error) {
	out := map[*ctypes.Struct]*ctypes.Struct{}
	seen := map[*ctypes.Struct]bool{}
	var walk func(c *ctypes.Struct, depth int) error
	walk = func(c *ctypes.Struct, depth int) error {
		if depth > 64 {
			return nil
		}
		for _, b := range c.Bases {
			if b.Type == nil || b.Virtual && seen[b.Type] {
				continue
			}
			seen[b.Type] = true
			br, err := l.Record(b.Type)
			if err != nil {
				return err
			}
			for _, bb := range br.Bases {
				if bb.Primary && bb.Base.Virtual && out[bb.Base.Type] == nil {
					out[bb.Base.Type] = b.Type
				}
			}
			if err := walk(b.Type, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	return out, walk(s, 0)
}

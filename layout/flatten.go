package layout

import (
	"fmt"
	"go/token"
	"strconv"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Flat is one named member of an aggregate at any nesting level, placed
// relative to the outermost type.
type Flat struct {
	// Path is the member's C designator from the outermost type: "c",
	// "a.b", "f8[1][2].x". Members of anonymous structs and unions have no
	// component of their own.
	//
	// In a C++ class, a base class subobject is an entry of its own (Base
	// set, Field nil) whose path is the base's name as C++ writes it
	// ("Body", "ns::Array<float, 3>"), and the members it brings have
	// paths that name it, joined by "::" as in a qualified member access
	// (p.Body::mass): "Body::mass", "Body::Shape::kind" for a base of a
	// base, "Body::pos.x" for a member of a member. The virtual table
	// pointer that a dynamic class holds is an entry too (VPtr set, Field
	// nil), "_vptr" ("Body::_vptr" when a base holds it).
	Path  string
	Field *ctypes.Field
	Type  ctypes.Type
	// Base marks a base class subobject: Type is the base class, Size
	// the bytes it occupies (its data size if it is not a POD, 0 if it is
	// empty), Align its alignment.
	Base bool
	// VPtr marks a virtual table pointer.
	VPtr bool
	// Offset, Size and Align describe an ordinary member.
	Offset, Size, Align int64
	// BitField marks a bit field, placed by BitOffset (absolute, from bit 0
	// of byte 0 of the outermost type) and BitSize.
	BitField  bool
	BitOffset int64
	BitSize   int
}

// maxFlat bounds the members Flatten expands, so that an array of a
// million structs is an error rather than a memory exhaustion.
const maxFlat = 1 << 20

// Flatten lists every named member of t at every nesting level, in
// declaration order, each followed by its own members: members of nested
// structs and unions, and of every element of arrays of aggregates
// (elements of arrays of scalars are not listed). Unnamed bit fields are not
// listed. A type that is not a struct, union or vector has no members.
func (l *Layouter) Flatten(t ctypes.Type) ([]Flat, error) {
	var out []Flat
	if _, _, err := l.sizeAlign(t, token.NoPos); err != nil {
		return nil, err
	}
	if err := l.expand(&out, t, 0, "", "."); err != nil {
		return nil, err
	}
	return out, nil
}

// recordOf returns the record layout of an aggregate type, or nil.
func (l *Layouter) recordOf(t ctypes.Type) (*Record, error) {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Struct:
		return l.Record(u)
	case *ctypes.Vector:
		return l.Record(l.vectorStruct(u))
	}
	return nil, nil
}

// expand appends the members of t, which lies at byte offset base, with
// designators starting with prefix and sep ("." or, for the members of a
// base class subobject, "::").
func (l *Layouter) expand(out *[]Flat, t ctypes.Type, base int64, prefix, sep string) error {
	if len(*out) > maxFlat {
		return &Error{Msg: fmt.Sprintf("more than %d members to list", maxFlat)}
	}
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Array:
		if u.Unsized || !containsAggregate(u) {
			return nil
		}
		es, _, err := l.sizeAlign(u.Elem, token.NoPos)
		if err != nil {
			return err
		}
		for i := int64(0); i < u.Len; i++ {
			if err := l.expand(out, u.Elem, base+i*es, prefix+"["+strconv.FormatInt(i, 10)+"]", "."); err != nil {
				return err
			}
		}
		return nil
	}
	r, err := l.recordOf(t)
	if r == nil || err != nil {
		return err
	}
	if r.VPtr {
		p := l.Target.PointerSize()
		*out = append(*out, Flat{Path: join(prefix, sep, "_vptr"), VPtr: true, Type: vptrType, Offset: base, Size: p, Align: p})
	}
	for _, b := range r.Bases {
		if b.Base.Virtual && sep == "::" {
			// A base subobject's virtual bases are the complete
			// object's, listed there.
			continue
		}
		path := join(prefix, sep, ctypes.CXXString(b.Base.Type, ""))
		size := b.Record.NVSize
		switch {
		case b.Record.Empty:
			size = 0
		case b.Record.POD:
			size = b.Record.Size
		}
		*out = append(*out, Flat{Path: path, Base: true, Type: b.Base.Type, Offset: base + b.Offset, Size: size, Align: b.Record.Align})
		if err := l.expand(out, b.Base.Type, base+b.Offset, path, "::"); err != nil {
			return err
		}
	}
	for _, m := range r.Members {
		f := m.Field
		if f.Anonymous() {
			if err := l.expand(out, f.Type, base+m.Offset, prefix, sep); err != nil {
				return err
			}
			continue
		}
		if f.Name == "" {
			continue // unnamed bit field
		}
		path := join(prefix, sep, f.Name)
		fl := Flat{Path: path, Field: f, Type: f.Type}
		if f.BitField {
			fl.BitField, fl.BitOffset, fl.BitSize = true, base*8+m.BitOffset, m.BitSize
			*out = append(*out, fl)
			continue
		}
		fl.Offset, fl.Size, fl.Align = base+m.Offset, m.Size, m.Align
		*out = append(*out, fl)
		if err := l.expand(out, f.Type, base+m.Offset, path, "."); err != nil {
			return err
		}
	}
	return nil
}

// containsAggregate reports whether an array's innermost element type is a
// struct, union or vector.
func containsAggregate(a *ctypes.Array) bool {
	var t ctypes.Type = a
	for {
		switch u := ctypes.Unqualified(t).(type) {
		case *ctypes.Array:
			t = u.Elem
		case *ctypes.Struct, *ctypes.Vector:
			return true
		default:
			return false
		}
	}
}

// join is the designator of member name of the object designated prefix.
func join(prefix, sep, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + sep + name
}

// vptrType is the type a virtual table pointer is shown with: a pointer
// to pointers to functions, void **.
var vptrType ctypes.Type = &ctypes.Pointer{Elem: &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Void)}}

package sema

import (
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
)

// under strips qualifiers and typedefs.
func under(t ctypes.Type) ctypes.Type { return ctypes.Unqualified(t) }

// canon is t with every typedef resolved, for comparisons.
func canon(t ctypes.Type) ctypes.Type {
	switch u := t.(type) {
	case *ctypes.Typedef:
		return canon(u.Type)
	case *ctypes.Qualified:
		in := canon(u.Type)
		if q, ok := in.(*ctypes.Qualified); ok {
			return &ctypes.Qualified{Type: q.Type, Const: u.Const || q.Const, Volatile: u.Volatile || q.Volatile, Restrict: u.Restrict || q.Restrict}
		}
		return &ctypes.Qualified{Type: in, Const: u.Const, Volatile: u.Volatile}
	case *ctypes.Pointer:
		return &ctypes.Pointer{Elem: canon(u.Elem), Space: u.Space}
	case *ctypes.Reference:
		return &ctypes.Reference{Elem: canon(u.Elem), RValue: u.RValue}
	case *ctypes.Array:
		return &ctypes.Array{Elem: canon(u.Elem), Len: u.Len, Unsized: u.Unsized}
	case *ctypes.Func:
		f := *u
		f.Result = canon(u.Result)
		f.Params = nil
		for _, p := range u.Params {
			f.Params = append(f.Params, ctypes.Param{Type: canon(p.Type)})
		}
		return &f
	case *ctypes.Handle:
		return ctypes.BasicOf(ctypes.ULongLong)
	}
	return t
}

func typeKey(t ctypes.Type) string { return ctypes.TypeString(canon(t), "") }

// sameType reports whether a and b are the same type (typedefs resolved).
func sameType(a, b ctypes.Type) bool { return typeKey(a) == typeKey(b) }

// sameUnqual compares a and b without their top-level cv-qualifiers.
func sameUnqual(a, b ctypes.Type) bool { return sameType(stripCV(a), stripCV(b)) }

// stripCV removes top-level qualifiers (typedefs kept when unqualified).
func stripCV(t ctypes.Type) ctypes.Type {
	for {
		switch u := t.(type) {
		case *ctypes.Qualified:
			t = u.Type
		case *ctypes.Typedef:
			if hasTopCV(u.Type) {
				t = u.Type
				continue
			}
			return t
		default:
			return t
		}
	}
}

func hasTopCV(t ctypes.Type) bool {
	for {
		switch u := t.(type) {
		case *ctypes.Qualified:
			return true
		case *ctypes.Typedef:
			t = u.Type
		default:
			return false
		}
	}
}

// cvOf reports t's top-level const and volatile.
func cvOf(t ctypes.Type) (c, v bool) {
	for {
		switch u := t.(type) {
		case *ctypes.Qualified:
			c, v = c || u.Const, v || u.Volatile
			t = u.Type
		case *ctypes.Typedef:
			t = u.Type
		default:
			return
		}
	}
}

func isConst(t ctypes.Type) bool { c, _ := cvOf(t); return c }

// objCV is cvOf for an object type: an array's qualifiers are its
// elements' ([basic.type.qualifier]).
func objCV(t ctypes.Type) (c, v bool) {
	c, v = cvOf(t)
	if a, ok := arrayOf(t); ok {
		ec, ev := objCV(a.Elem)
		c, v = c || ec, v || ev
	}
	return c, v
}

// stripObjCV is stripCV that also strips an array's elements'.
func stripObjCV(t ctypes.Type) ctypes.Type {
	if a, ok := arrayOf(t); ok {
		return &ctypes.Array{Elem: stripObjCV(a.Elem), Len: a.Len, Unsized: a.Unsized}
	}
	return stripCV(t)
}

// sameObjUnqual is sameUnqual, arrays compared without their elements'
// qualifiers.
func sameObjUnqual(a, b ctypes.Type) bool { return sameType(stripObjCV(a), stripObjCV(b)) }

// dropsCV reports whether converting an object of type from to one of
// type to would drop a qualifier (arrays by their elements').
func dropsCV(from, to ctypes.Type) bool {
	fc, fv := objCV(from)
	tc, tv := objCV(to)
	return fc && !tc || fv && !tv
}

// withCV adds const and volatile to t.
func withCV(t ctypes.Type, c, v bool) ctypes.Type {
	if !c && !v {
		return t
	}
	oc, ov := cvOf(t)
	if oc == c || oc && !c {
		if ov == v || ov && !v {
			return t
		}
	}
	return &ctypes.Qualified{Type: stripCV(t), Const: c || oc, Volatile: v || ov}
}

// kindOf is the basic kind of an arithmetic type: an enum's underlying
// kind, a handle's unsigned long long.
func kindOf(t ctypes.Type) (ctypes.Kind, bool) {
	switch u := under(t).(type) {
	case *ctypes.Basic:
		return u.Kind, true
	case *ctypes.Enum:
		return u.Underlying, true
	case *ctypes.Handle:
		return ctypes.ULongLong, true
	}
	return 0, false
}

func isInteger(t ctypes.Type) bool {
	k, ok := kindOf(t)
	return ok && k.IsInteger()
}

func isEnum(t ctypes.Type) bool { _, ok := under(t).(*ctypes.Enum); return ok }

func isScopedEnum(t ctypes.Type) bool { e, ok := under(t).(*ctypes.Enum); return ok && e.Scoped }

func isFloat(t ctypes.Type) bool {
	k, ok := kindOf(t)
	return ok && k.IsFloat()
}

func isArith(t ctypes.Type) bool { return (isInteger(t) || isFloat(t)) && !isScopedEnum(t) }

func isBool(t ctypes.Type) bool { k, ok := kindOf(t); return ok && k == ctypes.Bool && !isEnum(t) }

func isVoid(t ctypes.Type) bool { return ctypes.IsVoid(t) }

func isNullPtrType(t ctypes.Type) bool {
	b, ok := under(t).(*ctypes.Basic)
	return ok && b.Kind == ctypes.NullPtr
}

func pointerOf(t ctypes.Type) (*ctypes.Pointer, bool) {
	p, ok := under(t).(*ctypes.Pointer)
	return p, ok
}

func isPointer(t ctypes.Type) bool { _, ok := pointerOf(t); return ok }

func isScalar(t ctypes.Type) bool { return isArith(t) || isPointer(t) || isNullPtrType(t) || isEnum(t) }

func classOf(t ctypes.Type) (*ctypes.Struct, bool) {
	s, ok := under(t).(*ctypes.Struct)
	return s, ok
}

func vectorOf(t ctypes.Type) (*ctypes.Vector, bool) {
	v, ok := under(t).(*ctypes.Vector)
	return v, ok
}

func isFuncType(t ctypes.Type) bool { _, ok := under(t).(*ctypes.Func); return ok }

func arrayOf(t ctypes.Type) (*ctypes.Array, bool) {
	a, ok := under(t).(*ctypes.Array)
	return a, ok
}

func refOf(t ctypes.Type) (*ctypes.Reference, bool) {
	r, ok := under(t).(*ctypes.Reference)
	return r, ok
}

// nonRef is t without a reference: the type of an expression naming an
// object declared with t.
func nonRef(t ctypes.Type) ctypes.Type {
	if r, ok := refOf(t); ok {
		return r.Elem
	}
	return t
}

// size of a basic kind in bytes.
func (c *checker) kindSize(k ctypes.Kind) int {
	switch k {
	case ctypes.Bool, ctypes.Char, ctypes.SChar, ctypes.UChar:
		return 1
	case ctypes.Short, ctypes.UShort, ctypes.Half, ctypes.BFloat16, ctypes.Char16:
		return 2
	case ctypes.Int, ctypes.UInt, ctypes.Float, ctypes.WChar, ctypes.Char32:
		return 4
	case ctypes.Long, ctypes.ULong:
		return c.ptrSize
	case ctypes.Int128, ctypes.UInt128:
		return 16
	}
	return 8
}

// intRank is the integer conversion rank of C11 6.3.1.1.
func intRank(k ctypes.Kind) int {
	switch k {
	case ctypes.Bool:
		return 0
	case ctypes.Char, ctypes.SChar, ctypes.UChar:
		return 1
	case ctypes.Short, ctypes.UShort, ctypes.Char16:
		return 2
	case ctypes.Int, ctypes.UInt, ctypes.WChar, ctypes.Char32:
		return 3
	case ctypes.Long, ctypes.ULong:
		return 4
	case ctypes.LongLong, ctypes.ULongLong:
		return 5
	}
	return 6
}

func floatRank(k ctypes.Kind) int {
	switch k {
	case ctypes.Half:
		return 1
	case ctypes.BFloat16:
		return 2
	case ctypes.Float:
		return 3
	case ctypes.Double:
		return 4
	}
	return 5
}

func unsignedOf(k ctypes.Kind) ctypes.Kind {
	switch k {
	case ctypes.Char, ctypes.SChar:
		return ctypes.UChar
	case ctypes.Short:
		return ctypes.UShort
	case ctypes.Int, ctypes.WChar:
		return ctypes.UInt
	case ctypes.Long:
		return ctypes.ULong
	case ctypes.LongLong:
		return ctypes.ULongLong
	case ctypes.Int128:
		return ctypes.UInt128
	}
	return k
}

// promoted is the integral promotion of kind k (C11 6.3.1.1p2).
func (c *checker) promoted(k ctypes.Kind) ctypes.Kind {
	if intRank(k) < 3 {
		return ctypes.Int
	}
	if k == ctypes.Char32 {
		return ctypes.UInt
	}
	if k == ctypes.WChar {
		return ctypes.Int
	}
	return k
}

// arithType is the common type of the usual arithmetic conversions
// (C11 6.3.1.8) of kinds a and b. __half and __nv_bfloat16 mixed with
// another type compute in float.
func (c *checker) arithType(a, b ctypes.Kind) ctypes.Kind {
	if a.IsFloat() || b.IsFloat() {
		if a == b {
			return a
		}
		r := a
		if !a.IsFloat() || b.IsFloat() && floatRank(b) > floatRank(a) {
			r = b
		}
		if floatRank(r) < floatRank(ctypes.Float) {
			return ctypes.Float
		}
		return r
	}
	a, b = c.promoted(a), c.promoted(b)
	if a == b {
		return a
	}
	if a.IsSigned() == b.IsSigned() {
		if intRank(a) >= intRank(b) {
			return a
		}
		return b
	}
	s, u := a, b
	if a.IsSigned() == false {
		s, u = b, a
	}
	if intRank(u) >= intRank(s) {
		return u
	}
	if c.kindSize(s) > c.kindSize(u) {
		return s
	}
	return unsignedOf(s)
}

func basic(k ctypes.Kind) ctypes.Type { return ctypes.BasicOf(k) }

// sizeT and ptrdiffT are size_t and ptrdiff_t for the target.
func (c *checker) sizeT() ctypes.Type {
	if c.ptrSize == 8 {
		return basic(ctypes.ULong)
	}
	return basic(ctypes.UInt)
}

func (c *checker) ptrdiffT() ctypes.Type {
	if c.ptrSize == 8 {
		return basic(ctypes.Long)
	}
	return basic(ctypes.Int)
}

func typeStr(t ctypes.Type) string {
	if t == nil {
		return "?"
	}
	return ctypes.CXXString(t, "")
}

// isDerivedFrom reports whether class d derives from b (directly or
// not) and returns the path of bases from d to b.
func isDerivedFrom(d, b *ctypes.Struct) ([]*ctypes.Base, bool) {
	for _, base := range d.Bases {
		if base.Type == b || base.Type.Name() == b.Name() {
			return []*ctypes.Base{base}, true
		}
		if p, ok := isDerivedFrom(base.Type, b); ok {
			return append([]*ctypes.Base{base}, p...), true
		}
	}
	return nil, false
}

func sameClass(a, b *ctypes.Struct) bool {
	return a == b || a.Name() == b.Name() && a.Name() != "" && !strings.Contains(a.Name(), "<anonymous>")
}

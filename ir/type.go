package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the class of an IR type.
type Kind uint8

// Type kinds. An aggregate is a byte array of some size and alignment; it
// types only a function's parameters (a struct passed by value), never a
// value: the parameter's value is a pointer into the .param space.
const (
	Void Kind = iota
	Pred
	Int
	Float
	Ptr
	Agg
)

// Space is a PTX state space of a pointer (PTX ISA §5.1).
type Space uint8

// State spaces. A generic pointer may point into any of the others.
const (
	Generic Space = iota
	Global
	Shared
	Local
	Const
	Param
)

var spaceNames = [...]string{"generic", "global", "shared", "local", "const", "param"}

func (s Space) String() string { return spaceNames[s] }

// Mod is the space as a PTX instruction modifier: "" for generic, ".global".
func (s Space) Mod() string {
	if s == Generic {
		return ""
	}
	return "." + s.String()
}

// Type is the type of a value. Types are small values compared with ==.
type Type struct {
	Kind   Kind
	Bits   uint8 // width of an integer, float or pointer (the address size, or 32 for shared/local/const/param on -m32)
	Signed bool  // for integers
	Space  Space // for pointers
	// Size and Align describe an aggregate, in bytes.
	Size, Align int64
}

// Common types.
var (
	VoidT = Type{}
	PredT = Type{Kind: Pred, Bits: 1}
	I8    = Type{Kind: Int, Bits: 8, Signed: true}
	I16   = Type{Kind: Int, Bits: 16, Signed: true}
	I32   = Type{Kind: Int, Bits: 32, Signed: true}
	I64   = Type{Kind: Int, Bits: 64, Signed: true}
	U8    = Type{Kind: Int, Bits: 8}
	U16   = Type{Kind: Int, Bits: 16}
	U32   = Type{Kind: Int, Bits: 32}
	U64   = Type{Kind: Int, Bits: 64}
	F16   = Type{Kind: Float, Bits: 16}
	F32   = Type{Kind: Float, Bits: 32}
	F64   = Type{Kind: Float, Bits: 64}
)

// IntT returns the integer type of bits width and signedness.
func IntT(bits int, signed bool) Type { return Type{Kind: Int, Bits: uint8(bits), Signed: signed} }

// PtrT returns the pointer type into space for a target of addrBits-bit
// addresses. Every pointer is as wide as a generic address: PTX allows
// 64-bit registers for every space on -m64.
func PtrT(space Space, addrBits int) Type {
	return Type{Kind: Ptr, Bits: uint8(addrBits), Space: space}
}

// AggT returns an aggregate of size bytes aligned to align.
func AggT(size, align int64) Type { return Type{Kind: Agg, Size: size, Align: align} }

// IsInt, IsFloat, IsPtr report the kind.
func (t Type) IsInt() bool   { return t.Kind == Int }
func (t Type) IsFloat() bool { return t.Kind == Float }
func (t Type) IsPtr() bool   { return t.Kind == Ptr }

// IsNumeric reports an integer or a float.
func (t Type) IsNumeric() bool { return t.Kind == Int || t.Kind == Float }

// Bytes is the size of a value of t in memory.
func (t Type) Bytes() int64 {
	if t.Kind == Agg {
		return t.Size
	}
	if t.Kind == Pred {
		return 1
	}
	return int64(t.Bits) / 8
}

// WithSpace returns pointer type t pointing into s.
func (t Type) WithSpace(s Space) Type { t.Space = s; return t }

// String is the text form: void pred i32 u8 f32 ptr ptr.global agg(16,8).
func (t Type) String() string {
	switch t.Kind {
	case Void:
		return "void"
	case Pred:
		return "pred"
	case Int:
		if t.Signed {
			return "i" + strconv.Itoa(int(t.Bits))
		}
		return "u" + strconv.Itoa(int(t.Bits))
	case Float:
		return "f" + strconv.Itoa(int(t.Bits))
	case Ptr:
		if t.Space == Generic {
			return "ptr"
		}
		return "ptr." + t.Space.String()
	case Agg:
		return fmt.Sprintf("agg(%d,%d)", t.Size, t.Align)
	}
	return "?"
}

// ParseType parses a type's text form for a target of addrBits-bit
// addresses. "iptr" and "uptr" are the integers as wide as an address.
func ParseType(s string, addrBits int) (Type, bool) {
	switch s {
	case "void":
		return VoidT, true
	case "pred":
		return PredT, true
	case "iptr":
		return IntT(addrBits, true), true
	case "uptr":
		return IntT(addrBits, false), true
	case "ptr":
		return PtrT(Generic, addrBits), true
	}
	if sp, ok := strings.CutPrefix(s, "ptr."); ok {
		for i, n := range spaceNames {
			if n == sp && i != int(Generic) {
				return PtrT(Space(i), addrBits), true
			}
		}
		return Type{}, false
	}
	if in, ok := strings.CutPrefix(s, "agg("); ok {
		var size, align int64
		if n, err := fmt.Sscanf(in, "%d,%d)", &size, &align); n != 2 || err != nil || size <= 0 || align <= 0 || align&(align-1) != 0 {
			return Type{}, false
		}
		if AggT(size, align).String() != s {
			return Type{}, false
		}
		return AggT(size, align), true
	}
	if len(s) < 2 {
		return Type{}, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || strconv.Itoa(n) != s[1:] {
		return Type{}, false
	}
	switch s[0] {
	case 'i', 'u':
		if n == 8 || n == 16 || n == 32 || n == 64 {
			return IntT(n, s[0] == 'i'), true
		}
	case 'f':
		if n == 16 || n == 32 || n == 64 {
			return Type{Kind: Float, Bits: uint8(n)}, true
		}
	}
	return Type{}, false
}

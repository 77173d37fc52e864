package syscall

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/target"
)

// scalarClass is the class of a scalar value.
type scalarClass int

const (
	sInt scalarClass = iota
	sFloat
	sPtr
)

// scalar is how a C scalar type is held in PTX.
type scalar struct {
	class  scalarClass
	bits   int
	signed bool
	isBool bool
}

// storeType is the PTX type of a st of the scalar (an __int128 is stored
// as two .b64 halves).
func (s scalar) storeType() string {
	switch {
	case s.class == sFloat:
		return fmt.Sprintf(".f%d", s.bits)
	case s.bits == 128:
		return ".b64"
	}
	return fmt.Sprintf(".b%d", s.bits)
}

// scalarOf returns how a value of C type t is held: its class, and its
// width from package layout. A reference holds its referent's value, an
// enum its underlying type's, a handle an unsigned long long; an array or
// function is its address; long double is a double on the device.
func (e *emitter) scalarOf(t ctypes.Type) (scalar, error) {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Reference:
		return e.scalarOf(u.Elem)
	case *ctypes.Enum:
		return e.scalarOf(ctypes.BasicOf(u.Underlying))
	case *ctypes.Handle:
		return e.scalarOf(ctypes.BasicOf(ctypes.ULongLong))
	case *ctypes.Pointer, *ctypes.Array, *ctypes.Func:
		return scalar{class: sPtr, bits: e.b.Target.AddressSize}, nil
	case *ctypes.Struct, *ctypes.Vector:
		return scalar{}, fmt.Errorf("aggregate %s is not a scalar", t)
	case *ctypes.Basic:
		k := u.Kind
		switch {
		case k == ctypes.NullPtr:
			return scalar{class: sPtr, bits: e.b.Target.AddressSize}, nil
		case k == ctypes.Half || k == ctypes.BFloat16:
			return scalar{}, fmt.Errorf("%s is a class type in CUDA C++; convert it to float", u)
		case k == ctypes.LongDouble:
			k = ctypes.Double
		case k == ctypes.Void:
			return scalar{}, fmt.Errorf("void has no value")
		}
		size, err := e.l.Sizeof(ctypes.BasicOf(k))
		if err != nil {
			return scalar{}, err
		}
		if k.IsFloat() {
			return scalar{class: sFloat, bits: int(8 * size)}, nil
		}
		return scalar{class: sInt, bits: int(8 * size), signed: k.IsSigned(), isBool: k == ctypes.Bool}, nil
	}
	return scalar{}, fmt.Errorf("%s is not a scalar type", t)
}

// regBits returns the width of a PTX register type and its letter:
// ".s16" gives 16 and 's'; ".pred" 1 and 'p'.
func regBits(typ string) (int, byte, bool) {
	if typ == ".pred" {
		return 1, 'p', true
	}
	if len(typ) < 3 || typ[0] != '.' || !strings.ContainsRune("bsuf", rune(typ[1])) {
		return 0, 0, false
	}
	n, err := strconv.Atoi(typ[2:])
	if err != nil || (n != 8 && n != 16 && n != 32 && n != 64) {
		return 0, 0, false
	}
	return n, typ[1], true
}

// checkRegType checks that a register of type typ can hold a value of src.
func checkRegType(typ string, src scalar) error {
	bits, letter, ok := regBits(typ)
	if !ok {
		return fmt.Errorf("register type %q is not a PTX scalar type", typ)
	}
	switch {
	case letter == 'p':
		if !src.isBool {
			return fmt.Errorf("only a bool can be held in a predicate")
		}
		return nil
	case letter == 'f' && src.class != sFloat:
		return fmt.Errorf("a %s register cannot hold an integer or a pointer", typ)
	case letter != 'f' && letter != 'b' && src.class == sFloat:
		return fmt.Errorf("a %s register cannot hold a floating-point value", typ)
	}
	want := src.bits
	if src.class == sInt && src.bits < 16 {
		want = 16 // there are no 8-bit registers to speak of
	}
	switch {
	case src.class == sInt && src.bits < 32 && (bits == 16 || bits == 32):
		return nil // a 16- or 32-bit register holds the narrow types
	case src.bits == 128:
		return fmt.Errorf("a %d-bit integer is held in a pair of 64-bit registers {lo, hi}, not in a %s register", src.bits, typ)
	case bits > want:
		return fmt.Errorf("a %s register is too wide for a %d-bit value: convert it first", typ, src.bits)
	case bits < want:
		return fmt.Errorf("a %s register is too narrow for a %d-bit value", typ, src.bits)
	}
	return nil
}

// convert returns the value of argument a, of scalar type src, converted
// to dst, as operands to store: one, or two 64-bit halves (low first) for
// a 128-bit dst. It emits the instructions the conversion needs.
func (e *emitter) convert(a Arg, src, dst scalar) ([]ast.Expr, error) {
	if src.class != dst.class {
		return nil, fmt.Errorf("internal error: no conversion from class %d to %d", src.class, dst.class)
	}
	op, err := parseOperand(a.Operand)
	if err != nil {
		return nil, err
	}
	if a.Space != ctypes.GenericSpace && src.class != sPtr {
		return nil, fmt.Errorf("a state space (%s) is given for a value that is not a pointer", a.Space)
	}
	if op.kind == opReg && a.RegType != "" {
		if err := checkRegType(a.RegType, src); err != nil {
			return nil, err
		}
	}
	if op.kind == opPair && src.bits != 128 {
		return nil, fmt.Errorf("a pair of registers holds a 128-bit integer, not a %d-bit %s", src.bits, a.Type)
	}
	switch src.class {
	case sFloat:
		return e.convertFloat(op, src, dst)
	case sPtr:
		return e.convertPtr(a, op)
	}
	return e.convertInt(a, op, src, dst)
}

// convertInt converts an integer: extends it by its sign, or truncates it.
func (e *emitter) convertInt(a Arg, op operand, src, dst scalar) ([]ast.Expr, error) {
	switch op.kind {
	case opInt:
		v := op.ival
		if src.isBool && v.Sign() != 0 && v.Cmp(big.NewInt(1)) != 0 {
			return nil, fmt.Errorf("immediate %s is not a bool (0 or 1)", op.text)
		}
		if !fits(v, src.bits) {
			return nil, fmt.Errorf("immediate %s is too wide for %s (%d bits)", op.text, a.Type, src.bits)
		}
		v = wrap(wrap(v, src.bits, src.signed), dst.bits, src.signed)
		if dst.bits <= 64 {
			return []ast.Expr{intLit(v)}, nil
		}
		lo := wrap(v, 64, src.signed)
		hi := wrap(new(big.Int).Rsh(v, 64), 64, src.signed)
		return []ast.Expr{intLit(lo), intLit(hi)}, nil
	case opPair:
		if dst.bits == 128 {
			var out []ast.Expr
			for _, h := range op.pair {
				if h.kind == opInt && !fits(h.ival, 64) {
					return nil, fmt.Errorf("immediate %s is too wide for a 64-bit half", h.text)
				}
				out = append(out, operandExpr(h))
			}
			return out, nil
		}
		// Truncate: the low half holds the low bits.
		return e.convertInt(a, op.pair[0], scalar{class: sInt, bits: 64, signed: src.signed}, dst)
	case opReg:
		if src.bits == 128 {
			return nil, fmt.Errorf("a %d-bit integer is held in a pair of 64-bit registers {lo, hi}, not in %s", src.bits, op.text)
		}
		if a.RegType == ".pred" {
			t := e.temp(fmt.Sprintf(".b%d", dst.bits))
			e.ins(fmt.Sprintf("selp.u%d", dst.bits), ast.Reg(t), ast.IntLit(1), ast.IntLit(0), ast.Reg(op.text))
			return []ast.Expr{ast.Reg(t)}, nil
		}
		if src.bits == dst.bits {
			return []ast.Expr{ast.Reg(op.text)}, nil
		}
		if dst.bits == 128 {
			return nil, fmt.Errorf("internal error: widening to 128 bits")
		}
		t := e.temp(fmt.Sprintf(".b%d", dst.bits))
		if src.bits < dst.bits {
			// Extend by the source's signedness: the value is kept.
			l := "u"
			if src.signed {
				l = "s"
			}
			e.ins(fmt.Sprintf("cvt.%s%d.%s%d", l, dst.bits, l, src.bits), ast.Reg(t), ast.Reg(op.text))
		} else {
			e.ins(fmt.Sprintf("cvt.u%d.u%d", dst.bits, src.bits), ast.Reg(t), ast.Reg(op.text))
		}
		return []ast.Expr{ast.Reg(t)}, nil
	}
	return nil, fmt.Errorf("operand %s is not an integer: a register or an integer immediate", op.text)
}

// convertFloat converts a float or double to double.
func (e *emitter) convertFloat(op operand, src, dst scalar) ([]ast.Expr, error) {
	if dst.bits != 64 {
		return nil, fmt.Errorf("internal error: conversion to a %d-bit float", dst.bits)
	}
	switch op.kind {
	case opFloat:
		v, err := floatImm(op, src)
		if err != nil {
			return nil, err
		}
		return []ast.Expr{doubleLit(v)}, nil
	case opReg:
		if src.bits == 64 {
			return []ast.Expr{ast.Reg(op.text)}, nil
		}
		t := e.temp(".f64")
		e.ins("cvt.f64.f32", ast.Reg(t), ast.Reg(op.text))
		return []ast.Expr{ast.Reg(t)}, nil
	case opInt:
		return nil, fmt.Errorf("immediate %s is an integer: write a floating-point one (%s.0, or 0f/0d and its bits)", op.text, op.text)
	}
	return nil, fmt.Errorf("operand %s is not a floating-point value: a register or an immediate", op.text)
}

// floatImm returns the value of a floating-point immediate of type src
// (a float is rounded to one, as C rounds a float constant).
func floatImm(op operand, src scalar) (float64, error) {
	v := op.fval
	if src.bits == 32 {
		f := float32(v)
		switch {
		case op.hex64 && float64(f) != v && !math.IsNaN(v):
			return 0, fmt.Errorf("immediate %s is a double that is not a float", op.text)
		case math.IsInf(float64(f), 0) && !math.IsInf(v, 0):
			return 0, fmt.Errorf("immediate %s is too large for a float", op.text)
		}
		v = float64(f)
	}
	return v, nil
}

// convertPtr converts a pointer to a generic address.
func (e *emitter) convertPtr(a Arg, op operand) ([]ast.Expr, error) {
	bits := e.b.Target.AddressSize
	var x ast.Expr
	switch op.kind {
	case opInt:
		if !fits(op.ival, bits) {
			return nil, fmt.Errorf("immediate %s is too wide for a %d-bit address", op.text, bits)
		}
		x = intLit(wrap(op.ival, bits, false))
		if a.Space != ctypes.GenericSpace {
			t := e.temp(e.ptrReg())
			e.ins("mov"+e.ptrType(), ast.Reg(t), x)
			x = ast.Reg(t)
		}
	case opReg:
		x = ast.Reg(op.text)
	case opSym:
		if a.Space == ctypes.GenericSpace {
			return nil, fmt.Errorf("symbol %s is an address in a state space: give its Space", op.text)
		}
		x = ast.Reg(op.text)
	default:
		return nil, fmt.Errorf("operand %s is not an address: a register, an integer or a symbol", op.text)
	}
	if a.Space == ctypes.GenericSpace {
		return []ast.Expr{x}, nil
	}
	if err := cvtaSpace(e.b.Target, a.Space); err != nil {
		return nil, err
	}
	t := e.temp(e.ptrReg())
	e.ins("cvta."+a.Space.String()+e.ptrType(), ast.Reg(t), x)
	return []ast.Expr{ast.Reg(t)}, nil
}

// cvtaSpace checks that cvta converts addresses of space s on t.
func cvtaSpace(t target.Target, s ctypes.Space) error {
	switch s {
	case ctypes.GlobalSpace, ctypes.SharedSpace, ctypes.ConstSpace, ctypes.LocalSpace:
		return nil
	case ctypes.ParamSpace:
		if t.SM < 70 || t.PTX.Less(target.Version{Major: 7, Minor: 7}) {
			return fmt.Errorf("cvta.param needs sm_70 and PTX ISA 7.7 (target %s, PTX ISA %s)", t.Arch(), t.PTX)
		}
		return nil
	}
	return fmt.Errorf("no state space %d", int(s))
}

// operandExpr is a parsed register or integer as an expression.
func operandExpr(op operand) ast.Expr {
	if op.kind == opInt {
		return intLit(op.ival)
	}
	return ast.Reg(op.text)
}

// truth returns a predicate register that is true where cond is non-zero,
// as C tests a scalar; or, for an immediate, always = 1 (true) or 0
// (false) and no register. always is -1 when the register decides.
func (e *emitter) truth(cond Arg) (pred string, always int, err error) {
	src, err := e.scalarOf(cond.Type)
	if err != nil {
		return "", 0, err
	}
	op, err := parseOperand(cond.Operand)
	if err != nil {
		return "", 0, err
	}
	if op.kind == opReg && cond.RegType == ".pred" {
		if !src.isBool {
			return "", 0, fmt.Errorf("only a bool can be held in a predicate")
		}
		return op.text, -1, nil
	}
	if imm := op.kind != opReg && (op.kind != opPair || op.pair[0].kind == opInt && op.pair[1].kind == opInt); imm {
		nonzero, err := immTruth(op, src, cond)
		return "", boolInt(nonzero), err
	}
	dst := src
	switch {
	case src.class == sInt && src.bits < 32:
		dst = scalar{class: sInt, bits: 32, signed: true}
	case src.class == sFloat:
		dst = scalar{class: sFloat, bits: 64}
	}
	vals, err := e.convert(cond, src, dst)
	if err != nil {
		return "", 0, err
	}
	x := vals[0]
	if len(vals) == 2 {
		t := e.temp(".b64")
		e.ins("or.b64", ast.Reg(t), vals[0], vals[1])
		x = ast.Reg(t)
	}
	p := e.temp(".pred")
	if dst.class == sFloat {
		e.ins("setp.neu.f64", ast.Reg(p), x, doubleLit(0)) // NaN is true in C: unordered or not equal
	} else {
		e.ins(fmt.Sprintf("setp.ne.b%d", min(dst.bits, 64)), ast.Reg(p), x, ast.IntLit(0))
	}
	return p, -1, nil
}

// immTruth reports whether the immediate op, a value of scalar type src,
// is non-zero, after checking it as convert does.
func immTruth(op operand, src scalar, a Arg) (bool, error) {
	switch src.class {
	case sFloat:
		if op.kind != opFloat {
			return false, fmt.Errorf("immediate %s is not a floating-point number", op.text)
		}
		v, err := floatImm(op, src)
		return v != 0, err // NaN != 0
	case sPtr:
		switch op.kind {
		case opSym:
			if a.Space == ctypes.GenericSpace {
				return false, fmt.Errorf("symbol %s is an address in a state space: give its Space", op.text)
			}
			return true, nil // the address of a variable is not null
		case opInt:
			if !fits(op.ival, src.bits) {
				return false, fmt.Errorf("immediate %s is too wide for a %d-bit address", op.text, src.bits)
			}
			return wrap(op.ival, src.bits, false).Sign() != 0, nil
		}
		return false, fmt.Errorf("operand %s is not an address", op.text)
	}
	if a.Space != ctypes.GenericSpace {
		return false, fmt.Errorf("a state space (%s) is given for a value that is not a pointer", a.Space)
	}
	switch op.kind {
	case opInt:
		if src.isBool && op.ival.Sign() != 0 && op.ival.Cmp(big.NewInt(1)) != 0 {
			return false, fmt.Errorf("immediate %s is not a bool (0 or 1)", op.text)
		}
		if !fits(op.ival, src.bits) {
			return false, fmt.Errorf("immediate %s is too wide for %s (%d bits)", op.text, a.Type, src.bits)
		}
		return wrap(op.ival, src.bits, false).Sign() != 0, nil
	case opPair:
		if src.bits != 128 {
			return false, fmt.Errorf("a pair of registers holds a 128-bit integer, not a %d-bit %s", src.bits, a.Type)
		}
		for _, h := range op.pair {
			if !fits(h.ival, 64) {
				return false, fmt.Errorf("immediate %s is too wide for a 64-bit half", h.text)
			}
		}
		return op.pair[0].ival.Sign() != 0 || op.pair[1].ival.Sign() != 0, nil
	}
	return false, fmt.Errorf("operand %s is not an integer", op.text)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkFormat checks that the conversions of format read the arguments
// of slots as they lie in the buffer: each conversion (and each "*" width
// or precision) needs an argument of its class and size.
func checkFormat(format string, t target.Target, slots []Slot) error {
	ptrSize := int(t.PointerSize())
	n := 0
	next := func(class argClass, size int, conv string, at int) error {
		if n >= len(slots) {
			return fmt.Errorf("printf format %q: %s at offset %d has no argument (%d given)", format, conv, at, len(slots))
		}
		s := slots[n]
		n++
		var have argClass
		switch p := s.Promoted.(type) {
		case *ctypes.Pointer:
			have = argPointer
		case *ctypes.Basic:
			have = argInt
			if p.Kind.IsFloat() {
				have = argFloat
			}
		}
		if have != class || int(s.Size) != size {
			return fmt.Errorf("printf argument %d (%s, %d bytes after promotion) does not match %s at format offset %d, which reads %s of %d bytes", n, s.Type, s.Size, conv, at, class, size)
		}
		return nil
	}
	err := eachConversion(format, ptrSize, func(start int, text string, s spec, class argClass, size int) error {
		conv := fmt.Sprintf("%q", text)
		if s.width > MaxWidth || s.prec > MaxWidth {
			return fmt.Errorf("printf format %q: format offset %d: width or precision over %d", format, start, MaxWidth)
		}
		if s.starWidth {
			if err := next(argInt, 4, "the width of "+conv, start); err != nil {
				return err
			}
		}
		if s.starPrec {
			if err := next(argInt, 4, "the precision of "+conv, start); err != nil {
				return err
			}
		}
		return next(class, size, conv, start)
	})
	if fe, ok := err.(formatError); ok {
		return fmt.Errorf("printf format %q: %v", format, fe.err)
	}
	return err
}

package ir

import "math"

// Fold computes what pure value v computes when its arguments have the
// given values (each in the constant form of AuxInt: integers sign- or
// zero-extended by their type, floats as float64 bits), as the PTX
// instruction selected for it computes it: this is the semantics of the
// operations. It reports false where it cannot: division by zero (or
// MinInt/-1), a float that does not fit the integer it converts to, f16,
// pointers, or an operation that is not pure.
func Fold(v *Value, args []int64) (int64, bool) {
	if !v.Op.IsPure() || v.Op == OpPhi || v.Op == OpParam || len(args) == 0 || len(args) != len(v.Args) {
		return 0, false // intrinsics, memory, calls: not computed here
	}
	t := v.Type
	if t.Kind == Float && t.Bits == 16 {
		return 0, false
	}
	for _, a := range v.Args {
		if a.Type.Kind == Float && a.Type.Bits == 16 {
			return 0, false
		}
	}
	switch v.Op {
	case OpCmp:
		return foldCmp(v.Cond(), v.Args[0].Type, args[0], args[1])
	case OpConv:
		return foldConv(v.Args[0].Type, t, args[0])
	case OpSelect:
		if args[0] != 0 {
			return args[1], true
		}
		return args[2], true
	}
	if t.Kind == Float {
		return foldFloat(v.Op, t, args)
	}
	if t.Kind != Int && t.Kind != Pred {
		return 0, false
	}
	var r int64
	x := args[0]
	var y int64
	if len(args) > 1 {
		y = args[1]
	}
	ux, uy := uint64(x), uint64(y)
	bits := uint64(t.Bits)
	switch v.Op {
	case OpAdd:
		r = x + y
	case OpSub:
		r = x - y
	case OpMul:
		r = x * y
	case OpDiv, OpRem:
		if y == 0 || t.Signed && y == -1 && x == Normalize(t, math.MinInt64) {
			return 0, false
		}
		switch {
		case v.Op == OpDiv && t.Signed:
			r = x / y
		case v.Op == OpDiv:
			r = int64(ux / uy)
		case t.Signed:
			r = x % y
		default:
			r = int64(ux % uy)
		}
	case OpAnd:
		r = x & y
	case OpOr:
		r = x | y
	case OpXor:
		r = x ^ y
	case OpShl:
		if uint64(uint32(y)) >= bits {
			r = 0
		} else {
			r = x << uint32(y)
		}
	case OpShr:
		n := uint64(uint32(y))
		switch {
		case t.Signed && n >= bits:
			r = x >> (bits - 1)
		case t.Signed:
			r = x >> n
		case n >= bits:
			r = 0
		default:
			r = int64(ux >> n)
		}
	case OpMin, OpMax:
		less := x < y
		if !t.Signed {
			less = ux < uy
		}
		if less == (v.Op == OpMin) {
			r = x
		} else {
			r = y
		}
	case OpNeg:
		r = -x
	case OpNot:
		r = ^x
	case OpAbs:
		r = x
		if x < 0 {
			r = -x
		}
	default:
		return 0, false
	}
	return Normalize(t, r), true
}

func f64(x int64) float64 { return math.Float64frombits(uint64(x)) }

func fbits(t Type, x float64) int64 { return Normalize(t, int64(math.Float64bits(x))) }

func foldFloat(op Op, t Type, args []int64) (int64, bool) {
	x := f64(args[0])
	var y float64
	if len(args) > 1 {
		y = f64(args[1])
	}
	var r float64
	switch op {
	case OpAdd:
		r = x + y
	case OpSub:
		r = x - y
	case OpMul:
		r = x * y
	case OpDiv:
		r = x / y
	case OpNeg:
		r = -x
	case OpAbs:
		r = math.Abs(x)
	case OpSqrt:
		r = math.Sqrt(x)
	case OpMin, OpMax:
		// PTX min/max return the other operand when one is NaN.
		switch {
		case math.IsNaN(x):
			r = y
		case math.IsNaN(y):
			r = x
		case op == OpMin:
			r = math.Min(x, y)
		default:
			r = math.Max(x, y)
		}
	case OpFma:
		if t.Bits != 64 {
			return 0, false // rounding twice could differ from fma.rn.f32
		}
		r = math.FMA(x, y, f64(args[2]))
	default:
		return 0, false
	}
	if math.IsNaN(r) {
		if op == OpNeg || op == OpAbs {
			return 0, false // the sign of a NaN: left to the machine
		}
		return canonicalNaN(t)
	}
	return fbits(t, r), true
}

// canonicalNaN is the NaN that PTX's .f32 arithmetic returns
// (0x7fffffff, as the GPU gives it), not the one Go's arithmetic makes.
// .f64 and .f16 NaNs are left to the machine: on an H200, 0.0/0.0 in .f64
// is 0xfff8000000000000 (internal/gpucheck), and what the other .f64
// operations make of NaN operands is not folded here.
func canonicalNaN(t Type) (int64, bool) {
	if t.Bits == 32 {
		return fbits(t, float64(math.Float32frombits(0x7fffffff))), true
	}
	return 0, false
}

func foldCmp(c Cond, t Type, x, y int64) (int64, bool) {
	var lt, eq, unordered bool
	switch t.Kind {
	case Float:
		a, b := f64(x), f64(y)
		lt, eq, unordered = a < b, a == b, math.IsNaN(a) || math.IsNaN(b)
	case Int, Pred:
		eq = x == y
		if t.Signed {
			lt = x < y
		} else {
			lt = uint64(x) < uint64(y)
		}
	default:
		return 0, false
	}
	var r bool
	switch c {
	case Eq:
		r = eq
	case Ne:
		r = !eq || unordered
	case Lt:
		r = lt
	case Le:
		r = lt || eq
	case Gt:
		r = !lt && !eq && !unordered
	case Ge:
		r = !lt && !unordered
	}
	if r {
		return 1, true
	}
	return 0, true
}

func foldConv(from, to Type, x int64) (int64, bool) {
	switch {
	case from.Kind == Ptr || to.Kind == Ptr:
		return 0, false
	case to.Kind == Pred:
		if from.Kind == Float {
			return Normalize(to, b2i(f64(x) != 0)), true
		}
		return Normalize(to, x), true
	case from.Kind == Float && to.Kind == Float:
		if math.IsNaN(f64(x)) {
			// cvt keeps a NaN's payload (the GPU widens 0x7fffffff to
			// 0x7fffffffe0000000): left to the machine.
			return 0, false
		}
		return fbits(to, f64(x)), true
	case from.Kind == Float:
		f := math.Trunc(f64(x))
		if math.IsNaN(f) {
			return 0, false
		}
		if to.Signed {
			if f < -math.Ldexp(1, int(to.Bits)-1) || f >= math.Ldexp(1, int(to.Bits)-1) {
				return 0, false
			}
			return Normalize(to, int64(f)), true
		}
		if f < 0 || f >= math.Ldexp(1, int(to.Bits)) {
			return 0, false
		}
		return Normalize(to, int64(uint64(f))), true
	case to.Kind == Float:
		if from.Bits == 64 && (x > 1<<53 || x < -(1<<53)) {
			return 0, false // rounding twice (to f64, then f32) could differ from cvt.rn
		}
		if from.Kind == Int && !from.Signed {
			return fbits(to, float64(uint64(x))), true
		}
		return fbits(to, float64(x)), true
	}
	return Normalize(to, x), true
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

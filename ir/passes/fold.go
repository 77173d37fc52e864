package passes

import (
	"math"

	"github.com/ptxabi/ptxabi/ir"
)

// fold computes the value of op of type t on constant arguments (each in
// ir's constant form: AuxInt), as the PTX instruction it selects computes
// it. It reports false when it cannot: division by zero, a float that does
// not fit an integer, f16, or an operation that is not pure.
func fold(v *ir.Value, args []int64) (int64, bool) {
	t := v.Type
	if t.Kind == ir.Float && t.Bits == 16 {
		return 0, false
	}
	for _, a := range v.Args {
		if a.Type.Kind == ir.Float && a.Type.Bits == 16 {
			return 0, false
		}
	}
	switch v.Op {
	case ir.OpCmp:
		return foldCmp(v.Cond(), v.Args[0].Type, args[0], args[1])
	case ir.OpConv:
		return foldConv(v.Args[0].Type, t, args[0])
	case ir.OpSelect:
		if args[0] != 0 {
			return args[1], true
		}
		return args[2], true
	}
	if t.Kind == ir.Float {
		return foldFloat(v.Op, t, args)
	}
	if t.Kind != ir.Int && t.Kind != ir.Pred {
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
	case ir.OpAdd:
		r = x + y
	case ir.OpSub:
		r = x - y
	case ir.OpMul:
		r = x * y
	case ir.OpDiv, ir.OpRem:
		if y == 0 || t.Signed && y == -1 && x == ir.Normalize(t, math.MinInt64) {
			return 0, false
		}
		switch {
		case v.Op == ir.OpDiv && t.Signed:
			r = x / y
		case v.Op == ir.OpDiv:
			r = int64(ux / uy)
		case t.Signed:
			r = x % y
		default:
			r = int64(ux % uy)
		}
	case ir.OpAnd:
		r = x & y
	case ir.OpOr:
		r = x | y
	case ir.OpXor:
		r = x ^ y
	case ir.OpShl:
		if uint64(uint32(y)) >= bits {
			r = 0
		} else {
			r = x << uint32(y)
		}
	case ir.OpShr:
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
	case ir.OpMin, ir.OpMax:
		less := x < y
		if !t.Signed {
			less = ux < uy
		}
		if less == (v.Op == ir.OpMin) {
			r = x
		} else {
			r = y
		}
	case ir.OpNeg:
		r = -x
	case ir.OpNot:
		r = ^x
	case ir.OpAbs:
		r = x
		if x < 0 {
			r = -x
		}
	default:
		return 0, false
	}
	return ir.Normalize(t, r), true
}

func f64(x int64) float64 { return math.Float64frombits(uint64(x)) }

func fbits(t ir.Type, x float64) int64 { return ir.Normalize(t, int64(math.Float64bits(x))) }

func foldFloat(op ir.Op, t ir.Type, args []int64) (int64, bool) {
	x := f64(args[0])
	var y float64
	if len(args) > 1 {
		y = f64(args[1])
	}
	var r float64
	switch op {
	case ir.OpAdd:
		r = x + y
	case ir.OpSub:
		r = x - y
	case ir.OpMul:
		r = x * y
	case ir.OpDiv:
		r = x / y
	case ir.OpNeg:
		r = -x
	case ir.OpAbs:
		r = math.Abs(x)
	case ir.OpSqrt:
		r = math.Sqrt(x)
	case ir.OpMin, ir.OpMax:
		// PTX min/max return the other operand when one is NaN.
		switch {
		case math.IsNaN(x):
			r = y
		case math.IsNaN(y):
			r = x
		case op == ir.OpMin:
			r = math.Min(x, y)
		default:
			r = math.Max(x, y)
		}
	case ir.OpFma:
		if t.Bits != 64 {
			return 0, false // rounding twice could differ from fma.rn.f32
		}
		r = math.FMA(x, y, f64(args[2]))
	default:
		return 0, false
	}
	return fbits(t, r), true
}

func foldCmp(c ir.Cond, t ir.Type, x, y int64) (int64, bool) {
	var lt, eq, unordered bool
	switch t.Kind {
	case ir.Float:
		a, b := f64(x), f64(y)
		lt, eq, unordered = a < b, a == b, math.IsNaN(a) || math.IsNaN(b)
	case ir.Int, ir.Pred:
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
	case ir.Eq:
		r = eq
	case ir.Ne:
		r = !eq || unordered
	case ir.Lt:
		r = lt
	case ir.Le:
		r = lt || eq
	case ir.Gt:
		r = !lt && !eq && !unordered
	case ir.Ge:
		r = !lt && !unordered
	}
	if r {
		return 1, true
	}
	return 0, true
}

func foldConv(from, to ir.Type, x int64) (int64, bool) {
	switch {
	case from.Kind == ir.Ptr || to.Kind == ir.Ptr:
		return 0, false
	case to.Kind == ir.Pred:
		if from.Kind == ir.Float {
			return ir.Normalize(to, b2i(f64(x) != 0)), true
		}
		return ir.Normalize(to, x), true
	case from.Kind == ir.Float && to.Kind == ir.Float:
		return fbits(to, f64(x)), true
	case from.Kind == ir.Float:
		f := math.Trunc(f64(x))
		if math.IsNaN(f) {
			return 0, false
		}
		if to.Signed {
			if f < -math.Ldexp(1, int(to.Bits)-1) || f >= math.Ldexp(1, int(to.Bits)-1) {
				return 0, false
			}
			return ir.Normalize(to, int64(f)), true
		}
		if f < 0 || f >= math.Ldexp(1, int(to.Bits)) {
			return 0, false
		}
		return ir.Normalize(to, int64(uint64(f))), true
	case to.Kind == ir.Float:
		if from.Bits == 64 && (x > 1<<53 || x < -(1<<53)) {
			return 0, false // rounding twice (to f64, then f32) could differ from cvt.rn
		}
		if from.Kind == ir.Int && !from.Signed {
			return fbits(to, float64(uint64(x))), true
		}
		return fbits(to, float64(x)), true
	}
	return ir.Normalize(to, x), true
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

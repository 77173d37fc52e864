package sema

import (
	"go/constant"
	"go/token"
	"math"
	"sync"

	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
)

// intValue is x's value as an integer, when it is an integral constant.
func intValue(x ast.Expr) (int64, bool) {
	v := x.Info().Value
	if v == nil || v.Kind() != constant.Int {
		return 0, false
	}
	if n, ok := constant.Int64Val(v); ok {
		return n, true
	}
	if n, ok := constant.Uint64Val(v); ok {
		return int64(n), true
	}
	return 0, false
}

// wrapInt reduces an integer constant to the values of kind k (modulo
// 2^n; as the target wraps).
func (c *checker) wrapInt(v constant.Value, k ctypes.Kind) constant.Value {
	if k == ctypes.Bool {
		if constant.Sign(v) != 0 {
			return constant.MakeInt64(1)
		}
		return constant.MakeInt64(0)
	}
	bits := uint(c.kindSize(k) * 8)
	if bits > 64 {
		return v
	}
	mod := constant.Shift(constant.MakeInt64(1), token.SHL, bits)
	r := constant.BinaryOp(v, token.REM, mod)
	if constant.Sign(r) < 0 {
		r = constant.BinaryOp(r, token.ADD, mod)
	}
	if k.IsSigned() {
		half := constant.Shift(constant.MakeInt64(1), token.SHL, bits-1)
		if constant.Compare(r, token.GEQ, half) {
			r = constant.BinaryOp(r, token.SUB, mod)
		}
	}
	return r
}

// convertValue converts constant v to type t.
func (c *checker) convertValue(v constant.Value, t ctypes.Type) constant.Value {
	if v == nil {
		return nil
	}
	if isPointer(t) {
		if v.Kind() == constant.Int && constant.Sign(v) == 0 {
			return v // the null pointer
		}
		return nil
	}
	k, ok := kindOf(t)
	if !ok {
		return nil
	}
	if k.IsFloat() {
		f := constant.ToFloat(v)
		if f.Kind() != constant.Float {
			return nil
		}
		if k == ctypes.Half || k == ctypes.BFloat16 {
			return nil // rounding to 16 bits is the code generator's
		}
		// rounded to the type at every step, as the machine computes
		// (through double for float: innocuous for + - * / of floats)
		x, _ := constant.Float64Val(f)
		if k == ctypes.Float {
			x = float64(float32(x))
		}
		if math.IsInf(x, 0) {
			return nil // go/constant has no infinity: computed at run time
		}
		return constant.MakeFloat64(x)
	}
	if k == ctypes.Bool {
		if constant.Sign(v) != 0 {
			return constant.MakeInt64(1)
		}
		return constant.MakeInt64(0)
	}
	if v.Kind() == constant.Float {
		x, _ := constant.Float64Val(v)
		if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= 1<<63 {
			return nil // undefined behaviour: not folded
		}
		v = constant.MakeInt64(int64(math.Trunc(x)))
	}
	if v.Kind() != constant.Int {
		return nil
	}
	return c.wrapInt(v, k)
}

// setConvValue sets a conversion's constant value from its operand's
// (an lvalue-to-rvalue conversion keeps its operand's, set by rvalue).
func (c *checker) setConvValue(x ast.Expr) ast.Expr {
	switch x := x.(type) {
	case *ast.ImplicitCast:
		if x.Kind == ast.LValueToRValue || x.Kind == ast.ArrayToPointer || x.Kind == ast.FunctionToPointer {
			return x
		}
		if v := x.X.Info().Value; v != nil && x.Kind != ast.DerivedToBase {
			x.I.Value = c.convertValue(v, x.I.Type)
			// -0.0 stays -0.0 converted to another floating type
			x.I.NegZero = x.I.Value != nil && x.X.Info().NegZero && isFloat(x.I.Type)
		}
	}
	return x
}

var binTokens = sync.OnceValue(func() map[ast.Op]token.Token {
	return map[ast.Op]token.Token{
		ast.Add: token.ADD, ast.Sub: token.SUB, ast.Mul: token.MUL, ast.Div: token.QUO, ast.Rem: token.REM,
		ast.And: token.AND, ast.Or: token.OR, ast.Xor: token.XOR,
		ast.Eq: token.EQL, ast.Ne: token.NEQ, ast.Lt: token.LSS, ast.Le: token.LEQ, ast.Gt: token.GTR, ast.Ge: token.GEQ,
	}
})

// foldBinary evaluates a binary operator on constant operands (already
// converted to the operation's type); t is the result type.
func (c *checker) foldBinary(op ast.Op, x, y constant.Value, opType, t ctypes.Type) constant.Value {
	if x == nil || y == nil {
		return nil
	}
	k, ok := kindOf(opType)
	if !ok {
		return nil
	}
	switch op {
	case ast.LAnd:
		return boolConst(constant.Sign(x) != 0 && constant.Sign(y) != 0)
	case ast.LOr:
		return boolConst(constant.Sign(x) != 0 || constant.Sign(y) != 0)
	case ast.Comma:
		return nil
	case ast.Shl, ast.Shr:
		n, ok := constant.Int64Val(y)
		if !ok || n < 0 || n >= int64(c.kindSize(k)*8) {
			return nil
		}
		tok := token.SHL
		if op == ast.Shr {
			tok = token.SHR
		}
		return c.wrapInt(constant.Shift(x, tok, uint(n)), k)
	}
	if op.IsComparison() {
		return boolConst(constant.Compare(x, binTokens()[op], y))
	}
	if (op == ast.Div || op == ast.Rem) && constant.Sign(y) == 0 {
		return nil
	}
	tok := binTokens()[op]
	if k.IsInteger() && op == ast.Div {
		tok = token.QUO_ASSIGN // integer division (truncated)
		r := constant.BinaryOp(x, token.QUO_ASSIGN, y)
		return c.wrapInt(r, k)
	}
	if tok == token.ILLEGAL {
		return nil
	}
	if k.IsFloat() {
		r := constant.BinaryOp(constant.ToFloat(x), tok, constant.ToFloat(y))
		return c.convertValue(r, t)
	}
	return c.wrapInt(constant.BinaryOp(x, tok, y), k)
}

// signedFloat is a floating (or integral) constant's value as a float64,
// negative zero included.
func signedFloat(in *ast.Info) float64 {
	if in.NegZero {
		return math.Copysign(0, -1)
	}
	f, _ := constant.Float64Val(constant.ToFloat(in.Value))
	return f
}

// setFloat makes f, rounded to floating type t, x's constant value (none
// for an infinity or a NaN, which go/constant cannot hold: computed at
// run time). A zero keeps its sign in Info().NegZero.
func (c *checker) setFloat(x ast.Expr, f float64, t ctypes.Type) {
	in := x.Info()
	in.Value, in.NegZero = nil, false
	if k, _ := kindOf(t); k == ctypes.Float {
		f = float64(float32(f))
	} else if k != ctypes.Double && k != ctypes.LongDouble {
		return // rounding to 16 bits is the code generator's
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return
	}
	in.Value = constant.MakeFloat64(f)
	in.NegZero = f == 0 && math.Signbit(f)
}

// foldFloat evaluates + - * / of floating constants in IEEE arithmetic
// (each operation rounded to t, as the machine computes; a zero result
// keeps its sign).
func (c *checker) foldFloat(x *ast.Binary, t ctypes.Type) {
	xi, yi := x.X.Info(), x.Y.Info()
	if xi.Value == nil || yi.Value == nil {
		return
	}
	a, b := signedFloat(xi), signedFloat(yi)
	var f float64
	switch x.Op {
	case ast.Add:
		f = a + b
	case ast.Sub:
		f = a - b
	case ast.Mul:
		f = a * b
	case ast.Div:
		if b == 0 {
			x.I.Value, x.I.NegZero = nil, false
			return
		}
		f = a / b
	default:
		return
	}
	c.setFloat(x, f, t)
}

func boolConst(b bool) constant.Value {
	if b {
		return constant.MakeInt64(1)
	}
	return constant.MakeInt64(0)
}

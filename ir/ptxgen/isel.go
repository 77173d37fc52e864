package ptxgen

import (
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"sync"
)

// binRule is the PTX opcode of a binary operation, by operand class.
// Integer opcodes take .sN/.uN unless bits is set (.bN); an empty float
// opcode means the operation has no float form.
type binRule struct {
	int, float string
	bits       bool
}

// binRules is instruction selection for binary operations, as data.
var binRules = sync.OnceValue(func() map[ir.Op]binRule {
	return map[ir.Op]binRule{
		ir.OpAdd: {"add", "add", false},
		ir.OpSub: {"sub", "sub", false},
		ir.OpMul: {"mul.lo", "mul", false},
		ir.OpDiv: {"div", "div.rn", false},
		ir.OpRem: {"rem", "", false},
		ir.OpMin: {"min", "min", false},
		ir.OpMax: {"max", "max", false},
		ir.OpAnd: {"and", "", true},
		ir.OpOr:  {"or", "", true},
		ir.OpXor: {"xor", "", true},
		ir.OpShl: {"shl", "", true},
		ir.OpShr: {"shr", "", false},
	}
})

// contractible are the floating-point operations ptxas may fuse into an
// fma when they carry no rounding modifier (Options.NoContract).
var contractible = sync.OnceValue(func() map[ir.Op]bool {
	return map[ir.Op]bool{ir.OpAdd: true, ir.OpSub: true, ir.OpMul: true}
})

// unRules is instruction selection for unary operations.
var unRules = sync.OnceValue(func() map[ir.Op]binRule {
	return map[ir.Op]binRule{
		ir.OpNeg:   {"neg", "neg", false},
		ir.OpNot:   {"not", "", true},
		ir.OpAbs:   {"abs", "abs", false},
		ir.OpSqrt:  {"", "sqrt.rn", false},
		ir.OpRsqrt: {"", "rsqrt.approx", false},
	}
})

// condNames are setp's comparisons: ordered for floats except ne, which C
// defines as true for NaN (neu).
var condNames = [...]struct{ int, float string }{
	ir.Eq: {"eq", "eq"}, ir.Ne: {"ne", "neu"}, ir.Lt: {"lt", "lt"},
	ir.Le: {"le", "le"}, ir.Gt: {"gt", "gt"}, ir.Ge: {"ge", "ge"},
}

// volatileSpace reports whether ld/st.volatile exists for space s: for
// global, shared and generic addresses (PTX ISA); local memory is the
// thread's own, so a volatile access there is an ordinary one.
func volatileSpace(s ir.Space) bool {
	return s == ir.Generic || s == ir.Global || s == ir.Shared
}

func (g *gen) value(v *ir.Value) {
	t := v.Type
	dst := func() ast.Expr { return g.ident(g.regOf(v)) }
	if t.Kind == ir.Float && t.Bits == 16 {
		switch v.Op {
		case ir.OpLoad, ir.OpConv, ir.OpPhi, ir.OpConst, ir.OpParam, ir.OpCall, ir.OpICall, ir.OpSelect, ir.OpAsm, ir.OpExtract:
		default:
			g.fail("%s of type f16 is not supported: convert to f32", v.Op)
		}
	}
	if g.wideMul(v) {
		return
	}
	if r, ok := binRules()[v.Op]; ok {
		op := r.int + arithSuffix(t)
		switch {
		case t.Kind == ir.Float:
			if r.float == "" {
				g.fail("%s of type %s", v.Op, t)
			}
			op = r.float + typeSuffix(t)
			if g.opts.NoContract && contractible()[v.Op] {
				op = r.float + ".rn" + typeSuffix(t)
			}
		case r.bits:
			op = r.int + bitsSuffix(t)
			if t.Kind == ir.Int && t.Bits == 8 {
				op = r.int + ".b16"
			}
		}
		// The second operand may be an immediate (a shift's amount is a
		// u32, as PTX wants it).
		g.ins(op, dst(), g.ident(g.use(v.Args[0])), g.operand(v.Args[1]))
		g.renormalize(v)
		return
	}
	if r, ok := unRules()[v.Op]; ok {
		op := r.int + arithSuffix(t)
		switch {
		case t.Kind == ir.Float:
			op = r.float + typeSuffix(t)
		case r.int == "":
			g.fail("%s of type %s", v.Op, t)
		case r.bits:
			op = r.int + bitsSuffix(t)
			if t.Kind == ir.Int && t.Bits == 8 {
				op = r.int + ".b16"
			}
		}
		g.ins(op, dst(), g.ident(g.use(v.Args[0])))
		g.renormalize(v)
		return
	}
	switch v.Op {
	case ir.OpConst:
		// Immediates where used (operand).
	case ir.OpParam:
		g.fail("internal error: a parameter in a block")
	case ir.OpSreg:
		g.ins("mov"+typeSuffix(t), dst(), g.ident("%"+v.Aux.(string)))
	case ir.OpAddr:
		if g.folded(v) {
			return
		}
		g.ins("mov"+typeSuffix(ir.IntT(int(t.Bits), false)), dst(), g.ident(v.Aux.(string)))
	case ir.OpAlloca:
		g.locals = append(g.locals, &ast.Variable{Space: ".local", Align: int(v.Align), Type: ".b8",
			Names: []*ast.Declarator{{Name: g.localName(v), Dims: []int64{v.AuxInt}}}})
		if g.folded(v) {
			return
		}
		g.ins("mov"+typeSuffix(ir.IntT(int(t.Bits), false)), dst(), g.ident(g.localName(v)))
	case ir.OpFma:
		g.ins("fma.rn"+typeSuffix(t), dst(), g.ident(g.use(v.Args[0])), g.operand(v.Args[1]), g.operand(v.Args[2]))
	case ir.OpCmp:
		g.cmp(v)
	case ir.OpSelect:
		g.selectOp(v)
	case ir.OpConv:
		g.conv(v)
	case ir.OpCvta:
		a := v.Args[0]
		u := typeSuffix(ir.IntT(int(t.Bits), false))
		if t.Space == ir.Param || a.Type.Space == ir.Param {
			g.fail("cvta of a .param address is not supported")
		}
		if t.Space == ir.Generic {
			g.ins("cvta"+a.Type.Space.Mod()+u, dst(), g.ident(g.use(a)))
		} else {
			g.ins("cvta.to"+t.Space.Mod()+u, dst(), g.ident(g.use(a)))
		}
	case ir.OpPtrAdd:
		if g.folded(v) {
			return
		}
		g.ins("add"+typeSuffix(ir.IntT(int(t.Bits), true)), dst(), g.ident(g.use(v.Args[0])), g.operand(v.Args[1]))
	case ir.OpLoad:
		p := v.Args[0]
		op := "ld" + p.Type.Space.Mod()
		if v.Flags&ir.Volatile != 0 && volatileSpace(p.Type.Space) {
			op += ".volatile"
		}
		if v.Flags&ir.NC != 0 {
			op += ".nc"
		}
		op += v.Flags.CacheOp()
		g.ins(op+memSuffix(t), dst(), g.address(p))
	case ir.OpStore:
		p, x := v.Args[0], v.Args[1]
		op := "st" + p.Type.Space.Mod()
		if v.Flags&ir.Volatile != 0 && volatileSpace(p.Type.Space) {
			op += ".volatile"
		}
		op += v.Flags.CacheOp()
		g.ins(op+memSuffix(x.Type), g.address(p), g.ident(g.use(x)))
	case ir.OpCall, ir.OpICall:
		g.call(v)
	case ir.OpPack, ir.OpExtract:
		// Written by the call sequence or the return that uses the pack,
		// read by the call sequence of the extracted call.
	case ir.OpAsm:
		g.asm(v)
	case ir.OpPhi:
		// Copies at the ends of the predecessors (phiCopies).
	case ir.OpBarrier:
		g.ins("bar.sync", ast.IntLit(0))
	case ir.OpIntrinsic:
		in := v.Aux.(*ir.Intrinsic)
		var ops []ast.Expr
		if t.Kind != ir.Void {
			ops = append(ops, dst())
		}
		for i, a := range v.Args {
			if in.Addr&(1<<i) != 0 {
				ops = append(ops, g.address(a))
			} else {
				ops = append(ops, g.operand(a))
			}
		}
		g.ins(in.Name, ops...)
	default:
		g.fail("no instruction for %s", v.LongString())
	}
}

// memSuffix is the type of a load or store of t: ".b16" for f16, ".u64"
// for a pointer.
func memSuffix(t ir.Type) string {
	if t.Kind == ir.Float && t.Bits == 16 {
		return ".b16"
	}
	return typeSuffix(t)
}

// renormalize keeps an 8-bit integer computed in a 16-bit register
// extended from its low 8 bits, as loads leave it.
func (g *gen) renormalize(v *ir.Value) {
	t := v.Type
	if t.Kind != ir.Int || t.Bits != 8 {
		return
	}
	r := g.ident(g.regOf(v))
	if t.Signed {
		g.ins("cvt.s16.s8", r, r)
	} else {
		g.ins("and.b16", r, r, ast.IntLit(0xff))
	}
}

func (g *gen) cmp(v *ir.Value) {
	x, y := v.Args[0], v.Args[1]
	t := x.Type
	c := v.Cond()
	dst := g.ident(g.regOf(v))
	if t.Kind == ir.Pred {
		g.ins("xor.pred", dst, g.ident(g.use(x)), g.ident(g.use(y)))
		if c == ir.Eq {
			g.ins("not.pred", dst, dst)
		}
		return
	}
	name := condNames[c].int
	if t.Kind == ir.Float {
		name = condNames[c].float
	}
	if t.Kind == ir.Float && t.Bits == 16 {
		g.fail("cmp of f16 is not supported: convert to f32")
	}
	g.ins("setp."+name+arithSuffix(t), dst, g.ident(g.use(x)), g.operand(y))
}

func (g *gen) selectOp(v *ir.Value) {
	p, x, y := v.Args[0], v.Args[1], v.Args[2]
	dst := g.ident(g.regOf(v))
	if v.Type.Kind == ir.Pred {
		t := g.ident(g.regs.fresh(rPred))
		g.ins("and.pred", t, g.ident(g.use(p)), g.ident(g.use(x)))
		g.ins("not.pred", dst, g.ident(g.use(p)))
		g.ins("and.pred", dst, dst, g.ident(g.use(y)))
		g.ins("or.pred", dst, dst, t)
		return
	}
	suffix := movSuffix(v.Type)
	if v.Type.Kind == ir.Float && v.Type.Bits == 16 {
		suffix = ".b16"
	}
	g.ins("selp"+suffix, dst, g.operand(x), g.operand(y), g.ident(g.use(p)))
}

// conv converts as C does: integers widen by their source's signedness and
// narrow by truncation; floats to integers round toward zero, integers to
// floats to nearest; a predicate is 0 or 1, a number is true when not 0.
func (g *gen) conv(v *ir.Value) {
	a := v.Args[0]
	from, to := a.Type, v.Type
	dst := g.ident(g.regOf(v))
	src := g.ident(g.use(a))
	switch {
	case from.Kind == ir.Pred && to.Kind == ir.Pred:
		g.ins("mov.pred", dst, src)
	case from.Kind == ir.Pred:
		if to.Kind == ir.Float {
			one := &ir.Value{Op: ir.OpConst, Type: to}
			one.AuxInt = ir.Normalize(to, int64(f64bits(1)))
			zero := &ir.Value{Op: ir.OpConst, Type: to}
			if to.Bits == 16 {
				g.fail("conv of pred to f16 is not supported")
			}
			g.ins("selp"+typeSuffix(to), dst, imm(one), imm(zero), src)
			return
		}
		g.ins("selp"+movSuffix(to), dst, ast.IntLit(1), ast.IntLit(0), src)
	case to.Kind == ir.Pred:
		if from.Kind == ir.Float {
			if from.Bits == 16 {
				g.fail("conv of f16 to pred is not supported")
			}
			zero := &ir.Value{Op: ir.OpConst, Type: from}
			g.ins("setp.neu"+typeSuffix(from), dst, src, imm(zero))
			return
		}
		g.ins("setp.ne"+arithSuffix(from), dst, src, ast.IntLit(0))
	case from.Kind != ir.Float && to.Kind != ir.Float:
		// Integers and pointers.
		fi, ti := intOf(from), intOf(to)
		switch {
		case fi.Bits == ti.Bits:
			if fi.Bits == 8 && fi.Signed != ti.Signed {
				if ti.Signed {
					g.ins("cvt.s16.s8", dst, src)
				} else {
					g.ins("and.b16", dst, src, ast.IntLit(0xff))
				}
				return
			}
			g.ins("mov"+movSuffix(to), dst, src)
		case ti.Bits == 8:
			g.ins("cvt"+typeSuffix(ir.IntT(16, ti.Signed))+typeSuffix(fi), dst, src)
			if ti.Signed {
				g.ins("cvt.s16.s8", dst, dst)
			} else {
				g.ins("and.b16", dst, dst, ast.IntLit(0xff))
			}
		case ti.Bits < fi.Bits:
			g.ins("cvt"+typeSuffix(ir.IntT(int(ti.Bits), false))+typeSuffix(ir.IntT(int(fi.Bits), false)), dst, src)
		default:
			// Widening: extended by the source's signedness.
			g.ins("cvt"+typeSuffix(ir.IntT(int(ti.Bits), fi.Signed))+typeSuffix(fi), dst, src)
		}
	case from.Kind == ir.Float && to.Kind == ir.Float:
		switch {
		case from.Bits == to.Bits:
			g.ins("mov"+movSuffix(to), dst, src)
		case from.Bits < to.Bits:
			g.ins("cvt"+typeSuffix(to)+typeSuffix(from), dst, src)
		default:
			g.ins("cvt.rn"+typeSuffix(to)+typeSuffix(from), dst, src)
		}
	case from.Kind == ir.Float:
		g.ins("cvt.rzi"+typeSuffix(to)+typeSuffix(from), dst, src)
	default:
		g.ins("cvt.rn"+typeSuffix(to)+typeSuffix(intOf(from)), dst, src)
	}
}

// intOf is the integer type of a pointer's width, or t.
func intOf(t ir.Type) ir.Type {
	if t.Kind == ir.Ptr {
		return ir.IntT(int(t.Bits), false)
	}
	return t
}

// wideMul selects mul.wide for a 32-bit integer widened and then
// multiplied by a constant (or shifted by one): the index arithmetic of
// x[i], which nvcc writes as mul.wide.s32 and ptxas turns into a single
// IMAD.WIDE.
func (g *gen) wideMul(v *ir.Value) bool {
	t := v.Type
	if t.Kind != ir.Int || t.Bits != 64 || v.Op != ir.OpMul && v.Op != ir.OpShl {
		return false
	}
	x, y := v.Args[0], v.Args[1]
	if v.Op == ir.OpMul {
		if _, ok := x.Const(); ok {
			x, y = y, x
		}
	}
	c, ok := y.Const()
	if !ok || x.Op != ir.OpConv {
		return false
	}
	if v.Op == ir.OpShl {
		if c < 0 || c > 30 {
			return false
		}
		c = 1 << c
	}
	src := x.Args[0].Type
	if src.Kind != ir.Int || src.Bits != 32 {
		return false
	}
	if src.Signed && (c < -1<<31 || c >= 1<<31) || !src.Signed && (c < 0 || c >= 1<<32) {
		return false
	}
	g.ins("mul.wide"+typeSuffix(src), g.ident(g.regOf(v)), g.ident(g.use(x.Args[0])), ast.IntLit(c))
	return true
}

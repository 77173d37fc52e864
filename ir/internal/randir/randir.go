// Package randir generates random IR functions as a front end would write
// them (Csmith-style, for differential tests): locals of every integer and
// float width kept in memory, assignments of random expressions with
// conversions between them, if/else, counted loops that index an array
// with their counter, loads and stores of the output array, calls of a
// __noinline__ function taking a struct by value, and at the end every
// local stored to the output.
package randir

import (
	"math"
	"math/rand"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/target"
)

// OutBytes is how much of the output array a function writes.
const OutBytes = 320

type progGen struct {
	r      *rand.Rand
	b      *ir.Builder
	out    *ir.Value
	helper *ir.Func
	mk     *ir.Func // returns a struct by value
	alt    *ir.Func // h's signature, for indirect calls
	locals []*ir.Value
	types  []ir.Type
	depth  int
	addr   int
}

// localTypes are the types of the locals, one each.
var localTypes = []ir.Type{ir.I32, ir.U32, ir.I8, ir.U8, ir.I16, ir.U16, ir.I64, ir.U64, ir.F32, ir.F64, ir.I32}

// Func builds random function number seed, a kernel
// "void r(int *out, int a, int b)" that reads and writes out[0..OutBytes),
// and the device function it may call.
func Func(seed int64, t target.Target) (*ir.Module, *ir.Func) {
	m := &ir.Module{Target: t}
	g := &progGen{r: rand.New(rand.NewSource(seed)), addr: t.AddressSize}
	g.helper = helper(m)
	g.mk, g.alt = mk(m), alt(m)
	f := m.NewFunc("r", abi.Entry, []ir.Type{ir.PtrT(ir.Generic, t.AddressSize), ir.I32, ir.I32}, ir.VoidT)
	g.b, g.out = ir.NewBuilder(f), f.Params[0]
	for i, ty := range localTypes {
		l := g.b.Local(ty)
		g.locals = append(g.locals, l)
		g.types = append(g.types, ty)
		g.b.Store(l, g.conv(f.Params[1+i%2], ty), ty.Bytes())
	}
	g.stmts(2 + g.r.Intn(5))
	for i, l := range g.locals {
		ty := g.types[i]
		g.b.Store(g.at(int64(OutBytes-8*len(g.locals)+8*i)), g.b.Load(ty, l, ty.Bytes()), ty.Bytes())
	}
	g.b.Ret(nil)
	return m, f
}

// helper is "__noinline__ int h(struct { int a, b; } s, int k) { return s.a*k + s.b; }".
func helper(m *ir.Module) *ir.Func {
	f := m.NewFunc("h", abi.Func, []ir.Type{ir.AggT(8, 4), ir.I32}, ir.I32)
	f.NoInline = true
	b := ir.NewBuilder(f)
	s := f.Params[0]
	a := b.Load(ir.I32, s, 4)
	four := b.Const(ir.IntT(m.Target.AddressSize, true), 4)
	bb := b.Load(ir.I32, b.Op(ir.OpPtrAdd, s.Type, s, four), 4)
	b.Ret(b.Op(ir.OpAdd, ir.I32, b.Op(ir.OpMul, ir.I32, a, f.Params[1]), bb))
	return f
}

// mk is "__noinline__ struct { short s; double d; } mk(int x) { return {x, x/2.0}; }".
func mk(m *ir.Module) *ir.Func {
	f := m.NewFunc("mk", abi.Func, []ir.Type{ir.I32}, ir.AggT(16, 8))
	f.NoInline = true
	b := ir.NewBuilder(f)
	t := b.Alloca(16, 8)
	b.Store(t, b.Op(ir.OpConv, ir.I16, f.Params[0]), 2)
	d := b.Op(ir.OpDiv, ir.F64, b.Op(ir.OpConv, ir.F64, f.Params[0]), b.Float(ir.F64, 2))
	b.Store(b.Op(ir.OpPtrAdd, t.Type, t, b.Const(ir.IntT(m.Target.AddressSize, true), 8)), d, 8)
	b.Ret(t)
	return f
}

// alt is "__noinline__ int alt(struct { int a, b; } s, int k) { return s.b - k; }",
// called through a pointer chosen at run time between it and h.
func alt(m *ir.Module) *ir.Func {
	f := m.NewFunc("alt", abi.Func, []ir.Type{ir.AggT(8, 4), ir.I32}, ir.I32)
	f.NoInline = true
	b := ir.NewBuilder(f)
	s := f.Params[0]
	bb := b.Load(ir.I32, b.Op(ir.OpPtrAdd, s.Type, s, b.Const(ir.IntT(m.Target.AddressSize, true), 4)), 4)
	b.Ret(b.Op(ir.OpSub, ir.I32, bb, f.Params[1]))
	return f
}

func (g *progGen) conv(v *ir.Value, t ir.Type) *ir.Value {
	if v.Type == t {
		return v
	}
	return g.b.Op(ir.OpConv, t, v)
}

// at is the address of byte off of the output.
func (g *progGen) at(off int64) *ir.Value {
	return g.b.Op(ir.OpPtrAdd, g.out.Type, g.out, g.b.Const(ir.IntT(g.addr, true), off))
}

// elem is &((int *)out)[i] for an address-wide index i.
func (g *progGen) elem(i *ir.Value) *ir.Value {
	four := g.b.Const(ir.IntT(g.addr, true), 4)
	return g.b.Op(ir.OpPtrAdd, g.out.Type, g.out, g.b.Op(ir.OpMul, four.Type, i, four))
}

func (g *progGen) stmts(n int) {
	for i := 0; i < n; i++ {
		g.stmt()
	}
}

func (g *progGen) stmt() {
	b := g.b
	k := g.r.Intn(len(g.locals))
	ty := g.types[k]
	switch c := g.r.Intn(14); {
	case c < 5 || g.depth >= 3:
		b.Store(g.locals[k], g.expr(ty, 2), ty.Bytes())
	case c < 7:
		ct := localTypes[g.r.Intn(len(localTypes))]
		cond := b.Cmp(ir.Cond(g.r.Intn(6)), g.expr(ct, 1), g.expr(ct, 1))
		then, els, join := b.NewBlock(), b.NewBlock(), b.NewBlock()
		b.Branch(cond, then, els)
		g.depth++
		b.SetBlock(then)
		g.stmts(1 + g.r.Intn(3))
		b.Jump(join)
		b.SetBlock(els)
		g.stmts(g.r.Intn(3))
		b.Jump(join)
		g.depth--
		b.SetBlock(join)
	case c < 9:
		// for (i = 0; i < N; i++) { out[i+K] = ...; body }
		i := b.Local(ir.I32)
		b.Store(i, b.Const(ir.I32, 0), 4)
		head, body, exit := b.NewBlock(), b.NewBlock(), b.NewBlock()
		b.Jump(head)
		b.SetBlock(head)
		b.Branch(b.Cmp(ir.Lt, b.Load(ir.I32, i, 4), b.Const(ir.I32, int64(1+g.r.Intn(6)))), body, exit)
		b.SetBlock(body)
		g.depth++
		iv := b.Load(ir.I32, i, 4)
		idx := b.Op(ir.OpConv, ir.IntT(g.addr, true), iv)
		idx = b.Op(ir.OpAdd, idx.Type, idx, b.Const(idx.Type, int64(g.r.Intn(40))))
		b.Store(g.elem(idx), g.expr(ir.I32, 2), 4)
		g.stmts(g.r.Intn(3))
		g.depth--
		b.Store(i, b.Op(ir.OpAdd, ir.I32, b.Load(ir.I32, i, 4), b.Const(ir.I32, 1)), 4)
		b.Jump(head)
		b.SetBlock(exit)
	case c < 10:
		// local = h((struct){e1, e2}, e3), directly or through a pointer
		s := b.Alloca(8, 4)
		b.Store(s, g.expr(ir.I32, 1), 4)
		b.Store(b.Op(ir.OpPtrAdd, s.Type, s, b.Const(ir.IntT(g.addr, true), 4)), g.expr(ir.I32, 1), 4)
		var r *ir.Value
		if g.r.Intn(2) == 0 {
			r = b.Call(g.helper, s, g.expr(ir.I32, 1))
		} else {
			// through a pointer: (cond ? h : alt)(s, e)
			c := b.Cmp(ir.Cond(g.r.Intn(6)), g.expr(ir.I32, 1), g.expr(ir.I32, 1))
			fp := b.Op(ir.OpSelect, ir.PtrT(ir.Generic, g.addr), c, b.FuncAddr(g.helper), b.FuncAddr(g.alt))
			r = b.ICall(fp, g.helper, s, g.expr(ir.I32, 1))
		}
		b.Store(g.locals[k], g.conv(r, ty), ty.Bytes())
	case c >= 12:
		// local = (T)(mk(e).s + mk(e).d)
		p := b.Call(g.mk, g.expr(ir.I32, 1))
		sv := b.Op(ir.OpConv, ir.F64, b.Load(ir.I16, p, 2))
		dv := b.Load(ir.F64, b.Op(ir.OpPtrAdd, p.Type, p, b.Const(ir.IntT(g.addr, true), 8)), 8)
		b.Store(g.locals[k], g.conv(b.Op(ir.OpAdd, ir.F64, sv, dv), ty), ty.Bytes())
	default:
		// out[K] = e, or local = out[K], at the local's width
		p := g.at(int64(g.r.Intn(OutBytes/8-len(g.locals))) * 8)
		if g.r.Intn(2) == 0 {
			b.Store(p, g.expr(ty, 2), ty.Bytes())
		} else if !ty.IsFloat() { // memory may hold a NaN's bits
			b.Store(g.locals[k], b.Load(ty, p, ty.Bytes()), ty.Bytes())
		}
	}
}

var intOps = []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpMin, ir.OpMax, ir.OpShl, ir.OpShr, ir.OpDiv, ir.OpRem}
var floatOps = []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpMin, ir.OpMax, ir.OpDiv}

// expr is a random expression of type t.
func (g *progGen) expr(t ir.Type, depth int) *ir.Value {
	b := g.b
	if depth == 0 || g.r.Intn(4) == 0 {
		if g.r.Intn(3) == 0 {
			if t.IsFloat() {
				return b.Float(t, float64(g.r.Intn(33)-16)/4)
			}
			return b.Const(t, int64(g.r.Intn(19)-9))
		}
		k := g.r.Intn(len(g.locals))
		return g.conv(b.Load(g.types[k], g.locals[k], g.types[k].Bytes()), t)
	}
	switch g.r.Intn(10) {
	case 0:
		ct := localTypes[g.r.Intn(len(localTypes))]
		c := b.Cmp(ir.Cond(g.r.Intn(6)), g.expr(ct, depth-1), g.expr(ct, depth-1))
		return b.Op(ir.OpSelect, t, c, g.expr(t, depth-1), g.expr(t, depth-1))
	case 1:
		if t == ir.I64 || t == ir.U64 {
			// The index arithmetic of x[i]: a widened 32-bit value times a constant.
			w := g.conv(g.expr(ir.I32, depth-1), t)
			return b.Op(ir.OpMul, t, w, b.Const(t, int64(g.r.Intn(100000))))
		}
		return g.conv(g.expr(localTypes[g.r.Intn(len(localTypes))], depth-1), t)
	case 2:
		switch {
		case t.IsFloat():
			return b.Op([]ir.Op{ir.OpNeg, ir.OpAbs}[g.r.Intn(2)], t, g.expr(t, depth-1))
		case t.Signed:
			return b.Op([]ir.Op{ir.OpNeg, ir.OpAbs, ir.OpNot}[g.r.Intn(3)], t, g.expr(t, depth-1))
		}
		return b.Op(ir.OpNot, t, g.expr(t, depth-1))
	}
	if t.IsFloat() {
		op := floatOps[g.r.Intn(len(floatOps))]
		y := g.expr(t, depth-1)
		if op == ir.OpDiv {
			y = b.Float(t, float64(1+g.r.Intn(8))/math.Pow(2, float64(g.r.Intn(3))))
		}
		return b.Op(op, t, g.expr(t, depth-1), y)
	}
	op := intOps[g.r.Intn(len(intOps))]
	x := g.expr(t, depth-1)
	var y *ir.Value
	switch op {
	case ir.OpShl, ir.OpShr:
		y = b.Const(ir.U32, int64(g.r.Intn(int(t.Bits)+8)))
	case ir.OpDiv, ir.OpRem:
		y = b.Const(t, int64(1+g.r.Intn(9)))
	default:
		y = g.expr(t, depth-1)
	}
	return b.Op(op, t, x, y)
}

// Package randir generates random IR functions as a front end would write
// them (Csmith-style, for differential tests): locals kept in memory,
// assignments of random expressions, if/else, counted loops that index an
// array with their counter, loads and stores of an output array, and at
// the end every local stored to it.
package randir

import (
	"math/rand"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/target"
)

// progGen writes random functions as a front end would (Csmith-style):
// locals kept in memory, assignments of random expressions, if/else,
// counted loops that index an array with their counter, loads and stores
// of an output array, and at the end every local stored to it.
type progGen struct {
	r      *rand.Rand
	b      *ir.Builder
	out    *ir.Value // ptr: 64 ints
	locals []*ir.Value
	types  []ir.Type
	depth  int
	addr   int
}

// Func builds random function number seed, a kernel
// "void r(int *out, int a, int b)" writing out[0..56).
func Func(seed int64, t target.Target) (*ir.Module, *ir.Func) {
	m := &ir.Module{Target: t}
	f := m.NewFunc("r", abi.Entry, []ir.Type{ir.PtrT(ir.Generic, t.AddressSize), ir.I32, ir.I32}, ir.VoidT)
	g := &progGen{r: rand.New(rand.NewSource(seed)), b: ir.NewBuilder(f), out: f.Params[0], addr: t.AddressSize}
	for i := 0; i < 5; i++ {
		ty := ir.I32
		if i == 4 {
			ty = ir.U32
		}
		l := g.b.Local(ty)
		g.locals = append(g.locals, l)
		g.types = append(g.types, ty)
		init := f.Params[1+i%2]
		if ty != ir.I32 {
			init = g.b.Op(ir.OpConv, ty, init)
		}
		g.b.Store(l, init, 4)
	}
	g.stmts(2 + g.r.Intn(5))
	for i, l := range g.locals {
		v := g.b.Load(g.types[i], l, 4)
		g.b.Store(g.elem(g.b.Const(ir.IntT(g.addr, true), int64(48+i))), v, 4)
	}
	g.b.Ret(nil)
	return m, f
}

// elem is &out[i] for an address-wide index i.
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
	switch c := g.r.Intn(10); {
	case c < 4 || g.depth >= 3:
		b.Store(g.locals[k], g.expr(g.types[k], 2), 4)
	case c < 6:
		cond := b.Cmp(ir.Cond(g.r.Intn(6)), g.expr(ir.I32, 1), g.expr(ir.I32, 1))
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
	case c < 8:
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
	default:
		// out[K] = e, or local = out[K]
		p := g.elem(b.Const(ir.IntT(g.addr, true), int64(g.r.Intn(48))))
		if g.r.Intn(2) == 0 {
			b.Store(p, g.expr(ir.I32, 2), 4)
		} else if g.types[k] == ir.I32 {
			b.Store(g.locals[k], b.Load(ir.I32, p, 4), 4)
		}
	}
}

var randomOps = []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpMin, ir.OpMax, ir.OpShl, ir.OpShr, ir.OpDiv, ir.OpRem}

// expr is a random expression of type t (i32 or u32).
func (g *progGen) expr(t ir.Type, depth int) *ir.Value {
	b := g.b
	if depth == 0 || g.r.Intn(4) == 0 {
		switch g.r.Intn(3) {
		case 0:
			return b.Const(t, int64(g.r.Intn(19)-9))
		default:
			k := g.r.Intn(len(g.locals))
			v := b.Load(g.types[k], g.locals[k], 4)
			if v.Type != t {
				v = b.Op(ir.OpConv, t, v)
			}
			return v
		}
	}
	switch g.r.Intn(8) {
	case 0:
		c := b.Cmp(ir.Cond(g.r.Intn(6)), g.expr(t, depth-1), g.expr(t, depth-1))
		return b.Op(ir.OpSelect, t, c, g.expr(t, depth-1), g.expr(t, depth-1))
	case 1:
		w := b.Op(ir.OpConv, ir.I64, g.expr(t, depth-1))
		w = b.Op(ir.OpMul, ir.I64, w, b.Const(ir.I64, int64(g.r.Intn(100000))))
		return b.Op(ir.OpConv, t, w)
	}
	op := randomOps[g.r.Intn(len(randomOps))]
	x := g.expr(t, depth-1)
	var y *ir.Value
	switch op {
	case ir.OpShl, ir.OpShr:
		y = b.Const(ir.U32, int64(g.r.Intn(40)))
	case ir.OpDiv, ir.OpRem:
		y = b.Const(t, int64(1+g.r.Intn(9)))
	default:
		y = g.expr(t, depth-1)
	}
	return b.Op(op, t, x, y)
}

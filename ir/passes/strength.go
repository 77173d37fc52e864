package passes

import "github.com/ptxabi/ptxabi/ir"

// StrengthReduce rewrites address arithmetic in loops: an address
// base + i*scale + delta, where base is invariant and i a basic induction
// variable (a header phi stepped by a constant each iteration), becomes a
// pointer that is itself an induction variable: base + init*scale + delta
// before the loop, stepped by step*scale at the latch. The multiplication
// and the conversion leave the loop. The index may be i, i converted to a
// wider signed integer (C's signed overflow is undefined, so it does not
// wrap), or i times a constant, or i shifted left by one, plus constants
// (in signed arithmetic, which does not wrap); also times one signed value
// defined before the loop (b[k*n + col]: the step is then computed before
// the loop) and plus one (a[row*n + k]). Addresses that differ only in
// their constant delta share one pointer (a loop unrolled by hand or by
// UnrollRuntime: a[k], a[k+1]).
func StrengthReduce(f *ir.Func) {
	for {
		dom := ir.Dominators(f)
		done := true
		for _, l := range dom.Loops() {
			if reduceLoop(f, l) {
				done = false
				break
			}
		}
		if done {
			return
		}
	}
}

// iv is a basic induction variable: phi in the header, step added at the
// latch.
type iv struct {
	phi  *ir.Value
	step int64
}

func reduceLoop(f *ir.Func, l *ir.Loop) bool {
	if len(l.Latches) != 1 {
		return false
	}
	latch := l.Latches[0]
	// Find the candidates first; make a preheader only if there are some.
	type cand struct {
		v *ir.Value
		affine
	}
	var cands []cand
	for _, b := range f.Blocks {
		if !l.Blocks[b] {
			continue
		}
		for _, v := range b.Values {
			if v.Op != ir.OpPtrAdd || definedIn(l, v.Args[0]) {
				continue
			}
			if a, ok := linear(l, latch, v.Args[1]); ok {
				cands = append(cands, cand{v, a})
			}
		}
	}
	if len(cands) == 0 {
		return false
	}
	ph := preheader(f, l)
	if ph == nil {
		return false
	}
	h := l.Header
	li := h.PredIndex(latch)
	// One pointer per base, variable and scale: the addresses of other
	// deltas (a loop unrolled: a[k], a[k+1]...) are it plus a constant.
	type key struct {
		base  *ir.Value
		phi   *ir.Value
		scale int64
		sym   *ir.Value
		inv   invariantTerm
	}
	type made struct {
		p     *ir.Value
		delta int64
	}
	ptrs := map[key]made{}
	for _, c := range cands {
		v := c.v
		base, off := v.Args[0], v.Args[1]
		k := key{base, c.iv.phi, c.scale, c.sym, c.inv}
		if m, ok := ptrs[k]; ok {
			d := f.NewValue(ir.OpConst, off.Type)
			d.AuxInt, d.Pos = ir.Normalize(off.Type, c.delta-m.delta), v.Pos
			q := f.NewValue(ir.OpPtrAdd, v.Type, m.p, d)
			q.Pos = v.Pos
			i := v.Block.IndexOf(v)
			v.Block.Insert(i, q)
			v.Block.Insert(i, d)
			f.ReplaceUses(v, q)
			continue
		}
		var p *ir.Value
		{
			ot := off.Type
			// Before the loop: base + init*scale.
			init := c.iv.phi.Args[h.PredIndex(ph)]
			x := init
			if x.Type != ot {
				x = ph.Append(f.NewValue(ir.OpConv, ot, x))
			}
			sc := ph.Append(f.NewValue(ir.OpConst, ot))
			sc.AuxInt = ir.Normalize(ot, c.scale)
			x = ph.Append(f.NewValue(ir.OpMul, ot, x, sc))
			// The step: a constant, or times sym.
			st := ph.Append(f.NewValue(ir.OpConst, ot))
			st.AuxInt = ir.Normalize(ot, c.iv.step*c.scale)
			if y := c.sym; y != nil {
				if y.Type != ot {
					y = ph.Append(f.NewValue(ir.OpConv, ot, y))
				}
				x = ph.Append(f.NewValue(ir.OpMul, ot, x, y))
				st = ph.Append(f.NewValue(ir.OpMul, ot, st, y))
			}
			if c.delta != 0 {
				d := ph.Append(f.NewValue(ir.OpConst, ot))
				d.AuxInt = ir.Normalize(ot, c.delta)
				x = ph.Append(f.NewValue(ir.OpAdd, ot, x, d))
			}
			if y := c.inv.v; y != nil {
				// Signed, and widened only by signed conversions
				// (linear): the sum does not wrap, so it distributes.
				if y.Type != ot {
					y = ph.Append(f.NewValue(ir.OpConv, ot, y))
				}
				sc := ph.Append(f.NewValue(ir.OpConst, ot))
				sc.AuxInt = ir.Normalize(ot, c.inv.scale)
				y = ph.Append(f.NewValue(ir.OpMul, ot, y, sc))
				x = ph.Append(f.NewValue(ir.OpAdd, ot, x, y))
			}
			start := ph.Append(f.NewValue(ir.OpPtrAdd, v.Type, base, x))
			// The pointer induction variable.
			p = f.NewValue(ir.OpPhi, v.Type)
			p.Args = make([]*ir.Value, len(h.Preds))
			h.Insert(len(h.Phis()), p)
			for i := range p.Args {
				p.Args[i] = start
			}
			p.Args[li] = latch.Append(f.NewValue(ir.OpPtrAdd, v.Type, p, st))
			ptrs[k] = made{p, c.delta}
		}
		f.ReplaceUses(v, p)
	}
	for _, b := range []*ir.Block{ph, h, latch} {
		for _, v := range b.Values {
			if v.Pos == (ir.Pos{}) && len(v.Args) > 0 && v.Op != ir.OpPhi {
				v.Pos = v.Args[0].Pos // the address computations made here
			}
		}
	}
	DCE(f)
	return true
}

// invariantTerm is a value defined before a loop times a scale, added to
// an address computed in it.
type invariantTerm struct {
	v     *ir.Value
	scale int64
}

// affine is an address offset in a loop: i*scale*sym + delta +
// inv.v*inv.scale, for a basic induction variable i, constants scale and
// delta, and sym and inv.v values defined before the loop (nil when
// absent), as in a[row*n + k] (inv) and b[k*n + col] (sym and inv).
type affine struct {
	iv           *iv
	scale, delta int64
	sym          *ir.Value
	inv          invariantTerm
}

// linear reports x as an affine offset of a basic induction variable of
// loop l with the single latch. Everything is signed arithmetic, widened
// by signed conversions only (C's signed overflow is undefined, so the
// sums and products distribute); sym must be the innermost factor (no
// constant or invariant is added inside it).
func linear(l *ir.Loop, latch *ir.Block, x *ir.Value) (affine, bool) {
	r := affine{scale: 1}
	invariant := func(v *ir.Value) bool {
		return !definedIn(l, v) && v.Type.Kind == ir.Int && v.Type.Signed
	}
	for {
		switch x.Op {
		case ir.OpMul:
			a, b := x.Args[0], x.Args[1]
			if _, ok := a.Const(); ok {
				a, b = b, a
			}
			if c, ok := b.Const(); ok {
				r.scale *= c
				x = a
				continue
			}
			if r.sym != nil || !x.Type.Signed {
				return r, false
			}
			if !invariant(b) {
				a, b = b, a
			}
			if !invariant(b) {
				return r, false
			}
			r.sym, x = b, a
			continue
		case ir.OpShl:
			c, ok := x.Args[1].Const()
			if !ok || c < 0 || c > 16 {
				return r, false
			}
			r.scale <<= c
			x = x.Args[0]
			continue
		case ir.OpAdd, ir.OpSub:
			a, b := x.Args[0], x.Args[1]
			if _, ok := a.Const(); ok && x.Op == ir.OpAdd {
				a, b = b, a
			}
			if !x.Type.Signed || r.sym != nil {
				return r, false // unsigned arithmetic may wrap
			}
			c, ok := b.Const()
			if !ok && x.Op == ir.OpAdd && r.inv.v == nil {
				if !invariant(b) {
					a, b = b, a
				}
				if !invariant(b) {
					return r, false
				}
				r.inv = invariantTerm{b, r.scale}
				x = a
				continue
			}
			if !ok {
				return r, false
			}
			if x.Op == ir.OpSub {
				c = -c
			}
			r.delta += r.scale * c // x is outer scale * (a + c)
			x = a
			continue
		case ir.OpConv:
			a := x.Args[0]
			if !a.Type.IsInt() || !x.Type.IsInt() || !a.Type.Signed || x.Type.Bits < a.Type.Bits {
				return r, false
			}
			x = a
			continue
		case ir.OpPhi:
			r.iv = basicIV(l, latch, x)
			return r, r.iv != nil
		}
		return r, false
	}
}

// basicIV reports phi as a basic induction variable of l: a header phi
// whose value from the latch is phi plus a constant.
func basicIV(l *ir.Loop, latch *ir.Block, phi *ir.Value) *iv {
	h := l.Header
	if phi.Block != h || !phi.Type.IsInt() {
		return nil
	}
	li := h.PredIndex(latch)
	next := phi.Args[li]
	if next.Op != ir.OpAdd && next.Op != ir.OpSub {
		return nil
	}
	a, b := next.Args[0], next.Args[1]
	if next.Op == ir.OpAdd && b == phi {
		a, b = b, a
	}
	c, ok := b.Const()
	if a != phi || !ok {
		return nil
	}
	if next.Op == ir.OpSub {
		c = -c
	}
	return &iv{phi: phi, step: c}
}

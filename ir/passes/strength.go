package passes

import "github.com/ptxabi/ptxabi/ir"

// StrengthReduce rewrites address arithmetic in loops: an address
// base + i*scale + delta, where base is invariant and i a basic induction variable
// (a header phi stepped by a constant each iteration), becomes a pointer
// that is itself an induction variable: base + init*scale + delta before
// the loop,
// stepped by step*scale at the latch. The multiplication and the
// conversion leave the loop. The index may be i, i converted to a wider
// signed integer (C's signed overflow is undefined, so it does not wrap),
// or i times a constant, or i shifted left by one, plus constants (in
// signed arithmetic, which does not wrap).
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
		v            *ir.Value
		iv           *iv
		scale, delta int64
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
			i, scale, delta, ok := linear(l, latch, v.Args[1])
			if ok {
				cands = append(cands, cand{v, i, scale, delta})
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
	type key struct {
		base         *ir.Value
		phi          *ir.Value
		scale, delta int64
	}
	made := map[key]*ir.Value{}
	for _, c := range cands {
		v := c.v
		base, off := v.Args[0], v.Args[1]
		k := key{base, c.iv.phi, c.scale, c.delta}
		p := made[k]
		if p == nil {
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
			if c.delta != 0 {
				d := ph.Append(f.NewValue(ir.OpConst, ot))
				d.AuxInt = ir.Normalize(ot, c.delta)
				x = ph.Append(f.NewValue(ir.OpAdd, ot, x, d))
			}
			start := ph.Append(f.NewValue(ir.OpPtrAdd, v.Type, base, x))
			// The pointer induction variable.
			p = f.NewValue(ir.OpPhi, v.Type)
			p.Args = make([]*ir.Value, len(h.Preds))
			h.Insert(len(h.Phis()), p)
			for i := range p.Args {
				p.Args[i] = start
			}
			st := latch.Append(f.NewValue(ir.OpConst, ot))
			st.AuxInt = ir.Normalize(ot, c.iv.step*c.scale)
			p.Args[li] = latch.Append(f.NewValue(ir.OpPtrAdd, v.Type, p, st))
			made[k] = p
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

// linear reports whether x is i*scale + delta for a basic induction
// variable i of loop l with the single latch.
func linear(l *ir.Loop, latch *ir.Block, x *ir.Value) (i *iv, scale, delta int64, ok bool) {
	scale = 1
	for {
		switch x.Op {
		case ir.OpMul:
			a, b := x.Args[0], x.Args[1]
			if _, ok := a.Const(); ok {
				a, b = b, a
			}
			c, ok := b.Const()
			if !ok {
				return nil, 0, 0, false
			}
			scale *= c
			x = a
			continue
		case ir.OpShl:
			c, ok := x.Args[1].Const()
			if !ok || c < 0 || c > 16 {
				return nil, 0, 0, false
			}
			scale <<= c
			x = x.Args[0]
			continue
		case ir.OpAdd, ir.OpSub:
			a, b := x.Args[0], x.Args[1]
			if _, ok := a.Const(); ok && x.Op == ir.OpAdd {
				a, b = b, a
			}
			c, ok := b.Const()
			if !ok || !x.Type.Signed {
				return nil, 0, 0, false // unsigned arithmetic may wrap
			}
			if x.Op == ir.OpSub {
				c = -c
			}
			delta += scale * c // x is outer scale * (a + c)
			x = a
			continue
		case ir.OpConv:
			a := x.Args[0]
			if !a.Type.IsInt() || !x.Type.IsInt() || !a.Type.Signed || x.Type.Bits < a.Type.Bits {
				return nil, 0, 0, false
			}
			x = a
			continue
		case ir.OpPhi:
			i := basicIV(l, latch, x)
			return i, scale, delta, i != nil
		}
		return nil, 0, 0, false
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

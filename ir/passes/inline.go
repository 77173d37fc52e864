package passes

import "github.com/ptxabi/ptxabi/ir"

// maxInline bounds the size (values) of a function that Inline copies
// into its callers, and maxInlineOnce that of a function called once in
// its module, whose copy costs little more than a call: nvcc inlines such
// a function whatever its size, and ptxas then compiles it within the
// register bound of the kernel that calls it.
const (
	maxInline     = 300
	maxInlineOnce = 20000
)

// Inline replaces direct calls of functions defined in the module (not
// __noinline__, not in a cycle of calls, without aggregate parameters
// they write or aggregate results in memory, whose entry block is not a
// loop header, small or called once) by a copy of their body, as nvcc
// inlines device functions: the call's block is split at the call, the
// callee's blocks are cloned with its parameters replaced by the
// arguments and its returns made jumps to the rest of the block (a phi
// joins the results), and its allocas go to the caller's entry. The
// pipeline runs callees before their callers, so a callee has inlined
// its own callees by then, and a chain of functions inlines bottom-up;
// the calls a callee keeps (of functions too large, recursive or
// external) are copied as calls.
func Inline(f *ir.Func) {
	for {
		done := false
		for bi := 0; bi < len(f.Blocks) && !done; bi++ {
			b := f.Blocks[bi]
			for k, v := range b.Values {
				if v.Op == ir.OpCall && v.Type.Kind != ir.Agg && inlinable(f, v.Callee()) {
					inlineCall(f, b, k, v)
					done = true
					break
				}
			}
		}
		// Each inlining removes a call of a function not in a cycle and
		// adds only calls that its own Inline kept (of functions not
		// inlinable, or of f, which f does not inline): this ends.
		if !done || f.NumValues() > 50000 {
			return
		}
	}
}

func inlinable(f, g *ir.Func) bool {
	if g == nil || g == f || g.IsDecl() || g.NoInline || g.Recursive || g.Kind != 0 {
		return false
	}
	for i, t := range g.ParamTypes {
		if t.Kind == ir.Agg && !readOnly(g, g.Params[i]) {
			return false
		}
	}
	if len(g.Entry().Preds) > 0 {
		return false
	}
	limit := maxInline
	if g.CallSites == 1 {
		limit = maxInlineOnce
	}
	n, rets := 0, 0
	for _, b := range g.Blocks {
		if b.Kind == ir.Return {
			rets++
			// An aggregate result must be a fresh object of the callee
			// (an alloca), which becomes the caller's copy, or a pack
			// (AggCalls), stored into a fresh copy.
			if g.Result.Kind == ir.Agg && (b.Control == nil || b.Control.Op != ir.OpAlloca && b.Control.Op != ir.OpPack) {
				return false
			}
		}
		n += len(b.Values)
	}
	return n <= limit && rets > 0
}

// readOnly reports whether the aggregate parameter p is only read: by
// loads through it and through ptradds of it.
func readOnly(g *ir.Func, p *ir.Value) bool {
	derived := map[*ir.Value]bool{p: true}
	for changed := true; changed; {
		changed = false
		for _, b := range g.Blocks {
			for _, v := range b.Values {
				if v.Op == ir.OpPtrAdd && derived[v.Args[0]] && !derived[v] {
					derived[v] = true
					changed = true
				}
			}
		}
	}
	for _, b := range g.Blocks {
		if derived[b.Control] {
			return false
		}
		for _, v := range b.Values {
			for i, a := range v.Args {
				if !derived[a] {
					continue
				}
				switch {
				case v.Op == ir.OpLoad:
				case v.Op == ir.OpPtrAdd && i == 0:
				default:
					return false
				}
			}
		}
	}
	return true
}

// inlineCall replaces call v, the k-th value of b, by g's body.
func inlineCall(f *ir.Func, b *ir.Block, k int, v *ir.Value) {
	g := v.Callee()
	// Split b after the call.
	cont := f.NewBlock()
	cont.Values = append(cont.Values, b.Values[k+1:]...)
	for _, w := range cont.Values {
		w.Block = cont
	}
	cont.Kind, cont.Control, cont.Succs = b.Kind, b.Control, b.Succs
	for _, s := range cont.Succs {
		for i, p := range s.Preds {
			if p == b {
				s.Preds[i] = cont
			}
		}
	}
	b.Values = b.Values[:k]
	b.Succs, b.Control = nil, nil

	vmap := map[*ir.Value]*ir.Value{}
	// retype maps the pointer types of an aggregate parameter (ptr.param)
	// to its argument's pointer type, for the values derived from it.
	var retype []*ir.Value
	for i, p := range g.Params {
		vmap[p] = v.Args[i]
	}
	bmap := map[*ir.Block]*ir.Block{}
	for _, gb := range g.Blocks {
		nb := f.NewBlock()
		nb.Unroll = gb.Unroll
		bmap[gb] = nb
	}
	entry := f.Entry()
	nalloca := 0
	for nalloca < len(entry.Values) && entry.Values[nalloca].Op == ir.OpAlloca {
		nalloca++
	}
	var clones []*ir.Value
	for _, gb := range g.Blocks {
		nb := bmap[gb]
		for _, w := range gb.Values {
			c := f.NewValue(w.Op, w.Type)
			c.AuxInt, c.Aux, c.Align, c.Flags, c.Pos = w.AuxInt, w.Aux, w.Align, w.Flags, w.Pos
			c.Args = append([]*ir.Value(nil), w.Args...)
			vmap[w] = c
			clones = append(clones, c)
			if w.Op == ir.OpAlloca {
				entry.Insert(nalloca, c)
				nalloca++
			} else {
				nb.Append(c)
			}
		}
	}
	for _, c := range clones {
		for i, a := range c.Args {
			c.Args[i] = vmap[a]
		}
		if c.Op == ir.OpPtrAdd && c.Type.IsPtr() && c.Type.Space == ir.Param {
			retype = append(retype, c)
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range retype {
			if c.Type != c.Args[0].Type {
				c.Type = c.Args[0].Type
				changed = true
			}
		}
	}
	var rets []*ir.Value
	var copied *ir.Value // the caller's copy of packed aggregate results
	for _, gb := range g.Blocks {
		nb := bmap[gb]
		for _, p := range gb.Preds {
			nb.Preds = append(nb.Preds, bmap[p])
		}
		switch gb.Kind {
		case ir.Return:
			nb.Kind = ir.Jump
			nb.Succs = []*ir.Block{cont}
			cont.Preds = append(cont.Preds, nb)
			if gb.Control != nil && gb.Control.Op == ir.OpPack {
				if copied == nil {
					copied = f.NewValue(ir.OpAlloca, v.Type)
					copied.AuxInt, copied.Align, copied.Pos = g.Result.Size, g.Result.Align, v.Pos
					entry.Insert(nalloca, copied)
					nalloca++
				}
				storePieces(f, nb, copied, vmap[gb.Control])
				rets = append(rets, copied)
			} else if gb.Control != nil {
				rets = append(rets, vmap[gb.Control])
			}
		default:
			nb.Kind = gb.Kind
			if gb.Control != nil {
				nb.Control = vmap[gb.Control]
			}
			for _, s := range gb.Succs {
				nb.Succs = append(nb.Succs, bmap[s])
			}
		}
	}
	ge := bmap[g.Entry()]
	b.Kind = ir.Jump
	b.Succs = []*ir.Block{ge}
	ge.Preds = append(ge.Preds, b)
	if v.Type.Kind != ir.Void {
		var res *ir.Value
		switch {
		case copied != nil:
			res = copied
		case len(rets) == 1:
			res = rets[0]
		case len(rets) > 1:
			res = f.NewValue(ir.OpPhi, v.Type, rets...)
			res.Pos = v.Pos
			cont.Insert(0, res)
		}
		if res != nil {
			f.ReplaceUses(v, res)
		}
	}
}

// storePieces appends to b the stores of pack's pieces into the memory p
// points to.
func storePieces(f *ir.Func, b *ir.Block, p, pack *ir.Value) {
	ps := pack.Aux.(*ir.Pieces)
	for i, x := range pack.Args {
		addr := p
		if off := ps.Offsets[i]; off != 0 {
			c := b.Append(f.NewValue(ir.OpConst, ir.IntT(int(p.Type.Bits), true)))
			c.AuxInt = off
			addr = b.Append(f.NewValue(ir.OpPtrAdd, p.Type, p, c))
		}
		st := b.Append(f.NewValue(ir.OpStore, ir.VoidT, addr, x))
		st.Align = pieceAlign(pack.Type.Align, piece{ps.Offsets[i], x.Type})
	}
}

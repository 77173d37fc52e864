package passes

import "github.com/ptxabi/ptxabi/ir"

// Mem2Reg promotes the allocas that are only loaded and stored whole, with
// one type and not volatile, to SSA values: phis at the iterated dominance
// frontier of the stores where the variable is live (pruned SSA; Cytron et
// al.), then renaming along the dominator tree. A load before any store
// reads zero (the variable was uninitialized, so any value is allowed).
func Mem2Reg(f *ir.Func) {
	f.RemoveUnreachable() // renaming walks the dominator tree of reachable blocks
	var allocas []*ir.Value
	typ := map[*ir.Value]ir.Type{}
	bad := map[*ir.Value]bool{}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			if v.Op == ir.OpAlloca {
				allocas = append(allocas, v)
			}
		}
	}
	if len(allocas) == 0 {
		return
	}
	use := func(a *ir.Value, t ir.Type, ok bool) {
		if a.Op != ir.OpAlloca {
			return
		}
		if old, seen := typ[a]; !ok || seen && old != t || t.Bytes() != a.AuxInt {
			bad[a] = true
		}
		typ[a] = t
	}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			switch v.Op {
			case ir.OpLoad:
				use(v.Args[0], v.Type, v.Flags&ir.Volatile == 0)
			case ir.OpStore:
				use(v.Args[0], v.Args[1].Type, v.Flags&ir.Volatile == 0)
				use(v.Args[1], ir.Type{}, false)
			default:
				for _, a := range v.Args {
					use(a, ir.Type{}, false)
				}
			}
		}
		if b.Control != nil {
			use(b.Control, ir.Type{}, false)
		}
	}
	var vars []*ir.Value
	index := map[*ir.Value]int{}
	for _, a := range allocas {
		if _, used := typ[a]; !bad[a] {
			index[a] = len(vars)
			vars = append(vars, a)
			if !used {
				typ[a] = ir.U8 // never accessed: only removed
			}
		}
	}
	if len(vars) == 0 {
		return
	}
	dom := ir.Dominators(f)
	df := dom.Frontiers()
	phiVar := map[*ir.Value]int{}
	for k, a := range vars {
		live := liveIn(f, a)
		var work []*ir.Block
		has := map[*ir.Block]bool{}
		for _, b := range f.Blocks {
			for _, v := range b.Values {
				if v.Op == ir.OpStore && v.Args[0] == a {
					work = append(work, b)
					break
				}
			}
		}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			for _, d := range df[b.ID] {
				if has[d] || !live[d] {
					continue
				}
				has[d] = true
				phi := f.NewValue(ir.OpPhi, typ[a])
				phi.Args = make([]*ir.Value, len(d.Preds))
				d.Insert(0, phi)
				phiVar[phi] = k
				work = append(work, d)
			}
		}
	}
	repl := map[*ir.Value]*ir.Value{}
	zero := make([]*ir.Value, len(vars))
	// The zeros are placed in the entry block after renaming, which walks
	// the blocks' values.
	var zeros []*ir.Value
	undef := func(k int) *ir.Value {
		if zero[k] == nil {
			t := typ[vars[k]]
			if t.Kind == ir.Ptr {
				c := f.NewValue(ir.OpConst, ir.IntT(int(t.Bits), false))
				zero[k] = f.NewValue(ir.OpConv, t, c)
				zeros = append(zeros, c, zero[k])
			} else {
				zero[k] = f.NewValue(ir.OpConst, t)
				zeros = append(zeros, zero[k])
			}
		}
		return zero[k]
	}
	stacks := make([][]*ir.Value, len(vars))
	top := func(k int) *ir.Value {
		if s := stacks[k]; len(s) > 0 {
			return s[len(s)-1]
		}
		return undef(k)
	}
	dead := map[*ir.Value]bool{}
	var rename func(b *ir.Block)
	rename = func(b *ir.Block) {
		var pushed []int
		for _, v := range b.Values {
			if k, ok := phiVar[v]; ok {
				stacks[k] = append(stacks[k], v)
				pushed = append(pushed, k)
				continue
			}
			switch v.Op {
			case ir.OpLoad:
				if k, ok := index[v.Args[0]]; ok {
					repl[v] = top(k)
					dead[v] = true
				}
			case ir.OpStore:
				if k, ok := index[v.Args[0]]; ok {
					stacks[k] = append(stacks[k], v.Args[1])
					pushed = append(pushed, k)
					dead[v] = true
				}
			case ir.OpAlloca:
				if _, ok := index[v]; ok {
					dead[v] = true
				}
			}
		}
		for _, s := range b.Succs {
			i := s.PredIndex(b)
			for _, phi := range s.Phis() {
				if k, ok := phiVar[phi]; ok && phi.Args[i] == nil {
					phi.Args[i] = top(k)
				}
			}
		}
		for _, c := range dom.Children(b) {
			rename(c)
		}
		for _, k := range pushed {
			stacks[k] = stacks[k][:len(stacks[k])-1]
		}
	}
	rename(f.Entry())
	// Edges from unreachable blocks still need phi arguments.
	for phi, k := range phiVar {
		for i := range phi.Args {
			if phi.Args[i] == nil {
				phi.Args[i] = undef(k)
			}
		}
	}
	for i, z := range zeros {
		f.Entry().Insert(i, z)
	}
	resolve := func(v *ir.Value) *ir.Value {
		for {
			r, ok := repl[v]
			if !ok {
				return v
			}
			v = r
		}
	}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for i, a := range v.Args {
				v.Args[i] = resolve(a)
			}
		}
		if b.Control != nil {
			b.Control = resolve(b.Control)
		}
	}
	f.RemoveValues(func(v *ir.Value) bool { return dead[v] })
}

// liveIn returns the blocks where alloca a is live on entry: read before
// any store in the block, or live into a successor and not stored.
func liveIn(f *ir.Func, a *ir.Value) map[*ir.Block]bool {
	live := map[*ir.Block]bool{}
	defs := map[*ir.Block]bool{}
	var work []*ir.Block
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			if v.Op == ir.OpStore && v.Args[0] == a {
				defs[b] = true
				break
			}
			if v.Op == ir.OpLoad && v.Args[0] == a {
				live[b] = true
				work = append(work, b)
				break
			}
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range b.Preds {
			if !live[p] && !defs[p] {
				live[p] = true
				work = append(work, p)
			}
		}
	}
	return live
}

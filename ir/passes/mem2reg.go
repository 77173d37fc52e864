package passes

import (
	"sync"

	"github.com/ptxabi/ptxabi/ir"
)

// Mem2Reg promotes the allocas that are only loaded and stored whole, with
// one type and not volatile, to SSA values: phis at the iterated dominance
// frontier of the stores where the variable is live (pruned SSA; Cytron et
// al.), then renaming along the dominator tree. A load before any store
// reads zero (the variable was uninitialized, so any value is allowed).
func Mem2Reg(f *ir.Func) {
	f.RemoveUnreachable() // renaming walks the dominator tree of reachable blocks
	allocas := allocasOf(f)
	if len(allocas) == 0 {
		return
	}
	directLocalAccesses(f)
	// By alloca (its index in allocas, plus 1, by value ID): its access
	// type, whether it has one, and whether it cannot be promoted.
	nv := f.NumValues()
	sc := mem2regPool.Get().(*mem2regScratch)
	defer mem2regPool.Put(sc)
	sc.aidx = ir.Zeroed(sc.aidx, nv)
	aidx := sc.aidx
	for i, a := range allocas {
		aidx[a.ID] = int32(i) + 1
	}
	typ := make([]ir.Type, len(allocas))
	seen := make([]bool, len(allocas))
	bad := make([]bool, len(allocas))
	use := func(a *ir.Value, t ir.Type, ok bool) {
		if a.Op != ir.OpAlloca || a.ID >= nv || aidx[a.ID] == 0 {
			return
		}
		i := aidx[a.ID] - 1
		if old := typ[i]; !ok || seen[i] && old != t || t.Bytes() != a.AuxInt {
			bad[i] = true
		}
		typ[i], seen[i] = t, true
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
	var varTyp []ir.Type
	index := aidx // reused, by value ID: the variable an alloca is, plus 1
	for i, a := range allocas {
		index[a.ID] = 0
		if !bad[i] {
			index[a.ID] = int32(len(vars)) + 1
			vars = append(vars, a)
			t := typ[i]
			if !seen[i] {
				t = ir.U8 // never accessed: only removed
			}
			varTyp = append(varTyp, t)
		}
	}
	if len(vars) == 0 {
		return
	}
	varOf := func(a *ir.Value) int {
		if a.ID < nv {
			return int(index[a.ID]) - 1
		}
		return -1
	}
	// Per variable, the blocks that store it and the blocks where its
	// first access is a load or a store (in block order).
	storeBlocks := make([][]*ir.Block, len(vars))
	firstAccess := make([][]access, len(vars))
	lastStore := make([]int, len(vars))
	lastAccess := make([]int, len(vars))
	for k := range vars {
		lastStore[k], lastAccess[k] = -1, -1
	}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			if v.Op != ir.OpLoad && v.Op != ir.OpStore {
				continue
			}
			k := varOf(v.Args[0])
			if k < 0 {
				continue
			}
			if lastAccess[k] != b.ID {
				lastAccess[k] = b.ID
				firstAccess[k] = append(firstAccess[k], access{b, v.Op == ir.OpStore})
			}
			if v.Op == ir.OpStore && lastStore[k] != b.ID {
				lastStore[k] = b.ID
				storeBlocks[k] = append(storeBlocks[k], b)
			}
		}
	}
	dom := ir.Dominators(f)
	df := dom.Frontiers()
	nb := f.NumBlocks()
	lv := &sc.lv
	lv.live, lv.defs = ir.Zeroed(lv.live, nb), ir.Zeroed(lv.defs, nb)
	lv.touched, lv.work = lv.touched[:0], lv.work[:0]
	sc.has = ir.Zeroed(sc.has, nb)
	has := sc.has
	var phis []*ir.Value // the phis placed, and their variables
	var phiVars []int
	for k := range vars {
		live := lv.in(firstAccess[k])
		work := append([]*ir.Block(nil), storeBlocks[k]...)
		var placed []*ir.Block
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			for _, d := range df[b.ID] {
				if has[d.ID] || !live[d.ID] {
					continue
				}
				has[d.ID] = true
				placed = append(placed, d)
				phi := f.NewValue(ir.OpPhi, varTyp[k])
				phi.Args = make([]*ir.Value, len(d.Preds))
				d.Insert(0, phi)
				phis = append(phis, phi)
				phiVars = append(phiVars, k)
				work = append(work, d)
			}
		}
		for _, d := range placed {
			has[d.ID] = false
		}
		lv.clear()
	}
	sc.phiVar = ir.Zeroed(sc.phiVar, f.NumValues())
	phiVar := sc.phiVar // by value ID: a placed phi's variable, plus 1
	for i, phi := range phis {
		phiVar[phi.ID] = int32(phiVars[i]) + 1
	}
	phiOf := func(v *ir.Value) int {
		if v.ID < len(phiVar) {
			return int(phiVar[v.ID]) - 1
		}
		return -1
	}
	sc.repl = ir.Zeroed(sc.repl, nv)
	repl := sc.repl // by ID: the value a load is replaced by
	zero := make([]*ir.Value, len(vars))
	// The zeros are placed in the entry block after renaming, which walks
	// the blocks' values.
	var zeros []*ir.Value
	undef := func(k int) *ir.Value {
		if zero[k] == nil {
			t := varTyp[k]
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
	sc.dead = ir.Zeroed(sc.dead, nv)
	dead := sc.dead
	var pushed []int // one stack for the walk: each block's variables above its mark
	var rename func(b *ir.Block)
	rename = func(b *ir.Block) {
		mark := len(pushed)
		for _, v := range b.Values {
			if k := phiOf(v); k >= 0 {
				stacks[k] = append(stacks[k], v)
				pushed = append(pushed, k)
				continue
			}
			switch v.Op {
			case ir.OpLoad:
				if k := varOf(v.Args[0]); k >= 0 {
					repl[v.ID] = top(k)
					dead[v.ID] = true
				}
			case ir.OpStore:
				if k := varOf(v.Args[0]); k >= 0 {
					stacks[k] = append(stacks[k], v.Args[1])
					pushed = append(pushed, k)
					dead[v.ID] = true
				}
			case ir.OpAlloca:
				if varOf(v) >= 0 {
					dead[v.ID] = true
				}
			}
		}
		for _, s := range b.Succs {
			i := s.PredIndex(b)
			for _, phi := range s.Phis() {
				if k := phiOf(phi); k >= 0 && phi.Args[i] == nil {
					phi.Args[i] = top(k)
				}
			}
		}
		for _, c := range dom.Children(b) {
			rename(c)
		}
		for _, k := range pushed[mark:] {
			stacks[k] = stacks[k][:len(stacks[k])-1]
		}
		pushed = pushed[:mark]
	}
	rename(f.Entry())
	// Edges from unreachable blocks still need phi arguments.
	for i, phi := range phis {
		for j := range phi.Args {
			if phi.Args[j] == nil {
				phi.Args[j] = undef(phiVars[i])
			}
		}
	}
	for i, z := range zeros {
		f.Entry().Insert(i, z)
	}
	resolve := func(v *ir.Value) *ir.Value {
		for v.ID < nv && repl[v.ID] != nil {
			v = repl[v.ID]
		}
		return v
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
	f.RemoveValues(func(v *ir.Value) bool { return v.ID < nv && dead[v.ID] })
}

// mem2regScratch is Mem2Reg's tables by value and block ID, kept in a
// pool from one run to the next (it runs twice on every function); each
// run sizes and clears what it uses.
type mem2regScratch struct {
	aidx, phiVar []int32
	repl         []*ir.Value
	dead, has    []bool
	lv           liveness
}

var mem2regPool = sync.Pool{New: func() any { return new(mem2regScratch) }}

// access is a block where a variable is first loaded (store false) or
// stored.
type access struct {
	b     *ir.Block
	store bool
}

// liveness finds where a variable is live, in tables by block ID reused
// from one variable to the next.
type liveness struct {
	live, defs []bool
	touched    []*ir.Block
	work       []*ir.Block
}

// in returns, by block ID, where the variable whose first accesses are
// first is live on entry: read before any store in the block, or live
// into a successor and not stored. The table is valid until clear.
func (l *liveness) in(first []access) []bool {
	l.work = l.work[:0]
	for _, a := range first {
		l.touched = append(l.touched, a.b)
		if a.store {
			l.defs[a.b.ID] = true
		} else {
			l.live[a.b.ID] = true
			l.work = append(l.work, a.b)
		}
	}
	for len(l.work) > 0 {
		b := l.work[len(l.work)-1]
		l.work = l.work[:len(l.work)-1]
		for _, p := range b.Preds {
			if !l.live[p.ID] && !l.defs[p.ID] {
				l.live[p.ID] = true
				l.touched = append(l.touched, p)
				l.work = append(l.work, p)
			}
		}
	}
	return l.live
}

func (l *liveness) clear() {
	for _, b := range l.touched {
		l.live[b.ID], l.defs[b.ID] = false, false
	}
	l.touched = l.touched[:0]
}

// directLocalAccesses makes the loads and stores through a local's
// generic address (cvta of the alloca, which the inlined and unrolled
// code leaves where a pointer member held the local's address) access the
// local itself, and drops the conversions nothing else uses: then the
// local can be promoted.
func directLocalAccesses(f *ir.Func) {
	uses := map[*ir.Value]int{} // generic addresses of locals: their other uses
	isGenericLocal := func(a *ir.Value) bool {
		return a.Op == ir.OpCvta && a.Type.Space == ir.Generic && a.Args[0].Op == ir.OpAlloca
	}
	changed := false
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for i, a := range v.Args {
				if !isGenericLocal(a) {
					continue
				}
				if i == 0 && (v.Op == ir.OpLoad || v.Op == ir.OpStore) {
					v.Args[0] = a.Args[0]
					changed = true
					if _, ok := uses[a]; !ok {
						uses[a] = 0
					}
					continue
				}
				uses[a]++
			}
		}
	}
	if changed {
		f.RemoveValues(func(v *ir.Value) bool { n, ok := uses[v]; return ok && n == 0 })
	}
}

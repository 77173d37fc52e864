package passes

import (
	"sort"
	"strconv"

	"github.com/ptxabi/ptxabi/ir"
)

// SROA is scalar replacement of aggregates: an alloca that is only loaded
// and stored at constant offsets (directly or through ptradds of a
// constant and cvtas), not volatile, is split into one alloca per slot,
// which mem2reg then promotes. A slot is a run of bytes that overlapping
// accesses share:
//   - accesses of one offset and size share a slot of the first one's
//     type; the others convert (a float read as the integer of its bits,
//     a signed integer as an unsigned one, a pointer as an integer);
//   - accesses of different offsets or sizes within at most 8 bytes (a
//     union, a bit field's storage unit read by bytes, a word read as two
//     halves) share an unsigned integer slot, read with shifts and
//     truncations and written by masking in the new bits, as a register
//     of those bits would be.
//
// A struct, union or array local whose address never escapes so lives in
// registers instead of local memory. An alloca with a slot it cannot form
// (overlaps wider than 8 bytes, a predicate or an f16 read as another
// type) is left as it is.
func SROA(f *ir.Func) {
	allocas := allocasOf(f)
	if len(allocas) == 0 {
		return
	}
	folded := foldLocalDiffs(f)
	if speculateLoads(f) || folded {
		// The phis and selects of addresses the loads went through, the
		// conversions of addresses to integers.
		DCE(f)
	}
	uses := ir.NewUseLists(f, true)
	r := &rewriter{f: f, before: map[*ir.Value][]*ir.Value{}, touched: make([]bool, f.NumBlocks())}
	dead := map[*ir.Value]bool{}
	var parts []*ir.Value
	for _, a := range allocas {
		acc, ok := accesses(a, uses, false)
		if !ok || len(acc) == 0 {
			continue
		}
		groups, ok := slotGroups(acc, a.AuxInt)
		if !ok {
			continue
		}
		direct := true
		for _, x := range acc {
			direct = direct && x.mem.Args[0] == a
		}
		if direct && len(groups) == 1 && !groups[0].packed && groups[0].size == a.AuxInt && groups[0].uniformType {
			continue // one scalar already: mem2reg's
		}
		for _, g := range groups {
			p := f.NewValue(ir.OpAlloca, a.Type)
			p.AuxInt, p.Align, p.Pos = g.t.Bytes(), g.t.Bytes(), a.Pos
			parts = append(parts, p)
			for _, x := range g.acc {
				r.rewrite(x, g, p)
			}
		}
		dead[a] = true
		markDerived(a, uses, dead)
	}
	if len(parts) == 0 {
		return
	}
	for v := range dead {
		r.touch(v)
	}
	entry := f.Entry()
	i := 0
	for i < len(entry.Values) && entry.Values[i].Op == ir.OpAlloca {
		i++
	}
	vals := make([]*ir.Value, 0, len(entry.Values)+len(parts))
	vals = append(append(append(vals, entry.Values[:i]...), parts...), entry.Values[i:]...)
	for _, p := range parts {
		p.Block = entry
	}
	entry.Values = vals
	for _, b := range f.Blocks {
		if b.ID < len(r.touched) && !r.touched[b.ID] {
			continue
		}
		need := false
		for _, v := range b.Values {
			if len(r.before[v]) > 0 || dead[v] {
				need = true
				break
			}
		}
		if !need {
			continue
		}
		out := make([]*ir.Value, 0, len(b.Values))
		for _, v := range b.Values {
			for _, w := range r.before[v] {
				w.Block = b
				out = append(out, w)
			}
			if !dead[v] {
				out = append(out, v)
			}
		}
		b.Values = out
	}
}

// markDerived adds to dead the pointers derived from a (every use of
// which is a load or store SROA rewrote, or another derived pointer).
func markDerived(a *ir.Value, uses *ir.UseLists, dead map[*ir.Value]bool) {
	for _, u := range uses.Of(a) {
		if u != nil && (u.Op == ir.OpPtrAdd || u.Op == ir.OpCvta) && u.Args[0] == a && !dead[u] {
			dead[u] = true
			markDerived(u, uses, dead)
		}
	}
}

// slotGroup is one slot of an alloca: the accesses to bytes [off,
// off+size), and the slot's type.
type slotGroup struct {
	off, size   int64
	acc         []memAccess
	t           ir.Type
	packed      bool // accesses at different offsets or of different sizes
	uniformType bool // every access has type t
}

// slotGroups partitions the accesses of an alloca of size bytes into
// slots; false when one cannot be formed.
func slotGroups(acc []memAccess, size int64) ([]*slotGroup, bool) {
	sorted := append([]memAccess(nil), acc...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].off < sorted[j].off })
	var groups []*slotGroup
	for _, x := range sorted {
		n := x.typ().Bytes()
		if x.off < 0 || x.off+n > size {
			return nil, false
		}
		if len(groups) > 0 {
			g := groups[len(groups)-1]
			if x.off < g.off+g.size {
				g.size = max(g.size, x.off+n-g.off)
				g.acc = append(g.acc, x)
				continue
			}
		}
		groups = append(groups, &slotGroup{off: x.off, size: n, acc: []memAccess{x}})
	}
	for _, g := range groups {
		first := g.acc[0].typ()
		g.t, g.uniformType = first, true
		for _, x := range g.acc {
			t := x.typ()
			if x.off != g.off || t.Bytes() != g.size {
				g.packed = true
			}
			if t != first {
				g.uniformType = false
			}
		}
		if g.uniformType {
			continue
		}
		for _, x := range g.acc {
			t := x.typ()
			if t.Kind == ir.Pred || t.Kind == ir.Float && t.Bits == 16 {
				return nil, false
			}
		}
		if !g.packed {
			// One size: a pointer slot needs every access a pointer of
			// its space or an integer; otherwise the slot is the integer
			// of the bits, unless all are pointers of one space.
			ptrs := map[ir.Type]bool{}
			for _, x := range g.acc {
				if t := x.typ(); t.IsPtr() {
					ptrs[t] = true
				}
			}
			if len(ptrs) > 1 {
				return nil, false
			}
			g.t = ir.IntT(int(g.size*8), false)
			continue
		}
		if g.size > 8 {
			return nil, false
		}
		for _, x := range g.acc {
			if x.typ().IsPtr() && x.typ().Bytes() != g.size {
				return nil, false
			}
		}
		w := int64(1)
		for w < g.size {
			w *= 2
		}
		g.t = ir.IntT(int(w*8), false)
	}
	return groups, true
}

// rewriter turns accesses to an alloca into accesses to its slots, adding
// the values that convert before each access.
type rewriter struct {
	f      *ir.Func
	before map[*ir.Value][]*ir.Value
	// touched are, by block ID, the blocks with a value SROA removes or
	// puts values before.
	touched []bool
}

func (r *rewriter) touch(v *ir.Value) {
	if b := v.Block; b != nil && b.ID < len(r.touched) {
		r.touched[b.ID] = true
	}
}

func (r *rewriter) add(at *ir.Value, op ir.Op, t ir.Type, args ...*ir.Value) *ir.Value {
	v := r.f.NewValue(op, t, args...)
	v.Pos = at.Pos
	r.before[at] = append(r.before[at], v)
	r.touch(at)
	return v
}

func (r *rewriter) konst(at *ir.Value, t ir.Type, x int64) *ir.Value {
	c := r.add(at, ir.OpConst, t)
	c.AuxInt = ir.Normalize(t, x)
	return c
}

// convert returns x as type t of the same size: a conversion between
// integers, or between an integer and a pointer, or the bits of a float.
func (r *rewriter) convert(at, x *ir.Value, t ir.Type) *ir.Value {
	switch {
	case x.Type == t:
		return x
	case x.Type.IsFloat() || t.IsFloat():
		in := &ir.Intrinsic{Name: "mov.b" + strconv.Itoa(int(t.Bits)), Pure: true}
		v := r.add(at, ir.OpIntrinsic, t, x)
		v.Aux = in
		return v
	}
	return r.add(at, ir.OpConv, t, x)
}

// rewrite makes access x of group g one of slot p.
func (r *rewriter) rewrite(x memAccess, g *slotGroup, p *ir.Value) {
	m := x.mem
	t := x.typ()
	shift := 8 * (x.off - g.off)
	n := int(t.Bytes() * 8)
	w := int(g.t.Bits)
	if m.Op == ir.OpLoad {
		if t == g.t {
			m.Args[0], m.Align = p, p.Align
			return
		}
		v := r.add(m, ir.OpLoad, g.t, p)
		v.Align = p.Align
		if shift > 0 {
			v = r.add(m, ir.OpShr, g.t, v, r.konst(m, ir.U32, shift))
		}
		if n < w {
			v = r.add(m, ir.OpConv, ir.IntT(n, false), v)
		}
		v = r.convert(m, v, t)
		// The load becomes the last value (v), so that its uses stay.
		r.before[m] = r.before[m][:len(r.before[m])-1]
		m.Op, m.Type, m.Args, m.Aux, m.AuxInt, m.Align, m.Flags = v.Op, v.Type, v.Args, v.Aux, v.AuxInt, 0, 0
		return
	}
	val := m.Args[1]
	if t == g.t {
		m.Args[0], m.Align = p, p.Align
		return
	}
	if !g.packed {
		m.Args[0], m.Args[1], m.Align = p, r.convert(m, val, g.t), p.Align
		return
	}
	bits := r.convert(m, val, ir.IntT(n, false))
	if n < w {
		bits = r.add(m, ir.OpConv, g.t, bits)
	}
	if shift > 0 {
		bits = r.add(m, ir.OpShl, g.t, bits, r.konst(m, ir.U32, shift))
	}
	if n < w {
		// Keep the slot's other bits.
		old := r.add(m, ir.OpLoad, g.t, p)
		old.Align = p.Align
		keep := ^((uint64(1)<<n - 1) << shift)
		kept := r.add(m, ir.OpAnd, g.t, old, r.konst(m, g.t, int64(keep)))
		bits = r.add(m, ir.OpOr, g.t, kept, bits)
	}
	m.Args[0], m.Args[1], m.Align = p, bits, p.Align
}

// speculateLoads makes the loads through a phi or a select of addresses
// into locals loads of each address: load(phi(p, q)+c) becomes phi(load
// p+c at the end of the first predecessor, load q+c at the end of the
// second), and load(select(x, p, q)+c) becomes select(x, load p+c, load
// q+c), as a conditional expression of lvalues (x ? a : b, a member of
// one, std::min of references) leaves them. A load of a local at a
// constant offset within it cannot fault, so it may run where the
// original did not; a phi's load must come before anything in its block
// that writes memory. The locals are then only loaded and stored, and
// split and promoted. It reports whether it changed anything.
func speculateLoads(f *ir.Func) bool {
	changed := false
	var uses *ir.UseLists
	onlyLoaded := map[*ir.Value]bool{} // phis and selects only loaded through
	loaded := func(q *ir.Value) bool {
		ok, seen := onlyLoaded[q]
		if !seen {
			if uses == nil {
				uses = ir.NewUseLists(f, true)
			}
			ok = onlyLoadedThrough(q, uses)
			onlyLoaded[q] = ok
		}
		return ok
	}
	for _, b := range f.Blocks {
		for i := 0; i < len(b.Values); i++ {
			v := b.Values[i]
			if v.Op != ir.OpLoad && v.Op != ir.OpStore || v.Flags&ir.Volatile != 0 {
				continue
			}
			q, off, _ := constRoot(v.Args[0])
			switch {
			case v.Op == ir.OpLoad && q.Op == ir.OpPhi && q.Block == b && localAddrs(q.Args, off, v.Type) && !writesBefore(b, i) && loaded(q):
				var args []*ir.Value
				for k, a := range q.Args {
					pred := b.Preds[k]
					addr := offsetAddr(f, a, off, func(w *ir.Value) { pred.Append(w) })
					ld := pred.Append(f.NewValue(ir.OpLoad, v.Type, addr))
					ld.Align, ld.Pos = v.Align, v.Pos
					args = append(args, ld)
				}
				// The load becomes the phi, at the head of its block.
				v.Op, v.Args, v.Align, v.Flags = ir.OpPhi, args, 0, 0
				copy(b.Values[1:i+1], b.Values[:i])
				b.Values[0] = v
				changed = true
			case v.Op == ir.OpStore && q.Op == ir.OpPhi && len(q.Args) <= 4 && localAddrs(q.Args, off, v.Args[1].Type) && loaded(q):
				// Each address is written its old value or the new one, as
				// the index of the predecessor (a phi of constants) says.
				idx := f.NewValue(ir.OpPhi, ir.U32)
				for k, pred := range q.Block.Preds {
					c := pred.Append(f.NewValue(ir.OpConst, ir.U32))
					c.AuxInt = int64(k)
					idx.Args = append(idx.Args, c)
				}
				q.Block.Insert(0, idx)
				if q.Block == b {
					i++
				}
				val := v.Args[1]
				var last *ir.Value
				for k, a := range q.Args {
					if last != nil {
						b.Insert(i, last)
						i++
					}
					// The phi's argument need not be defined where the
					// store is: its local is (in the entry block).
					root, o := localRoot(a)
					addr := offsetAddr(f, root, o+off, func(w *ir.Value) { b.Insert(i, w); i++ })
					old := f.NewValue(ir.OpLoad, val.Type, addr)
					kc := f.NewValue(ir.OpConst, ir.U32)
					kc.AuxInt = int64(k)
					is := f.NewValue(ir.OpCmp, ir.PredT, idx, kc)
					is.Aux = ir.Eq
					sel := f.NewValue(ir.OpSelect, val.Type, is, val, old)
					old.Align, old.Pos, sel.Pos, is.Pos = v.Align, v.Pos, v.Pos, v.Pos
					for _, w := range []*ir.Value{old, kc, is, sel} {
						b.Insert(i, w)
						i++
					}
					if k == len(q.Args)-1 {
						v.Args = []*ir.Value{addr, sel}
					} else {
						last = f.NewValue(ir.OpStore, ir.VoidT, addr, sel)
						last.Align, last.Pos = v.Align, v.Pos
					}
				}
				changed = true
			case v.Op == ir.OpStore && q.Op == ir.OpSelect && localAddrs(q.Args[1:], off, v.Args[1].Type) && loaded(q):
				val := v.Args[1]
				for k, a := range q.Args[1:] {
					addr := offsetAddr(f, a, off, func(w *ir.Value) { b.Insert(i, w); i++ })
					old := f.NewValue(ir.OpLoad, val.Type, addr)
					old.Align, old.Pos = v.Align, v.Pos
					sel := f.NewValue(ir.OpSelect, val.Type, q.Args[0], val, old)
					if k == 1 {
						sel.Args[1], sel.Args[2] = old, val
					}
					sel.Pos = v.Pos
					b.Insert(i, old)
					b.Insert(i+1, sel)
					i += 2
					if k == 1 {
						v.Args = []*ir.Value{addr, sel}
					} else {
						st := f.NewValue(ir.OpStore, ir.VoidT, addr, sel)
						st.Align, st.Pos = v.Align, v.Pos
						b.Insert(i, st)
						i++
					}
				}
				changed = true
			case v.Op == ir.OpLoad && q.Op == ir.OpSelect && localAddrs(q.Args[1:], off, v.Type) && loaded(q):
				var lds []*ir.Value
				for _, a := range q.Args[1:] {
					addr := offsetAddr(f, a, off, func(w *ir.Value) { b.Insert(i, w); i++ })
					ld := f.NewValue(ir.OpLoad, v.Type, addr)
					ld.Align, ld.Pos = v.Align, v.Pos
					b.Insert(i, ld)
					i++
					lds = append(lds, ld)
				}
				v.Op, v.Args, v.Align, v.Flags = ir.OpSelect, []*ir.Value{q.Args[0], lds[0], lds[1]}, 0, 0
				changed = true
			}
		}
	}
	return changed
}

// offsetAddr is a plus off, its new values placed by put.
func offsetAddr(f *ir.Func, a *ir.Value, off int64, put func(*ir.Value)) *ir.Value {
	if off == 0 {
		return a
	}
	c := f.NewValue(ir.OpConst, ir.IntT(int(a.Type.Bits), true))
	c.AuxInt = off
	p := f.NewValue(ir.OpPtrAdd, a.Type, a, c)
	put(c)
	put(p)
	return p
}

// onlyLoadedThrough reports whether every use of q is a non-volatile load
// or store through it or through constant-offset ptradds and cvtas of it.
func onlyLoadedThrough(q *ir.Value, uses *ir.UseLists) bool {
	for _, u := range uses.Of(q) {
		switch {
		case u == nil:
			return false
		case (u.Op == ir.OpLoad || u.Op == ir.OpStore && u.Args[1] != q) && u.Args[0] == q && u.Flags&ir.Volatile == 0:
		case u.Op == ir.OpPtrAdd && u.Args[0] == q:
			if _, ok := u.Args[1].Const(); !ok || !onlyLoadedThrough(u, uses) {
				return false
			}
		case u.Op == ir.OpCvta:
			if !onlyLoadedThrough(u, uses) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// localAddrs reports whether each of ps plus off is the address of a
// local (an alloca of the entry block) plus a constant offset (through
// cvtas) where a value of type t lies within it.
func localAddrs(ps []*ir.Value, off int64, t ir.Type) bool {
	for _, p := range ps {
		p, o, ok := constRoot(p)
		if !ok {
			return false
		}
		o += off
		if p.Op != ir.OpAlloca || p.Block != p.Block.Func.Entry() || o < 0 || o+t.Bytes() > p.AuxInt {
			return false
		}
	}
	return true
}

// writesBefore reports whether a value before index i of b may write
// memory.
func writesBefore(b *ir.Block, i int) bool {
	for _, w := range b.Values[:i] {
		if w.Op.HasSideEffects() && w.Op != ir.OpLoad && w.Op != ir.OpSreg && w.Op != ir.OpAlloca {
			return true
		}
	}
	return false
}

// foldLocalDiffs folds the difference of two addresses into one local as
// integers (pa - pb of two elements of a local array) to the difference
// of their offsets, so that the local's address goes nowhere, and reports
// whether it folded one.
func foldLocalDiffs(f *ir.Func) bool {
	changed := false
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			if v.Op != ir.OpSub || !v.Type.IsInt() {
				continue
			}
			r1, o1, ok1 := localIntAddr(v.Args[0])
			r2, o2, ok2 := localIntAddr(v.Args[1])
			if ok1 && ok2 && r1 == r2 {
				v.Op, v.Args, v.AuxInt = ir.OpConst, nil, ir.Normalize(v.Type, o1-o2)
				changed = true
			}
		}
	}
	return changed
}

// localIntAddr returns the local and offset of x, an address into a local
// (plus constant offsets, through cvtas) converted to an integer of its
// width (through conversions between integers of that width).
func localIntAddr(x *ir.Value) (*ir.Value, int64, bool) {
	for x.Op == ir.OpConv && x.Type.IsInt() && x.Args[0].Type.IsInt() && x.Args[0].Type.Bits == x.Type.Bits {
		x = x.Args[0]
	}
	if x.Op != ir.OpConv || !x.Type.IsInt() || !x.Args[0].Type.IsPtr() {
		return nil, 0, false
	}
	p, off, ok := constRoot(x.Args[0])
	if !ok {
		return nil, 0, false
	}
	return p, off, p.Op == ir.OpAlloca
}

// localRoot returns the local p points into (through constant-offset
// ptradds and cvtas, as localAddrs checked) and the offset.
func localRoot(p *ir.Value) (*ir.Value, int64) {
	root, off, _ := constRoot(p)
	return root, off
}

// constRoot walks p's ptradds of constant offsets and cvtas down to the
// address they start from, and adds up the offsets; ok is false where a
// ptradd of a variable offset stops it (root is that ptradd).
func constRoot(p *ir.Value) (root *ir.Value, off int64, ok bool) {
	for p.Op == ir.OpPtrAdd || p.Op == ir.OpCvta {
		if p.Op == ir.OpPtrAdd {
			c, isConst := p.Args[1].Const()
			if !isConst {
				return p, off, false
			}
			off += c
		}
		p = p.Args[0]
	}
	return p, off, true
}

// allocasOf returns f's allocas, in order.
func allocasOf(f *ir.Func) []*ir.Value {
	var allocas []*ir.Value
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			if v.Op == ir.OpAlloca {
				allocas = append(allocas, v)
			}
		}
	}
	return allocas
}

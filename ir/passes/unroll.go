package passes

import "github.com/ptxabi/ptxabi/ir"

// Bounds of full unrolling: the trip count, and the values of all the
// copies of a loop's blocks together.
const (
	maxUnrollTrips  = 16
	maxUnrollValues = 800
	// For a loop whose #pragma unroll asks for it (Block.Unroll): full
	// unrolling as nvcc does it, up to these bounds.
	maxPragmaTrips  = 1024
	maxPragmaValues = 8000
)

// unrollLimits are the bounds of full unrolling of the loop headed by h:
// the trip count and the values of all the copies.
func unrollLimits(h *ir.Block) (trips, values int) {
	if h.Unroll == ir.UnrollFull || h.Unroll > 1 {
		return maxPragmaTrips, maxPragmaValues
	}
	return maxUnrollTrips, maxUnrollValues
}

// pragmaAllows reports whether the loop headed by h, of a constant trip
// count trips, may be unrolled fully by its #pragma unroll: when it has
// none, or one without a count, or a count of at least trips.
func pragmaAllows(h *ir.Block, trips int) bool {
	return h.Unroll == 0 || h.Unroll == ir.UnrollFull || int(h.Unroll) >= trips
}

// Unroll fully unrolls the small loops of a constant trip count that
// index a local array with a variable offset (for (k = 0; k < 4; k++)
// q.f[k] = ...), as nvcc does: in each copy of the body the index is a
// constant, so SROA and mem2reg then keep the array in registers instead
// of local memory (see indexesLocal for when). A loop qualifies when its header is its only exit and
// its only entry from outside, it has one latch, and the header's branch
// compares an induction variable (a phi of a constant and of itself plus
// a constant) with a constant; the trip count is found by running the
// comparison. Inner loops go first, so a nest unrolls whole when small.
func Unroll(f *ir.Func) {
	if !hasAlloca(f) {
		return
	}
	unrolled := false
	defer func() {
		if unrolled {
			// The copies' dead comparisons, whose uses of the locals'
			// addresses SROA would take for escapes.
			DCE(f)
		}
	}()
	for range 16 {
		dom := ir.Dominators(f)
		done := false
		loops := dom.Loops()
		counted := map[*ir.Block]bool{}
		for _, l := range loops {
			if _, ok := countLoop(f, l); ok {
				for b := range l.Blocks {
					counted[b] = true
				}
			}
		}
		for _, l := range loops {
			if unrollLoop(f, l, counted) {
				// The copies' indexes become constants, which the next
				// loop's test (indexesLocal) looks for.
				SCCP(f)
				done, unrolled = true, true
				break // the CFG changed
			}
		}
		if !done {
			return
		}
	}
}

// countedLoop is a loop of the shape Unroll unrolls: the header's
// predecessors from before the loop and from its latch, its exit
// successor, the number of trips and its blocks in layout order.
type countedLoop struct {
	iPre, iLatch, exitIdx, trips int
	blocks                       []*ir.Block
}

// countLoop reports whether l is a loop Unroll could unroll, but for what
// it indexes.
func countLoop(f *ir.Func, l *ir.Loop) (countedLoop, bool) {
	var c countedLoop
	h := l.Header
	if len(l.Latches) != 1 || len(h.Preds) != 2 || h.Kind != ir.If {
		return c, false
	}
	latch := l.Latches[0]
	if latch.Kind != ir.Jump || latch == h {
		return c, false
	}
	c.iPre, c.iLatch = 0, 1
	if h.Preds[0] == latch {
		c.iPre, c.iLatch = 1, 0
	}
	if h.Preds[c.iLatch] != latch || l.Blocks[h.Preds[c.iPre]] || count(h.Preds[c.iPre].Succs, h) != 1 {
		return c, false
	}
	c.exitIdx = -1
	for i, s := range h.Succs {
		if !l.Blocks[s] {
			c.exitIdx = i
		}
	}
	if c.exitIdx < 0 || h.Succs[0] == h.Succs[1] {
		return c, false
	}
	// The loop's blocks in layout order; no exit but the header's.
	n := 0
	for _, b := range f.Blocks {
		if !l.Blocks[b] {
			continue
		}
		c.blocks = append(c.blocks, b)
		n += len(b.Values)
		if b == h {
			continue
		}
		for _, s := range b.Succs {
			if !l.Blocks[s] {
				return c, false
			}
		}
	}
	var ok bool
	c.trips, ok = tripCount(h, c.iPre, c.iLatch, c.exitIdx)
	_, maxValues := unrollLimits(h)
	return c, ok && c.trips > 0 && c.trips*n <= maxValues
}

// unrollLoop unrolls l fully if it qualifies, and reports whether it did.
// counted are the blocks of the loops countLoop accepts.
func unrollLoop(f *ir.Func, l *ir.Loop, counted map[*ir.Block]bool) bool {
	c, ok := countLoop(f, l)
	if !ok || !pragmaAllows(l.Header, c.trips) || !indexesLocal(f, l, counted) {
		return false
	}
	return unrollCounted(f, l, c)
}

// unrollCounted unrolls l, which countLoop accepted as c, fully, unless a
// value of its body is used after it.
func unrollCounted(f *ir.Func, l *ir.Loop, c countedLoop) bool {
	h := l.Header
	iPre, iLatch, exitIdx, trips, blocks := c.iPre, c.iLatch, c.exitIdx, c.trips, c.blocks
	latch := l.Latches[0]
	// Values of the loop used outside it must be the header's (which
	// dominates the exit); they become the last header copy's.
	for _, b := range f.Blocks {
		if l.Blocks[b] {
			continue
		}
		for _, v := range b.Values {
			for _, a := range v.Args {
				if a.Block != nil && l.Blocks[a.Block] && a.Block != h {
					return false
				}
			}
		}
		if c := b.Control; c != nil && c.Block != nil && l.Blocks[c.Block] && c.Block != h {
			return false
		}
	}

	pre, exit, in := h.Preds[iPre], h.Succs[exitIdx], h.Succs[1-exitIdx]
	var out []*ir.Block // the copies, in order
	var prev map[*ir.Value]*ir.Value
	var prevLatch *ir.Block
	var last map[*ir.Value]*ir.Value
	for k := 0; k <= trips; k++ {
		vmap := map[*ir.Value]*ir.Value{}
		for _, phi := range h.Phis() {
			if k == 0 {
				vmap[phi] = phi.Args[iPre]
			} else {
				vmap[phi] = mapped(prev, phi.Args[iLatch])
			}
		}
		copyBlocks := blocks
		if k == trips {
			copyBlocks = []*ir.Block{h}
		}
		bmap := map[*ir.Block]*ir.Block{}
		for _, b := range copyBlocks {
			bmap[b] = f.NewBlock()
		}
		var clones []*ir.Value
		for _, b := range copyBlocks {
			nb := bmap[b]
			for _, v := range b.Values {
				if b == h && v.Op == ir.OpPhi {
					continue
				}
				c := f.NewValue(v.Op, v.Type)
				c.AuxInt, c.Aux, c.Align, c.Flags, c.Pos = v.AuxInt, v.Aux, v.Align, v.Flags, v.Pos
				c.Args = append([]*ir.Value(nil), v.Args...)
				vmap[v] = c
				nb.Append(c)
				clones = append(clones, c)
			}
		}
		for _, c := range clones {
			for i, a := range c.Args {
				c.Args[i] = mapped(vmap, a)
			}
		}
		nh := bmap[h]
		if k == 0 {
			nh.Preds = []*ir.Block{pre}
		} else {
			nh.Preds = []*ir.Block{prevLatch}
			prevLatch.Succs = []*ir.Block{nh}
		}
		nh.Kind = ir.Jump
		if k == trips {
			nh.Succs = []*ir.Block{exit}
		} else {
			nh.Succs = []*ir.Block{bmap[in]}
		}
		for _, b := range copyBlocks {
			if b == h {
				continue
			}
			nb := bmap[b]
			nb.Kind = b.Kind
			if b.Control != nil {
				nb.Control = mapped(vmap, b.Control)
			}
			for _, p := range b.Preds {
				if p == h {
					nb.Preds = append(nb.Preds, nh)
				} else {
					nb.Preds = append(nb.Preds, bmap[p])
				}
			}
			for _, s := range b.Succs {
				if s == h {
					continue // the next copy's header, set below
				}
				nb.Succs = append(nb.Succs, bmap[s])
			}
		}
		if k < trips {
			prevLatch = bmap[latch] // jumps to the next copy's header
		}
		for _, b := range copyBlocks {
			out = append(out, bmap[b])
		}
		prev = vmap
		last = vmap
	}
	isCopy := map[*ir.Block]bool{}
	for _, b := range out {
		isCopy[b] = true
	}
	// Enter the first copy; leave from the last.
	for i, s := range pre.Succs {
		if s == h {
			pre.Succs[i] = out[0]
		}
	}
	j := exit.PredIndex(h)
	exit.Preds[j] = out[len(out)-1]
	for _, phi := range exit.Phis() {
		phi.Args[j] = mapped(last, phi.Args[j])
	}
	for _, b := range f.Blocks {
		if l.Blocks[b] || isCopy[b] {
			continue
		}
		for _, v := range b.Values {
			if v.Op == ir.OpPhi && b == exit {
				continue
			}
			for i, a := range v.Args {
				if a.Block == h {
					v.Args[i] = mapped(last, a)
				}
			}
		}
		if c := b.Control; c != nil && c.Block == h {
			b.Control = mapped(last, c)
		}
	}
	// Lay the copies out where the loop was.
	var blocksOut []*ir.Block
	for _, b := range f.Blocks {
		if b == h {
			blocksOut = append(blocksOut, out...)
		}
		if !l.Blocks[b] && !isCopy[b] {
			blocksOut = append(blocksOut, b)
		}
	}
	f.Blocks = blocksOut
	return true
}

func mapped(m map[*ir.Value]*ir.Value, v *ir.Value) *ir.Value {
	if w, ok := m[v]; ok {
		return w
	}
	return v
}

// tripCount runs the header's comparison of an induction variable with a
// constant from the variable's first value, and returns how many times
// the loop's body runs; false when the header is not of that form or the
// count is over unrollLimits'.
func tripCount(h *ir.Block, iPre, iLatch, exitIdx int) (int, bool) {
	if n, ok := ptrTripCount(h, iPre, iLatch, exitIdx); ok {
		return n, true
	}
	c := h.Control
	if c.Op != ir.OpCmp || c.Block != h {
		return 0, false
	}
	ivAt := -1
	for i, a := range c.Args {
		if a.Op == ir.OpPhi && a.Block == h {
			ivAt = i
		}
	}
	if ivAt < 0 {
		return 0, false
	}
	bound, ok := c.Args[1-ivAt].Const()
	iv := c.Args[ivAt]
	if !ok || iv.Type.Kind != ir.Int {
		return 0, false
	}
	x, ok := iv.Args[iPre].Const()
	next := iv.Args[iLatch]
	if !ok || next.Op != ir.OpAdd && next.Op != ir.OpSub || len(next.Args) != 2 {
		return 0, false
	}
	stepAt := -1
	for i, a := range next.Args {
		if a == iv {
			stepAt = 1 - i
		}
	}
	if stepAt < 0 || next.Op == ir.OpSub && stepAt != 1 {
		return 0, false
	}
	step, ok := next.Args[stepAt].Const()
	if !ok {
		return 0, false
	}
	maxTrips, _ := unrollLimits(h)
	for k := 0; k <= maxTrips; k++ {
		args := make([]int64, 2)
		args[ivAt], args[1-ivAt] = x, bound
		r, ok := ir.Fold(c, args)
		if !ok {
			return 0, false
		}
		taken := 1
		if r != 0 {
			taken = 0
		}
		if taken == exitIdx {
			return k, true
		}
		sargs := make([]int64, 2)
		sargs[1-stepAt], sargs[stepAt] = x, step
		if x, ok = ir.Fold(next, sargs); !ok {
			return 0, false
		}
	}
	return 0, false
}

// indexesLocal reports whether a load or store in the loop addresses a
// local at an offset that is not a constant, and unrolling can be
// expected to keep that local out of local memory: every such access to
// it is in the loop or in other loops that unroll (counted: the copies
// make them all constants), or the loop only writes it (its stores
// become constant-offset ones, which ptxas keeps in registers, as
// nvcc's, when only a later read indexes it).
func indexesLocal(f *ir.Func, l *ir.Loop, counted map[*ir.Block]bool) bool {
	inside, outside, readInside := map[*ir.Value]bool{}, map[*ir.Value]bool{}, map[*ir.Value]bool{}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			if v.Op != ir.OpLoad && v.Op != ir.OpStore {
				continue
			}
			p, variable := localBase(v.Args[0])
			if p == nil {
				continue
			}
			if v.Op == ir.OpLoad && l.Blocks[b] {
				readInside[p] = true
			}
			if variable {
				if l.Blocks[b] {
					inside[p] = true
				} else if !counted[b] {
					outside[p] = true
				}
			}
		}
	}
	for a := range inside {
		if !outside[a] || !readInside[a] {
			return true
		}
	}
	return false
}

// localBase returns the alloca an address is computed from, and whether
// its offset is variable: through ptradd and cvta, and through a pointer
// phi of an induction (a phi of a start address and of itself plus a
// step, as strength reduction leaves a callee that is inlined after it).
// It returns nil when the address is not from one alloca.
func localBase(p *ir.Value) (*ir.Value, bool) {
	variable := false
	seen := map[*ir.Value]bool{}
	for {
		switch p.Op {
		case ir.OpPtrAdd:
			if _, ok := p.Args[1].Const(); !ok {
				variable = true
			}
			p = p.Args[0]
		case ir.OpCvta:
			p = p.Args[0]
		case ir.OpPhi:
			if seen[p] {
				return nil, false
			}
			seen[p] = true
			var start *ir.Value
			for _, a := range p.Args {
				if !stepsFrom(a, p) {
					if start != nil && start != a {
						return nil, false
					}
					start = a
				}
			}
			if start == nil {
				return nil, false
			}
			variable = true
			p = start
		case ir.OpAlloca:
			return p, variable
		default:
			return nil, false
		}
	}
}

// stepsFrom reports whether a is phi plus offsets (ptradd and cvta of it).
func stepsFrom(a, phi *ir.Value) bool {
	for a.Op == ir.OpPtrAdd || a.Op == ir.OpCvta {
		a = a.Args[0]
	}
	return a == phi
}

func hasAlloca(f *ir.Func) bool {
	for _, v := range f.Entry().Values {
		if v.Op == ir.OpAlloca {
			return true
		}
	}
	return false
}

// count counts b in bs.
func count(bs []*ir.Block, b *ir.Block) int {
	n := 0
	for _, x := range bs {
		if x == b {
			n++
		}
	}
	return n
}

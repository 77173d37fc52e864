package passes

import "github.com/ptxabi/ptxabi/ir"

// Bounds of the unrolling of loops whose trip count is known only at run
// time: the copies of the body, and the values of a body (header and
// latch) that is unrolled.
const (
	runtimeUnrollFactor    = 4
	maxRuntimeUnrollValues = 48
	// A loop of a constant trip count is unrolled fully when its copies
	// have at most this many values.
	maxFullUnrollValues = 400
)

// UnrollRuntime unrolls by four the simple counted inner loops, whose
// trip count may be known only at run time (for (k = 0; k < n; k++) acc += a[k] *
// b[k * n + j];), as nvcc does: a main loop runs the body four times per
// test of a counter (the trip count rounded down to a multiple of four),
// and the original loop then runs what is left (fewer than four times).
// The copies' loads are independent of one another's branches, which
// gives ptxas room to schedule them, and the main loop tests and branches
// once per four iterations. A loop of a constant trip count whose copies
// are small (at most 400 values) is unrolled fully instead, as nvcc does.
// A loop's #pragma unroll (Block.Unroll) decides instead, as nvcc's does:
// 1 leaves it as it is; a count unrolls it fully when the trip count is
// a constant no larger, else by the count (the values of the copies
// bounded, not the body); no count unrolls it fully when the trip count
// is a constant (up to unrollLimits' bounds), else by four.
// A function that will be inlined is left alone: its loops are unrolled
// in its callers, where the trip count may be a constant.
//
// A loop qualifies when it is a header and one latch block, its header
// (the only exit) compares an induction variable that starts at a
// constant from 0 to 2^31-1 and steps by 1 with a bound defined outside
// the loop (k < n, signed or unsigned: n - start does not overflow when
// the loop runs at all; a constant at least four more than the start),
// and its blocks make no
// calls, barriers, inline PTX or instructions with effects other than
// loads and stores, none of them of a local (Unroll's).
func UnrollRuntime(f *ir.Func) {
	if inlinable(nil, f) {
		return // unrolled where it is inlined, its trip count perhaps known
	}
	// Loops of a constant trip count, small enough: fully, as nvcc does.
	for range 16 {
		done := true
		for _, l := range ir.Dominators(f).Loops() {
			if c, ok := countLoop(f, l); ok && unrollsFully(l, c) && unrollCounted(f, l, c) {
				done = false
				break // the CFG changed
			}
		}
		if done {
			break
		}
	}
	dom := ir.Dominators(f)
	var todo []*runtimeLoop
	for _, l := range dom.Loops() {
		if r := runtimeCounted(l); r != nil {
			todo = append(todo, r)
		}
	}
	for _, r := range todo {
		unrollRuntime(f, r)
	}
	if len(todo) > 0 {
		// The copies' common parts (a row's base i*n), so that strength
		// reduction finds the copies' addresses one pointer's.
		CSE(f)
	}
}

// unrollsFully reports whether UnrollRuntime unrolls l, which countLoop
// accepted as c, fully: by its #pragma unroll, when it has one without a
// count or with a count of at least its trip count (countLoop's bounds
// are then the pragma's); without one, when it is a loop runtimeCounted
// takes and its copies are small.
func unrollsFully(l *ir.Loop, c countedLoop) bool {
	switch u := l.Header.Unroll; {
	case u == 0:
		return runtimeCounted(l) != nil && c.trips*loopValues(l) <= maxFullUnrollValues
	case u == 1:
		return false
	}
	return pragmaAllows(l.Header, c.trips)
}

// runtimeLoop is a loop UnrollRuntime unrolls: its header and latch, the
// header's predecessor index from before the loop and from the latch,
// the induction variable, its start and its bound.
type runtimeLoop struct {
	h, latch       *ir.Block
	iPre, iLatch   int
	iv, start, end *ir.Value
	factor         int64 // the copies of the body in the main loop
}

// runtimeFactor returns the factor by which UnrollRuntime unrolls the
// loop headed by h and the most values its body may have: its #pragma
// unroll's count, as nvcc unrolls by it, or four; none for #pragma
// unroll 1.
func runtimeFactor(h *ir.Block) (factor int64, maxValues int) {
	switch {
	case h.Unroll == 1:
		return 0, 0
	case h.Unroll > 1:
		return int64(h.Unroll), maxPragmaValues / int(h.Unroll)
	}
	return runtimeUnrollFactor, maxRuntimeUnrollValues
}

func runtimeCounted(l *ir.Loop) *runtimeLoop {
	r, ok := runtimeCountedOK(l)
	if !ok {
		return nil
	}
	return r
}

// loopValues counts the values of l's blocks.
func loopValues(l *ir.Loop) int {
	n := 0
	for b := range l.Blocks {
		n += len(b.Values)
	}
	return n
}

func runtimeCountedOK(l *ir.Loop) (*runtimeLoop, bool) {
	h := l.Header
	if len(l.Blocks) != 2 || len(l.Latches) != 1 || len(h.Preds) != 2 || h.Kind != ir.If {
		return nil, false
	}
	factor, maxValues := runtimeFactor(h)
	if factor < 2 {
		return nil, false
	}
	latch := l.Latches[0]
	if latch == h || latch.Kind != ir.Jump || len(latch.Preds) != 1 || h.Succs[0] != latch || h.Succs[1] == latch {
		return nil, false
	}
	r := &runtimeLoop{h: h, latch: latch, iPre: 0, iLatch: 1}
	if h.Preds[0] == latch {
		r.iPre, r.iLatch = 1, 0
	}
	if h.Preds[r.iLatch] != latch || h.Preds[r.iPre] == latch {
		return nil, false
	}
	c := h.Control
	if c.Op != ir.OpCmp || c.Block != h {
		return nil, false
	}
	iv, end := c.Args[0], c.Args[1]
	switch c.Cond() {
	case ir.Lt:
	case ir.Gt:
		iv, end = end, iv
	default:
		return nil, false
	}
	if iv.Op != ir.OpPhi || iv.Block != h || iv.Type.Kind != ir.Int || iv.Type.Bits < 32 {
		return nil, false
	}
	if end.Block != nil && l.Blocks[end.Block] {
		return nil, false
	}
	start := iv.Args[r.iPre]
	s, ok := start.Const()
	if !ok || s < 0 || s >= 1<<31 {
		return nil, false
	}
	if e, ok := end.Const(); ok && e-s < factor {
		return nil, false
	}
	next := iv.Args[r.iLatch]
	if next.Op != ir.OpAdd || next.Block == nil || !l.Blocks[next.Block] {
		return nil, false
	}
	one := false
	for i, a := range next.Args {
		if k, ok := next.Args[1-i].Const(); a == iv && ok && k == 1 {
			one = true
		}
	}
	if !one {
		return nil, false
	}
	n := 0
	for _, b := range []*ir.Block{h, latch} {
		for _, v := range b.Values {
			if v.Op == ir.OpPhi {
				continue
			}
			n++
			switch {
			case (v.Op == ir.OpLoad || v.Op == ir.OpStore) && localAccess(v):
				// Left to Unroll, which knows when unrolling keeps
				// the local out of memory.
				return nil, false
			case v.Op == ir.OpLoad || v.Op == ir.OpStore:
			case v.Op == ir.OpAlloca || v.Op == ir.OpSreg && !invariantSreg(v) || !v.IsPure():
				return nil, false
			}
		}
	}
	if n > maxValues {
		return nil, false
	}
	r.iv, r.start, r.end, r.factor = iv, start, end, factor
	return r, true
}

// unrollRuntime adds the main loop before r's loop, in the form of the
// loops the front end writes (a test at the top, a jump back):
//
//	guard:  main = start < end ? (end - start) &^ 3 : 0; jmp top
//	top:    phis of the header's and of a counter from main;
//	        br counter != 0, body4, rest
//	body4:  the header and latch four times; counter -= 4; jmp top
//	rest:   jmp header (whose phis start from top's)
func unrollRuntime(f *ir.Func, r *runtimeLoop) {
	h, latch := r.h, r.latch
	pre := h.Preds[r.iPre]
	t := r.iv.Type
	pos := h.Control.Pos
	guard, top, body, rest := f.NewBlock(), f.NewBlock(), f.NewBlock(), f.NewBlock()

	konst := func(b *ir.Block, x int64) *ir.Value {
		c := f.NewValue(ir.OpConst, t)
		c.AuxInt, c.Pos = x, pos
		return b.Append(c)
	}
	add := func(b *ir.Block, op ir.Op, t ir.Type, args ...*ir.Value) *ir.Value {
		v := f.NewValue(op, t, args...)
		v.Pos = pos
		return b.Append(v)
	}
	// The guard: main is the number of iterations the main loop runs,
	// the count rounded down to a multiple of the factor (count is not
	// negative where it is used: start >= 0).
	runs := add(guard, ir.OpCmp, ir.PredT, r.start, r.end)
	runs.Aux = ir.Lt
	count := add(guard, ir.OpSub, t, r.end, r.start)
	var rounded *ir.Value
	if r.factor&(r.factor-1) == 0 {
		mask := -r.factor
		if !t.Signed && t.Bits < 64 {
			mask = int64(uint64(1)<<t.Bits - uint64(r.factor))
		}
		rounded = add(guard, ir.OpAnd, t, count, konst(guard, mask))
	} else {
		rem := add(guard, ir.OpRem, t, count, konst(guard, r.factor))
		rounded = add(guard, ir.OpSub, t, count, rem)
	}
	main := add(guard, ir.OpSelect, t, runs, rounded, konst(guard, 0))
	guard.Kind = ir.Jump

	// The main loop's top.
	phis := h.Phis()
	vmap := map[*ir.Value]*ir.Value{}
	topPhis := make([]*ir.Value, len(phis))
	for i, p := range phis {
		tp := f.NewValue(ir.OpPhi, p.Type, p.Args[r.iPre])
		tp.Pos = p.Pos
		top.Append(tp)
		topPhis[i] = tp
		vmap[p] = tp
	}
	counter := f.NewValue(ir.OpPhi, t, main)
	counter.Pos = pos
	top.Append(counter)
	more := add(top, ir.OpCmp, ir.PredT, counter, konst(top, 0))
	more.Aux = ir.Ne
	top.Kind, top.Control = ir.If, more

	// The body, four times.
	ivBody := vmap[r.iv]
	for k := range r.factor {
		// The induction variable of copy k is the main loop's plus k,
		// not a chain of increments.
		if k > 0 {
			vmap[r.iv] = add(body, ir.OpAdd, t, ivBody, konst(body, int64(k)))
		}
		for _, b := range []*ir.Block{h, latch} {
			for _, v := range b.Values {
				if v.Op == ir.OpPhi {
					continue
				}
				c := f.NewValue(v.Op, v.Type)
				c.AuxInt, c.Aux, c.Align, c.Flags, c.Pos = v.AuxInt, v.Aux, v.Align, v.Flags, v.Pos
				c.Args = make([]*ir.Value, len(v.Args))
				for i, a := range v.Args {
					c.Args[i] = mapped(vmap, a)
				}
				vmap[v] = body.Append(c)
			}
		}
		next := map[*ir.Value]*ir.Value{}
		for _, p := range phis {
			next[p] = mapped(vmap, p.Args[r.iLatch])
		}
		for p, v := range next {
			vmap[p] = v
		}
	}
	vmap[r.iv] = add(body, ir.OpAdd, t, ivBody, konst(body, r.factor))
	left := add(body, ir.OpSub, t, counter, konst(body, r.factor))
	body.Kind = ir.Jump
	for i, p := range phis {
		topPhis[i].Args = append(topPhis[i].Args, vmap[p])
	}
	counter.Args = append(counter.Args, left)

	// The rest: the original loop, from what the main loop leaves. It
	// runs fewer than factor times: not to be unrolled again, by ptxas
	// either (nvcc marks such a loop .pragma "nounroll" too).
	for i, p := range phis {
		p.Args[r.iPre] = topPhis[i]
	}
	h.Unroll = 1
	rest.Kind = ir.Jump

	// The edges: pre -> guard -> top -> body4 | rest; body4 -> top;
	// rest -> header (in the header's place of pre).
	for i, s := range pre.Succs {
		if s == h {
			pre.Succs[i] = guard
			break
		}
	}
	guard.Preds = append(guard.Preds, pre)
	guard.Succs = append(guard.Succs, top)
	top.Preds = append(top.Preds, guard, body)
	top.Succs = append(top.Succs, body, rest)
	body.Preds = append(body.Preds, top)
	body.Succs = append(body.Succs, top)
	rest.Preds = append(rest.Preds, top)
	rest.Succs = append(rest.Succs, h)
	h.Preds[r.iPre] = rest

	// Lay the new blocks out before the header.
	out := make([]*ir.Block, 0, len(f.Blocks))
	for _, b := range f.Blocks {
		if b == guard || b == top || b == body || b == rest {
			continue
		}
		if b == h {
			out = append(out, guard, top, body, rest)
		}
		out = append(out, b)
	}
	f.Blocks = out
}

// localAccess reports whether load or store v addresses a local.
func localAccess(v *ir.Value) bool {
	p, _ := localBase(v.Args[0])
	return p != nil || v.Args[0].Type.Space == ir.Local
}

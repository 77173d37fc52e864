package passes

import "github.com/ptxabi/ptxabi/ir"

// UnrollAgain is Unroll for the loops whose bounds SROA and mem2reg
// found after the first (a range-for over a struct's begin() and end()):
// constants folded first, in functions that still have locals.
func UnrollAgain(f *ir.Func) {
	if hasAlloca(f) {
		SCCP(f)
		Unroll(f)
	}
}

// ptrTripCount is tripCount for a loop over an array by pointer, as a
// range-based for writes it (for (p = a; p != a + n; ++p)): the header
// compares a pointer phi, which starts at an address and steps by a
// constant, with an address a constant away from the same base (either
// side perhaps converted to an integer of its width). The offsets from
// the base are run through the comparison.
func ptrTripCount(h *ir.Block, iPre, iLatch, exitIdx int) (int, bool) {
	c := h.Control
	if c == nil || c.Op != ir.OpCmp || c.Block != h {
		return 0, false
	}
	ivAt := -1
	for i, a := range c.Args {
		if a = sameBits(a); a.Op == ir.OpPhi && a.Block == h && a.Type.Kind == ir.Ptr {
			ivAt = i
		}
	}
	if ivAt < 0 {
		return 0, false
	}
	iv := sameBits(c.Args[ivAt])
	base, x := constOffset(iv.Args[iPre])
	bBase, bound := constOffset(c.Args[1-ivAt])
	from, step := constOffset(iv.Args[iLatch])
	if base != bBase || from != iv || step == 0 {
		return 0, false
	}
	maxTrips, _ := unrollLimits(h)
	for k := 0; k <= maxTrips; k++ {
		l, r := x, bound
		if ivAt == 1 {
			l, r = r, l
		}
		var holds bool
		switch c.Cond() {
		case ir.Eq:
			holds = l == r
		case ir.Ne:
			holds = l != r
		case ir.Lt:
			holds = l < r
		case ir.Le:
			holds = l <= r
		case ir.Gt:
			holds = l > r
		case ir.Ge:
			holds = l >= r
		}
		taken := 1
		if holds {
			taken = 0
		}
		if taken == exitIdx {
			return k, true
		}
		x += step
	}
	return 0, false
}

// sameBits strips the conversions between a pointer and an integer of its
// width, which keep the bits.
func sameBits(v *ir.Value) *ir.Value {
	for v.Op == ir.OpConv && v.Type.Bits == v.Args[0].Type.Bits &&
		(v.Type.Kind == ir.Ptr || v.Type.Kind == ir.Int) && (v.Args[0].Type.Kind == ir.Ptr || v.Args[0].Type.Kind == ir.Int) {
		v = v.Args[0]
	}
	return v
}

// constOffset returns the value v is a constant number of bytes from
// (through ptradds of constants and same-width conversions), and that
// number.
func constOffset(v *ir.Value) (*ir.Value, int64) {
	var off int64
	for {
		v = sameBits(v)
		if v.Op != ir.OpPtrAdd {
			return v, off
		}
		k, ok := v.Args[1].Const()
		if !ok {
			return v, off
		}
		off += k
		v = v.Args[0]
	}
}

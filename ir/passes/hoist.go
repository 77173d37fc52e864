package passes

import "github.com/ptxabi/ptxabi/ir"

// HoistCommon merges what both arms of an if-else compute alike (if (c)
// n = n * 3 + 1; else n = 3 * n + 1;), as nvcc does: a pure value of the
// first arm that the second arm computes too, from the same arguments
// (or from values merged before it; in either order when commutative), is
// moved to the block that branches, and the second arm's copy goes. When
// both arms are left empty and the block they join has the same value
// from each, the branch goes too: the condition, and what only it used,
// is then dead.
func HoistCommon(f *ir.Func) {
	changed := false
	// A copy: a branch removed removes an arm from f.Blocks.
	for _, d := range append([]*ir.Block(nil), f.Blocks...) {
		if d.Kind != ir.If || len(d.Succs) != 2 {
			continue
		}
		t, e := d.Succs[0], d.Succs[1]
		if t == e || len(t.Preds) != 1 || len(e.Preds) != 1 || t.Kind != ir.Jump || e.Kind != ir.Jump ||
			t.Succs[0] != e.Succs[0] || len(t.Phis()) > 0 || len(e.Phis()) > 0 {
			continue
		}
		if hoistArms(f, d, t, e) {
			changed = true
		}
	}
	if changed {
		DCE(f)
		SimplifyCFG(f) // the empty blocks of a branch removed
	}
}

// hoistArms moves the values arms t and e of d share to d, and removes
// the branch when nothing is left in them.
func hoistArms(f *ir.Func, d, t, e *ir.Block) bool {
	same := map[*ir.Value]*ir.Value{} // e's value -> t's
	eq := func(a, b *ir.Value) bool { return a == b || same[b] == a }
	moved := map[*ir.Value]bool{}
	for _, v := range t.Values {
		if !v.IsPure() || v.Op == ir.OpPhi || v.Op == ir.OpPack || v.Op == ir.OpExtract {
			continue // packs and extracts belong with their calls
		}
		// Its arguments must be available in d: from outside t, or
		// moved already.
		ok := true
		for _, a := range v.Args {
			if a.Block == t && !moved[a] {
				ok = false
			}
		}
		if !ok {
			continue
		}
		for _, w := range e.Values {
			if same[w] != nil || w.Op != v.Op || w.Type != v.Type || w.AuxInt != v.AuxInt || w.Aux != v.Aux ||
				w.Flags != v.Flags || len(w.Args) != len(v.Args) || !w.IsPure() {
				continue
			}
			match := true
			for i := range v.Args {
				match = match && eq(v.Args[i], w.Args[i])
			}
			if !match && len(v.Args) == 2 && v.Op.IsCommutative() {
				match = eq(v.Args[0], w.Args[1]) && eq(v.Args[1], w.Args[0])
			}
			if match {
				same[w] = v
				moved[v] = true
				break
			}
		}
	}
	if len(moved) == 0 {
		return false
	}
	for _, v := range t.Values {
		if moved[v] {
			d.Append(v)
		}
	}
	t.RemoveValues(func(v *ir.Value) bool { return moved[v] })
	e.RemoveValues(func(v *ir.Value) bool { return same[v] != nil })
	for w, v := range same {
		f.ReplaceUses(w, v)
	}
	// Both arms empty and joining with equal values: no branch.
	j := t.Succs[0]
	if len(t.Values) > 0 || len(e.Values) > 0 {
		return true
	}
	ti, ei := j.PredIndex(t), j.PredIndex(e)
	for _, phi := range j.Phis() {
		if phi.Args[ti] != phi.Args[ei] {
			return true
		}
	}
	d.RemoveEdge(1)
	d.Kind, d.Control = ir.Jump, nil
	e.RemoveEdge(0)
	f.RemoveUnreachable()
	return true
}

// maxSpeculated bounds the values IfConvert moves out of an arm.
const maxSpeculated = 4

// IfConvert turns a small if-else (or if) whose arms only compute values
// into selects, as nvcc does: the arms' values are computed before the
// branch, and each phi of the block they join becomes a select on the
// condition. An arm may hold up to four pure values, no division or
// remainder (which are slow, and the other arm would not run them); the
// joining block must have no other predecessor.
func IfConvert(f *ir.Func) {
	changed := false
	for _, d := range append([]*ir.Block(nil), f.Blocks...) {
		if d.Kind != ir.If || len(d.Succs) != 2 || d.Succs[0] == d.Succs[1] {
			continue
		}
		t, e := d.Succs[0], d.Succs[1]
		var j *ir.Block
		switch {
		case speculable(t, d) && speculable(e, d) && t.Succs[0] == e.Succs[0]:
			j = t.Succs[0] // if-else
		case speculable(t, d) && t.Succs[0] == e:
			j, e = e, d // if: d -> t -> j, d -> j
		case speculable(e, d) && e.Succs[0] == t:
			j, t = t, d
		default:
			continue
		}
		if len(j.Preds) != 2 || j == d {
			continue
		}
		ti, ei := j.PredIndex(t), j.PredIndex(e)
		if ti < 0 || ei < 0 || !selectable(j, ti, ei) {
			continue
		}
		for _, arm := range []*ir.Block{t, e} {
			if arm == d {
				continue
			}
			for _, v := range arm.Values {
				d.Append(v)
			}
			arm.Values = arm.Values[:0]
		}
		for _, phi := range j.Phis() {
			if phi.Args[ti] == phi.Args[ei] {
				continue
			}
			s := f.NewValue(ir.OpSelect, phi.Type, d.Control, phi.Args[ti], phi.Args[ei])
			s.Pos = phi.Pos
			d.Append(s)
			phi.Args[ti], phi.Args[ei] = s, s
		}
		// d jumps to j through t (or directly, for an if); the other way
		// goes.
		if t == d {
			// d -> j (Succs[0]) and d -> e -> j: keep the direct edge.
			d.RemoveEdge(1)
		} else {
			d.RemoveEdge(1)
			if e != d {
				e.RemoveEdge(0)
			}
		}
		d.Kind, d.Control = ir.Jump, nil
		f.RemoveUnreachable()
		changed = true
	}
	if changed {
		SimplifyCFG(f)
	}
}

// speculable reports whether arm b, reached only from d, only computes
// a few pure values (no division) and jumps on.
func speculable(b, d *ir.Block) bool {
	if len(b.Preds) != 1 || b.Preds[0] != d || b.Kind != ir.Jump || len(b.Values) > maxSpeculated {
		return false
	}
	for _, v := range b.Values {
		switch {
		case !v.IsPure(), v.Op == ir.OpPhi, v.Op == ir.OpPack, v.Op == ir.OpExtract:
			return false
		case v.Op == ir.OpDiv, v.Op == ir.OpRem, v.Op == ir.OpSqrt, v.Op == ir.OpRsqrt:
			return false
		}
	}
	return true
}

// selectable reports whether the phis of j that differ between
// predecessors ti and ei are of types a select takes (not predicates,
// which selp does not).
func selectable(j *ir.Block, ti, ei int) bool {
	for _, phi := range j.Phis() {
		if phi.Args[ti] != phi.Args[ei] && (phi.Type.Kind == ir.Pred || phi.Type.Kind == ir.Agg) {
			return false
		}
	}
	return true
}

package passes

import "github.com/ptxabi/ptxabi/ir"

// DCE removes unreachable blocks and the values nothing needs: live are
// the stores, calls, barriers, volatile loads, inline PTX and intrinsics
// with effects, the blocks' controls, and
// the arguments of live values; the rest goes (dead phis in loops
// included, as the marking starts from the roots).
func DCE(f *ir.Func) {
	f.RemoveUnreachable()
	live := make([]bool, f.NumValues())
	var work []*ir.Value
	mark := func(v *ir.Value) {
		if !live[v.ID] {
			live[v.ID] = true
			work = append(work, v)
		}
	}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			switch {
			case v.Op == ir.OpStore, v.Op == ir.OpCall, v.Op == ir.OpICall, v.Op == ir.OpBarrier,
				v.Op == ir.OpLoad && v.Flags&ir.Volatile != 0, v.Op == ir.OpIntrinsic && !v.IsPure(), v.Op == ir.OpAsm:
				mark(v)
			}
		}
		if b.Control != nil {
			mark(b.Control)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, a := range v.Args {
			mark(a)
		}
	}
	f.RemoveValues(func(v *ir.Value) bool { return !live[v.ID] })
}

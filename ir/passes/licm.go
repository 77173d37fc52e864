package passes

import "github.com/ptxabi/ptxabi/ir"

// LICM is loop-invariant code motion: a pure value in a loop whose
// arguments are all defined outside it (or are themselves invariant) is
// computed once, in the loop's preheader (made if needed), inner loops
// first so that an invariant rises as far as it can. Loads stay: the loop
// body might not run, and a load hoisted out of it could fault.
func LICM(f *ir.Func) {
	for {
		dom := ir.Dominators(f)
		moved := false
		for _, l := range dom.Loops() {
			if hoist(f, dom, l) {
				moved = true
				break // the CFG may have changed; start again
			}
		}
		if !moved {
			return
		}
	}
}

// hoist moves l's invariants to its preheader and reports whether it
// changed anything.
func hoist(f *ir.Func, dom *ir.Dom, l *ir.Loop) bool {
	var inv []*ir.Value
	isInv := map[*ir.Value]bool{}
	for changed := true; changed; {
		changed = false
		for _, b := range dom.RPO {
			if !l.Blocks[b] {
				continue
			}
			for _, v := range b.Values {
				if isInv[v] || v.Op == ir.OpPhi || !(v.IsPure() || invariantSreg(v)) {
					continue
				}
				ok := true
				for _, a := range v.Args {
					if definedIn(l, a) && !isInv[a] {
						ok = false
						break
					}
				}
				if ok {
					isInv[v] = true
					inv = append(inv, v)
					changed = true
				}
			}
		}
	}
	if len(inv) == 0 {
		return false
	}
	ph := preheader(f, l)
	if ph == nil {
		return false
	}
	f.RemoveValues(func(v *ir.Value) bool { return isInv[v] })
	for _, v := range inv {
		ph.Append(v)
	}
	return true
}

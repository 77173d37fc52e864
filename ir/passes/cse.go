package passes

import (
	"fmt"
	"strings"

	"github.com/ptxabi/ptxabi/ir"
)

// CSE is common subexpression elimination over the dominator tree (a
// scoped form of global value numbering): a pure value equal to one that
// dominates it — same operation, type, auxiliary fields and arguments
// (in either order when commutative) — is replaced by it. Constants are
// merged the same way. Phis are merged only within their block.
func CSE(f *ir.Func) {
	dom := ir.Dominators(f)
	avail := map[string]*ir.Value{}
	repl := map[*ir.Value]*ir.Value{}
	find := func(v *ir.Value) *ir.Value {
		for {
			r, ok := repl[v]
			if !ok {
				return v
			}
			v = r
		}
	}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		var added []string
		for _, v := range b.Values {
			for i, a := range v.Args {
				v.Args[i] = find(a)
			}
			if !(v.Op.IsPure() || invariantSreg(v)) || v.Op == ir.OpParam {
				continue
			}
			k := key(v)
			if w, ok := avail[k]; ok {
				repl[v] = w
				continue
			}
			avail[k] = v
			added = append(added, k)
		}
		if b.Control != nil {
			b.Control = find(b.Control)
		}
		for _, c := range dom.Children(b) {
			walk(c)
		}
		for _, k := range added {
			delete(avail, k)
		}
	}
	walk(f.Entry())
	// Phis may use values defined later in the walk (loops).
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for i, a := range v.Args {
				v.Args[i] = find(a)
			}
		}
		if b.Control != nil {
			b.Control = find(b.Control)
		}
	}
	f.RemoveValues(func(v *ir.Value) bool { _, gone := repl[v]; return gone })
}

// key is what makes two pure values equal.
func key(v *ir.Value) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s %d %v %d %d", v.Op, v.Type, v.AuxInt, v.Aux, v.Align, v.Flags)
	ids := make([]int, len(v.Args))
	for i, a := range v.Args {
		ids[i] = a.ID
	}
	if v.Op.IsCommutative() && ids[0] > ids[1] {
		ids[0], ids[1] = ids[1], ids[0]
	}
	for _, id := range ids {
		fmt.Fprintf(&b, " %d", id)
	}
	if v.Op == ir.OpPhi {
		fmt.Fprintf(&b, " in%d", v.Block.ID)
	}
	return b.String()
}

// invariantSreg reports a special register that does not change while a
// thread runs (all but the clocks).
func invariantSreg(v *ir.Value) bool {
	name, _ := v.Aux.(string)
	return v.Op == ir.OpSreg && !strings.HasPrefix(name, "clock")
}

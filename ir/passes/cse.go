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
	// The keys available at a block are those its dominators added: one
	// stack for the walk, each block's keys above its mark.
	candidates := 0
	for _, b := range f.Blocks {
		candidates += len(b.Values)
	}
	avail := make(map[cseKey]*ir.Value, candidates)
	var added []cseKey
	repl := make([]*ir.Value, f.NumValues()) // by ID: the value that replaces it
	replaced := false
	find := func(v *ir.Value) *ir.Value {
		for repl[v.ID] != nil {
			v = repl[v.ID]
		}
		return v
	}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		mark := len(added)
		for _, v := range b.Values {
			for i, a := range v.Args {
				v.Args[i] = find(a)
			}
			if !(v.IsPure() || invariantSreg(v)) || v.Op == ir.OpParam {
				continue
			}
			k := key(v)
			if w, ok := avail[k]; ok {
				repl[v.ID] = w
				replaced = true
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
		for _, k := range added[mark:] {
			delete(avail, k)
		}
		added = added[:mark]
	}
	walk(f.Entry())
	if !replaced {
		return
	}
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
	f.RemoveValues(func(v *ir.Value) bool { return repl[v.ID] != nil })
}

// cseKey is what makes two pure values equal: operation, type, auxiliary
// fields and arguments (sorted when commutative); a phi's block; more
// than three arguments (a phi's) as text.
type cseKey struct {
	op         ir.Op
	typ        ir.Type
	auxInt     int64
	aux        any
	align      int64
	flags      ir.MemFlags
	a0, a1, a2 int
	block      int
	more       string
}

func key(v *ir.Value) cseKey {
	k := cseKey{op: v.Op, typ: v.Type, auxInt: v.AuxInt, aux: v.Aux, align: v.Align, flags: v.Flags, a0: -1, a1: -1, a2: -1, block: -1}
	if in, ok := v.Aux.(*ir.Intrinsic); ok {
		k.aux = *in // equal by name, not by pointer
	}
	if len(v.Args) <= 3 && v.Op != ir.OpPhi {
		// The common case, without allocating.
		ids := [3]int{-1, -1, -1}
		for i, a := range v.Args {
			ids[i] = a.ID
		}
		if v.Op.IsCommutative() && ids[0] > ids[1] {
			ids[0], ids[1] = ids[1], ids[0]
		}
		k.a0, k.a1, k.a2 = ids[0], ids[1], ids[2]
		return k
	}
	ids := make([]int, len(v.Args))
	for i, a := range v.Args {
		ids[i] = a.ID
	}
	if v.Op.IsCommutative() && ids[0] > ids[1] {
		ids[0], ids[1] = ids[1], ids[0]
	}
	if len(ids) > 3 {
		k.more = fmt.Sprint(ids)
	} else {
		for i, id := range ids {
			*[]*int{&k.a0, &k.a1, &k.a2}[i] = id
		}
	}
	if v.Op == ir.OpPhi {
		k.block = v.Block.ID
		k.more = fmt.Sprint(ids)
	}
	return k
}

// invariantSreg reports a special register that does not change while a
// thread runs (all but the clocks).
func invariantSreg(v *ir.Value) bool {
	name, _ := v.Aux.(string)
	return v.Op == ir.OpSreg && !strings.HasPrefix(name, "clock")
}

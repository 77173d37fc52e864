package passes

import (
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ir"
)

// CSE is common subexpression elimination over the dominator tree (a
// scoped form of global value numbering): a pure value equal to one that
// dominates it — same operation, type, auxiliary fields and arguments
// (in either order when commutative) — is replaced by it. Constants are
// merged the same way. Phis are merged only within their block.
func CSE(f *ir.Func) {
	dom := ir.Dominators(f)
	candidates := 0
	for _, b := range f.Blocks {
		candidates += len(b.Values)
	}
	// The values available at a block are those its dominators added:
	// a hash table whose entries are undone in the reverse order of
	// their insertion when the walk leaves the block that added them.
	t := cseTables.Get().(*cseTable)
	t.reset(candidates)
	added := t.added[:0]                     // slots, in order of insertion
	repl := ir.Zeroed(t.repl, f.NumValues()) // by ID: the value that replaces it
	t.repl = repl
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
			if w, slot := t.lookup(v); w != nil {
				repl[v.ID] = w
				replaced = true
			} else {
				t.vals[slot], t.hashes[slot] = v, t.h
				added = append(added, slot)
			}
		}
		if b.Control != nil {
			b.Control = find(b.Control)
		}
		for _, c := range dom.Children(b) {
			walk(c)
		}
		for i := len(added) - 1; i >= mark; i-- {
			t.vals[added[i]] = nil
		}
		added = added[:mark]
	}
	walk(f.Entry())
	t.added = added
	// t goes back empty, its entries undone (not after a panic: then it
	// is dropped); repl with it, once read.
	if !replaced {
		cseTables.Put(t)
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
	cseTables.Put(t)
}

// cseTable is an open-addressing hash table (linear probing) of values
// by what makes two pure values equal (sameCSE): operation, type,
// auxiliary fields and arguments (in either order when commutative); a
// phi's block. Entries are removed only in the reverse order of their
// insertion, which leaves the table as it was before them.
type cseTable struct {
	vals   []*ir.Value
	hashes []uint64
	mask   int
	h      uint64 // the hash of the last lookup
	// added and repl are CSE's, kept with the table.
	added []int
	repl  []*ir.Value
}

// cseTables keep the memory of CSE's tables from one run to the next
// (it runs twice on every function). A table is put back empty: the
// walk removes every entry it adds.
var cseTables = sync.Pool{New: func() any { return &cseTable{} }}

// reset sizes t for n values: empty, twice that, a power of two.
func (t *cseTable) reset(n int) {
	size := 8
	for size < 2*n {
		size *= 2
	}
	if cap(t.vals) < size {
		t.vals, t.hashes = make([]*ir.Value, size), make([]uint64, size)
	}
	t.vals, t.hashes, t.mask = t.vals[:size], t.hashes[:size], size-1
}

// lookup returns the value in t equal to v, or nil and the free slot
// where v goes.
func (t *cseTable) lookup(v *ir.Value) (*ir.Value, int) {
	h := cseHash(v)
	t.h = h
	for i := int(h) & t.mask; ; i = (i + 1) & t.mask {
		w := t.vals[i]
		if w == nil {
			return nil, i
		}
		if t.hashes[i] == h && sameCSE(v, w) {
			return w, i
		}
	}
}

// cseArgs returns v's argument IDs as CSE compares them: the first two
// swapped into order when the operation is commutative.
func cseArgs(v *ir.Value, i int) int {
	if v.Op.IsCommutative() && len(v.Args) >= 2 && i < 2 {
		a, b := v.Args[0].ID, v.Args[1].ID
		if a > b {
			a, b = b, a
		}
		if i == 0 {
			return a
		}
		return b
	}
	return v.Args[i].ID
}

func cseHash(v *ir.Value) uint64 {
	h := uint64(v.Op)*0x9e3779b97f4a7c15 ^ uint64(v.Type.Kind)<<8 ^ uint64(v.Type.Bits)<<16 ^ uint64(v.Type.Space)<<24
	mix := func(x uint64) {
		h ^= x
		h *= 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	mix(uint64(v.AuxInt))
	mix(uint64(v.Type.Size) ^ uint64(v.Align)<<20 ^ uint64(v.Flags)<<40)
	switch a := v.Aux.(type) {
	case string:
		mix(stringHash(a))
	case *ir.Intrinsic:
		mix(stringHash(a.Name))
	case ir.Cond:
		mix(uint64(a) + 1)
	}
	mix(uint64(len(v.Args)))
	for i := range v.Args {
		mix(uint64(cseArgs(v, i)))
	}
	return h
}

func stringHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// sameCSE reports whether pure values v and w compute the same thing.
func sameCSE(v, w *ir.Value) bool {
	if v.Op != w.Op || v.Type != w.Type || v.AuxInt != w.AuxInt || v.Align != w.Align || v.Flags != w.Flags ||
		len(v.Args) != len(w.Args) {
		return false
	}
	if v.Op == ir.OpPhi && v.Block != w.Block {
		return false
	}
	if vi, ok := v.Aux.(*ir.Intrinsic); ok {
		wi, ok := w.Aux.(*ir.Intrinsic)
		if !ok || *vi != *wi {
			return false
		}
	} else if _, ok := w.Aux.(*ir.Intrinsic); ok || v.Aux != w.Aux {
		return false
	}
	for i := range v.Args {
		if cseArgs(v, i) != cseArgs(w, i) {
			return false
		}
	}
	return true
}

// invariantSreg reports a special register that does not change while a
// thread runs (all but the clocks).
func invariantSreg(v *ir.Value) bool {
	name, _ := v.Aux.(string)
	return v.Op == ir.OpSreg && !strings.HasPrefix(name, "clock")
}

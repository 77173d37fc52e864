package passes

import (
	"sort"

	"github.com/ptxabi/ptxabi/ir"
)

// SROA is scalar replacement of aggregates: an alloca that is only loaded
// and stored at constant offsets (directly or through ptradds of a
// constant), each offset with one type and no two accesses overlapping,
// is split into one alloca per offset, which mem2reg then promotes. A
// struct or array local whose address never escapes so lives in
// registers instead of local memory.
func SROA(f *ir.Func) {
	var allocas []*ir.Value
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			if v.Op == ir.OpAlloca {
				allocas = append(allocas, v)
			}
		}
	}
	if len(allocas) == 0 {
		return
	}
	uses := usesOfSome(f, true) // the allocas and the pointers derived from them
	dead := map[*ir.Value]bool{}
	{
		for _, a := range allocas {
			// The pointers derived from a (ptradds of constants, cvtas
			// to generic) and their offsets; every use of one must be a
			// load or store through it or another derived pointer.
			offs := map[*ir.Value]int64{a: 0}
			var mems []*ir.Value // loads and stores through them
			ok := true
			work := []*ir.Value{a}
			for len(work) > 0 && ok {
				p := work[len(work)-1]
				work = work[:len(work)-1]
				for _, u := range uses.of(p) {
					if u == nil {
						ok = false
						break
					}
					switch {
					case (u.Op == ir.OpLoad || u.Op == ir.OpStore && u.Args[1] != p) && u.Args[0] == p && u.Flags&ir.Volatile == 0:
						mems = append(mems, u)
					case u.Op == ir.OpPtrAdd && u.Args[0] == p:
						c, isConst := u.Args[1].Const()
						if !isConst {
							ok = false
							break
						}
						offs[u] = offs[p] + c
						work = append(work, u)
					case u.Op == ir.OpCvta && u.Type.Space == ir.Generic:
						offs[u] = offs[p]
						work = append(work, u)
					default:
						ok = false
					}
					if !ok {
						break
					}
				}
			}
			if !ok || len(mems) == 0 {
				continue
			}
			types := map[int64]ir.Type{}
			for _, m := range mems {
				off := offs[m.Args[0]]
				t := m.Type
				if m.Op == ir.OpStore {
					t = m.Args[1].Type
				}
				if old, seen := types[off]; seen && old != t || off < 0 || off+t.Bytes() > a.AuxInt {
					ok = false
					break
				}
				types[off] = t
			}
			direct := true
			for _, m := range mems {
				direct = direct && m.Args[0] == a
			}
			if !ok || direct && len(types) < 2 && types[0].Bytes() == a.AuxInt {
				continue // one scalar already: mem2reg's
			}
			var keys []int64
			for o := range types {
				keys = append(keys, o)
			}
			sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
			for i := 1; i < len(keys); i++ {
				if keys[i-1]+types[keys[i-1]].Bytes() > keys[i] {
					ok = false
				}
			}
			if !ok {
				continue
			}
			parts := map[int64]*ir.Value{}
			for _, o := range keys {
				t := types[o]
				p := f.NewValue(ir.OpAlloca, a.Type)
				p.AuxInt, p.Align, p.Pos = t.Bytes(), t.Bytes(), a.Pos
				parts[o] = p
			}
			entry := f.Entry()
			i := 0
			for i < len(entry.Values) && entry.Values[i].Op == ir.OpAlloca {
				i++
			}
			for k := len(keys) - 1; k >= 0; k-- {
				entry.Insert(i, parts[keys[k]])
			}
			for _, m := range mems {
				m.Args[0] = parts[offs[m.Args[0]]]
				m.Align = m.Args[0].Align
			}
			dead[a] = true
			for p := range offs {
				dead[p] = true
			}
		}
	}
	if len(dead) > 0 {
		f.RemoveValues(func(v *ir.Value) bool { return dead[v] })
	}
}

// useLists are the values that use each value (nil for a block's
// control), by value ID, in one array (compressed rows).
type useLists struct {
	start []int32 // by value ID; the uses of ID i are all[start[i]:start[i+1]]
	all   []*ir.Value
}

// of returns the uses of v (none for a value made after the lists).
func (u *useLists) of(v *ir.Value) []*ir.Value {
	if v.ID+1 >= len(u.start) {
		return nil
	}
	return u.all[u.start[v.ID]:u.start[v.ID+1]]
}

// usesOf returns the uses of f's values.
func usesOf(f *ir.Func) *useLists { return usesOfSome(f, false) }

// usesOfSome returns the uses of f's values, or, with ptrsOnly, of its
// pointers (the others have none in the lists).
func usesOfSome(f *ir.Func, ptrsOnly bool) *useLists {
	n := f.NumValues()
	start := make([]int32, n+1)
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for _, a := range v.Args {
				if !ptrsOnly || a.Type.Kind == ir.Ptr {
					start[a.ID+1]++
				}
			}
		}
		if c := b.Control; c != nil && (!ptrsOnly || c.Type.Kind == ir.Ptr) {
			start[c.ID+1]++
		}
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	all := make([]*ir.Value, start[n])
	next := make([]int32, n)
	copy(next, start[:n])
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for _, a := range v.Args {
				if !ptrsOnly || a.Type.Kind == ir.Ptr {
					all[next[a.ID]] = v
					next[a.ID]++
				}
			}
		}
		if c := b.Control; c != nil && (!ptrsOnly || c.Type.Kind == ir.Ptr) {
			next[c.ID]++ // nil: the control
		}
	}
	return &useLists{start: start, all: all}
}

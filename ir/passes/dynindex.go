package passes

import "github.com/ptxabi/ptxabi/ir"

// maxDynIndexElems is the most elements a local array may have for
// DynIndex to read it at a variable index with selects.
const maxDynIndexElems = 8

// DynIndex rewrites a load of a small local array at a variable index
// (a[t % 6]) as a load of every element and a chain of selects on the
// offset, as nvcc does for such arrays, when every other access to the
// array is a load or store of one element type at a constant offset. The
// array's accesses are then all at constant offsets, and SROA and mem2reg
// keep it in registers instead of local memory. Volatile accesses, other
// uses of the array's address and arrays of more than maxDynIndexElems
// elements are left alone.
func DynIndex(f *ir.Func) {
	if !hasAlloca(f) {
		return
	}
	type access struct {
		v      *ir.Value // the load or store
		off    *ir.Value // the variable offset, or nil
		offset int64     // the constant one
	}
	changed := false
	accs := map[*ir.Value][]access{}
	bad := map[*ir.Value]bool{}
	// base returns the alloca an address is, or is a ptradd of.
	base := func(p *ir.Value) (a, off *ir.Value, c int64) {
		if p.Op == ir.OpAlloca {
			return p, nil, 0
		}
		if p.Op == ir.OpPtrAdd && p.Args[0].Op == ir.OpAlloca {
			if k, ok := p.Args[1].Const(); ok {
				return p.Args[0], nil, k
			}
			return p.Args[0], p.Args[1], 0
		}
		return nil, nil, 0
	}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for i, x := range v.Args {
				a, off, c := base(x)
				if a == nil {
					continue
				}
				switch {
				case v.Op == ir.OpLoad && i == 0 && v.Flags == 0,
					v.Op == ir.OpStore && i == 0 && v.Flags == 0 && off == nil:
					accs[a] = append(accs[a], access{v, off, c})
				case v.Op == ir.OpPtrAdd && i == 0 && x == a:
					// An address, checked where it is used.
				default:
					bad[a] = true
				}
			}
			if c := b.Control; c != nil {
				if a, _, _ := base(c); a != nil {
					bad[a] = true
				}
			}
		}
	}
	for _, a := range f.Entry().Values {
		list := accs[a]
		if a.Op != ir.OpAlloca || bad[a] || len(list) == 0 {
			continue
		}
		var t ir.Type
		var vars []access
		ok := true
		for i, x := range list {
			xt := x.v.Type
			if x.v.Op == ir.OpStore {
				xt = x.v.Args[1].Type
			}
			if i == 0 {
				t = xt
			}
			if xt != t || t.Bytes() == 0 {
				ok = false
				break
			}
			if x.off != nil {
				vars = append(vars, x)
			} else if x.offset%int64(t.Bytes()) != 0 {
				ok = false
				break
			}
		}
		size := int64(t.Bytes())
		if !ok || len(vars) == 0 || size == 0 || a.AuxInt%size != 0 || a.AuxInt/size > maxDynIndexElems {
			continue
		}
		n := a.AuxInt / size
		for _, x := range vars {
			ld := x.v
			b := ld.Block
			i := b.IndexOf(ld)
			var elems []*ir.Value
			var out []*ir.Value
			for k := range n {
				addr := a
				if k > 0 {
					c := f.NewValue(ir.OpConst, x.off.Type)
					c.AuxInt, c.Pos = k*size, ld.Pos
					addr = f.NewValue(ir.OpPtrAdd, a.Type, a, c)
					addr.Pos = ld.Pos
					out = append(out, c, addr)
				}
				e := f.NewValue(ir.OpLoad, t, addr)
				e.Align, e.Pos = ld.Align, ld.Pos // as good for every element
				out = append(out, e)
				elems = append(elems, e)
			}
			r := elems[n-1]
			for k := n - 2; k >= 0; k-- {
				c := f.NewValue(ir.OpConst, x.off.Type)
				c.AuxInt, c.Pos = k*size, ld.Pos
				eq := f.NewValue(ir.OpCmp, ir.PredT, x.off, c)
				eq.Aux, eq.Pos = ir.Eq, ld.Pos
				r = f.NewValue(ir.OpSelect, t, eq, elems[k], r)
				r.Pos = ld.Pos
				out = append(out, c, eq, r)
			}
			for j, v := range out {
				b.Insert(i+j, v)
			}
			f.ReplaceUses(ld, r)
			f.RemoveValues(func(v *ir.Value) bool { return v == ld })
			changed = true
		}
	}
	if changed {
		// The variable addresses are dead now; SROA must not see them.
		DCE(f)
	}
}

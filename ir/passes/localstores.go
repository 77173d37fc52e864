package passes

import "github.com/ptxabi/ptxabi/ir"

// LocalStores removes local-memory traffic that SROA cannot, for locals
// accessed at a variable offset or whose address is passed to a call:
//   - a load from a local address that a store in the same block wrote
//     last (nothing between them may write memory through another
//     address that could be that local's) reads the stored value instead
//     (a[t] = x; ... = a[t]);
//   - the stores to a local that nothing reads are removed: no load
//     through its address, which is not stored anywhere, not returned,
//     and passed only to calls of functions of the module that never
//     access memory through that parameter (as __isLocal(p) does not).
//
// nvcc keeps such locals out of local memory the same way (its store
// forwarding and dead store elimination).
func LocalStores(f *ir.Func) {
	if !hasAlloca(f) {
		return
	}
	forwardLocalStores(f)
	removeUnreadStores(f)
}

// forwardLocalStores replaces loads of a local address by the value a
// store to the same address left earlier in the block.
func forwardLocalStores(f *ir.Func) {
	type stored struct {
		addr, val, base *ir.Value
	}
	var last []stored
	var repl map[*ir.Value]*ir.Value
	for _, b := range f.Blocks {
		last = last[:0]
		for _, v := range b.Values {
			for i, a := range v.Args {
				if r, ok := repl[a]; ok {
					v.Args[i] = r
				}
			}
			switch {
			case v.Op == ir.OpLoad:
				if v.Flags&ir.Volatile != 0 {
					continue
				}
				for _, s := range last {
					if s.addr == v.Args[0] && s.val.Type == v.Type {
						if repl == nil {
							repl = map[*ir.Value]*ir.Value{}
						}
						repl[v] = s.val
						break
					}
				}
			case v.Op == ir.OpStore:
				base, _ := localBase(v.Args[0])
				if base == nil || v.Flags&ir.Volatile != 0 {
					// Through an address that may be any local's.
					last = last[:0]
					continue
				}
				out := last[:0]
				for _, s := range last {
					if s.base != base {
						out = append(out, s)
					}
				}
				last = append(out, stored{v.Args[0], v.Args[1], base})
			case v.Op == ir.OpCall || v.Op == ir.OpICall || v.Op == ir.OpAsm || v.Op == ir.OpIntrinsic && !v.IsPure():
				last = last[:0]
			}
		}
		if c, ok := repl[b.Control]; ok && b.Control != nil {
			b.Control = c
		}
	}
	if repl == nil {
		return
	}
	// Uses in earlier blocks (phis of loops) and controls.
	f.ReplaceAll(repl)
	f.RemoveValues(func(v *ir.Value) bool { _, ok := repl[v]; return ok })
}

// removeUnreadStores removes the stores to the locals nothing reads.
func removeUnreadStores(f *ir.Func) {
	uses := ir.NewUseLists(f, false)
	var dead map[*ir.Value]bool
	for _, a := range f.Entry().Values {
		if a.Op != ir.OpAlloca {
			continue
		}
		stores, _, ok := unreadStores(f, a, uses, true)
		if !ok || len(stores) == 0 {
			continue
		}
		if dead == nil {
			dead = map[*ir.Value]bool{}
		}
		for _, s := range stores {
			dead[s] = true
		}
	}
	if dead != nil {
		f.RemoveValues(func(v *ir.Value) bool { return dead[v] })
	}
}

// unreadStores follows the addresses derived from p, a value of f (by
// pure operations other than those that make a predicate, which cannot
// hold an address), and returns the stores through them; ok says whether
// nothing reads memory through them: no load, no store of the address
// itself, and calls only of functions that do not access memory through
// the parameter (memory-inert; with callsOK false, no call). returned
// says whether f may return a derived value.
func unreadStores(f *ir.Func, p *ir.Value, uses *ir.UseLists, callsOK bool) (stores []*ir.Value, returned, ok bool) {
	derived := map[*ir.Value]bool{p: true}
	work := []*ir.Value{p}
	follow := func(u *ir.Value) {
		if u.Type.Kind != ir.Pred && !derived[u] {
			derived[u] = true
			work = append(work, u)
		}
	}
	for len(work) > 0 {
		d := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range uses.Of(d) {
			switch {
			case u == nil:
				// A branch on it, or a return (once f returns, its
				// locals are gone; a caller follows the call's result).
				for _, b := range f.Blocks {
					if b.Kind == ir.Return && b.Control == d {
						returned = true
					}
				}
			case u.Op == ir.OpStore:
				if u.Args[1] == d || u.Flags&ir.Volatile != 0 {
					return nil, false, false // the address escapes into memory
				}
				if base, _ := localBase(u.Args[0]); base != p {
					// Through a phi or select that may be another
					// pointer: that store may write memory others read.
					return nil, false, false
				}
				stores = append(stores, u)
			case u.Op == ir.OpCall:
				if !callsOK {
					return nil, false, false
				}
				for i, a := range u.Args {
					if a != d {
						continue
					}
					inert, ret := memoryInert(u.Callee(), i)
					if !inert {
						return nil, false, false
					}
					if ret {
						follow(u)
					}
				}
			case u.IsPure():
				follow(u)
			default:
				return nil, false, false
			}
		}
	}
	return stores, returned, true
}

// memoryInert reports whether function g, defined in the module with its
// declared signature, never accesses memory through parameter i nor lets
// the address out but by returning it (returned).
func memoryInert(g *ir.Func, i int) (inert, returned bool) {
	if g == nil || g.IsDecl() || g.Promoted != nil || i >= len(g.Params) || g.Params[i].Type.Kind != ir.Ptr {
		return false, false
	}
	stores, returned, ok := unreadStores(g, g.Params[i], ir.NewUseLists(g, false), false)
	return ok && len(stores) == 0, returned
}

package passes

import (
	"slices"
	"sort"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
)

// maxPromoted bounds the values a promoted pointer parameter becomes.
const maxPromoted = 4

// PromoteArgs passes by value what a function only reads through a
// pointer parameter, as nvcc does for the functions no other module sees
// (a const reference to a local struct no longer makes the caller keep it
// in local memory): the parameter becomes the values loaded through it.
// It applies to a .func with internal linkage whose address is not taken
// (every call of it is a direct call in this module, lowered here), that
// writes no memory but its own locals and calls nothing, when every use
// of the parameter is a load at a constant offset, each of which the
// entry block makes (so that loading in the caller reads what the callee
// would have, and faults only where it would have). The function records
// the change in Func.Promoted; PromoteCalls rewrites its calls, in the
// callers, which the pipeline runs after their callees.
func PromoteArgs(f *ir.Func) {
	if f.Kind != abi.Func || f.Linkage != abi.Internal || f.AddressTaken || f.IsDecl() || f.Promoted != nil {
		return
	}
	if f.CType != nil && len(f.CType.Params) != len(f.Params) {
		return // a class returned through a hidden first parameter (abi step 7)
	}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			switch v.Op {
			case ir.OpCall, ir.OpICall, ir.OpAsm, ir.OpBarrier:
				return
			case ir.OpIntrinsic:
				if !v.IsPure() {
					return
				}
			case ir.OpStore:
				p := v.Args[0]
				for p.Op == ir.OpPtrAdd || p.Op == ir.OpCvta {
					p = p.Args[0]
				}
				if p.Op != ir.OpAlloca {
					return
				}
			}
		}
	}
	uses := ir.NewUseLists(f, true)
	promoted := make([][]ir.ArgLoad, len(f.Params))
	any := false
	for i, p := range f.Params {
		if f.ParamTypes[i].Kind != ir.Ptr || len(uses.Of(p)) == 0 {
			continue
		}
		acc, ok := accesses(p, uses, false)
		if !ok {
			continue
		}
		seen := map[ir.ArgLoad]bool{}
		inEntry := map[ir.ArgLoad]bool{}
		var loads []ir.ArgLoad
		for _, a := range acc {
			t := a.typ()
			if a.mem.Op != ir.OpLoad || t.Kind == ir.Pred {
				ok = false
				break
			}
			l := ir.ArgLoad{Offset: a.off, Type: t}
			if !seen[l] {
				seen[l] = true
				loads = append(loads, l)
			}
			if a.mem.Block == f.Entry() {
				inEntry[l] = true
			}
		}
		if !ok || len(loads) > maxPromoted {
			continue
		}
		for _, l := range loads {
			ok = ok && inEntry[l]
		}
		if !ok {
			continue
		}
		sort.Slice(loads, func(x, y int) bool {
			if loads[x].Offset != loads[y].Offset {
				return loads[x].Offset < loads[y].Offset
			}
			return loads[x].Type.String() < loads[y].Type.String()
		})
		// The alignment the callee's loads assumed, which the caller's
		// keep.
		for k := range loads {
			for _, a := range acc {
				if a.off == loads[k].Offset && a.typ() == loads[k].Type {
					loads[k].Align = max(loads[k].Align, a.mem.Align)
				}
			}
		}
		promoted[i] = loads
		any = true
	}
	if !any {
		return
	}
	// The new signature must differ from the old in its types, so that
	// a call's arguments say which one it was made for (PromoteCalls
	// leaves a call for the new one alone).
	var newTypes []ir.Type
	for i, t := range f.ParamTypes {
		if promoted[i] == nil {
			newTypes = append(newTypes, t)
		}
		for _, l := range promoted[i] {
			newTypes = append(newTypes, l.Type)
		}
	}
	if slices.Equal(newTypes, f.ParamTypes) {
		return
	}
	var params []*ir.Value
	var types []ir.Type
	var cparams []ctypes.Param
	repl := map[*ir.Value]*ir.Value{}
	dead := map[*ir.Value]bool{}
	for i, p := range f.Params {
		if promoted[i] == nil {
			p.AuxInt = int64(len(params))
			params = append(params, p)
			types = append(types, f.ParamTypes[i])
			if f.CType != nil {
				cparams = append(cparams, f.CType.Params[i])
			}
			continue
		}
		acc, _ := accesses(p, uses, false)
		for _, l := range promoted[i] {
			np := f.NewValue(ir.OpParam, l.Type)
			np.AuxInt = int64(len(params))
			params = append(params, np)
			types = append(types, l.Type)
			ct, err := ir.CTypeOf(l.Type)
			if err != nil {
				return // not reached: loads are of numbers and pointers
			}
			cparams = append(cparams, ctypes.Param{Type: ct})
			for _, a := range acc {
				if a.off == l.Offset && a.typ() == l.Type {
					repl[a.mem] = np
					dead[a.mem] = true
				}
			}
		}
		markDerived(p, uses, dead)
	}
	f.ReplaceAll(repl)
	f.RemoveValues(func(v *ir.Value) bool { return dead[v] })
	var ct *ctypes.Func
	if f.CType != nil {
		c := *f.CType
		c.Params = cparams
		ct = &c
	}
	f.Params = params
	f.SetSignature(types, ct)
	f.Promoted = promoted
}

// PromoteCalls rewrites the calls of functions whose pointer parameters
// PromoteArgs promoted: the argument becomes the loads through it, made
// just before the call.
func PromoteCalls(f *ir.Func) {
	for _, b := range f.Blocks {
		var out []*ir.Value // the block's values, from the first call rewritten
		changed := false
		for i, v := range b.Values {
			g := v.Callee()
			if v.Op != ir.OpCall || g == nil || g.Promoted == nil || len(v.Args) != len(g.Promoted) || argsMatch(v.Args, g.ParamTypes) {
				if changed {
					out = append(out, v)
				}
				continue
			}
			if !changed {
				out = append(make([]*ir.Value, 0, len(b.Values)+8), b.Values[:i]...)
				changed = true
			}
			var args []*ir.Value
			for i, a := range v.Args {
				if i >= len(g.Promoted) || g.Promoted[i] == nil {
					args = append(args, a)
					continue
				}
				for _, l := range g.Promoted[i] {
					addr := offsetAddr(f, a, l.Offset, func(w *ir.Value) { w.Pos = v.Pos; out = append(out, w) })
					ld := f.NewValue(ir.OpLoad, l.Type, addr)
					ld.Align, ld.Pos = l.Align, v.Pos
					out = append(out, ld)
					args = append(args, ld)
				}
			}
			v.Args = args
			out = append(out, v)
		}
		if changed {
			for _, v := range out {
				v.Block = b
			}
			b.Values = out
		}
	}
}

// markAddressTaken sets AddressTaken on the functions of m whose address
// a value or a variable's initializer takes: taken holds the names the
// values take (Run's walk of the module), to which it adds the
// initializers'.
func markAddressTaken(m *ir.Module, taken map[string]bool) {
	for _, g := range m.Globals {
		for _, r := range g.Relocs {
			taken[r.Sym] = true
		}
	}
	for _, f := range m.Funcs {
		f.AddressTaken = taken[f.Name]
	}
}

// argsMatch reports whether args have the types ts.
func argsMatch(args []*ir.Value, ts []ir.Type) bool {
	if len(args) != len(ts) {
		return false
	}
	for i, a := range args {
		if a.Type != ts[i] {
			return false
		}
	}
	return true
}

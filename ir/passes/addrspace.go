package passes

import (
	"strings"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ir"
)

// AddrSpace infers the state space generic pointers point into, so that
// loads and stores name it (ld.global rather than ld) as nvcc's do:
//
//   - a kernel's pointer parameters point into global memory: each is
//     converted once, at the entry, with cvta.to.global;
//   - a pointer converted to generic from a space (cvta.local of an
//     alloca, cvta.global of a variable's address) still points there;
//   - ptradd keeps its base's space, and a phi or select whose arguments
//     all point into one space points there too (found optimistically, so
//     loop-carried pointers are included).
//
// Each such pointer gets a twin typed with its space, and loads, stores
// and cvtas use the twin; the generic values stay for their other uses (a
// call's argument, a store of the pointer itself) and DCE removes them when
// unused. A load through a kernel parameter declared __restrict__ and
// pointing to const (flags restrict const) becomes ld.global.nc: the data
// is read-only while the kernel runs. An atomic intrinsic (atom, red)
// whose address points into global or shared memory names the space
// (atom.global.add.u32), as nvcc's do.
func AddrSpace(f *ir.Func) {
	const unknown = ir.Space(255)
	space := map[*ir.Value]ir.Space{}
	generic := func(v *ir.Value) bool { return v.Type.IsPtr() && v.Type.Space == ir.Generic }
	get := func(v *ir.Value) ir.Space {
		if !v.Type.IsPtr() {
			return ir.Generic
		}
		if !generic(v) {
			return v.Type.Space
		}
		if s, ok := space[v]; ok {
			return s
		}
		return unknown
	}
	meet := func(a, b ir.Space) ir.Space {
		switch {
		case a == unknown:
			return b
		case b == unknown, a == b:
			return a
		}
		return ir.Generic
	}
	for _, p := range f.Params {
		if generic(p) {
			space[p] = ir.Generic
			if f.Kind == abi.Entry {
				space[p] = ir.Global
			}
		}
	}
	dom := ir.Dominators(f)
	for changed := true; changed; {
		changed = false
		for _, b := range dom.RPO {
			for _, v := range b.Values {
				if !generic(v) {
					continue
				}
				s := ir.Generic
				switch v.Op {
				case ir.OpCvta, ir.OpPtrAdd:
					s = get(v.Args[0])
				case ir.OpPhi:
					s = unknown
					for _, a := range v.Args {
						if a != v {
							s = meet(s, get(a))
						}
					}
				case ir.OpSelect:
					s = meet(get(v.Args[1]), get(v.Args[2]))
				}
				if old, ok := space[v]; !ok || old != s {
					space[v] = s
					changed = true
				}
			}
		}
	}
	// The twins.
	twin := map[*ir.Value]*ir.Value{}
	entry := f.Entry()
	n := 0
	for _, p := range f.Params {
		if generic(p) && space[p] == ir.Global {
			t := f.NewValue(ir.OpCvta, p.Type.WithSpace(ir.Global), p)
			entry.Insert(n, t)
			n++
			twin[p] = t
		}
	}
	var phis []*ir.Value
	for _, b := range dom.RPO {
		for i := 0; i < len(b.Values); i++ {
			v := b.Values[i]
			if !generic(v) {
				continue
			}
			s := space[v]
			if s == ir.Generic || s == unknown {
				continue
			}
			typ := v.Type.WithSpace(s)
			var t *ir.Value
			switch v.Op {
			case ir.OpCvta:
				t = v.Args[0]
				if tw := twin[t]; tw != nil {
					t = tw
				}
			case ir.OpPtrAdd:
				if twin[v.Args[0]] != nil {
					t = f.NewValue(ir.OpPtrAdd, typ, twin[v.Args[0]], v.Args[1])
				}
			case ir.OpSelect:
				if twin[v.Args[1]] != nil && twin[v.Args[2]] != nil {
					t = f.NewValue(ir.OpSelect, typ, v.Args[0], twin[v.Args[1]], twin[v.Args[2]])
				}
			case ir.OpPhi:
				t = f.NewValue(ir.OpPhi, typ)
				phis = append(phis, v)
				b.Insert(len(b.Phis()), t)
				i++
			}
			if t == nil || t.Type.Space != s {
				continue
			}
			if t.Block == nil && t.Op != ir.OpParam {
				t.Pos = v.Pos
				b.Insert(i+1, t)
				i++
			}
			twin[v] = t
		}
	}
	for _, v := range phis {
		t := twin[v]
		t.Args = make([]*ir.Value, len(v.Args))
		for i, a := range v.Args {
			if t.Args[i] = twin[a]; t.Args[i] == nil {
				// An argument from a block the walk did not reach.
				p := v.Block.Preds[i]
				t.Args[i] = p.Append(f.NewValue(ir.OpCvta, t.Type, a))
			}
		}
	}
	// Space-aware uses take the twins.
	origin := restrictConstOrigins(f)
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			switch v.Op {
			case ir.OpLoad, ir.OpStore:
				if t := twin[v.Args[0]]; t != nil {
					v.Args[0] = t
				}
				if v.Op == ir.OpLoad && v.Args[0].Type.Space == ir.Global && v.Flags&ir.Volatile == 0 && origin[v.Args[0]] {
					v.Flags |= ir.NC
				}
			case ir.OpCvta:
				if t := twin[v.Args[0]]; t != nil && v.Type.Space != ir.Generic && t.Type == v.Type {
					f.ReplaceUses(v, t)
				}
			case ir.OpIntrinsic:
				in, _ := v.Aux.(*ir.Intrinsic)
				if in == nil || in.Addr != 1 || len(v.Args) == 0 {
					break
				}
				t := twin[v.Args[0]]
				if t == nil || t.Type.Space != ir.Global && t.Type.Space != ir.Shared {
					break
				}
				if name, ok := withSpace(in.Name, t.Type.Space); ok {
					c := *in
					c.Name = name
					v.Aux = &c
					v.Args[0] = t
				}
			}
		}
	}
	DCE(f)
}

// atomQualifiers are what may come between atom or red and the state
// space in an atomic's name: atom{.sem}{.scope}{.space}.op.type.
var atomQualifiers = map[string]bool{
	"relaxed": true, "acquire": true, "release": true, "acq_rel": true,
	"cta": true, "cluster": true, "gpu": true, "sys": true,
}

// withSpace names an atomic (atom.add.u32, red.gpu.or.b32) with its state
// space (atom.global.add.u32); ok is false for another instruction or
// one that already names a space.
func withSpace(name string, s ir.Space) (string, bool) {
	parts := strings.Split(name, ".")
	if parts[0] != "atom" && parts[0] != "red" {
		return "", false
	}
	i := 1
	for i < len(parts) && atomQualifiers[parts[i]] {
		i++
	}
	if i >= len(parts) || parts[i] == "global" || parts[i] == "shared" {
		return "", false
	}
	out := append(append(append([]string{}, parts[:i]...), s.String()), parts[i:]...)
	return strings.Join(out, "."), true
}

// restrictConstOrigins reports the pointers derived (by cvta, ptradd and
// phis of them) from a kernel parameter flagged restrict and const.
func restrictConstOrigins(f *ir.Func) map[*ir.Value]bool {
	out := map[*ir.Value]bool{}
	if f.Kind != abi.Entry {
		return out
	}
	for _, p := range f.Params {
		if p.Flags&(ir.Restrict|ir.ConstPtr) == ir.Restrict|ir.ConstPtr {
			out[p] = true
		}
	}
	if len(out) == 0 {
		return out
	}
	// Optimistic: a phi is derived when all its arguments are, assuming
	// so for those not yet known.
	seen := map[*ir.Value]bool{}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			if v.Op == ir.OpPhi && v.Type.IsPtr() {
				out[v] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks {
			for _, v := range b.Values {
				if !v.Type.IsPtr() {
					continue
				}
				d := false
				switch v.Op {
				case ir.OpCvta, ir.OpPtrAdd:
					d = out[v.Args[0]]
				case ir.OpPhi:
					d = true
					for _, a := range v.Args {
						d = d && out[a]
					}
				}
				if d != out[v] || !seen[v] {
					seen[v] = true
					if d != out[v] {
						out[v] = d
						changed = true
					}
				}
			}
		}
	}
	return out
}

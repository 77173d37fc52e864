package passes

import (
	"sort"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ir"
)

// AggCalls passes the aggregates of calls that stay calls through .param
// directly, in scalar pieces, as guide §2.3 lays them out and nvcc writes
// them: an aggregate argument (the address of its bytes) becomes a pack of
// loads of its pieces just before the call (the call sequence stores each
// with st.param), an aggregate result becomes extracts of its pieces
// (ld.param from retval0) stored into a fresh local copy, and a function
// returning an aggregate returns a pack of loads of it. The pieces are
// the object's fields as its loads and stores use them when the object is
// a local whose address goes nowhere else, so that SROA and mem2reg then
// keep it in registers; otherwise the chunks abi copies (abi.Chunks).
func AggCalls(f *ir.Func) {
	var uses *ir.UseLists
	getUses := func() *ir.UseLists {
		if uses == nil {
			uses = ir.NewUseLists(f, true)
		}
		return uses
	}
	var copies []*ir.Value // the allocas holding aggregate results
	// copyPieces are the pieces each copy holds (no load or store of it
	// is in uses).
	copyPieces := map[*ir.Value][]piece{}
	repl := map[*ir.Value]*ir.Value{}
	for _, b := range f.Blocks {
		var out []*ir.Value // the block's values, from the first call rewritten
		changed := false
		for j, v := range b.Values {
			if len(repl) > 0 {
				for i, a := range v.Args {
					if r, ok := repl[a]; ok {
						v.Args[i] = r
					}
				}
			}
			if v.Op != ir.OpCall && v.Op != ir.OpICall || !aggCall(v) {
				if changed {
					out = append(out, v)
				}
				continue
			}
			if !changed {
				out = append(make([]*ir.Value, 0, len(b.Values)+16), b.Values[:j]...)
				changed = true
			}
			put := func(x *ir.Value) { x.Pos = v.Pos; out = append(out, x) } // address arithmetic, at the call
			sig := v.Callee()
			args := v.Args
			if v.Op == ir.OpICall {
				args = args[1:]
			}
			for i, a := range args {
				t := sig.ParamTypes[i]
				if t.Kind != ir.Agg || !a.Type.IsPtr() {
					continue
				}
				pieces, ok := copyPieces[a]
				if !ok {
					pieces = piecesOf(a, t, getUses())
				}
				var vals []*ir.Value
				ps := &ir.Pieces{}
				for _, pc := range pieces {
					addr := offsetAddr(f, a, pc.off, put)
					ld := f.NewValue(ir.OpLoad, pc.t, addr)
					ld.Align, ld.Pos = pieceAlign(t.Align, pc), v.Pos
					out = append(out, ld)
					vals = append(vals, ld)
					ps.Offsets = append(ps.Offsets, pc.off)
				}
				pack := f.NewValue(ir.OpPack, t, vals...)
				pack.Aux, pack.Pos = ps, v.Pos
				out = append(out, pack)
				args[i] = pack
			}
			out = append(out, v)
			if t := sig.Result; t.Kind == ir.Agg && v.Type.IsPtr() {
				pieces := piecesOf(v, t, getUses())
				r := f.NewValue(ir.OpAlloca, v.Type)
				r.AuxInt, r.Align, r.Pos = t.Size, t.Align, v.Pos
				copies = append(copies, r)
				copyPieces[r] = pieces
				v.Type = t
				for _, pc := range pieces {
					e := f.NewValue(ir.OpExtract, pc.t, v)
					e.AuxInt, e.Pos = pc.off, v.Pos
					out = append(out, e)
					addr := offsetAddr(f, r, pc.off, put)
					st := f.NewValue(ir.OpStore, ir.VoidT, addr, e)
					st.Align, st.Pos = pieceAlign(t.Align, pc), v.Pos
					out = append(out, st)
				}
				repl[v] = r
			}
		}
		if changed {
			for _, v := range out {
				v.Block = b
			}
			b.Values = out
		}
	}
	if len(copies) > 0 {
		entry := f.Entry()
		vals := make([]*ir.Value, 0, len(entry.Values)+len(copies))
		for _, r := range copies {
			r.Block = entry
		}
		entry.Values = append(append(vals, copies...), entry.Values...)
	}
	if len(repl) > 0 {
		for _, b := range f.Blocks {
			for _, v := range b.Values {
				if v.Op == ir.OpExtract {
					continue
				}
				for i, a := range v.Args {
					if r, ok := repl[a]; ok {
						v.Args[i] = r
					}
				}
			}
			if r, ok := repl[b.Control]; ok && b.Control != nil {
				b.Control = r
			}
		}
		uses = nil
	}
	if f.Result.Kind != ir.Agg {
		return
	}
	for _, b := range f.Blocks {
		x := b.Control
		if b.Kind != ir.Return || x == nil || !x.Type.IsPtr() {
			continue
		}
		t := f.Result
		var vals []*ir.Value
		ps := &ir.Pieces{}
		pieces, ok := copyPieces[x]
		if !ok {
			pieces = piecesOf(x, t, getUses())
		}
		for _, pc := range pieces {
			addr := x
			if pc.off != 0 {
				c := b.Append(f.NewValue(ir.OpConst, ir.IntT(int(x.Type.Bits), true)))
				c.AuxInt = pc.off
				addr = b.Append(f.NewValue(ir.OpPtrAdd, x.Type, x, c))
			}
			ld := b.Append(f.NewValue(ir.OpLoad, pc.t, addr))
			ld.Align = pieceAlign(t.Align, pc)
			vals = append(vals, ld)
			ps.Offsets = append(ps.Offsets, pc.off)
		}
		pack := b.Append(f.NewValue(ir.OpPack, t, vals...))
		pack.Aux = ps
		b.Control = pack
	}
}

// piece is a scalar part of an aggregate: its offset and type.
type piece struct {
	off int64
	t   ir.Type
}

// pieceAlign is the alignment of piece pc of an aggregate aligned to
// align.
func pieceAlign(align int64, pc piece) int64 {
	a := min(align, pc.t.Bytes())
	for pc.off%a != 0 {
		a /= 2
	}
	return a
}

// aggCall reports whether AggCalls rewrites call v: an aggregate argument
// or result of it is in memory (an address).
func aggCall(v *ir.Value) bool {
	sig := v.Callee()
	args := v.Args
	if v.Op == ir.OpICall {
		args = args[1:]
	}
	for i, a := range args {
		if sig.ParamTypes[i].Kind == ir.Agg && a.Type.IsPtr() {
			return true
		}
	}
	return sig.Result.Kind == ir.Agg && v.Type.IsPtr()
}

// piecesOf chooses the pieces in which the aggregate of type t at p is
// passed: when p is (a constant offset into) a local or a call's result
// used only by loads and stores at constant offsets and by calls taking it
// by value, the distinct non-overlapping slots those loads and stores
// access within it; otherwise abi's chunks, as unsigned integers.
func piecesOf(p *ir.Value, t ir.Type, uses *ir.UseLists) []piece {
	root, base := p, int64(0)
	for root.Op == ir.OpPtrAdd {
		c, ok := root.Args[1].Const()
		if !ok {
			break
		}
		base += c
		root = root.Args[0]
	}
	if root.Op == ir.OpAlloca || root.Op == ir.OpCall || root.Op == ir.OpICall {
		// A local's bytes are those its stores write; a call's result
		// has all its bytes, which a copy of it (passed on or returned)
		// needs whole.
		if acc, ok := accesses(root, uses, root.Op == ir.OpAlloca); ok {
			if pcs, ok := slots(acc, base, t.Size); ok {
				return pcs
			}
		}
	}
	var out []piece
	for _, ch := range abi.Chunks(t.Size, t.Align) {
		out = append(out, piece{ch.Offset, ir.IntT(int(ch.Bytes*8), false)})
	}
	return out
}

// memAccess is a load or a store through a pointer derived from an object,
// at offset off into it.
type memAccess struct {
	mem *ir.Value
	off int64
}

// typ is the type the access reads or writes.
func (a memAccess) typ() ir.Type {
	if a.mem.Op == ir.OpStore {
		return a.mem.Args[1].Type
	}
	return a.mem.Type
}

// accesses returns the loads and stores through the pointers derived from
// root (constant-offset ptradds, cvtas), and false if a derived pointer is
// used otherwise: stored, compared, passed, or accessed volatile. With
// byValue, a call taking a derived pointer as an aggregate argument (a
// copy, read) and a return of one are allowed too.
func accesses(root *ir.Value, uses *ir.UseLists, byValue bool) ([]memAccess, bool) {
	offs := map[*ir.Value]int64{root: 0}
	var out []memAccess
	work := []*ir.Value{root}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range uses.Of(p) {
			switch {
			case u == nil:
				if !byValue || !returnsIt(p) {
					return nil, false
				}
			case (u.Op == ir.OpLoad || u.Op == ir.OpStore && u.Args[1] != p) && u.Args[0] == p && u.Flags&ir.Volatile == 0:
				out = append(out, memAccess{u, offs[p]})
			case u.Op == ir.OpPtrAdd && u.Args[0] == p:
				c, isConst := u.Args[1].Const()
				if !isConst {
					return nil, false
				}
				offs[u] = offs[p] + c
				work = append(work, u)
			case u.Op == ir.OpCvta && u.Type.Space == ir.Generic:
				offs[u] = offs[p]
				work = append(work, u)
			case byValue && (u.Op == ir.OpCall || u.Op == ir.OpICall) && passedByValue(u, p):
			default:
				return nil, false
			}
		}
	}
	return out, true
}

// passedByValue reports whether every argument of call u that is p is
// at an aggregate parameter (a copy of the bytes it points to).
func passedByValue(u, p *ir.Value) bool {
	args := u.Args
	if u.Op == ir.OpICall {
		if args[0] == p {
			return false
		}
		args = args[1:]
	}
	for i, a := range args {
		if a == p && u.Callee().ParamTypes[i].Kind != ir.Agg {
			return false
		}
	}
	return true
}

// returnsIt reports whether p is only the returned aggregate of the
// return blocks that use it (its other uses are values).
func returnsIt(p *ir.Value) bool {
	f := p.Block.Func
	if f.Result.Kind != ir.Agg {
		return false
	}
	for _, b := range f.Blocks {
		if b.Control == p && b.Kind != ir.Return {
			return false
		}
	}
	return true
}

// slots are the pieces of [base, base+size) that accesses acc use, when
// none straddles its edges and no two overlap unless they are at the same
// offset with the same size (the first access's type is kept).
func slots(acc []memAccess, base, size int64) ([]piece, bool) {
	var out []piece
	seen := map[int64]ir.Type{}
	for _, a := range acc {
		t := a.typ()
		lo, hi := a.off, a.off+t.Bytes()
		if hi <= base || lo >= base+size {
			continue
		}
		if lo < base || hi > base+size || t.Kind == ir.Pred {
			return nil, false
		}
		if old, ok := seen[lo-base]; ok {
			if old.Bytes() != t.Bytes() {
				return nil, false
			}
			continue
		}
		seen[lo-base] = t
		out = append(out, piece{lo - base, t})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].off < out[j].off })
	for i := 1; i < len(out); i++ {
		if out[i-1].off+out[i-1].t.Bytes() > out[i].off {
			return nil, false
		}
	}
	return out, true
}

package passes

import (
	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ir"
)

// TailRec turns a function's calls of itself whose result it returns
// into a loop, as nvcc does (tail recursion elimination): the call's
// arguments become the parameters' next values, in phis at the top of
// the function, and the call a jump back there. A call whose result is
// combined with one other value by an associative and commutative integer
// operation before it is returned (return n * fact(n - 1);) is done with
// an accumulator (a phi starting at the operation's identity), which
// every other return then combines with its value. Without it, the
// recursion's frames live on the stack in local memory, and the function
// cannot be inlined.
//
// It applies to a .func with no locals (every call of it would have its
// own; the pipeline runs it after mem2reg) and no aggregate parameter or
// result, when everything after the call in its block is pure, and the
// block returns the result or jumps to a block that only returns it
// (through a phi).
func TailRec(f *ir.Func) {
	if f.Kind != abi.Func || f.IsDecl() || f.Result.Kind == ir.Agg || len(f.Entry().Preds) > 0 || hasAlloca(f) {
		return
	}
	for _, t := range f.ParamTypes {
		if t.Kind == ir.Agg {
			return
		}
	}
	var sites []tailSite
	var accOp ir.Op
	uses := f.Uses()
	for _, b := range f.Blocks {
		for k, v := range b.Values {
			if v.Op != ir.OpCall || v.Callee() != f || len(v.Args) != len(f.Params) {
				continue
			}
			s, ok := tailCall(f, b, k, uses)
			if !ok {
				continue
			}
			if s.acc != nil {
				if accOp != 0 && accOp != s.acc.Op {
					continue
				}
				accOp = s.acc.Op
			}
			sites = append(sites, s)
			break // one call per block: after it, b ends
		}
	}
	if len(sites) == 0 {
		return
	}
	eliminateTailCalls(f, sites, accOp)
}

// tailSite is a call of the function itself that can become a jump: the
// call, the value returned (the call or acc, which combines the call
// with another value).
type tailSite struct {
	b         *ir.Block
	call, acc *ir.Value
}

// tailCall reports whether call b.Values[k] of f is a tail call, possibly
// with an accumulator.
func tailCall(f *ir.Func, b *ir.Block, k int, uses []int) (tailSite, bool) {
	s := tailSite{b: b, call: b.Values[k]}
	dep := map[*ir.Value]bool{s.call: true}
	for _, v := range b.Values[k+1:] {
		if !v.IsPure() || v.Op == ir.OpPhi {
			return s, false
		}
		for i, a := range v.Args {
			if !dep[a] {
				continue
			}
			if s.acc != nil || !accumulates(v) || dep[v.Args[1-i]] {
				return s, false
			}
			s.acc = v
			dep[v] = true
			break
		}
	}
	ret := s.call
	if s.acc != nil {
		if uses[s.call.ID] != 1 {
			return s, false
		}
		ret = s.acc
	}
	if f.Result.Kind == ir.Void {
		ret = nil
	} else if uses[ret.ID] != 1 {
		return s, false
	}
	switch b.Kind {
	case ir.Return:
		return s, b.Control == ret
	case ir.Jump:
		r := b.Succs[0]
		if r.Kind != ir.Return || r == b {
			return s, false
		}
		if ret == nil {
			return s, len(r.Values) == 0
		}
		if len(r.Values) != 1 || r.Values[0].Op != ir.OpPhi || r.Control != r.Values[0] {
			return s, false
		}
		return s, r.Values[0].Args[r.PredIndex(b)] == ret
	}
	return s, false
}

// accumulates reports whether v is an associative and commutative integer
// operation of two values.
func accumulates(v *ir.Value) bool {
	if v.Type.Kind != ir.Int || len(v.Args) != 2 {
		return false
	}
	switch v.Op {
	case ir.OpAdd, ir.OpMul, ir.OpAnd, ir.OpOr, ir.OpXor:
		return true
	}
	return false
}

// eliminateTailCalls makes the sites jumps to the top of f, which gets
// phis for the parameters (and the accumulator of accOp, when not 0).
func eliminateTailCalls(f *ir.Func, sites []tailSite, accOp ir.Op) {
	top := f.Entry()
	entry := f.NewBlock()
	entry.Kind = ir.Jump
	entry.AddEdge(top)
	// The new entry first.
	copy(f.Blocks[1:], f.Blocks[:len(f.Blocks)-1])
	f.Blocks[0] = entry
	pos := sites[0].call.Pos

	phis := make([]*ir.Value, len(f.Params))
	for i, p := range f.Params {
		phi := f.NewValue(ir.OpPhi, f.ParamTypes[i])
		phi.Pos = pos
		f.ReplaceUses(p, phi)
		phi.Args = []*ir.Value{p}
		phis[i] = phi
	}
	var acc *ir.Value
	if accOp != 0 {
		id := f.NewValue(ir.OpConst, f.Result)
		id.AuxInt, id.Pos = identity(accOp, f.Result), pos
		entry.Append(id)
		acc = f.NewValue(ir.OpPhi, f.Result, id)
		acc.Pos = pos
		phis = append(phis, acc)
	}
	for i := len(phis) - 1; i >= 0; i-- {
		top.Insert(0, phis[i])
	}

	isSite := map[*ir.Block]bool{}
	for _, s := range sites {
		b := s.b
		isSite[b] = true
		if b.Kind == ir.Jump {
			b.RemoveEdge(0)
		}
		out := b.Values[:0]
		for _, v := range b.Values {
			if v != s.call && v != s.acc {
				out = append(out, v)
			}
		}
		clear(b.Values[len(out):])
		b.Values = out
		next := acc
		if s.acc != nil {
			// Read again: the parameters' uses are the phis' now.
			x := s.acc.Args[0]
			if x == s.call {
				x = s.acc.Args[1]
			}
			next = f.NewValue(s.acc.Op, s.acc.Type, acc, x)
			next.Pos = s.acc.Pos
			b.Append(next)
		}
		b.Kind, b.Control = ir.Jump, nil
		b.AddEdge(top)
		for i := range f.Params {
			phis[i].Args = append(phis[i].Args, s.call.Args[i])
		}
		if acc != nil {
			acc.Args = append(acc.Args, next)
		}
	}
	f.RemoveUnreachable()
	if acc == nil {
		return
	}
	// Every other return combines its value with the accumulator.
	for _, b := range f.Blocks {
		if b.Kind != ir.Return || isSite[b] || b.Control == nil {
			continue
		}
		v := f.NewValue(accOp, f.Result, acc, b.Control)
		v.Pos = b.Control.Pos
		b.Append(v)
		b.Control = v
	}
}

// identity is the value x for which x op y is y.
func identity(op ir.Op, t ir.Type) int64 {
	switch op {
	case ir.OpMul:
		return 1
	case ir.OpAnd:
		if t.Signed || t.Bits == 64 {
			return -1
		}
		return int64(uint64(1)<<t.Bits - 1)
	}
	return 0
}

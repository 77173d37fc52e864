package passes

import (
	"sync"

	"github.com/ptxabi/ptxabi/ir"
)

// lattice values of SCCP: not yet known (top), one constant, or varying.
type latKind uint8

const (
	top latKind = iota
	constant
	bottom
)

type lattice struct {
	kind latKind
	c    int64
}

// SCCP is sparse conditional constant propagation (Wegman and Zadeck):
// values are assumed constant until shown otherwise, and only the edges a
// branch can take are followed, so a constant branch folds and the code it
// skips is removed. Values found constant are replaced by constants (each
// folded as the PTX instruction would compute it; see fold), branches on
// constants become jumps, and unreachable blocks are removed.
func SCCP(f *ir.Func) {
	s := sccpPool.Get().(*sccp)
	defer sccpPool.Put(s)
	s.reset(f)
	for _, p := range f.Params {
		s.lat[p.ID] = lattice{kind: bottom}
	}
	for _, b := range f.Blocks {
		if b.Control != nil {
			c := b.Control.ID
			if s.ctlAt[c] == 0 {
				if len(s.ctlUsers) < cap(s.ctlUsers) {
					s.ctlUsers = s.ctlUsers[:len(s.ctlUsers)+1]
					s.ctlUsers[len(s.ctlUsers)-1] = s.ctlUsers[len(s.ctlUsers)-1][:0]
				} else {
					s.ctlUsers = append(s.ctlUsers, nil)
				}
				s.ctlAt[c] = int32(len(s.ctlUsers))
			}
			s.ctlUsers[s.ctlAt[c]-1] = append(s.ctlUsers[s.ctlAt[c]-1], b)
		}
	}
	s.run()
	s.rewrite()
}

type sccp struct {
	f         *ir.Func
	lat       []lattice
	execBlock []bool // by block ID
	// execPred says, by block ID and predecessor index, which edges
	// into a block are executable; entered, that the entry is.
	execPred  [][]bool
	predBuf   []bool // execPred's lists
	entered   bool
	execOther map[[2]*ir.Block]bool // edges missing from their target's Preds
	users     *ir.UseLists
	// ctlUsers are the blocks each control controls; ctlAt, by value ID,
	// the index of a value's list plus 1 (0: it controls none).
	ctlUsers [][]*ir.Block
	ctlAt    []int32
	cfgWork  [][2]*ir.Block
	ssaWork  []*ir.Value
	repl     []*ir.Value // rewrite's, by value ID
}

// sccpPool keeps the memory of SCCP's tables from one run to the next
// (it runs three times on every function).
var sccpPool = sync.Pool{New: func() any { return &sccp{users: &ir.UseLists{}} }}

// reset readies s for f, in the memory it has.
func (s *sccp) reset(f *ir.Func) {
	n, nb := f.NumValues(), f.NumBlocks()
	s.f = f
	s.lat = ir.Zeroed(s.lat, n)
	s.execBlock = ir.Zeroed(s.execBlock, nb)
	s.execPred = ir.Zeroed(s.execPred, nb)
	s.predBuf = s.predBuf[:0]
	s.entered = false
	s.execOther = nil
	s.users.Build(f, false)
	s.ctlUsers = s.ctlUsers[:0]
	s.ctlAt = ir.Zeroed(s.ctlAt, n)
	s.cfgWork, s.ssaWork = s.cfgWork[:0], s.ssaWork[:0]
}

func (s *sccp) run() {
	s.cfgWork = append(s.cfgWork, [2]*ir.Block{nil, s.f.Entry()})
	for len(s.cfgWork) > 0 || len(s.ssaWork) > 0 {
		for len(s.cfgWork) > 0 {
			e := s.cfgWork[len(s.cfgWork)-1]
			s.cfgWork = s.cfgWork[:len(s.cfgWork)-1]
			if !s.markEdge(e[0], e[1]) {
				continue
			}
			b := e[1]
			first := !s.execBlock[b.ID]
			s.execBlock[b.ID] = true
			for _, v := range b.Values {
				if v.Op == ir.OpPhi || first {
					s.visit(v)
				}
			}
			if first {
				s.visitEnd(b)
			}
		}
		for len(s.ssaWork) > 0 {
			v := s.ssaWork[len(s.ssaWork)-1]
			s.ssaWork = s.ssaWork[:len(s.ssaWork)-1]
			for _, u := range s.users.Of(v) {
				if u != nil && s.execBlock[u.Block.ID] {
					s.visit(u)
				}
			}
			if s.ctlAt[v.ID] == 0 {
				continue
			}
			for _, b := range s.ctlUsers[s.ctlAt[v.ID]-1] {
				if s.execBlock[b.ID] {
					s.visitEnd(b)
				}
			}
		}
	}
}

// markEdge marks the edge p -> b executable (p nil: the entry) and
// reports whether it was not yet.
func (s *sccp) markEdge(p, b *ir.Block) bool {
	if p == nil {
		was := s.entered
		s.entered = true
		return !was
	}
	m := s.execPred[b.ID]
	if m == nil {
		// From one buffer for the run.
		k, n := len(b.Preds), len(s.predBuf)
		if cap(s.predBuf)-n < k {
			s.predBuf, n = make([]bool, 0, max(2*cap(s.predBuf), k, 64)), 0
		}
		s.predBuf = s.predBuf[:n+k]
		m = s.predBuf[n : n+k : n+k]
		clear(m)
		s.execPred[b.ID] = m
	}
	found, was := false, false
	for i, q := range b.Preds {
		if q == p {
			found, was = true, m[i]
			m[i] = true
		}
	}
	if !found {
		if s.execOther == nil {
			s.execOther = map[[2]*ir.Block]bool{}
		}
		was = s.execOther[[2]*ir.Block{p, b}]
		s.execOther[[2]*ir.Block{p, b}] = true
	}
	return !was
}

func (s *sccp) set(v *ir.Value, l lattice) {
	old := s.lat[v.ID]
	if old == l || old.kind == bottom {
		return
	}
	if old.kind == constant && l.kind == constant {
		l = lattice{kind: bottom}
	}
	s.lat[v.ID] = l
	s.ssaWork = append(s.ssaWork, v)
}

func (s *sccp) visit(v *ir.Value) {
	switch {
	case v.Op == ir.OpConst:
		s.set(v, lattice{constant, v.AuxInt})
		return
	case v.Op == ir.OpPhi:
		l := lattice{}
		for i, a := range v.Args {
			if m := s.execPred[v.Block.ID]; m == nil || !m[i] {
				continue
			}
			l = meet(l, s.lat[a.ID])
		}
		s.set(v, l)
		return
	case v.Op == ir.OpSelect:
		p := s.lat[v.Args[0].ID]
		switch p.kind {
		case top:
			return
		case constant:
			if p.c != 0 {
				s.set(v, s.lat[v.Args[1].ID])
			} else {
				s.set(v, s.lat[v.Args[2].ID])
			}
			return
		}
		s.set(v, meet(s.lat[v.Args[1].ID], s.lat[v.Args[2].ID]))
		return
	case v.Op == ir.OpCmp && (v.Aux == ir.Eq || v.Aux == ir.Ne):
		if nonNullTest(v, s.lat) {
			// p == 0 or p != 0 of the address of a local or a global:
			// never null (if (p) in an inlined destructor whose p
			// holds a local's address).
			c := int64(0)
			if v.Aux == ir.Ne {
				c = 1
			}
			s.set(v, lattice{constant, c})
			return
		}
	case !v.IsPure() || v.Type.Kind == ir.Void || v.Op == ir.OpAddr || v.Type.Kind == ir.Ptr:
		s.set(v, lattice{kind: bottom})
		return
	}
	var buf [4]int64
	args := buf[:0]
	if len(v.Args) > len(buf) {
		args = make([]int64, 0, len(v.Args))
	}
	args = args[:len(v.Args)]
	for i, a := range v.Args {
		l := s.lat[a.ID]
		switch l.kind {
		case top:
			return
		case bottom:
			s.set(v, lattice{kind: bottom})
			return
		}
		args[i] = l.c
	}
	if c, ok := ir.Fold(v, args); ok {
		s.set(v, lattice{constant, c})
	} else {
		s.set(v, lattice{kind: bottom})
	}
}

func meet(a, b lattice) lattice {
	switch {
	case a.kind == top:
		return b
	case b.kind == top:
		return a
	case a == b:
		return a
	}
	return lattice{kind: bottom}
}

func (s *sccp) visitEnd(b *ir.Block) {
	switch b.Kind {
	case ir.Jump:
		s.cfgWork = append(s.cfgWork, [2]*ir.Block{b, b.Succs[0]})
	case ir.If:
		l := s.lat[b.Control.ID]
		switch l.kind {
		case constant:
			i := 1
			if l.c != 0 {
				i = 0
			}
			s.cfgWork = append(s.cfgWork, [2]*ir.Block{b, b.Succs[i]})
		case bottom:
			s.cfgWork = append(s.cfgWork, [2]*ir.Block{b, b.Succs[0]}, [2]*ir.Block{b, b.Succs[1]})
		}
	}
}

func (s *sccp) rewrite() {
	f := s.f
	// repl is, by ID, the value that replaces a value (a constant, or a
	// pointer for the pointer plus 0 it is); the uses are rewritten in
	// one walk at the end.
	s.repl = ir.Zeroed(s.repl, len(s.lat))
	repl := s.repl
	replaced := false
	for _, b := range f.Blocks {
		if !s.execBlock[b.ID] {
			continue
		}
		for i := 0; i < len(b.Values); i++ {
			v := b.Values[i]
			if v.ID >= len(s.lat) {
				continue // a constant made here
			}
			l := s.lat[v.ID]
			if l.kind != constant || v.Op == ir.OpConst || v.Type.Kind == ir.Ptr {
				continue
			}
			c := f.NewValue(ir.OpConst, v.Type)
			c.AuxInt, c.Pos = l.c, v.Pos
			at := i
			if v.Op == ir.OpPhi {
				at = len(b.Phis())
			}
			b.Insert(at, c)
			if at <= i {
				i++
			}
			repl[v.ID] = c
			replaced = true
		}
	}
	find := func(v *ir.Value) *ir.Value {
		for v.ID < len(repl) && repl[v.ID] != nil {
			v = repl[v.ID]
		}
		return v
	}
	// An address plus a constant 0 is the address; a pointer made from
	// the integer made from a pointer of the same type is that pointer,
	// and one converted to another space and back is itself
	// (SROA keeps a pointer member in an integer slice when the object
	// is also written as integers: then a local whose address it holds
	// stays in memory unless the round trip goes).
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			switch v.Op {
			case ir.OpPtrAdd:
				if c, ok := find(v.Args[1]).Const(); ok && c == 0 {
					repl[v.ID] = v.Args[0]
					replaced = true
				}
			case ir.OpConv:
				if a := find(v.Args[0]); v.Type.IsPtr() && a.Op == ir.OpConv && a.Type.Kind == ir.Int &&
					a.Type.Bits == v.Type.Bits && find(a.Args[0]).Type == v.Type {
					repl[v.ID] = find(a.Args[0])
					replaced = true
				}
			case ir.OpCvta:
				// A pointer converted to generic and back.
				if a := find(v.Args[0]); a.Op == ir.OpCvta && find(a.Args[0]).Type == v.Type {
					repl[v.ID] = find(a.Args[0])
					replaced = true
				}
			}
		}
	}
	if replaced {
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
		f.RemoveValues(func(v *ir.Value) bool { return v.ID < len(repl) && repl[v.ID] != nil })
	}
	for _, b := range f.Blocks {
		if b.Kind != ir.If || !s.execBlock[b.ID] || b.Control.Op != ir.OpConst {
			continue
		}
		drop := 0 // the edge not taken
		if b.Control.AuxInt != 0 {
			drop = 1
		}
		b.RemoveEdge(drop)
		b.Kind, b.Control = ir.Jump, nil
	}
	f.RemoveUnreachable()
}

// nonNullTest reports whether the comparison v (== or !=) compares the
// integer made from a pointer that is never null (the address of a local
// or a global, or a generic conversion of one, plus a constant not
// negative) with the constant 0.
func nonNullTest(v *ir.Value, lat []lattice) bool {
	x, y := v.Args[0], v.Args[1]
	if l := lat[x.ID]; l.kind == constant && l.c == 0 {
		x, y = y, x
	}
	if l := lat[y.ID]; l.kind != constant || l.c != 0 || x.Op != ir.OpConv || !x.Args[0].Type.IsPtr() {
		return false
	}
	p := x.Args[0]
	for {
		switch p.Op {
		case ir.OpAlloca, ir.OpAddr:
			return true
		case ir.OpConv, ir.OpCvta:
			a := p.Args[0]
			if a.Op == ir.OpConv && a.Type.Kind == ir.Int && a.Type.Bits == p.Type.Bits && a.Args[0].Type.IsPtr() {
				a = a.Args[0] // a pointer through an integer and back
			}
			if !a.Type.IsPtr() {
				return false
			}
			p = a
		case ir.OpPtrAdd:
			if c, ok := p.Args[1].Const(); !ok || c < 0 {
				return false
			}
			p = p.Args[0]
		default:
			return false
		}
	}
}

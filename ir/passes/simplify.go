package passes

import "github.com/ptxabi/ptxabi/ir"

// SimplifyCFG removes the jumps that code motion and constant branches
// leave: a block that only jumps on to a block without phis is bypassed
// (its predecessors go straight there), and a block whose single
// successor has no other predecessor absorbs it. A conditional branch with
// both arms to one block without phis becomes a jump. Unreachable blocks
// go.
func SimplifyCFG(f *ir.Func) {
	f.RemoveUnreachable()
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks {
			if b.Kind == ir.If && b.Succs[0] == b.Succs[1] && len(b.Succs[0].Phis()) == 0 {
				b.RemoveEdge(1)
				b.Kind, b.Control = ir.Jump, nil
				changed = true
			}
			if b.Kind != ir.Jump {
				continue
			}
			s := b.Succs[0]
			switch {
			case s != b && s != f.Entry() && len(s.Preds) == 1:
				merge(f, b, s)
				changed = true
			case b != f.Entry() && len(b.Values) == 0 && s != b && len(s.Phis()) == 0 && len(b.Preds) > 0:
				bypass(b, s)
				changed = true
			}
			if changed {
				break
			}
		}
		if changed {
			f.RemoveUnreachable()
		}
	}
}

// merge moves s, b's only successor with b its only predecessor, into b.
func merge(f *ir.Func, b, s *ir.Block) {
	for _, phi := range s.Phis() {
		f.ReplaceUses(phi, phi.Args[0])
	}
	for _, v := range s.Values[len(s.Phis()):] {
		b.Append(v)
	}
	s.Values = nil
	b.Kind, b.Control, b.Succs = s.Kind, s.Control, s.Succs
	for _, t := range s.Succs {
		t.Preds[t.PredIndex(s)] = b
	}
	s.Succs, s.Preds, s.Control = nil, nil, nil
	s.Kind = ir.Return // unreachable now; RemoveUnreachable drops it
}

// bypass sends b's predecessors straight to s, b's successor, which has no
// phis.
func bypass(b, s *ir.Block) {
	i := s.PredIndex(b)
	s.Preds = append(s.Preds[:i], s.Preds[i+1:]...)
	for _, p := range b.Preds {
		for j, t := range p.Succs {
			if t == b {
				p.Succs[j] = s
				s.Preds = append(s.Preds, p)
			}
		}
	}
	b.Preds, b.Succs = nil, nil
	b.Kind = ir.Return
}

package passes

import "github.com/ptxabi/ptxabi/ir"

// preheader returns the block that enters loop l from outside: the one
// predecessor of the header outside the loop when it has no other
// successor, or a new block that all the outside predecessors now jump
// to (with phis for the header's phis that had several outside values).
// The header's predecessors are then the preheader first and the latches.
func preheader(f *ir.Func, l *ir.Loop) *ir.Block {
	h := l.Header
	var outside, inside []int
	for i, p := range h.Preds {
		if l.Blocks[p] {
			inside = append(inside, i)
		} else {
			outside = append(outside, i)
		}
	}
	if len(outside) == 0 {
		return nil
	}
	if len(outside) == 1 && len(h.Preds[outside[0]].Succs) == 1 && outside[0] == 0 {
		return h.Preds[0]
	}
	n := f.NewBlock()
	n.Kind = ir.Jump
	for _, i := range outside {
		p := h.Preds[i]
		for j, s := range p.Succs {
			if s == h {
				p.Succs[j] = n
				break
			}
		}
		n.Preds = append(n.Preds, p)
	}
	n.Succs = []*ir.Block{h}
	for _, phi := range h.Phis() {
		var in *ir.Value
		if len(outside) == 1 {
			in = phi.Args[outside[0]]
		} else {
			in = f.NewValue(ir.OpPhi, phi.Type)
			for _, i := range outside {
				in.Args = append(in.Args, phi.Args[i])
			}
			n.Insert(len(n.Phis()), in)
		}
		args := []*ir.Value{in}
		for _, i := range inside {
			args = append(args, phi.Args[i])
		}
		phi.Args = args
	}
	preds := []*ir.Block{n}
	for _, i := range inside {
		preds = append(preds, h.Preds[i])
	}
	h.Preds = preds
	// Lay the preheader out just before the header.
	for i, b := range f.Blocks {
		if b == h {
			copy(f.Blocks[i+1:], f.Blocks[i:len(f.Blocks)-1])
			f.Blocks[i] = n
			break
		}
	}
	return n
}

// definedIn reports whether v is defined in one of the loop's blocks.
func definedIn(l *ir.Loop, v *ir.Value) bool { return v.Block != nil && l.Blocks[v.Block] }

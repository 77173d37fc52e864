package ir

// Dom is the dominator tree of a function (Cooper, Harvey and Kennedy's
// iterative algorithm over the reverse postorder).
type Dom struct {
	f     *Func
	idom  []*Block // by block ID; nil for the entry and unreachable blocks
	order []int    // reverse-postorder number by block ID; -1 unreachable
	RPO   []*Block
	kids  [][]*Block
	pre   []int // preorder and postorder numbers of the tree, for Dominates
	post  []int
}

// Dominators computes f's dominator tree.
func Dominators(f *Func) *Dom {
	n := f.NumBlocks()
	d := &Dom{f: f, idom: make([]*Block, n), order: make([]int, n)}
	for i := range d.order {
		d.order[i] = -1
	}
	seen := make([]bool, n)
	po := make([]*Block, 0, len(f.Blocks))
	var walk func(*Block)
	walk = func(b *Block) {
		seen[b.ID] = true
		for _, s := range b.Succs {
			if !seen[s.ID] {
				walk(s)
			}
		}
		po = append(po, b)
	}
	walk(f.Entry())
	d.RPO = make([]*Block, 0, len(po))
	for i := len(po) - 1; i >= 0; i-- {
		d.order[po[i].ID] = len(d.RPO)
		d.RPO = append(d.RPO, po[i])
	}
	entry := f.Entry()
	d.idom[entry.ID] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range d.RPO[1:] {
			var nd *Block
			for _, p := range b.Preds {
				if d.order[p.ID] < 0 || d.idom[p.ID] == nil {
					continue
				}
				if nd == nil {
					nd = p
				} else {
					nd = d.intersect(p, nd)
				}
			}
			if nd != nil && d.idom[b.ID] != nd {
				d.idom[b.ID] = nd
				changed = true
			}
		}
	}
	d.idom[entry.ID] = nil
	// The children lists, in reverse postorder, share one array.
	count := make([]int, n)
	for _, b := range d.RPO[1:] {
		if p := d.idom[b.ID]; p != nil {
			count[p.ID]++
		}
	}
	all := make([]*Block, len(d.RPO))
	d.kids = make([][]*Block, n)
	at := 0
	for id, c := range count {
		d.kids[id] = all[at : at : at+c]
		at += c
	}
	for _, b := range d.RPO[1:] {
		if p := d.idom[b.ID]; p != nil {
			d.kids[p.ID] = append(d.kids[p.ID], b)
		}
	}
	d.pre, d.post = make([]int, n), make([]int, n)
	k := 0
	var number func(*Block)
	number = func(b *Block) {
		d.pre[b.ID] = k
		k++
		for _, c := range d.kids[b.ID] {
			number(c)
		}
		d.post[b.ID] = k
		k++
	}
	number(entry)
	return d
}

func (d *Dom) intersect(a, b *Block) *Block {
	for a != b {
		for d.order[a.ID] > d.order[b.ID] {
			a = d.idom[a.ID]
		}
		for d.order[b.ID] > d.order[a.ID] {
			b = d.idom[b.ID]
		}
	}
	return a
}

// Idom is b's immediate dominator; nil for the entry.
func (d *Dom) Idom(b *Block) *Block { return d.idom[b.ID] }

// Children are the blocks b immediately dominates.
func (d *Dom) Children(b *Block) []*Block { return d.kids[b.ID] }

// Reachable reports whether b is reachable from the entry.
func (d *Dom) Reachable(b *Block) bool { return b.ID < len(d.order) && d.order[b.ID] >= 0 }

// Dominates reports whether a dominates b (every block dominates itself).
func (d *Dom) Dominates(a, b *Block) bool {
	if !d.Reachable(a) || !d.Reachable(b) {
		return false
	}
	return d.pre[a.ID] <= d.pre[b.ID] && d.post[b.ID] <= d.post[a.ID]
}

// Frontiers returns the dominance frontier of every block, by ID.
func (d *Dom) Frontiers() [][]*Block {
	df := make([][]*Block, len(d.idom))
	for _, b := range d.RPO {
		if len(b.Preds) < 2 {
			continue
		}
		for _, p := range b.Preds {
			if !d.Reachable(p) {
				continue
			}
			for r := p; r != nil && r != d.idom[b.ID]; r = d.idom[r.ID] {
				if len(df[r.ID]) == 0 || df[r.ID][len(df[r.ID])-1] != b {
					df[r.ID] = append(df[r.ID], b)
				}
				if r == d.f.Entry() {
					break
				}
			}
		}
	}
	return df
}

// Loop is a natural loop: a header and the blocks of its back edges'
// bodies.
type Loop struct {
	Header  *Block
	Latches []*Block // blocks with a back edge to Header
	Blocks  map[*Block]bool
}

// Loops returns f's natural loops, inner loops first (loops sharing a
// header are merged).
func (d *Dom) Loops() []*Loop {
	var loops []*Loop
	for i := len(d.RPO) - 1; i >= 0; i-- {
		h := d.RPO[i]
		var l *Loop
		for _, p := range h.Preds {
			if !d.Dominates(h, p) {
				continue
			}
			if l == nil {
				l = &Loop{Header: h, Blocks: map[*Block]bool{h: true}}
			}
			l.Latches = append(l.Latches, p)
			work := []*Block{p}
			for len(work) > 0 {
				b := work[len(work)-1]
				work = work[:len(work)-1]
				if l.Blocks[b] {
					continue
				}
				l.Blocks[b] = true
				for _, q := range b.Preds {
					if d.Reachable(q) {
						work = append(work, q)
					}
				}
			}
		}
		if l != nil {
			loops = append(loops, l)
		}
	}
	return loops
}

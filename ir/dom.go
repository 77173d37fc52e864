package ir

// Dom is the dominator tree of a function (Cooper, Harvey and Kennedy's
// iterative algorithm over the reverse postorder).
type Dom struct {
	f     *Func
	idom  []*Block // by block ID; nil for the entry and unreachable blocks
	order []int32  // reverse-postorder number by block ID; -1 unreachable
	RPO   []*Block
	// The children of block ID i are kids[kidAt[i]:kidAt[i+1]], in
	// reverse postorder.
	kids  []*Block
	kidAt []int32
	pre   []int32 // preorder and postorder numbers of the tree, for Dominates
	post  []int32
	// nblocks is f.NumBlocks() when the tree was computed.
	nblocks int
}

// Dominators returns f's dominator tree. It is computed again only when
// f's control flow graph has changed since the last call: the tree is
// kept with a record of the graph (the blocks in order, with their
// successors and predecessors), which is compared with the graph each
// time, so that a pass that changes the graph in any way invalidates it.
// The tree is read-only.
func Dominators(f *Func) *Dom {
	if f.dom != nil && f.dom.nblocks == f.NumBlocks() && sameCFG(f, f.domKey) {
		return f.dom
	}
	d := dominators(f)
	f.dom, f.domKey = d, cfgKey(f, f.domKey[:0])
	return d
}

// cfgKey appends to key the record of f's graph that Dominators keeps.
func cfgKey(f *Func, key []int32) []int32 {
	for _, b := range f.Blocks {
		key = append(key, int32(b.ID), int32(len(b.Succs)))
		for _, s := range b.Succs {
			key = append(key, int32(s.ID))
		}
		key = append(key, int32(len(b.Preds)))
		for _, p := range b.Preds {
			key = append(key, int32(p.ID))
		}
	}
	return key
}

// sameCFG reports whether f's graph is the one key records.
func sameCFG(f *Func, key []int32) bool {
	i := 0
	next := func(x int) bool {
		if i >= len(key) || key[i] != int32(x) {
			return false
		}
		i++
		return true
	}
	for _, b := range f.Blocks {
		if !next(b.ID) || !next(len(b.Succs)) {
			return false
		}
		for _, s := range b.Succs {
			if !next(s.ID) {
				return false
			}
		}
		if !next(len(b.Preds)) {
			return false
		}
		for _, p := range b.Preds {
			if !next(p.ID) {
				return false
			}
		}
	}
	return i == len(key)
}

// dominators computes f's dominator tree.
func dominators(f *Func) *Dom {
	n := f.NumBlocks()
	ints := make([]int32, 4*n+1) // order, pre, post, kidAt: one allocation
	d := &Dom{f: f, nblocks: n, idom: make([]*Block, n), order: ints[:n:n], pre: ints[n : 2*n : 2*n],
		post: ints[2*n : 3*n : 3*n], kidAt: ints[3*n:]}
	for i := range d.order {
		d.order[i] = -1
	}
	// The postorder of a depth-first walk from the entry, successors in
	// order (pre marks the blocks seen meanwhile).
	type frame struct {
		b    *Block
		next int
	}
	po := make([]*Block, 0, len(f.Blocks))
	stack := append(make([]frame, 0, len(f.Blocks)), frame{b: f.Entry()})
	d.pre[f.Entry().ID] = 1
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(top.b.Succs) {
			s := top.b.Succs[top.next]
			top.next++
			if d.pre[s.ID] == 0 {
				d.pre[s.ID] = 1
				stack = append(stack, frame{b: s})
			}
			continue
		}
		po = append(po, top.b)
		stack = stack[:len(stack)-1]
	}
	d.RPO = make([]*Block, 0, len(po))
	for i := len(po) - 1; i >= 0; i-- {
		d.order[po[i].ID] = int32(len(d.RPO))
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
	// The children, in reverse postorder, in one array.
	for _, b := range d.RPO[1:] {
		if p := d.idom[b.ID]; p != nil {
			d.kidAt[p.ID+1]++
		}
	}
	for i := 1; i <= n; i++ {
		d.kidAt[i] += d.kidAt[i-1]
	}
	d.kids = make([]*Block, d.kidAt[n])
	fill := d.post // free until numbered below: the next slot of each block's children
	copy(fill, d.kidAt[:n])
	for _, b := range d.RPO[1:] {
		if p := d.idom[b.ID]; p != nil {
			d.kids[fill[p.ID]] = b
			fill[p.ID]++
		}
	}
	// Preorder and postorder numbers of the tree, from a walk that
	// enters a block's children in order.
	clear(d.pre)
	clear(d.post)
	k := int32(0)
	walk := append(stack[:0], frame{b: entry}) // the first walk's stack, empty again
	d.pre[entry.ID] = k
	k++
	for len(walk) > 0 {
		top := &walk[len(walk)-1]
		kids := d.Children(top.b)
		if top.next < len(kids) {
			c := kids[top.next]
			top.next++
			d.pre[c.ID] = k
			k++
			walk = append(walk, frame{b: c})
			continue
		}
		d.post[top.b.ID] = k
		k++
		walk = walk[:len(walk)-1]
	}
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
func (d *Dom) Children(b *Block) []*Block {
	return d.kids[d.kidAt[b.ID]:d.kidAt[b.ID+1]:d.kidAt[b.ID+1]]
}

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

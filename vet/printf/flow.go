package printf

import (
	"go/token"
	"strings"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/syscall"
	"github.com/ptxabi/ptxabi/vet"
)

// The argument-presence analysis. A vprintf argument is missing when no
// store writes it on any path to the call since the call before it (or
// the function's entry): the stores that may reach each call are found
// on the function's control flow graph, whose edges are the fall-through
// from one instruction to the next and the branches to labels. A call
// ends what the stores before it say about the buffer, as for the other
// rules of the check. A store to an address the check cannot follow may
// have written any argument: where one may reach a call, nothing is said.

// A query is one vprintf call whose arguments the analysis is asked
// about, with what the report needs.
type query struct {
	call      *ast.Instruction
	format    string
	formatPos token.Pos // of the format string
	sym       string    // the buffer's .local variable
	base      int64     // the buffer's offset in it
	args      []syscall.FormatArg
	offs      []int64 // of each argument in the buffer

	// The answer: the stores that may reach the call (of flow.stores,
	// by index plus one), and whether a store the check cannot follow may.
	reach   bitset
	unknown bool
}

type eventKind uint8

const (
	evStore   eventKind = iota // a store to a local variable: stores[i]
	evUnknown                  // a store to an address the check cannot follow
	evCall                     // any call
	evQuery                    // a vprintf call to check: queries[i]
	evLabel                    // a branch target: name
	evBranch                   // bra or brx
	evRet                      // ret, exit or trap
)

// An event is 8 bytes, one for about every other instruction: what it
// names is in the flow's lists.
type event struct {
	kind eventKind
	// cond: for a branch or a return, whether it may fall through (a
	// guard).
	cond bool
	// i: for a store, flow.stores[i]; a query, flow.queries[i]; a label,
	// flow.labels[i]; a branch, flow.targets[i] (nil: every label of the
	// function).
	i int32
}

type localStore struct {
	sym string
	s   store
}

// flow records the events of a function in order, then answers its
// queries (solve).
type flow struct {
	events  []event
	stores  []localStore
	queries []*query
	labels  []string
	targets [][]string
	names   []string // that targets' lists lie in

	// solve's memory, used again for the next function.
	blocks  []flowBlock
	succ    []int
	bits    bitset
	byLabel map[string]int
	reached bitset // the queries' reach
}

// covered reports whether a store into q's buffer variable that may
// reach its call overlaps [off, off+size).
func (f *flow) covered(q *query, off, size int64) bool {
	for k, s := range f.stores {
		if q.reach.has(k+1) && s.sym == q.sym && s.s.off < off+size && off < s.s.off+s.s.size {
			return true
		}
	}
	return false
}

func (f *flow) store(sym string, s store) {
	f.events = append(f.events, event{kind: evStore, i: int32(len(f.stores))})
	f.stores = append(f.stores, localStore{sym, s})
}

func (f *flow) unknownStore() { f.events = append(f.events, event{kind: evUnknown}) }
func (f *flow) call()         { f.events = append(f.events, event{kind: evCall}) }
func (f *flow) label(name string) {
	f.events = append(f.events, event{kind: evLabel, i: int32(len(f.labels))})
	f.labels = append(f.labels, name)
}
func (f *flow) ret(cond bool) { f.events = append(f.events, event{kind: evRet, cond: cond}) }

func (f *flow) query(q query) {
	f.events = append(f.events, event{kind: evQuery, i: int32(len(f.queries))})
	f.queries = append(f.queries, &q)
}

// branch records bra (to its label operands) or brx (to any label).
func (f *flow) branch(in *ast.Instruction) {
	var targets []string
	if in.Opcode == "bra" {
		// The targets' lists share one array, used again for the next
		// function.
		start := len(f.names)
		for _, o := range in.Operands {
			if name := vet.Name(o); name != "" && !strings.HasPrefix(name, "%") {
				f.names = append(f.names, name)
			}
		}
		if len(f.names) > start {
			targets = f.names[start:len(f.names):len(f.names)]
		}
	}
	// No target: brx, or a target not followed: anywhere.
	f.events = append(f.events, event{kind: evBranch, cond: in.Guard != "", i: int32(len(f.targets))})
	f.targets = append(f.targets, targets)
}

// A bitset holds store indexes plus one: bit 0 is the store the check
// cannot follow.
type bitset []uint64

func (b bitset) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }

// or adds c to b and reports whether b grew.
func (b bitset) or(c bitset) bool {
	grew := false
	for i := range b {
		if n := b[i] | c[i]; n != b[i] {
			b[i], grew = n, true
		}
	}
	return grew
}

type flowBlock struct {
	start, end int    // events[start:end]
	succ       [2]int // succ[0] < succ[1]: its successors in flow.succ
	in, out    bitset
}

// solve finds, for each query, the stores that may reach its call.
func (f *flow) solve() {
	if len(f.queries) == 0 {
		return
	}
	// Blocks: a label starts one, a branch or return ends one. Their
	// memory is the flow's, used again for the next function.
	blocks := f.blocks[:0]
	if f.byLabel == nil {
		f.byLabel = map[string]int{}
	}
	byLabel := f.byLabel
	clear(byLabel)
	start := 0
	cut := func(end int) {
		if end > start || end == 0 {
			blocks = append(blocks, flowBlock{start: start, end: end})
		}
		start = end
	}
	for i, e := range f.events {
		switch e.kind {
		case evLabel:
			cut(i)
			byLabel[f.labels[e.i]] = len(blocks)
		case evBranch, evRet:
			cut(i + 1)
		}
	}
	cut(len(f.events))
	succ := f.succ[:0]
	for k := range blocks {
		b := &blocks[k]
		b.succ[0] = len(succ)
		fall := k+1 < len(blocks)
		if b.end > b.start {
			switch last := f.events[b.end-1]; last.kind {
			case evBranch:
				targets := f.targets[last.i]
				if targets == nil {
					for _, t := range byLabel {
						succ = append(succ, t)
					}
				}
				for _, name := range targets {
					if t, ok := byLabel[name]; ok {
						succ = append(succ, t)
					} else {
						for _, t := range byLabel {
							succ = append(succ, t)
						}
					}
				}
				fall = fall && last.cond
			case evRet:
				fall = fall && last.cond
			}
		}
		if fall {
			succ = append(succ, k+1)
		}
		b.succ[1] = len(succ)
	}
	words := (len(f.stores) + 1 + 63) / 64
	n := (2*len(blocks) + 1) * words
	if cap(f.bits) < n {
		f.bits = make(bitset, n)
	}
	bits := f.bits[:n]
	clear(bits)
	for k := range blocks {
		b := &blocks[k]
		b.in, b.out = bits[:words:words], bits[words:2*words:2*words]
		bits = bits[2*words:]
	}
	cur := bits[:words:words]
	transfer := func(b *flowBlock, cur bitset, until int) {
		for _, e := range f.events[b.start:until] {
			switch e.kind {
			case evStore:
				cur.set(int(e.i) + 1)
			case evUnknown:
				cur.set(0)
			case evCall:
				clear(cur)
			}
		}
	}
	// The stores reaching each block, to a fixed point: sets only grow.
	for changed := true; changed; {
		changed = false
		for k := range blocks {
			b := &blocks[k]
			copy(cur, b.in)
			transfer(b, cur, b.end)
			if b.out.or(cur) {
				changed = true
			}
			for _, s := range succ[b.succ[0]:b.succ[1]] {
				if blocks[s].in.or(b.out) {
					changed = true
				}
			}
		}
	}
	for k := range blocks {
		b := &blocks[k]
		for i := b.start; i < b.end; i++ {
			e := f.events[i]
			if e.kind != evQuery {
				continue
			}
			copy(cur, b.in)
			transfer(b, cur, i)
			q := f.queries[e.i]
			q.unknown = cur.has(0)
			at := len(f.reached)
			f.reached = append(f.reached, cur...)
			q.reach = f.reached[at : at+words : at+words]
		}
	}
	f.blocks, f.succ = blocks, succ
}

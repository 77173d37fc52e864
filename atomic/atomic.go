// Package atomic implements guide §4, the Atomics Application Binary
// Interface: the mapping of C/C++/CUDA C++ atomic operations (a memory
// order, an operation and a thread scope) to PTX instruction sequences.
//
// The five tables of §4 are data in table.go. Mappings applies a target's
// limits to them (the fallbacks documented on Mappings); Recognize and Match
// map a PTX instruction sequence back to the operation it implements,
// applying §4's first note (strengthening a memory order is valid).
//
// Instructions are dotted names without types or operands, such as
// "fence.sc.gpu", "ld.acquire.gpu" or "atom.acquire.gpu.add".
package atomic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ptxabi/ptxabi/target"
)

// Order is a C++ memory order (guide §4: one table per order).
type Order int

// The memory orders, weakest first.
const (
	Relaxed Order = iota
	Acquire
	Release
	AcqRel
	SeqCst
	numOrders
)

var orderNames = [numOrders]string{"relaxed", "acquire", "release", "acq_rel", "seq_cst"}

func (o Order) String() string {
	if o >= 0 && o < numOrders {
		return orderNames[o]
	}
	return fmt.Sprintf("Order(%d)", int(o))
}

// Orders lists every memory order, weakest first.
func Orders() []Order { return []Order{Relaxed, Acquire, Release, AcqRel, SeqCst} }

// ParseOrder parses a memory order name ("seq_cst"; "memory_order_seq_cst" too).
func ParseOrder(s string) (Order, error) {
	s = strings.TrimPrefix(s, "memory_order_")
	for o, n := range orderNames {
		if n == s {
			return Order(o), nil
		}
	}
	return 0, fmt.Errorf("unknown memory order %q: expected one of %s", s, strings.Join(orderNames[:], ", "))
}

// Op is an atomic operation: a thread fence, a load, a store or one of the
// read-modify-write operations of atom (the <rmw op> of §4).
type Op int

// The operations.
const (
	Fence Op = iota
	Load
	Store
	Add
	Exch
	CAS
	And
	Or
	Xor
	Min
	Max
	Inc
	Dec
	numOps
)

// opNames are the names used by the tables and by the PTX atom instruction
// for the RMW operations ("fence", "load" and "store" for the others).
var opNames = [numOps]string{"fence", "load", "store", "add", "exch", "cas", "and", "or", "xor", "min", "max", "inc", "dec"}

func (o Op) String() string {
	if o >= 0 && o < numOps {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", int(o))
}

// IsRMW reports whether o is a read-modify-write operation.
func (o Op) IsRMW() bool { return o >= Add && o < numOps }

func (o Op) kind() opKind {
	switch o {
	case Fence:
		return kindFence
	case Load:
		return kindLoad
	case Store:
		return kindStore
	}
	return kindRMW
}

// Ops lists every operation.
func Ops() []Op {
	ops := make([]Op, numOps)
	for i := range ops {
		ops[i] = Op(i)
	}
	return ops
}

// ParseOp parses an operation name ("load", "add", "cas"...).
func ParseOp(s string) (Op, error) {
	for o, n := range opNames {
		if n == s {
			return Op(o), nil
		}
	}
	return 0, fmt.Errorf("unknown atomic operation %q: expected one of %s", s, strings.Join(opNames[:], ", "))
}

// Scope is a thread scope: the set of threads the operation is atomic and
// ordered with respect to (the <scope> of §4).
type Scope int

// The scopes, narrowest first.
const (
	CTA Scope = iota
	Cluster
	GPU
	Sys
	numScopes
)

var scopeNames = [numScopes]string{"cta", "cluster", "gpu", "sys"}

func (s Scope) String() string {
	if s >= 0 && s < numScopes {
		return scopeNames[s]
	}
	return fmt.Sprintf("Scope(%d)", int(s))
}

// Scopes lists every scope, narrowest first.
func Scopes() []Scope { return []Scope{CTA, Cluster, GPU, Sys} }

// ParseScope parses a PTX scope name ("gpu"), also CUDA's thread_scope
// names ("device", "thread_scope_block").
func ParseScope(s string) (Scope, error) {
	switch strings.TrimPrefix(s, "thread_scope_") {
	case "cta", "block":
		return CTA, nil
	case "cluster":
		return Cluster, nil
	case "gpu", "device":
		return GPU, nil
	case "sys", "system":
		return Sys, nil
	}
	return 0, fmt.Errorf("unknown scope %q: expected one of %s", s, strings.Join(scopeNames[:], ", "))
}

// Instruction is one PTX instruction of a mapping, written as its opcode and
// the modifiers that matter to §4, dotted, without types, state spaces or
// operands: "fence.sc.gpu", "ld.acquire.cta", "atom.acquire.gpu.add",
// and for legacy targets "membar.gl", "ld.volatile", "atom.cta.add".
type Instruction = string

// Mapping is one (order, operation, scope) and the PTX sequences that
// implement it, the recommended one first.
type Mapping struct {
	Order     Order
	Op        Op
	Scope     Scope
	Sequences [][]Instruction
	// Legacy is set when the target lacks the memory-model qualifiers
	// (below sm_70 or PTX ISA 6.0) and the sequences are the legacy ones
	// that nvcc emits there (membar, ld.volatile, atom without order).
	Legacy bool
	// Notes says which fallbacks were applied, one sentence each.
	Notes []string
}

func (m Mapping) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s:", m.Order, m.Op, m.Scope)
	for i, s := range m.Sequences {
		if i > 0 {
			b.WriteString(" OR")
		}
		b.WriteString(" " + strings.Join(s, "; ") + ";")
	}
	return b.String()
}

// Valid reports whether the guide gives a mapping for order with op: no
// relaxed fences, loads are relaxed, acquire or seq_cst, stores relaxed,
// release or seq_cst; read-modify-write operations take every order.
func Valid(order Order, op Op) bool {
	for _, r := range guideTable {
		if r.Order == order && r.Kind == op.kind() {
			return true
		}
	}
	return false
}

func expand(seqs [][]string, op Op, scope Scope, repl ...string) [][]Instruction {
	r := strings.NewReplacer(append([]string{"<scope>", scope.String(), "<op>", op.String()}, repl...)...)
	out := make([][]Instruction, len(seqs))
	for i, s := range seqs {
		out[i] = make([]Instruction, len(s))
		for j, in := range s {
			out[i][j] = r.Replace(in)
		}
	}
	return out
}

// Table returns the guide's mappings unchanged: one Mapping per valid
// (order, operation, scope), in the order orders × operations × scopes,
// with every sequence of §4.
func Table() []Mapping {
	var ms []Mapping
	for _, o := range Orders() {
		for _, op := range Ops() {
			for _, sc := range Scopes() {
				for _, r := range guideTable {
					if r.Order == o && r.Kind == op.kind() {
						ms = append(ms, Mapping{Order: o, Op: op, Scope: sc, Sequences: expand(r.Seqs, op, sc)})
					}
				}
			}
		}
	}
	return ms
}

// Target requirements of the instructions §4 uses (PTX ISA reference).
var (
	// ptxFenceAcqRelOnly: fence.acquire and fence.release need PTX ISA 8.6
	// and sm_90.
	ptxFenceAcquire = target.Version{Major: 8, Minor: 6}
	smFenceAcquire  = 90
	// .cluster scope needs PTX ISA 7.8 and sm_90.
	ptxCluster = target.Version{Major: 7, Minor: 8}
	smCluster  = 90
	// .relaxed/.acquire/.release/.acq_rel on ld/st/atom, fence.sc and
	// fence.acq_rel, and their scopes need PTX ISA 6.0 and sm_70.
	ptxMemoryModel = target.Version{Major: 6, Minor: 0}
	smMemoryModel  = 70
	// .cta/.gpu/.sys on atom (without an order) need PTX ISA 5.0 and sm_60.
	ptxAtomScope = target.Version{Major: 5, Minor: 0}
	smAtomScope  = 60
)

// Mappings returns the mappings that t can express, with these fallbacks
// (guide NOTES; §4's note that strengthening an order is valid):
//
//  1. Scope .cluster needs sm_90 and PTX ISA 7.8: without them the
//     cluster-scope mappings are left out.
//  2. fence.acquire.<scope> and fence.release.<scope> need sm_90 and PTX ISA
//     8.6: without them each becomes fence.acq_rel.<scope>, a valid
//     strengthening; a sequence that becomes identical to an earlier one
//     is dropped.
//  3. The orders and scopes of ld/st/atom and fence need sm_70 and PTX ISA
//     6.0: without them the sequences are the legacy ones nvcc emits
//     (membar.{cta,gl,sys}, ld.volatile, st.volatile, atom without an
//     order) and Legacy is set. Before sm_60 (or PTX ISA 5.0) atom takes no
//     scope: cta-scope RMW operations use device-scope atom (a wider
//     scope) and system-scope ones are left out.
func Mappings(t target.Target) []Mapping {
	modern := t.SM >= smMemoryModel && t.PTX.AtLeast(ptxMemoryModel)
	if !modern {
		return legacyMappings(t)
	}
	cluster := t.SM >= smCluster && t.PTX.AtLeast(ptxCluster)
	fenceAcq := t.SM >= smFenceAcquire && t.PTX.AtLeast(ptxFenceAcquire)
	var out []Mapping
	for _, m := range Table() {
		if m.Scope == Cluster && !cluster {
			continue
		}
		if !fenceAcq {
			changed := false
			var seqs [][]Instruction
		next:
			for _, s := range m.Sequences {
				ns := make([]Instruction, len(s))
				for i, in := range s {
					x := parseInstr(in)
					if x.opcode == "fence" && (x.sem == "acquire" || x.sem == "release") {
						x.sem = "acq_rel"
						changed = true
					}
					ns[i] = x.String()
				}
				for _, prev := range seqs {
					if slices.Equal(prev, ns) {
						continue next
					}
				}
				seqs = append(seqs, ns)
			}
			if changed {
				m.Sequences = seqs
				m.Notes = append(m.Notes, fmt.Sprintf("fence.acquire/fence.release need PTX ISA %s and sm_%d: fence.acq_rel used instead (a valid strengthening)", ptxFenceAcquire, smFenceAcquire))
			}
		}
		out = append(out, m)
	}
	return out
}

func legacyMappings(t target.Target) []Mapping {
	atomScope := t.SM >= smAtomScope && t.PTX.AtLeast(ptxAtomScope)
	note := fmt.Sprintf("memory orders and scopes on ld/st/atom/fence need PTX ISA %s and sm_%d: legacy sequences (membar, volatile, atom without order) as nvcc emits them", ptxMemoryModel, smMemoryModel)
	var out []Mapping
	for _, o := range Orders() {
		for _, op := range Ops() {
			for _, sc := range Scopes() {
				if sc == Cluster || (!atomScope && sc == Sys && op.IsRMW()) {
					continue
				}
				level := map[Scope]string{CTA: "cta", GPU: "gl", Sys: "sys"}[sc]
				ascope := "." + sc.String()
				notes := []string{note}
				if !atomScope {
					ascope = ""
					if sc == CTA && op.IsRMW() {
						notes = append(notes, fmt.Sprintf("atom takes a scope from PTX ISA %s and sm_%d: device-scope atom used for cta scope", ptxAtomScope, smAtomScope))
					}
				}
				for _, r := range legacyTable {
					if r.Order == o && r.Kind == op.kind() {
						out = append(out, Mapping{Order: o, Op: op, Scope: sc, Legacy: true, Notes: notes,
							Sequences: expand(r.Seqs, op, sc, "<level>", level, "<ascope>", ascope)})
					}
				}
			}
		}
	}
	return out
}

// Filter returns the mappings of ms that have the given order, operation
// and scope; a nil pointer matches any.
func Filter(ms []Mapping, order *Order, op *Op, scope *Scope) []Mapping {
	var out []Mapping
	for _, m := range ms {
		if (order == nil || m.Order == *order) && (op == nil || m.Op == *op) && (scope == nil || m.Scope == *scope) {
			out = append(out, m)
		}
	}
	return out
}

// NeedsPTX returns the PTX ISA version and the SM architecture that the
// sequences of ms need at least.
func NeedsPTX(ms []Mapping) (target.Version, int) {
	v, sm := target.Version{Major: 1, Minor: 0}, 10
	need := func(w target.Version, s int) {
		if v.Less(w) {
			v = w
		}
		if sm < s {
			sm = s
		}
	}
	for _, m := range ms {
		for _, s := range m.Sequences {
			for _, in := range s {
				x := parseInstr(in)
				switch {
				case x.scope == "cluster":
					need(ptxCluster, smCluster)
				}
				switch {
				case x.opcode == "fence" && (x.sem == "acquire" || x.sem == "release"):
					need(ptxFenceAcquire, smFenceAcquire)
				case x.opcode == "fence" || x.sem == "relaxed" || x.sem == "acquire" || x.sem == "release" || x.sem == "acq_rel":
					need(ptxMemoryModel, smMemoryModel)
				case x.opcode == "atom" && x.scope != "":
					need(ptxAtomScope, smAtomScope)
				}
			}
		}
	}
	return v, sm
}

func legacyTarget(sm int) target.Target {
	return target.Target{AddressSize: 64, SM: sm, PTX: target.MinPTX(sm)}
}

// Unavailable says why Filter(Mappings(t), order, op, scope) is empty, or
// returns "" when it is not: the guide gives no mapping for that order
// with that operation, or target t cannot express it (a nil t stands for
// the guide's table, which every combination of a valid order and
// operation has).
func Unavailable(t *target.Target, order *Order, op *Op, scope *Scope) string {
	var ms []Mapping
	if t == nil {
		ms = Table()
	} else {
		ms = Mappings(*t)
	}
	if len(Filter(ms, order, op, scope)) > 0 {
		return ""
	}
	if order != nil && op != nil && !Valid(*order, *op) {
		var takes []string
		for _, o := range Orders() {
			if Valid(o, *op) {
				takes = append(takes, o.String())
			}
		}
		return fmt.Sprintf("the guide maps no %s %s: %s takes %s", *order, *op, opNoun(*op), strings.Join(takes, ", "))
	}
	if t != nil && scope != nil {
		switch {
		case *scope == Cluster:
			return fmt.Sprintf("scope cluster needs PTX ISA %s and sm_%d (target: PTX ISA %s, %s)", ptxCluster, smCluster, t.PTX, t.Arch())
		case *scope == Sys && op != nil && op.IsRMW():
			return fmt.Sprintf("system-scope read-modify-write operations need atom with a scope: PTX ISA %s and sm_%d (target: PTX ISA %s, %s)", ptxAtomScope, smAtomScope, t.PTX, t.Arch())
		}
	}
	return "no mapping for the selected order, operation and scope on this target"
}

// opNoun names op's kind in Unavailable's messages.
func opNoun(op Op) string {
	switch op.kind() {
	case kindFence:
		return "a fence"
	case kindLoad:
		return "a load"
	case kindStore:
		return "a store"
	}
	return "a read-modify-write operation"
}

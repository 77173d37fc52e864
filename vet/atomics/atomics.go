// Package atomics defines the "atomics" check: memory orders and scopes of
// atomic instructions against guide §4 and the module's target.
package atomics

import (
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/atomic"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/isa"
	"github.com/ptxabi/ptxabi/target"
	"github.com/ptxabi/ptxabi/vet"
)

// Analyzer is the atomics check.
var Analyzer = &vet.Analyzer{
	Name: "atomics",
	Doc: `memory orders and scopes of atomic instructions (guide §4)

Each fence, membar, atom, red, and ld or st with a memory order, is
classified as package atomic classifies it. Its memory order must be one
the guide maps for its kind of operation (a load is relaxed, acquire or
seq_cst; a store relaxed, release or seq_cst; a fence is not relaxed),
ld and st with a memory order and every fence name a scope, and the
module's target must have the order and the scope: memory orders and
their scopes need PTX ISA 6.0 and sm_70, .cluster needs PTX ISA 7.8 and
sm_90, fence.acquire and fence.release need PTX ISA 8.6 and sm_90, a
scope on atom or red without an order needs PTX ISA 5.0 and sm_60 (guide
notes). A sequence of several instructions is not judged: orders mix
freely in valid programs, so what an instruction sequence was meant to
implement cannot be decided from the PTX.`,
	Run: run,
}

// requirement is what a qualifier needs (guide NOTES, PTX ISA reference).
type requirement struct {
	ptx target.Version
	sm  int
}

var (
	memoryModel = requirement{target.Version{Major: 6, Minor: 0}, 70}
	cluster     = requirement{target.Version{Major: 7, Minor: 8}, 90}
	fenceAcqRel = requirement{target.Version{Major: 8, Minor: 6}, 90}
	atomScope   = requirement{target.Version{Major: 5, Minor: 0}, 60}
)

var orders = sync.OnceValue(func() map[string]atomic.Order {
	return map[string]atomic.Order{".relaxed": atomic.Relaxed, ".acquire": atomic.Acquire, ".release": atomic.Release, ".acq_rel": atomic.AcqRel, ".sc": atomic.SeqCst}
})

var scopes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{".cta": true, ".cluster": true, ".gpu": true, ".sys": true}
})

// quals is orders and scopes in one map, which check asks once of each
// modifier of every ld and st.
var quals = sync.OnceValue(func() map[string]qual {
	m := map[string]qual{}
	for k := range orders() {
		q := m[k]
		q.order = true
		m[k] = q
	}
	for k := range scopes() {
		q := m[k]
		q.scope = true
		m[k] = q
	}
	return m
})

type qual struct{ order, scope bool }

// maybeQual holds the lengths and the first letters (after the dot) of
// the keys of quals: most modifiers (.u32, .param, .global) have a length
// or a letter that none has, and need no lookup.
var maybeQual = sync.OnceValue(func() *struct{ lens, letters [256]bool } {
	t := new(struct{ lens, letters [256]bool })
	for k := range quals() {
		t.lens[len(k)&255], t.letters[k[1]] = true, true
	}
	return t
})

// qualOf returns what quals says of the modifier m.
func qualOf(m string) qual {
	if len(m) < 2 || len(m) > 255 {
		return qual{}
	}
	if f := maybeQual(); !f.lens[len(m)] || !f.letters[m[1]] {
		return qual{}
	}
	return quals()[m]
}

func run(pass *vet.Pass) error {
	m := pass.Module
	for _, d := range m.AST.Decls {
		f, ok := d.(*ast.Function)
		if !ok || f.Body == nil {
			continue
		}
		vet.Inspect(f.Body, func(s ast.Stmt, _ []*ast.Block) {
			if in, ok := s.(*ast.Instruction); ok {
				check(pass, in)
			}
		})
	}
	return nil
}

func check(pass *vet.Pass, in *ast.Instruction) {
	var op atomic.Op
	switch in.Opcode {
	case "fence":
		op = atomic.Fence
	case "ld":
		op = atomic.Load
	case "st":
		op = atomic.Store
	case "atom", "red", "membar":
		op = atomic.Add // any read-modify-write operation
	default:
		return
	}
	order, hasOrder, scope, volatile := "", false, "", false
	for _, m := range in.Mods {
		q := qualOf(m)
		if q.order && order == "" {
			order, hasOrder = m, true
		}
		if q.scope && scope == "" {
			scope = m
		}
		if m == ".volatile" {
			volatile = true
		}
	}
	if (op == atomic.Load || op == atomic.Store) && !hasOrder && scope == "" {
		return // a plain or volatile load or store (most instructions): nothing to say
	}
	if m := pass.Module; m.HasVersion && m.HasTarget {
		if e := isa.Lookup(in.Opcode, in.Mods); e != nil && (m.Target.PTX.Less(e.PTX) || m.Target.SM < e.SM) {
			return // the instruction itself is too new: the version check says so
		}
	}
	if in.Opcode == "membar" || in.Opcode == "fence" && special(in) {
		// membar's levels; the proxy and mbarrier fences, whose orders
		// and versions are their own: only the scope is checked.
		if scope == ".cluster" {
			need(pass, in, scope, cluster)
		}
		return
	}
	if (op == atomic.Load || op == atomic.Store) && !hasOrder {
		if scope != "" && !volatile && !in.HasMod(".mmio") {
			pass.Reportf(in.Start, "%s: a scope without a memory order", in.Name())
		}
		return // a plain or volatile load or store
	}
	if hasOrder {
		o := orders()[order]
		if in.Opcode == "fence" && order == ".sc" || in.Opcode != "fence" && order == ".sc" {
			if in.Opcode != "fence" {
				pass.Reportf(in.Start, "%s: .sc orders only a fence; a seq_cst %s is fence.sc followed by an acquire or release instruction (guide §4)", in.Name(), opName(op))
				return
			}
		} else if !atomic.Valid(o, op) {
			pass.Reportf(in.Start, "%s: %s", in.Name(), atomic.Unavailable(nil, &o, &op, nil))
			return
		}
		if (in.Opcode == "ld" || in.Opcode == "st" || in.Opcode == "fence") && scope == "" {
			pass.Reportf(in.Start, "%s: a %s with a memory order needs a scope (.cta, .cluster, .gpu or .sys)", in.Name(), opName(op))
			return
		}
		if !need(pass, in, order, memoryModel) {
			return
		}
		if in.Opcode == "fence" && (order == ".acquire" || order == ".release") && !need(pass, in, order, fenceAcqRel) {
			return
		}
	} else if in.Opcode == "fence" {
		if scope == "" {
			pass.Reportf(in.Start, "%s: a fence needs a scope (.cta, .cluster, .gpu or .sys)", in.Name())
			return
		}
		need(pass, in, scope, memoryModel) // fence.<scope> is fence.acq_rel
		return
	} else if scope != "" && !need(pass, in, scope, atomScope) { // atom or red without an order
		return
	}
	if scope == ".cluster" {
		need(pass, in, scope, cluster)
	}
}

// special reports a fence of the proxy or mbarrier kinds (fence.proxy.*,
// fence.mbarrier_init.*, fence.op_restrict.*, fence...sync_restrict*),
// which §4's mappings do not use.
func special(in *ast.Instruction) bool {
	for _, m := range in.Mods {
		if strings.HasPrefix(m, ".proxy") || strings.HasPrefix(m, ".mbarrier_init") || strings.HasPrefix(m, ".op_restrict") || strings.HasPrefix(m, ".sync_restrict") {
			return true
		}
	}
	return false
}

func opName(op atomic.Op) string {
	switch op {
	case atomic.Load:
		return "load"
	case atomic.Store:
		return "store"
	case atomic.Fence:
		return "fence"
	}
	return "read-modify-write operation"
}

// need reports qualifier q when the module's target lacks r; it reports
// whether the target has it.
func need(pass *vet.Pass, in *ast.Instruction, q string, r requirement) bool {
	m := pass.Module
	if !m.HasVersion || !m.HasTarget {
		return true
	}
	switch {
	case m.Target.PTX.Less(r.ptx):
		pass.Reportf(in.Start, "%s: %s needs PTX ISA %s (guide §4 notes); the module is .version %s", in.Name(), q, r.ptx, m.Target.PTX)
		return false
	case m.Target.SM < r.sm:
		pass.Reportf(in.Start, "%s: %s needs sm_%d (guide §4 notes); the module's .target is sm_%d", in.Name(), q, r.sm, m.Target.SM)
		return false
	}
	return true
}

package atomic

import (
	"strings"
	"sync"
)

// instr is a parsed Instruction: the opcode and the modifiers §4 cares
// about. sem is the memory order qualifier (relaxed, acquire, release,
// acq_rel, sc, or volatile for legacy ld/st), scope the scope qualifier
// (cta, cluster, gpu, sys; gl for membar), op the RMW operation of atom/red.
type instr struct {
	opcode, sem, scope, op string
}

var (
	semWords   = map[string]bool{"relaxed": true, "acquire": true, "release": true, "acq_rel": true, "sc": true, "volatile": true, "weak": true}
	scopeWords = map[string]bool{"cta": true, "cluster": true, "gpu": true, "sys": true, "gl": true}
)

// isRMW reports whether p names a read-modify-write operation of atom/red.
func isRMW(p string) bool {
	for o := Add; o < numOps; o++ {
		if opNames[o] == p {
			return true
		}
	}
	return false
}

// parseInstr splits a dotted instruction name into its parts, in any order
// of the modifiers ("atom.add.acq_rel.sys.u32" and "atom.acq_rel.sys.add"
// are the same); types, state spaces, vector and cache qualifiers are
// ignored.
func parseInstr(s string) instr {
	s = strings.TrimSuffix(strings.TrimSpace(s), ";")
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		s = s[:i] // operands, if any
	}
	parts := strings.Split(s, ".")
	x := instr{opcode: parts[0]}
	for _, p := range parts[1:] {
		switch {
		case semWords[p] && x.sem == "":
			x.sem = p
		case scopeWords[p] && x.scope == "":
			x.scope = p
		case (x.opcode == "atom" || x.opcode == "red") && isRMW(p) && x.op == "":
			x.op = p
		}
	}
	if x.opcode == "membar" && x.scope == "" {
		x.scope = "gl"
	}
	return x
}

// String writes x in the canonical order opcode.sem.scope.op.
func (x instr) String() string {
	s := x.opcode
	for _, p := range []string{x.sem, x.scope, x.op} {
		if p != "" {
			s += "." + p
		}
	}
	return s
}

// normalize rewrites x to the instruction it means under the PTX memory
// model (PTX ISA reference): membar.{cta,gl,sys} is fence.sc.{cta,gpu,sys};
// atom and red without an order are relaxed, without a scope gpu-scoped;
// red is an atom whose result is unused.
func (x instr) normalize() instr {
	switch x.opcode {
	case "membar":
		x.opcode, x.sem = "fence", "sc"
		if x.scope == "gl" {
			x.scope = "gpu"
		}
	case "red":
		x.opcode = "atom"
	}
	if x.opcode == "atom" {
		if x.sem == "" {
			x.sem = "relaxed"
		}
		if x.scope == "" {
			x.scope = "gpu"
		}
	}
	if x.opcode == "ld" || x.opcode == "st" {
		if x.sem == "weak" {
			x.sem = ""
		}
	}
	return x
}

// semRank orders the memory order qualifiers: §4's first note makes the
// memory order monotonic, relaxed < acquire, release < acq_rel < sc.
var semRank = sync.OnceValue(func() map[string]int {
	return map[string]int{"relaxed": 0, "acquire": 1, "release": 1, "acq_rel": 2, "sc": 3}
})

// atLeast reports whether qualifier a is b or a strengthening of it.
func atLeast(a, b string) bool {
	if a == b {
		return true
	}
	ra, oka := semRank()[a]
	rb, okb := semRank()[b]
	if !oka || !okb || ra <= rb {
		return false
	}
	return true
}

// Relevant reports whether a dotted instruction name takes part in an
// atomic mapping: a fence or membar, an atom or red, or a ld/st with a
// memory order or .volatile. Plain loads and stores (ld.param, ld.global)
// are not.
func Relevant(in string) bool {
	x := parseInstr(in)
	switch x.opcode {
	case "fence", "membar", "atom", "red":
		return true
	case "ld", "st":
		return x.sem != "" && x.sem != "weak"
	}
	return false
}

// Match is what Recognize finds: the operation a sequence implements and
// the table sequence it matched.
type Match struct {
	Order Order
	Op    Op
	Scope Scope
	// Sequence is the mapping's sequence that matched.
	Sequence []Instruction
	// Strengthened is set when the sequence is a strengthening of Sequence
	// (§4's first note) rather than Sequence itself.
	Strengthened bool
	// Legacy is set when Sequence is a legacy (pre-sm_70) sequence.
	Legacy bool
}

// candidates are every mapping the recognizer knows: the guide's table and
// the legacy sequences of sm_60 and of older targets.
// They are built on first use, so that a program that never recognizes a
// sequence does not pay for them at start-up.
var candidates = sync.OnceValue(func() []Mapping {
	ms := Table()
	ms = append(ms, legacyMappings(legacyTarget(60))...)
	ms = append(ms, legacyMappings(legacyTarget(52))...)
	return ms
})

// matchSeq reports whether seq implements tmpl, and whether it does so
// only as a strengthening.
func matchSeq(seq []instr, tmpl []Instruction) (ok, strengthened bool) {
	if len(seq) != len(tmpl) {
		return false, false
	}
	for i, in := range tmpl {
		a, b := seq[i], parseInstr(in).normalize()
		if a.opcode != b.opcode || a.scope != b.scope || a.op != b.op || !atLeast(a.sem, b.sem) {
			return false, false
		}
		if a.sem != b.sem {
			strengthened = true
		}
	}
	return true, strengthened
}

// Recognize maps a sequence of dotted instruction names (in program order,
// only the Relevant ones, operands and types allowed but ignored) back to
// the (order, operation, scope) it implements. When several fit, an exact
// mapping wins over a strengthened one, then the stronger order, then a
// guide mapping over a legacy one. ok is false when the sequence matches no
// mapping, even strengthened.
func Recognize(seq []string) (m Match, ok bool) {
	return recognize(seq, nil)
}

// Implements reports whether seq is a mapping of (order, op, scope),
// exactly or strengthened, as Recognize finds them.
func Implements(seq []string, order Order, op Op, scope Scope) (Match, bool) {
	return recognize(seq, func(m Mapping) bool { return m.Order == order && m.Op == op && m.Scope == scope })
}

func recognize(seq []string, keep func(Mapping) bool) (best Match, found bool) {
	xs := make([]instr, len(seq))
	for i, s := range seq {
		xs[i] = parseInstr(s).normalize()
	}
	better := func(a, b Match) bool { // is a better than b?
		if a.Strengthened != b.Strengthened {
			return !a.Strengthened
		}
		if ra, rb := orderRank(a.Order), orderRank(b.Order); ra != rb {
			return ra > rb
		}
		if a.Legacy != b.Legacy {
			return !a.Legacy
		}
		return false
	}
	for _, m := range candidates() {
		if keep != nil && !keep(m) {
			continue
		}
		for _, s := range m.Sequences {
			ok, str := matchSeq(xs, s)
			if !ok {
				continue
			}
			c := Match{Order: m.Order, Op: m.Op, Scope: m.Scope, Sequence: s, Strengthened: str, Legacy: m.Legacy}
			if !found || better(c, best) {
				best, found = c, true
			}
		}
	}
	return best, found
}

func orderRank(o Order) int {
	switch o {
	case Relaxed:
		return 0
	case Acquire, Release:
		return 1
	case AcqRel:
		return 2
	}
	return 3
}

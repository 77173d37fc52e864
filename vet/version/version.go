// Package version defines the "version" check: instructions and the
// module's directives against the PTX ISA version (.version) and the
// target architecture (.target) the module declares.
package version

import (
	"slices"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/isa"
	"github.com/ptxabi/ptxabi/target"
	"github.com/ptxabi/ptxabi/vet"
)

// Analyzer is the version check.
var Analyzer = &vet.Analyzer{
	Name: "version",
	Doc: `instructions newer than the module's .version and .target

The module's .version must be one that accepts its .target (PTX ISA
reference, release notes). Function calls need PTX ISA 2.0 (guide §2: the
ABI, and call with parameters, start there). Every instruction must exist
in the module's PTX ISA version and on its target architecture, as the
instruction table of package ptx/isa records them; qualifiers of the
listed kinds must be available too (a table in this check). Memory
orders and scopes are the atomics check's concern (guide §4). Modules
without .version or .target are not checked.`,
	Run: run,
}

// opcodeCache holds run's answers from the table, by a hash of the
// opcode.
type opcodeCache [64]struct {
	op string
	o  *opcode
}

// caches holds opcodeCaches for run to use again: the table does not
// change, so neither do the answers.
var caches sync.Pool

// qualifier is a qualifier that needs a later version or target than the
// instruction it qualifies (PTX ISA reference).
type qualifier struct {
	mod string
	ptx target.Version
	sm  int
}

// qualifiers are the qualifiers checked, in one table.
var qualifiers = []qualifier{
	{".shared::cluster", target.Version{Major: 7, Minor: 8}, 90},
	{".b128", target.Version{Major: 8, Minor: 3}, 70},
}

// opcodes holds, for each opcode, the latest PTX ISA version and target
// that any instruction of the table beginning with it needs (newest: a
// module at or past both needs no lookup), and those instructions. It is
// built on the first check, so that commands that do not vet pay nothing
// for it at start-up.
var opcodes = sync.OnceValue(func() map[string]*opcode {
	m := map[string]*opcode{}
	for i, in := range isa.All() {
		op, _, _ := strings.Cut(in.Name, ".")
		o := m[op]
		if o == nil {
			o = &opcode{}
			m[op] = o
		}
		if o.newest.ptx.Less(in.PTX) {
			o.newest.ptx = in.PTX
		}
		o.newest.sm = max(o.newest.sm, in.SM)
		// A name listed twice is the later one, as isa.Lookup finds it.
		o.ins = slices.DeleteFunc(o.ins, func(x *isa.Instruction) bool { return x.Name == in.Name })
		o.ins = append(o.ins, &isa.All()[i])
	}
	return m
})

type opcode struct {
	newest qualifier
	ins    []*isa.Instruction
}

// lookup is isa.Lookup(in.Opcode, in.Mods) among o's instructions, with
// no name built: the instruction named by the opcode and the longest run
// of its first modifiers.
func (o *opcode) lookup(in *ast.Instruction) *isa.Instruction {
	var best *isa.Instruction
	most := -1
	for _, x := range o.ins {
		rest, ok := strings.CutPrefix(x.Name, in.Opcode)
		if !ok {
			continue
		}
		for n := 0; ; n++ {
			if rest == "" {
				if n > most {
					best, most = x, n
				}
				break
			}
			if n == len(in.Mods) || !strings.HasPrefix(rest, in.Mods[n]) || in.Mods[n] == "" {
				break
			}
			rest = rest[len(in.Mods[n]):]
		}
	}
	return best
}

// callPTX is the first PTX ISA version with function calls (guide §2).
var callPTX = target.Version{Major: 2, Minor: 0}

func run(pass *vet.Pass) error {
	m := pass.Module
	if !m.HasVersion || !m.HasTarget {
		return nil
	}
	v, sm := m.Target.PTX, m.Target.SM
	if min := target.MinPTX(sm); sm >= 20 && v.Less(min) && pass.InPart(m.Version.Directive) { // target.MinPTX starts at sm_20
		pass.Reportf(m.Version.Directive, ".target sm_%d needs .version %s or later, not %s", sm, min, v)
	}
	// info returns what the table holds of opcode op, or nil, with a
	// cache of the answers: most instructions ask of a few opcodes. The
	// cache is kept from one call to the next (a big file is checked a
	// function at a time).
	cp, _ := caches.Get().(*opcodeCache)
	if cp == nil {
		cp = new(opcodeCache)
	}
	defer caches.Put(cp)
	cache := cp
	info := func(op string) *opcode {
		if op == "" {
			return nil
		}
		// A hash of the length and three bytes tells the opcodes of a
		// function apart (add, and; ld, st); the cache compares the
		// whole opcode.
		h := uint32(len(op))<<24 ^ uint32(op[0])<<16 ^ uint32(op[len(op)/2])<<8 ^ uint32(op[len(op)-1])
		e := &cache[(h*0x9e3779b1)>>26]
		if e.o == nil || e.op != op {
			o := opcodes()[op]
			if o == nil {
				return nil
			}
			// A copy: the cache outlives the text (Analyzer.Run).
			e.op, e.o = strings.Clone(op), o
		}
		return e.o
	}
	for _, d := range m.AST.Decls {
		f, ok := d.(*ast.Function)
		if !ok || f.Body == nil {
			continue
		}
		vet.Inspect(f.Body, func(s ast.Stmt, _ []*ast.Block) {
			in, ok := s.(*ast.Instruction)
			if !ok {
				return
			}
			if in.Opcode == "call" && v.Less(callPTX) {
				pass.Reportf(in.Start, "call needs PTX ISA %s (guide §2); the module is .version %s", callPTX, v)
				return
			}
			if o := info(in.Opcode); o == nil || !v.Less(o.newest.ptx) && sm >= o.newest.sm {
				// every instruction of this opcode is available, or
				// none is known
			} else if e := o.lookup(in); e != nil {
				switch {
				case v.Less(e.PTX):
					pass.Reportf(in.Start, "%s needs PTX ISA %s; the module is .version %s", e.Name, e.PTX, v)
					return
				case sm < e.SM:
					pass.Reportf(in.Start, "%s needs sm_%d; the module's .target is sm_%d", e.Name, e.SM, sm)
					return
				}
			}
			for _, q := range qualifiers {
				if !in.HasMod(q.mod) {
					continue
				}
				switch {
				case v.Less(q.ptx):
					pass.Reportf(in.Start, "%s on %s needs PTX ISA %s; the module is .version %s", q.mod, in.Opcode, q.ptx, v)
				case sm < q.sm:
					pass.Reportf(in.Start, "%s on %s needs sm_%d; the module's .target is sm_%d", q.mod, in.Opcode, q.sm, sm)
				}
			}
		})
	}
	return nil
}

// Package printf defines the "printf" check: the vprintf buffer a call
// passes against the conversions of its format (guide §3).
package printf

import (
	"fmt"
	"go/token"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/syscall"
	"github.com/ptxabi/ptxabi/target"
	"github.com/ptxabi/ptxabi/vet"
)

// Analyzer is the printf check.
var Analyzer = &vet.Analyzer{
	Name: "printf",
	Doc: `vprintf buffers against their format strings (guide §3)

Where a call of vprintf passes a format that is a constant of the module
(a .global or .const byte array) and a buffer in the function's local
frame (or a null pointer), the buffer must hold what the format's
conversions read, as package syscall lays it out: each argument at its
natural alignment, in order, 4 bytes for %d, %c and a "*" width, 8 for
%f (a double) and %lld, the address size for %p, %s and %ld. A store of
the wrong width at an argument's offset, a store past the last argument,
an argument never stored, and a null buffer for a format that reads
arguments are reported. Widths are compared, not kinds: compilers store a
constant double as a 64-bit integer. An argument is never stored when no
store writes it on any path through the function's branches to the call,
since the call before it (a call ends what earlier stores say). An
argument stored past the format's last one is seen only inside the
buffer's padding (its size is rounded to 8 bytes); beyond it the frame
may hold other variables. What the check cannot follow (a format or
buffer computed at run time, a store through an address it cannot follow
on a path to the call) is not reported.`,
	Run: run,
}

// val is what a register holds: the address of sym plus off, or (sym
// "") the constant off.
type val struct {
	sym string
	off int64
}

// store is one store into a local frame variable.
type store struct {
	off, size int64
	typ       string
	pos       token.Pos
}

func run(pass *vet.Pass) error {
	m := pass.Module
	if len(m.Funcs["vprintf"]) == 0 {
		return nil
	}
	for _, d := range m.AST.Decls {
		f, ok := d.(*ast.Function)
		if ok && f.Body != nil {
			checkFunc(pass, f)
		}
	}
	return nil
}

// scan records, in one walk of f, into st (empty) how many instructions
// write each register (their first operand: st.ids numbers them, st.defs
// counts) and, in st.targets, the labels that can be jumped to (the label
// operands of bra and brx, and the names in initializers and directives:
// branch tables); it reports whether f calls vprintf.
func scan(f *ast.Function, st *state) (calls bool) {
	targets := st.targets
	var names func(x ast.Expr)
	names = func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.Ident:
			targets[x.Name] = true
		case *ast.Binary:
			names(x.X)
			names(x.Y)
		case *ast.Braces:
			for _, e := range x.Elems {
				names(e)
			}
		case *ast.CallExpr:
			for _, e := range x.Args {
				names(e)
			}
		}
	}
	// def notes a write of register name (n = 1), or its declaration
	// (n = 0), and returns its id.
	def := func(name string, n int32) int32 {
		id := st.ids.id(name)
		for int(id) >= len(st.defs) {
			st.defs = append(st.defs, 0)
		}
		st.defs[id] += n
		return id
	}
	vet.Inspect(f.Body, func(s ast.Stmt, _ []*ast.Block) {
		switch s := s.(type) {
		case *ast.Instruction:
			switch s.Opcode {
			case "bra", "brx":
				for _, o := range s.Operands {
					if id, ok := o.(*ast.Ident); ok && !strings.HasPrefix(id.Name, "%") {
						targets[id.Name] = true
					}
				}
			case "call":
				if c, ok := vet.ParseCall(s); ok && vet.Name(c.Target) == "vprintf" {
					calls = true
				}
			}
			// The register each instruction writes, for walk, which
			// visits them in the same order.
			dst := int32(-1)
			if writes(s) {
				dst = def(vet.Name(s.Operands[0]), 1)
			}
			st.dsts = append(st.dsts, dst)
		case *ast.Variable:
			for _, d := range s.Names {
				if d.Init != nil {
					names(d.Init) // branch tables: .global .u32 t[] = {L1, L2}
				}
				if s.Space == ".reg" && !strings.HasPrefix(d.Name, "%") {
					// A register named without %: defs records it, so
					// that value does not take it for a symbol.
					def(d.Name, 0)
				}
			}
		case *ast.Directive:
			for _, a := range s.Args {
				names(a)
			}
		}
	})
	return calls
}

// isReg reports whether name is a register that scan found (written, or
// declared without %).
func (st *state) isReg(name string) bool {
	_, ok := st.ids.find(name)
	return ok
}

// written returns how many instructions write register id.
func (st *state) written(id int32) int32 { return st.defs[id] }

// reg returns what register name holds, if known.
func (st *state) reg(name string) (val, bool) {
	if len(st.known) == 0 {
		return val{}, false
	}
	id, ok := st.ids.find(name)
	if !ok || int(id) >= len(st.regKnown) || !st.regKnown[id] {
		return val{}, false
	}
	return st.regVal[id], true
}

// forget forgets what register id holds.
func (st *state) forget(id int32) {
	if int(id) < len(st.regKnown) {
		st.regKnown[id] = false // known keeps it until the next join
	}
}

// setReg notes that register id holds v.
func (st *state) setReg(id int32, v val) {
	for int(id) >= len(st.regKnown) {
		st.regKnown = append(st.regKnown, false)
		st.regVal = append(st.regVal, val{})
	}
	if !st.regKnown[id] {
		st.known = append(st.known, id)
	}
	st.regKnown[id], st.regVal[id] = true, v
}

// join forgets, at a label that a branch may reach, what the registers
// that several instructions write hold.
func (st *state) join() {
	kept := st.known[:0]
	for _, id := range st.known {
		if !st.regKnown[id] {
			continue
		}
		if st.written(id) > 1 {
			st.regKnown[id] = false
			continue
		}
		kept = append(kept, id)
	}
	st.known = kept
}

// callsVprintf reports whether a statement of b, or of a block nested in
// it, calls vprintf: a walk that costs no allocation, before scan.
func callsVprintf(b *ast.Block) bool {
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *ast.Instruction:
			if s.Opcode == "call" {
				if c, ok := vet.ParseCall(s); ok && vet.Name(c.Target) == "vprintf" {
					return true
				}
			}
		case *ast.Block:
			if s != nil && callsVprintf(s) {
				return true
			}
		}
	}
	return false
}

// writes reports whether in writes a register named by its first
// operand.
func writes(in *ast.Instruction) bool {
	switch in.Opcode {
	case "st", "red", "bra", "call", "ret", "exit", "bar", "membar", "fence", "prefetch":
		return false
	}
	return len(in.Operands) > 0 && vet.Name(in.Operands[0]) != ""
}

type state struct {
	pass   *vet.Pass
	f      *ast.Function
	locals map[string]bool // the function's .local variables
	// ids numbers the registers; defs counts the instructions that
	// write each; regVal holds what each holds where regKnown is set,
	// and known lists those (and some no longer known).
	ids  regIDs
	defs []int32
	// dsts holds the id of the register that each instruction writes
	// (-1 for none), in order; walk is at dsts[next], st.dst.
	dsts     []int32
	next     int
	dst      int32
	regVal   []val
	regKnown []bool
	known    []int32
	stores   map[string][]store // by local variable, since the last call
	// spare holds lists of stores emptied, to be used again (addStore).
	spare  [][]store
	params map[string]val // value stored at offset 0 of a .param, since the last call
	// aligns are the alignments of the function's .local variables.
	aligns map[string]int64
	// targets are the labels that instructions name (branch targets).
	targets map[string]bool
	// flow is the function as the argument-presence analysis sees it
	// (flow.go): its stores, calls, labels and branches in order.
	flow flow
	// lastFormat is formatArgs' last answer, kept from one function to
	// the next.
	lastFormat formatCache
}

func newState(pass *vet.Pass, f *ast.Function, targets map[string]bool) *state {
	return &state{pass: pass, f: f, locals: map[string]bool{},
		stores: map[string][]store{}, params: map[string]val{}, aligns: map[string]int64{}, targets: targets}
}

// states holds states whose maps and lists checkFunc uses again: a big
// file has a function that calls vprintf every few kilobytes.
var states sync.Pool

func checkFunc(pass *vet.Pass, f *ast.Function) {
	if !callsVprintf(f.Body) {
		return
	}
	st, _ := states.Get().(*state)
	if st == nil {
		st = newState(nil, nil, map[string]bool{})
	}
	st.pass, st.f = pass, f
	scan(f, st)
	st.walk()
	st.flow.solve()
	for _, q := range st.flow.queries {
		st.missing(q)
	}
	st.reset()
	states.Put(st)
}

// reset empties st for another function.
func (st *state) reset() {
	st.pass, st.f = nil, nil
	clear(st.locals)
	st.ids.reset()
	clear(st.defs)
	clear(st.regKnown)
	st.defs, st.regVal, st.regKnown, st.known = st.defs[:0], st.regVal[:0], st.regKnown[:0], st.known[:0]
	st.dsts, st.next, st.dst = st.dsts[:0], 0, 0
	clear(st.params)
	clear(st.aligns)
	clear(st.targets)
	for _, l := range st.stores {
		st.spare = append(st.spare, l[:0])
	}
	clear(st.stores)
	f := &st.flow
	clear(f.events)
	clear(f.stores)
	clear(f.queries)
	clear(f.labels)
	clear(f.targets)
	clear(f.names)
	*f = flow{events: f.events[:0], stores: f.stores[:0], queries: f.queries[:0], labels: f.labels[:0], targets: f.targets[:0],
		names: f.names[:0], blocks: f.blocks[:0], succ: f.succ[:0], bits: f.bits, byLabel: f.byLabel, reached: f.reached[:0]}
}

func (st *state) walk() {
	vet.Inspect(st.f.Body, func(s ast.Stmt, stack []*ast.Block) {
		switch s := s.(type) {
		case *ast.Variable:
			if s.Space == ".local" {
				for _, d := range s.Names {
					st.locals[d.Name] = true
					st.aligns[d.Name] = int64(max(s.Align, 1))
				}
			}
		case *ast.Label:
			if !st.targets[s.Name] {
				return // a label only the debug information names: no join
			}
			st.flow.label(s.Name)
			st.join()
		case *ast.Instruction:
			st.dst = st.dsts[st.next]
			st.next++
			st.instruction(s)
		}
	})
}

// value returns what operand x holds, if known.
func (st *state) value(x ast.Expr) (val, bool) {
	switch x := x.(type) {
	case *ast.Ident:
		if v, ok := st.reg(x.Name); ok {
			return v, true
		}
		if strings.HasPrefix(x.Name, "%") {
			return val{}, false // a register whose value is not known
		}
		if !st.isReg(x.Name) {
			return val{sym: x.Name}, true // a symbol: a variable, a .param
		}
	case *ast.Lit:
		if x.Kind == ast.Int {
			if n, ok := ast.ParseInt(x.Value); ok {
				return val{off: int64(n)}, true
			}
		}
	case *ast.Binary:
		a, ok1 := st.value(x.X)
		b, ok2 := st.value(x.Y)
		if ok1 && ok2 && b.sym == "" {
			switch x.Op {
			case "+":
				return val{a.sym, a.off + b.off}, true
			case "-":
				return val{a.sym, a.off - b.off}, true
			}
		}
	case *ast.Unary:
		if a, ok := st.value(x.X); ok && a.sym == "" && x.Op == "-" {
			return val{off: -a.off}, true
		}
	}
	return val{}, false
}

// address returns the address an [x] operand names.
func (st *state) address(x ast.Expr) (val, bool) {
	a, ok := x.(*ast.Address)
	if !ok || len(a.Elems) != 1 {
		return val{}, false
	}
	return st.value(a.Elems[0])
}

func (st *state) instruction(in *ast.Instruction) {
	switch in.Opcode {
	case "st":
		st.recordStore(in)
		return
	case "call":
		st.call(in)
		st.flow.call()
		for sym, l := range st.stores {
			st.stores[sym] = l[:0] // the function's few locals: kept
		}
		clear(st.params)
		return
	case "bra", "brx":
		st.flow.branch(in)
		return
	case "ret", "exit", "trap":
		st.flow.ret(in.Guard != "")
		return
	}
	if !writes(in) {
		return
	}
	dst := st.dst // scan numbered it
	st.forget(dst)
	if in.Guard != "" {
		return
	}
	var v val
	ok := false
	switch {
	case in.Opcode == "mov" && len(in.Operands) == 2,
		in.Opcode == "cvta" && len(in.Operands) == 2:
		v, ok = st.value(in.Operands[1])
	case in.Opcode == "add" && len(in.Operands) == 3 && isIntType(in.Mods):
		a, ok1 := st.value(in.Operands[1])
		b, ok2 := st.value(in.Operands[2])
		if ok1 && ok2 && (a.sym == "" || b.sym == "") {
			v, ok = val{a.sym + b.sym, a.off + b.off}, true
		}
	case in.Opcode == "or" && len(in.Operands) == 3 && isIntType(in.Mods):
		// clang sets low bits of an aligned address with or: sym+off|c
		// is sym+(off|c) when sym's alignment exceeds c and off has
		// none of c's bits.
		a, ok1 := st.value(in.Operands[1])
		b, ok2 := st.value(in.Operands[2])
		if ok1 && ok2 && a.sym != "" && b.sym == "" && b.off >= 0 && b.off < st.aligns[a.sym] && a.off&b.off == 0 {
			v, ok = val{a.sym, a.off | b.off}, true
		}
	}
	if ok {
		st.setReg(dst, v)
	}
}

func isIntType(mods []string) bool {
	for _, m := range mods {
		switch m {
		case ".u32", ".s32", ".u64", ".s64", ".b32", ".b64":
			return true
		}
	}
	return false
}

// storeType returns the type and vector length of a store.
func storeType(in *ast.Instruction) (typ string, vec int) {
	vec = 1
	for _, m := range in.Mods {
		switch m {
		case ".v2":
			vec = 2
		case ".v4":
			vec = 4
		case ".v8":
			vec = 8
		}
		if vet.TypeSize(m) > 0 {
			typ = m
		}
	}
	return typ, vec
}

func (st *state) recordStore(in *ast.Instruction) {
	if len(in.Operands) != 2 {
		return
	}
	addr, ok := st.address(in.Operands[0])
	typ, vec := storeType(in)
	size := vet.TypeSize(typ)
	if !ok || size == 0 {
		if !in.HasMod(".param") && !in.HasMod(".global") && !in.HasMod(".shared") && !in.HasMod(".const") {
			st.flow.unknownStore()
		}
		return
	}
	if in.HasMod(".param") {
		if addr.off == 0 && vec == 1 {
			if v, ok := st.value(in.Operands[1]); ok {
				st.params[addr.sym] = v
			} else {
				delete(st.params, addr.sym)
			}
		}
		return
	}
	if !st.locals[addr.sym] {
		return
	}
	for i := 0; i < vec; i++ {
		s := store{off: addr.off + int64(i)*size, size: size, typ: typ, pos: in.Start}
		st.addStore(addr.sym, s)
		st.flow.store(addr.sym, s)
	}
}

// formatArgs is syscall.FormatArgs of format for the module's target,
// with the last answer kept: a big file prints the same formats from
// many functions. The answer is not to be changed.
func (st *state) formatArgs(format string) ([]syscall.FormatArg, error) {
	t := st.pass.Module.Target
	if c := &st.lastFormat; c.ok && c.format == format && c.target == t {
		return c.args, c.err
	}
	args, err := syscall.FormatArgs(format, t)
	st.lastFormat = formatCache{true, format, t, args, err}
	return args, err
}

type formatCache struct {
	ok     bool
	format string
	target target.Target
	args   []syscall.FormatArg
	err    error
}

// addStore records a store into the local variable sym.
func (st *state) addStore(sym string, s store) {
	l, ok := st.stores[sym]
	if !ok && len(st.spare) > 0 {
		l = st.spare[len(st.spare)-1]
		st.spare = st.spare[:len(st.spare)-1]
	}
	st.stores[sym] = append(l, s)
}

// call checks a call of vprintf.
func (st *state) call(in *ast.Instruction) {
	c, ok := vet.ParseCall(in)
	if !ok || c.Proto != nil || vet.Name(c.Target) != "vprintf" || len(c.Args) != 2 {
		return
	}
	fv, ok1 := st.arg(c.Args[0])
	bv, ok2 := st.arg(c.Args[1])
	if !ok1 || !ok2 || fv.sym == "" {
		return
	}
	format, fpos, ok := st.constString(fv)
	if !ok {
		return
	}
	args, err := st.formatArgs(format)
	if err != nil {
		return
	}
	related := func() []vet.RelatedInformation { return formatAt(fpos, format) }
	if bv.sym == "" {
		if bv.off == 0 && len(args) > 0 {
			st.pass.Report(vet.Diagnostic{Pos: in.Start, Message: fmt.Sprintf("vprintf format %q reads %d arguments, but the buffer is a null pointer", format, len(args)), Related: related()})
		}
		return
	}
	if !st.locals[bv.sym] {
		return
	}
	stores := st.stores[bv.sym]
	base := bv.off
	// The layout: each argument at its natural alignment, in order.
	off := int64(0)
	offs := make([]int64, len(args))
	for i, a := range args {
		sz := int64(a.Size)
		off = (off + sz - 1) / sz * sz
		offs[i] = off
		off += sz
	}
	end := off
	size := (end + 7) / 8 * 8
	starts, ends := map[int64]int{}, map[int64]int{}
	for i, a := range args {
		starts[offs[i]] = i
		ends[offs[i]+int64(a.Size)] = i
	}
	conv := func(i int) string {
		if args[i].Star {
			return "the * of " + args[i].Conv
		}
		return args[i].Conv
	}
	report := func(pos token.Pos, format string, a ...any) {
		st.pass.Report(vet.Diagnostic{Pos: pos, Message: fmt.Sprintf(format, a...), Related: related()})
	}
	for k, s := range stores {
		o, e := s.off-base, s.off-base+s.size
		if e <= 0 || o >= size {
			continue // outside the buffer
		}
		i, atStart := starts[o]
		if o >= end {
			report(s.pos, "vprintf buffer: %d bytes stored at offset %d, past the %d arguments the format reads", s.size, o, len(args))
			return
		}
		if !atStart {
			report(s.pos, "vprintf buffer: %d bytes stored at offset %d, inside an argument of the format", s.size, o)
			return
		}
		j, atEnd := ends[e]
		if !atEnd || j < i {
			report(s.pos, "vprintf argument %d is stored as %d bytes (%s), but %s reads %d bytes (%s)", i+1, s.size, s.typ, conv(i), args[i].Size, args[i].Kind())
			return
		}
		if j > i {
			// One store of several arguments, as compilers combine
			// constants: no other store may write into it.
			for l, t := range stores {
				if l != k && t.off < s.off+s.size && s.off < t.off+t.size {
					report(s.pos, "vprintf argument %d is stored as %d bytes (%s), but %s reads %d bytes (%s)", i+1, s.size, s.typ, conv(i), args[i].Size, args[i].Kind())
					return
				}
			}
		}
	}
	// Whether each argument was stored on some path is known once the
	// whole function has been walked (missing).
	st.flow.query(query{call: in, format: format, formatPos: fpos, sym: bv.sym, base: base, args: args, offs: offs})
}

// missing reports the first argument of a vprintf call that no store
// writes on any path from the function's entry, or from the call before
// it, to the call. Nothing is said where a store that may reach the call
// went to an address the check could not follow.
func (st *state) missing(q *query) {
	if q.unknown {
		return
	}
	for i, a := range q.args {
		if !st.flow.covered(q, q.base+q.offs[i], int64(a.Size)) {
			conv := a.Conv
			if a.Star {
				conv = "the * of " + a.Conv
			}
			st.pass.Report(vet.Diagnostic{Pos: q.call.Start, Related: formatAt(q.formatPos, q.format),
				Message: fmt.Sprintf("vprintf call at line %d: argument %d (%s, %d bytes at buffer offset %d) is never stored", st.pass.Line(q.call.Start), i+1, conv, a.Size, q.offs[i])})
			return
		}
	}
}

// formatAt is a report's related information: the format string, at
// pos. It is made only for a report.
func formatAt(pos token.Pos, format string) []vet.RelatedInformation {
	return []vet.RelatedInformation{{Pos: pos, Message: fmt.Sprintf("format %q", format)}}
}

// arg returns the value a call argument passes: what was stored into
// the .param variable it names, or what the register it names holds.
func (st *state) arg(x ast.Expr) (val, bool) {
	name := vet.Name(x)
	if v, ok := st.params[name]; ok {
		return v, true
	}
	if st.isReg(name) || strings.HasPrefix(name, "%") {
		return st.value(x)
	}
	return val{}, false
}

// constString returns the NUL-terminated string at v in a module-level
// byte array with a constant initializer.
func (st *state) constString(v val) (string, token.Pos, bool) {
	decl := st.pass.Module.Vars[v.sym]
	if decl == nil || decl.Space != ".global" && decl.Space != ".const" || vet.HasLinkage(decl.Linkage, ".extern") {
		return "", 0, false
	}
	if vet.TypeSize(decl.Type) != 1 {
		return "", 0, false
	}
	var d *ast.Declarator
	for _, x := range decl.Names {
		if x.Name == v.sym {
			d = x
		}
	}
	if d == nil || d.Init == nil {
		return "", 0, false
	}
	var b []byte
	switch init := d.Init.(type) {
	case *ast.Braces:
		for _, e := range init.Elems {
			lit, ok := e.(*ast.Lit)
			if !ok || lit.Kind != ast.Int {
				return "", 0, false
			}
			n, ok := ast.ParseInt(lit.Value)
			if !ok {
				return "", 0, false
			}
			b = append(b, byte(n))
		}
	default:
		return "", 0, false
	}
	if v.off < 0 || v.off >= int64(len(b)) {
		return "", 0, false
	}
	s := string(b[v.off:])
	i := strings.IndexByte(s, 0)
	if i < 0 {
		return "", 0, false
	}
	return s[:i], decl.Start, true
}

package ir

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/target"
)

// Error is a syntax or semantic error in IR text, at file:line:col.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

type token struct {
	s   string
	col int
}

type parser struct {
	file string
	line int
	toks []token
	pos  int
	m    *Module

	// per function
	f        *Func
	vals     map[string]*Value
	blocks   map[string]*Block
	defined  map[*Block]bool
	phis     []phiArgs
	calls    []callRef
	cur      *Block
	declared map[string]bool
}

type phiArgs struct {
	v      *Value
	labels []string
	args   []*Value
	line   int
}

type callRef struct {
	v         *Value
	name      string
	line, col int
	addr      bool // an addr's symbol rather than a callee
}

type bail struct{ err *Error }

func (p *parser) errorf(col int, format string, args ...any) {
	panic(bail{&Error{p.file, p.line, col, fmt.Sprintf(format, args...)}})
}

// Parse reads a module in the text form (see print.go) for target t.
func Parse(filename, src string, t target.Target) (m *Module, err error) {
	p := &parser{file: filename, m: &Module{Target: t}, declared: map[string]bool{}}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bail)
			if !ok {
				panic(r)
			}
			m, err = nil, b.err
		}
	}()
	lines := strings.Split(src, "\n")
	var calls []callRef
	for p.line = 1; p.line <= len(lines); p.line++ {
		p.lex(lines[p.line-1])
		if len(p.toks) == 0 {
			continue
		}
		switch kw := p.next(); kw.s {
		case "global":
			p.global()
		case "file":
			t := p.next()
			name, err := strconv.Unquote(t.s)
			if err != nil || t.s[0] != '"' {
				p.errorf(t.col, "expected a quoted file name, found %s", t.s)
			}
			p.end()
			p.m.Files = append(p.m.Files, name)
		case "declare":
			p.header(true)
		case "func":
			p.header(false)
			p.body(lines)
			calls = append(calls, p.calls...)
		default:
			p.errorf(kw.col, "expected global, declare or func, found %q", kw.s)
		}
	}
	for _, c := range calls {
		f := p.m.Func(c.name)
		p.line = c.line
		switch {
		case c.addr && f == nil && p.m.Var(c.name) == nil:
			p.errorf(c.col, "@%s is not a declared variable or function", c.name)
		case c.addr:
		case f == nil:
			p.errorf(c.col, "call of undeclared function @%s", c.name)
		default:
			c.v.Aux = f
		}
	}
	return p.m, nil
}

func isWordByte(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c == '+' || c == '-' || c == '%' || c == '@' ||
		'0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func (p *parser) lex(line string) {
	p.toks, p.pos = p.toks[:0], 0
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '/' && i+1 < len(line) && line[i+1] == '/':
			return
		case c == '-' && i+1 < len(line) && line[i+1] == '>':
			p.toks = append(p.toks, token{"->", i + 1})
			i += 2
		case c == '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(line) {
				p.errorf(i+1, "unterminated string")
			}
			p.toks = append(p.toks, token{line[i : j+1], i + 1})
			i = j + 1
		case strings.IndexByte(",()[]:={}", c) >= 0:
			p.toks = append(p.toks, token{line[i : i+1], i + 1})
			i++
		case isWordByte(c):
			j := i
			for j < len(line) && isWordByte(line[j]) {
				j++
			}
			// A type's "agg(16,8)" is one token.
			if line[i:j] == "agg" && j < len(line) && line[j] == '(' {
				k := strings.IndexByte(line[j:], ')')
				if k > 0 {
					j += k + 1
				}
			}
			p.toks = append(p.toks, token{line[i:j], i + 1})
			i = j
		default:
			p.errorf(i+1, "unexpected character %q", c)
		}
	}
}

func (p *parser) col() int {
	if p.pos < len(p.toks) {
		return p.toks[p.pos].col
	}
	if len(p.toks) > 0 {
		t := p.toks[len(p.toks)-1]
		return t.col + len(t.s)
	}
	return 1
}

func (p *parser) more() bool { return p.pos < len(p.toks) }

func (p *parser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos].s
	}
	return ""
}

func (p *parser) next() token {
	if p.pos >= len(p.toks) {
		p.errorf(p.col(), "unexpected end of line")
	}
	t := p.toks[p.pos]
	p.pos++
	return t
}

func (p *parser) expect(s string) {
	if t := p.next(); t.s != s {
		p.errorf(t.col, "expected %q, found %q", s, t.s)
	}
}

func (p *parser) accept(s string) bool {
	if p.peek() == s {
		p.pos++
		return true
	}
	return false
}

func (p *parser) end() {
	if p.more() {
		p.errorf(p.col(), "unexpected %q at end of line", p.peek())
	}
}

func (p *parser) typ() Type {
	t := p.next()
	ty, ok := ParseType(t.s, p.m.Target.AddressSize)
	if !ok {
		p.errorf(t.col, "expected a type, found %q", t.s)
	}
	return ty
}

func (p *parser) int() int64 {
	t := p.next()
	n, err := strconv.ParseInt(t.s, 0, 64)
	if err != nil {
		p.errorf(t.col, "expected an integer, found %q", t.s)
	}
	return n
}

// unrollHint reads a label's ": unroll N" or ": unroll full" (Block.Unroll).
func (p *parser) unrollHint() int32 {
	p.expect(":")
	p.expect("unroll")
	if p.accept("full") {
		p.end()
		return UnrollFull
	}
	t := p.next()
	n, err := strconv.ParseInt(t.s, 0, 64)
	if err != nil || n < 1 || n > 1<<31-1 {
		p.errorf(t.col, "expected an unroll count from 1 to 2^31-1 or \"full\", found %q", t.s)
	}
	p.end()
	return int32(n)
}

func (p *parser) str() string {
	t := p.next()
	s, err := strconv.Unquote(t.s)
	if err != nil || t.s[0] != '"' {
		p.errorf(t.col, "expected a quoted string, found %s", t.s)
	}
	return s
}

func (p *parser) sym() string {
	t := p.next()
	if len(t.s) < 2 || t.s[0] != '@' {
		p.errorf(t.col, "expected @name, found %q", t.s)
	}
	return t.s[1:]
}

var spaceByName = sync.OnceValue(func() map[string]Space {
	return map[string]Space{"global": Global, "shared": Shared, "const": Const, "local": Local}
})

// global: "global [extern|visible|weak] SPACE @name align N (size N | = "bytes")",
// an extern one with "size N" or nothing
// or, for a texture or surface reference, "global [visible] global @name
// (texref | surfref)".
func (p *parser) global() {
	g := &Var{}
	g.Extern = p.accept("extern")
	g.Visible = !g.Extern && p.accept("visible")
	g.Weak = !g.Extern && !g.Visible && p.accept("weak")
	t := p.next()
	sp, ok := spaceByName()[t.s]
	if !ok || sp == Local {
		p.errorf(t.col, "expected global, shared or const, found %q", t.s)
	}
	g.Space = sp
	col := p.col()
	g.Name = p.sym()
	if p.m.Var(g.Name) != nil || p.declared[g.Name] {
		p.errorf(col, "@%s redefined", g.Name)
	}
	p.declared[g.Name] = true
	for _, o := range []string{"texref", "surfref"} {
		if !g.Extern && sp == Global && p.accept(o) {
			g.Opaque = o
			p.end()
			p.m.Globals = append(p.m.Globals, g)
			return
		}
	}
	p.expect("align")
	if g.Align = p.int(); g.Align <= 0 || g.Align&(g.Align-1) != 0 {
		p.errorf(p.col(), "alignment must be a power of 2")
	}
	switch {
	case g.Extern:
		if p.accept("size") {
			g.Size = p.int()
		}
	case p.accept("size"):
		g.Size = p.int()
	case p.accept("="):
		t := p.next()
		s, err := strconv.Unquote(t.s)
		if err != nil || t.s[0] != '"' {
			p.errorf(t.col, "expected a string, found %s", t.s)
		}
		g.Init, g.Size = []byte(s), int64(len(s))
	default:
		p.errorf(p.col(), "expected size or = initializer")
	}
	p.end()
	p.m.Globals = append(p.m.Globals, g)
}

// header: "[internal|weak] [entry] @name(params) [-> T] [noinline]"
func (p *parser) header(decl bool) {
	f := &Func{Module: p.m, Kind: abi.Func, Linkage: abi.Visible}
	if decl {
		f.Linkage = abi.Extern
	} else {
		switch {
		case p.accept("internal"):
			f.Linkage = abi.Internal
		case p.accept("weak"):
			f.Linkage = abi.Weak
		}
	}
	if p.accept("entry") {
		f.Kind = abi.Entry
	}
	col := p.col()
	f.Name = p.sym()
	if p.declared[f.Name] {
		p.errorf(col, "@%s redefined", f.Name)
	}
	p.declared[f.Name] = true
	p.f = f
	p.vals = map[string]*Value{}
	p.expect("(")
	for !p.accept(")") {
		if len(f.ParamTypes) > 0 {
			p.expect(",")
		}
		var name token
		if !decl {
			name = p.next()
			if len(name.s) < 2 || name.s[0] != '%' {
				p.errorf(name.col, "expected a parameter %%name, found %q", name.s)
			}
		}
		t := p.typ()
		if t.Kind == Void {
			p.errorf(p.col(), "a parameter cannot be void")
		}
		f.ParamTypes = append(f.ParamTypes, t)
		if !decl {
			vt := t
			if t.Kind == Agg {
				vt = PtrT(Param, p.m.Target.AddressSize)
			}
			v := p.def(name, OpParam, vt)
			v.AuxInt = int64(len(f.Params))
			v.Flags = p.flags(Restrict | ConstPtr)
			f.Params = append(f.Params, v)
		}
	}
	if p.accept("->") {
		f.Result = p.typ()
	}
	if p.accept("noinline") {
		f.NoInline = true
	}
	if !decl {
		p.expect("{")
	}
	p.end()
	p.m.Funcs = append(p.m.Funcs, f)
}

func (p *parser) flags(allowed MemFlags) MemFlags {
	var fl MemFlags
	for p.more() {
		found := false
		for _, n := range flagNames() {
			if allowed&n.f == n.f && p.peek() == n.name && fl&CacheMask&n.f == 0 {
				fl |= n.f
				p.pos++
				found = true
			}
		}
		if !found {
			break
		}
	}
	return fl
}

// def returns the value that %name (token t) defines with op: a new one,
// or the forward reference made by an earlier use. A numeric name is not
// kept: such values print by ID.
func (p *parser) def(t token, op Op, typ Type) *Value {
	name := t.s[1:]
	v, ok := p.vals[name]
	switch {
	case ok && v.Op != OpInvalid:
		p.errorf(t.col, "%%%s redefined", name)
	case ok:
		v.ID = p.f.nextValue
		p.f.nextValue++
		v.Op, v.Type = op, typ
	default:
		v = p.f.NewValue(op, typ)
		p.vals[name] = v
	}
	v.Name = ""
	if _, err := strconv.Atoi(name); err != nil {
		v.Name = name
	}
	return v
}

func (p *parser) ref() *Value {
	t := p.next()
	if len(t.s) < 2 || t.s[0] != '%' {
		p.errorf(t.col, "expected a value %%name, found %q", t.s)
	}
	name := t.s[1:]
	if v, ok := p.vals[name]; ok {
		return v
	}
	v := &Value{ID: -1, Name: name} // a forward reference; OpInvalid until defined
	p.vals[name] = v
	return v
}

func (p *parser) block(label string, col int) *Block {
	if b, ok := p.blocks[label]; ok {
		return b
	}
	b := &Block{Func: p.f}
	if _, err := strconv.Atoi(strings.TrimPrefix(label, "b")); err != nil || label[0] != 'b' {
		b.Name = label
	}
	p.blocks[label] = b
	return b
}

func (p *parser) body(lines []string) {
	f := p.f
	p.blocks = map[string]*Block{}
	p.defined = map[*Block]bool{}
	p.phis, p.calls, p.cur = nil, nil, nil
	ended := true
	start := p.line
	for p.line++; ; p.line++ {
		if p.line > len(lines) {
			p.line = start
			p.errorf(1, "function @%s has no closing }", f.Name)
		}
		p.lex(lines[p.line-1])
		if len(p.toks) == 0 {
			continue
		}
		if p.accept("}") {
			p.end()
			break
		}
		if len(p.toks) >= 2 && p.toks[1].s == ":" {
			if !ended {
				p.errorf(1, "block %s does not end in jmp, br or ret", p.cur.Label())
			}
			t := p.next()
			b := p.block(t.s, t.col)
			if p.defined[b] {
				p.errorf(t.col, "block %s redefined", t.s)
			}
			p.defined[b] = true
			if len(p.toks) > 2 {
				b.Unroll = p.unrollHint()
			}
			b.ID = f.nextBlock
			f.nextBlock++
			f.Blocks = append(f.Blocks, b)
			p.cur, ended = b, false
			continue
		}
		if p.cur == nil || ended {
			p.errorf(1, "instruction outside a block (a label \"NAME:\" must come first)")
		}
		ended = p.instr()
	}
	if len(f.Blocks) == 0 {
		p.errorf(1, "function @%s has no blocks", f.Name)
	}
	if !ended {
		p.errorf(1, "block %s does not end in jmp, br or ret", p.cur.Label())
	}
	for label, b := range p.blocks {
		if !p.defined[b] {
			p.errorf(1, "undefined block %s in @%s", label, f.Name)
		}
	}
	for name, v := range p.vals {
		if v.Op == OpInvalid {
			p.errorf(1, "undefined value %%%s in @%s", name, f.Name)
		}
	}
	endLine := p.line
	defer func() { p.line = endLine }()
	for _, ph := range p.phis {
		b := ph.v.Block
		p.line = ph.line
		if len(ph.labels) != len(b.Preds) {
			p.errorf(1, "phi %s has %d arguments; block %s has %d predecessors", ph.v.Ref(), len(ph.labels), b.Label(), len(b.Preds))
		}
		ph.v.Args = make([]*Value, len(b.Preds))
		for i, l := range ph.labels {
			pb := p.blocks[l]
			j := -1
			if pb != nil {
				j = b.PredIndex(pb)
			}
			if j < 0 || ph.v.Args[j] != nil {
				p.errorf(1, "phi %s: %s is not a predecessor of %s (or is given twice)", ph.v.Ref(), l, b.Label())
			}
			ph.v.Args[j] = ph.args[i]
		}
	}
}

// instr parses one line of a block; it reports whether the line ended it.
func (p *parser) instr() bool {
	f, b := p.f, p.cur
	first := p.next()
	switch first.s {
	case "jmp":
		t := p.next()
		b.Kind = Jump
		b.AddEdge(p.block(t.s, t.col))
		p.end()
		return true
	case "br":
		b.Kind = If
		b.Control = p.ref()
		p.expect(",")
		t := p.next()
		p.expect(",")
		e := p.next()
		b.AddEdge(p.block(t.s, t.col))
		b.AddEdge(p.block(e.s, e.col))
		p.end()
		return true
	case "ret":
		b.Kind = Return
		if p.more() {
			b.Control = p.ref()
		}
		p.end()
		return true
	}
	var dst token
	opTok := first
	if strings.HasPrefix(first.s, "%") {
		dst = first
		p.expect("=")
		opTok = p.next()
	}
	opName, cond, _ := strings.Cut(opTok.s, ".")
	op, ok := opByName()[opName]
	if !ok || op == OpParam {
		p.errorf(opTok.col, "unknown operation %q", opTok.s)
	}
	var typ Type
	if op != OpStore && op != OpBarrier && !((op == OpIntrinsic || op == OpAsm) && dst.s == "") {
		typ = p.typ()
	}
	if (typ.Kind == Void) != (dst.s == "") {
		if dst.s == "" {
			p.errorf(opTok.col, "a %s of type %s needs a result %%name =", op, typ)
		}
		p.errorf(dst.col, "%s of type void has no result", op)
	}
	if typ.Kind == Agg && op != OpPack && op != OpCall && op != OpICall {
		p.errorf(opTok.col, "a value cannot have aggregate type %s (only a pack or a call)", typ)
	}
	var v *Value
	if dst.s != "" {
		v = p.def(dst, op, typ)
	} else {
		v = f.NewValue(op, typ)
	}
	if op == OpCmp {
		c := -1
		for i, n := range condNames {
			if n == cond {
				c = i
			}
		}
		if c < 0 {
			p.errorf(opTok.col, "expected cmp.eq, .ne, .lt, .le, .gt or .ge, found %q", opTok.s)
		}
		v.Aux = Cond(c)
	} else if cond != "" {
		p.errorf(opTok.col, "unknown operation %q", opTok.s)
	}
	switch op {
	case OpConst:
		t := p.next()
		v.AuxInt = p.constant(v.Type, t)
	case OpSreg:
		t := p.next()
		if !sregs()[t.s] {
			p.errorf(t.col, "unknown special register %q", t.s)
		}
		v.Aux = t.s
	case OpAddr:
		col := p.col()
		name := p.sym()
		v.Aux = name
		// A variable or a function, which may come later.
		p.calls = append(p.calls, callRef{v: v, name: name, line: p.line, col: col, addr: true})
	case OpAlloca:
		v.AuxInt = p.int()
	case OpCall, OpICall:
		var name string
		col := p.col()
		if op == OpCall {
			name = p.sym()
		} else {
			v.Args = append(v.Args, p.ref())
		}
		p.expect("(")
		for !p.accept(")") {
			if len(v.Args) > 0 && (op == OpCall || len(v.Args) > 1) {
				p.expect(",")
			}
			v.Args = append(v.Args, p.ref())
		}
		if op == OpICall {
			col = p.col()
			name = p.sym()
		}
		p.calls = append(p.calls, callRef{v: v, name: name, line: p.line, col: col})
	case OpIntrinsic:
		t := p.next()
		if t.s == "(" || strings.HasPrefix(t.s, "%") || strings.HasPrefix(t.s, "@") {
			p.errorf(t.col, "expected a PTX instruction name, found %q", t.s)
		}
		in := &Intrinsic{Name: t.s}
		p.expect("(")
		for i := 0; !p.accept(")"); i++ {
			if i > 0 {
				p.expect(",")
			}
			if i >= 32 {
				p.errorf(p.col(), "an intrinsic takes at most 32 arguments")
			}
			if p.accept("[") {
				in.Addr |= 1 << i
				v.Args = append(v.Args, p.ref())
				p.expect("]")
			} else {
				v.Args = append(v.Args, p.ref())
			}
		}
		in.Pure = p.accept("pure")
		v.Aux = in
	case OpAsm:
		a := &Asm{Template: p.str()}
		p.expect("(")
		for i := 0; !p.accept(")"); i++ {
			if i > 0 {
				p.expect(",")
			}
			a.Constraints = append(a.Constraints, p.str())
		}
		p.expect("(")
		for i := 0; !p.accept(")"); i++ {
			if i > 0 {
				p.expect(",")
			}
			v.Args = append(v.Args, p.ref())
		}
		v.Aux = a
	case OpPack:
		ps := &Pieces{}
		for i := 0; ; i++ {
			if i > 0 && !p.accept(",") || i == 0 && p.peek() != "[" {
				break
			}
			p.expect("[")
			ps.Offsets = append(ps.Offsets, p.int())
			p.expect(":")
			v.Args = append(v.Args, p.ref())
			p.expect("]")
		}
		v.Aux = ps
	case OpExtract:
		v.Args = append(v.Args, p.ref())
		p.expect(",")
		v.AuxInt = p.int()
	case OpPhi:
		ph := phiArgs{v: v, line: p.line}
		for i := 0; p.more(); i++ {
			if i > 0 {
				p.expect(",")
			}
			p.expect("[")
			ph.labels = append(ph.labels, p.next().s)
			p.expect(":")
			ph.args = append(ph.args, p.ref())
			p.expect("]")
		}
		p.phis = append(p.phis, ph)
	default:
		n := ops[op].nargs
		for i := 0; i < n; i++ {
			if i > 0 {
				p.expect(",")
			}
			v.Args = append(v.Args, p.ref())
		}
	}
	if p.accept("align") {
		if v.Align = p.int(); v.Align <= 0 || v.Align&(v.Align-1) != 0 {
			p.errorf(p.col(), "alignment must be a power of 2")
		}
	}
	v.Flags = p.flags(Volatile | NC | CacheMask)
	if p.accept("loc") {
		col := p.col()
		v.Pos.File = int(p.int())
		p.expect(":")
		v.Pos.Line = int(p.int())
		p.expect(":")
		v.Pos.Col = int(p.int())
		if v.Pos.File < 1 || v.Pos.File > len(p.m.Files) || v.Pos.Line < 1 || v.Pos.Col < 0 {
			p.errorf(col, "loc needs a declared file (1 to %d), a line from 1 and a column", len(p.m.Files))
		}
	}
	p.end()
	b.Append(v)
	return false
}

func (p *parser) constant(t Type, tok token) int64 {
	switch t.Kind {
	case Int, Pred:
		if t.Kind == Int && !t.Signed && t.Bits == 64 {
			if n, err := strconv.ParseUint(tok.s, 0, 64); err == nil {
				return int64(n)
			}
		}
		n, err := strconv.ParseInt(tok.s, 0, 64)
		if err != nil || Normalize(t, n) != n {
			p.errorf(tok.col, "expected an integer of type %s, found %q", t, tok.s)
		}
		return Normalize(t, n)
	case Float:
		x, err := strconv.ParseFloat(tok.s, 64)
		if err != nil && !strings.Contains(err.Error(), "range") {
			p.errorf(tok.col, "expected a floating-point number, found %q", tok.s)
		}
		if t.Bits == 32 {
			x = float64(float32(x))
		}
		return int64(math.Float64bits(x))
	}
	p.errorf(tok.col, "no constants of type %s", t)
	return 0
}

// sregs are the special registers a value may read (PTX ISA §10).
var sregs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"tid.x": true, "tid.y": true, "tid.z": true, "ntid.x": true, "ntid.y": true, "ntid.z": true,
		"ctaid.x": true, "ctaid.y": true, "ctaid.z": true, "nctaid.x": true, "nctaid.y": true, "nctaid.z": true,
		"laneid": true, "warpid": true, "clock": true, "clock64": true, "lanemask_lt": true,
	}
})

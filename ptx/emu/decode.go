package emu

import (
	"go/token"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// A dfunc is a function decoded for execution (ARCHITECTURE practice 18):
// registers resolved to slots, operands typed, branch targets resolved and
// reconvergence points computed, once, at load time.
type dfunc struct {
	name      string
	ast       *ast.Function
	mod, id   int
	code      []inst
	nregs     int
	regW      []uint8
	pool      [][32]uint64
	poolIdx   map[uint64]int32
	inits     []initSlot
	paramSz   int // per lane
	formals   []paramVar
	rets      []paramVar
	localSz   int
	maxntid   int
	reqntid   [3]int
	paramSize int // kernel: size of the parameter block
	sharedEnd int // kernel: end of its static shared memory
	dynSlot   int32
}

type paramVar struct{ off, size, align int }

// maxRegs bounds a function's registers (nvcc -G output of large
// functions has tens of thousands).
const maxRegs = 1 << 16

type initSlot struct {
	slot int32
	kind uint8
	val  uint64
}

// Initial register kinds: special registers and frame addresses.
const (
	iTid = iota // + 0..2
	_
	_
	iNtid
	_
	_
	iCtaid
	_
	_
	iNctaid
	_
	_
	iLaneid
	iWarpid
	iNwarpid
	iSmid
	iNsmid
	iGridid
	iLanemaskEq
	iLanemaskLe
	iLanemaskLt
	iLanemaskGe
	iLanemaskGt
	iDynSmem
	iTotalSmem
	iLocalAddr // val: offset in the frame's local area
	iConst     // val
	iDynShared // the address of dynamic shared memory
)

type opKind uint8

const (
	opALU opKind = iota
	opBra
	opBrx
	opCall
	opRet
	opExit
	opTrap
	opBar
)

type handler func(w *warp, f *frame, in *inst, m uint32)

// inst is one decoded instruction.
type inst struct {
	op     opKind
	exec   handler
	guard  int32 // predicate slot, -1 for none
	gneg   bool
	nd, ns int8
	vec    int8
	space  Space
	d      [4]int32 // destination slots; -1 is the sink "_"
	s      [4]int32 // sources: a slot, or ^i for pool entry i
	t, t2  ty
	base   int32 // address operand: base slot or -1
	off    int64
	aux    int64
	f1     func(uint64) uint64
	f2     func(uint64, uint64) uint64
	f3     func(uint64, uint64, uint64) uint64
	target int32
	reconv int32
	tgts   []int32
	call   *callInfo
	kind   int32
	pos    token.Pos
	src    *ast.Instruction
}

type callInfo struct {
	callee *dfunc
	sys    int // a system call (systemCalls) when callee is nil and not indirect
	ind    bool
	args   []paramVar
	rets   []paramVar
}

type symKind uint8

const (
	symReg symKind = iota
	symParam
	symLocal
)

type sym struct {
	kind symKind
	slot int32
	t    ty
	off  int
	size int
}

type decoder struct {
	m       *Machine
	f       *dfunc
	scopes  []map[string]*sym
	labels  map[string]int32
	fixups  []fixup
	targets map[string][]string
	special map[string]int32
	lastLbl string
}

type fixup struct {
	at    int32
	label string
	pos   token.Pos
	brx   bool
}

func (d *decoder) errorf(pos token.Pos, format string, args ...any) {
	d.m.errorf(pos, format, args...)
}

func (m *Machine) decodeFunc(f *dfunc) {
	d := &decoder{m: m, f: f, labels: map[string]int32{}, targets: map[string][]string{}, special: map[string]int32{}}
	f.poolIdx = map[uint64]int32{}
	d.scopes = []map[string]*sym{{}}
	f.paramSz, f.rets, f.formals = 0, nil, nil
	// Parameters: the return list, then the parameters, in the frame's
	// parameter area.
	for _, v := range f.ast.Return {
		f.rets = append(f.rets, d.declareParam(v)...)
	}
	for _, v := range f.ast.Params {
		f.formals = append(f.formals, d.declareParam(v)...)
	}
	f.paramSize = f.paramSz
	for _, dir := range f.ast.Directives {
		switch dir.Name {
		case ".maxntid", ".reqntid":
			n := 1
			for i, a := range dir.Args {
				v := m.constExpr(f.mod, a, tyU64)
				n *= int(v)
				if dir.Name == ".reqntid" && i < 3 {
					f.reqntid[i] = int(v)
				}
			}
			if dir.Name == ".maxntid" {
				f.maxntid = n
			}
		}
	}
	d.block(f.ast.Body)
	d.scopes = d.scopes[:1]
	// A function that falls off its end returns.
	f.code = append(f.code, inst{op: opRet, guard: -1, pos: f.ast.Body.Rbrace, kind: m.kind("ret")})
	for _, fx := range d.fixups {
		if fx.brx {
			list, ok := d.targets[fx.label]
			if !ok {
				d.errorf(fx.pos, "no .branchtargets %s", fx.label)
			}
			for _, l := range list {
				t, ok := d.labels[l]
				if !ok {
					d.errorf(fx.pos, "undefined label %s", l)
				}
				f.code[fx.at].tgts = append(f.code[fx.at].tgts, t)
			}
			continue
		}
		t, ok := d.labels[fx.label]
		if !ok {
			d.errorf(fx.pos, "undefined label %s", fx.label)
		}
		f.code[fx.at].target = t
	}
	f.paramSz = align(f.paramSz, 8)
	f.localSz = align(f.localSz, 16)
	if f.localSz+align(m.moduleLocal, 16) > maxLocal || f.paramSz > 1<<20 {
		d.errorf(f.ast.Start, "%s uses too much local, parameter or shared memory", f.name)
	}
	computeReconvergence(f.code)
}

// prepareParams lays out a function's parameters before any body is
// decoded, so that calls can be checked against them.
func (m *Machine) prepareParams(f *dfunc) {
	d := &decoder{m: m, f: f, scopes: []map[string]*sym{{}}}
	for _, v := range f.ast.Return {
		f.rets = append(f.rets, d.declareParam(v)...)
	}
	for _, v := range f.ast.Params {
		f.formals = append(f.formals, d.declareParam(v)...)
	}
}

func (m *Machine) kind(name string) int32 {
	if k, ok := m.kindIdx[name]; ok {
		return k
	}
	k := int32(len(m.kinds))
	m.kinds = append(m.kinds, name)
	m.kindIdx[name] = k
	return k
}

func (d *decoder) declareParam(v *ast.Variable) []paramVar {
	if v.Space != ".param" {
		d.errorf(v.Start, "%s parameters are not supported (only .param)", v.Space)
	}
	var out []paramVar
	for _, n := range v.Names {
		al := varAlign(v)
		size := declSize(v, n)
		if size > 1<<20 || al > 1<<16 {
			d.errorf(n.NamePos, "parameter %s too large", n.Name)
		}
		off := align(d.f.paramSz, al)
		d.f.paramSz = off + size
		t, _ := parseType(v.Type)
		d.scopes[len(d.scopes)-1][n.Name] = &sym{kind: symParam, off: off, size: size, t: t}
		out = append(out, paramVar{off: off, size: size, align: al})
	}
	return out
}

func (d *decoder) lookup(name string) *sym {
	for i := len(d.scopes) - 1; i >= 0; i-- {
		if s := d.scopes[i][name]; s != nil {
			return s
		}
	}
	return nil
}

func (d *decoder) block(b *ast.Block) {
	d.scopes = append(d.scopes, map[string]*sym{})
	defer func() { d.scopes = d.scopes[:len(d.scopes)-1] }()
	for _, st := range b.Stmts {
		switch st := st.(type) {
		case *ast.Block:
			d.block(st)
		case *ast.Label:
			d.labels[st.Name] = int32(len(d.f.code))
			d.lastLbl = st.Name
			continue
		case *ast.Variable:
			d.variable(st)
		case *ast.Instruction:
			d.instruction(st)
		case *ast.Directive:
			switch st.Name {
			case ".branchtargets", ".calltargets":
				var names []string
				for _, a := range st.Args {
					if id, ok := a.(*ast.Ident); ok {
						names = append(names, id.Name)
					}
				}
				d.targets[d.lastLbl] = names
			case ".pragma":
			default:
				d.errorf(st.Directive, "directive %s in a function body is not supported", st.Name)
			}
		case *ast.Loc, *ast.Comment, *ast.Prototype:
		default:
			d.errorf(st.Pos(), "statement not supported")
		}
		d.lastLbl = ""
	}
}

func (d *decoder) variable(v *ast.Variable) {
	scope := d.scopes[len(d.scopes)-1]
	switch v.Space {
	case ".reg":
		t, ok := parseType(v.Type)
		if !ok || v.Vector > 0 {
			d.errorf(v.Start, "register type %s is not supported", v.Type)
		}
		for _, n := range v.Names {
			if n.Range > maxRegs || d.f.nregs > maxRegs {
				d.errorf(n.NamePos, "more than %d registers", maxRegs)
			}
			if n.Range > 0 {
				for i := 0; i < n.Range; i++ {
					scope[n.Name+itoa(i)] = d.newReg(t)
				}
			} else {
				scope[n.Name] = d.newReg(t)
			}
		}
	case ".param":
		d.declareParam(v)
	case ".local":
		for _, n := range v.Names {
			al := varAlign(v)
			if al > 1<<16 || declSize(v, n) > maxLocal {
				d.errorf(n.NamePos, "%s too large", n.Name)
			}
			off := align(d.f.localSz, al)
			d.f.localSz = off + declSize(v, n)
			slot := d.newReg(tyU64)
			d.f.inits = append(d.f.inits, initSlot{slot: slot.slot, kind: iLocalAddr, val: uint64(off)})
			scope[n.Name] = &sym{kind: symLocal, slot: slot.slot, off: off}
		}
	case ".shared":
		// A function-scope .shared variable is a static shared object,
		// placed by layoutFunctionShared.
		for _, n := range v.Names {
			scope[n.Name] = &sym{kind: symReg, slot: d.pool(d.m.fnShared[n]), t: tyU64}
		}
	default:
		d.errorf(v.Start, "%s variable in a function body is not supported", v.Space)
	}
}

// dynShared returns the slot holding the address of the dynamic shared
// array, set when a frame starts.
func (d *decoder) dynShared() int32 {
	if d.f.dynSlot == 0 {
		r := d.newReg(tyU64)
		d.f.inits = append(d.f.inits, initSlot{slot: r.slot, kind: iDynShared})
		d.f.dynSlot = r.slot + 1
	}
	return d.f.dynSlot - 1
}

func (d *decoder) newReg(t ty) *sym {
	s := &sym{kind: symReg, slot: int32(d.f.nregs), t: t}
	d.f.nregs++
	w := t.w
	if t.k == 'p' {
		w = 1
	}
	d.f.regW = append(d.f.regW, w)
	return s
}

// pool returns the operand index of a constant.
func (d *decoder) pool(v uint64) int32 {
	if i, ok := d.f.poolIdx[v]; ok {
		return i
	}
	var a [32]uint64
	for i := range a {
		a[i] = v
	}
	i := ^int32(len(d.f.pool))
	d.f.pool = append(d.f.pool, a)
	d.f.poolIdx[v] = i
	return i
}

var specialKinds = sync.OnceValue(func() map[string]uint8 {
	return map[string]uint8{
		"%tid.x": iTid, "%tid.y": iTid + 1, "%tid.z": iTid + 2,
		"%ntid.x": iNtid, "%ntid.y": iNtid + 1, "%ntid.z": iNtid + 2,
		"%ctaid.x": iCtaid, "%ctaid.y": iCtaid + 1, "%ctaid.z": iCtaid + 2,
		"%nctaid.x": iNctaid, "%nctaid.y": iNctaid + 1, "%nctaid.z": iNctaid + 2,
		"%laneid": iLaneid, "%warpid": iWarpid, "%nwarpid": iNwarpid, "%smid": iSmid, "%nsmid": iNsmid,
		"%gridid": iGridid, "%lanemask_eq": iLanemaskEq, "%lanemask_le": iLanemaskLe, "%lanemask_lt": iLanemaskLt,
		"%lanemask_ge": iLanemaskGe, "%lanemask_gt": iLanemaskGt,
		"%dynamic_smem_size": iDynSmem, "%total_smem_size": iTotalSmem,
	}
})

// dynamicSpecials change while a frame runs; reading one is an
// instruction of its own.
var dynamicSpecials = sync.OnceValue(func() map[string]int64 {
	return map[string]int64{"%clock": 0, "%clock64": 1, "%globaltimer": 2, "%globaltimer_lo": 3, "%globaltimer_hi": 4,
		"%clock_hi": 5}
})

// src decodes a source operand of type t.
func (d *decoder) src(e ast.Expr, t ty) int32 {
	switch x := e.(type) {
	case *ast.Ident:
		if s := d.lookup(x.Name); s != nil {
			switch s.kind {
			case symReg, symLocal:
				return s.slot
			case symParam:
				return d.pool(uint64(s.off))
			}
		}
		if k, ok := specialKinds()[x.Name]; ok {
			if slot, ok := d.special[x.Name]; ok {
				return slot
			}
			r := d.newReg(tyU32)
			d.f.inits = append(d.f.inits, initSlot{slot: r.slot, kind: k})
			d.special[x.Name] = r.slot
			return r.slot
		}
		if k, ok := dynamicSpecials()[x.Name]; ok {
			r := d.newReg(tyU64)
			d.f.code = append(d.f.code, inst{op: opALU, guard: -1, exec: execClock, aux: k, d: [4]int32{r.slot}, nd: 1,
				pos: x.NamePos, kind: d.m.kind("mov")})
			return r.slot
		}
		v, sp, ok := d.m.symbolValue(d.f.mod, x.Name, x.NamePos)
		if !ok {
			d.errorf(x.NamePos, "undefined symbol %s", x.Name)
		}
		if sp == dynSpace {
			return d.dynShared()
		}
		return d.pool(v)
	case *ast.Lit, *ast.Unary, *ast.Binary, *ast.Paren:
		if b, ok := e.(*ast.Binary); ok {
			// sym+off where sym is a frame object.
			if id, ok := b.X.(*ast.Ident); ok && d.lookup(id.Name) != nil {
				d.errorf(e.Pos(), "register arithmetic in an operand is not supported")
			}
		}
		if u, ok := e.(*ast.Unary); ok && u.Op == "!" {
			d.errorf(e.Pos(), "negated operand is only allowed for predicates here")
		}
		return d.pool(d.m.constExpr(d.f.mod, e, t) & mask(t.w))
	}
	d.errorf(e.Pos(), "operand not supported")
	return 0
}

// dst decodes a destination register; "_" is -1.
func (d *decoder) dst(e ast.Expr) int32 {
	id, ok := e.(*ast.Ident)
	if !ok {
		d.errorf(e.Pos(), "destination must be a register")
	}
	if id.Name == "_" {
		return -1
	}
	s := d.lookup(id.Name)
	if s == nil || s.kind != symReg {
		d.errorf(id.NamePos, "%s is not a register", id.Name)
	}
	if s.slot < 0 {
		d.errorf(id.NamePos, "%s is not writable", id.Name)
	}
	return s.slot
}

// address decodes "[x]", "[x+imm]", "[sym+imm]" and "[imm]".
func (d *decoder) address(e ast.Expr) (base int32, off int64, sp Space, hasSym bool) {
	a, ok := e.(*ast.Address)
	if !ok || len(a.Elems) != 1 {
		d.errorf(e.Pos(), "expected an address [x]")
	}
	base = -1
	var walk func(x ast.Expr, neg bool)
	walk = func(x ast.Expr, neg bool) {
		switch x := x.(type) {
		case *ast.Binary:
			if x.Op == "+" || x.Op == "-" {
				walk(x.X, neg)
				walk(x.Y, neg != (x.Op == "-"))
				return
			}
		case *ast.Ident:
			if neg {
				break
			}
			if s := d.lookup(x.Name); s != nil {
				if base >= 0 {
					break
				}
				if s.kind == symReg && s.slot < 0 {
					// A constant: a function-scope .shared object's
					// offset, addressed like a module-scope one.
					off += int64(d.f.pool[^s.slot][0])
					sp, hasSym = Shared, true
					return
				}
				switch s.kind {
				case symReg, symLocal:
					base = s.slot
					if s.kind == symLocal {
						sp = Local
						hasSym = true
					}
				case symParam:
					off += int64(s.off)
					sp, hasSym = Param, true
				}
				return
			}
			v, s, ok := d.m.symbolValue(d.f.mod, x.Name, x.NamePos)
			if !ok {
				d.errorf(x.NamePos, "undefined symbol %s", x.Name)
			}
			if s == dynSpace {
				if base >= 0 {
					d.errorf(x.NamePos, "address with two bases")
				}
				base, sp, hasSym = d.dynShared(), Shared, true
				return
			}
			off += int64(v)
			sp, hasSym = s, true
			return
		}
		v := int64(d.m.constExpr(d.f.mod, x, tyU64))
		if neg {
			v = -v
		}
		off += v
	}
	walk(a.Elems[0], false)
	return
}

// instruction decodes one instruction and appends it to the code.
func (d *decoder) instruction(x *ast.Instruction) {
	in := inst{guard: -1, pos: x.Start, base: -1}
	if x.Guard != "" {
		s := d.lookup(x.Guard)
		if s == nil || s.kind != symReg || s.t.k != 'p' {
			d.errorf(x.Start, "guard %s is not a predicate", x.Guard)
		}
		in.guard, in.gneg = s.slot, x.GuardNeg
	}
	in.kind = d.m.kind(x.Opcode)
	d.decodeOp(x, &in)
	d.f.code = append(d.f.code, in)
}

// name of the instruction for messages.
func instName(x *ast.Instruction) string { return x.Opcode + strings.Join(x.Mods, "") }

// prototype sizes are not checked for indirect calls beyond the
// argument count; the callee's own layout is used.
func (d *decoder) callOperands(x *ast.Instruction, in *inst) {
	ops := x.Operands
	ci := &callInfo{}
	i := 0
	params := func(p *ast.Paren) []paramVar {
		var out []paramVar
		for _, e := range p.Elems {
			id, ok := e.(*ast.Ident)
			var s *sym
			if ok {
				s = d.lookup(id.Name)
			}
			if s == nil || s.kind != symParam {
				d.errorf(e.Pos(), "call arguments must be .param variables")
			}
			out = append(out, paramVar{off: s.off, size: s.size})
		}
		return out
	}
	if i < len(ops) {
		if p, ok := ops[i].(*ast.Paren); ok {
			ci.rets = params(p)
			i++
		}
	}
	if i >= len(ops) {
		d.errorf(x.Start, "call without a target")
	}
	tgt := ops[i]
	i++
	if id, ok := tgt.(*ast.Ident); ok && d.lookup(id.Name) == nil {
		s := d.m.prog.Lookup(d.f.mod, id.Name)
		switch {
		case s != nil && s.Func != nil:
			ci.callee = d.m.funcs[s.Func]
		case s == nil && systemCalls()[id.Name] != 0:
			ci.sys = systemCalls()[id.Name]
		default:
			d.errorf(id.NamePos, "call of %s: not a function", id.Name)
		}
	} else {
		ci.ind = true
		in.s[0] = d.src(tgt, ty{'u', uint8(d.m.addr)})
		in.ns = 1
	}
	if i < len(ops) {
		if p, ok := ops[i].(*ast.Paren); ok {
			ci.args = params(p)
			i++
		}
	}
	in.call = ci
	in.op = opCall
	if ci.callee != nil {
		if len(ci.args) != len(ci.callee.formals) && len(ci.args) != len(ci.callee.ast.Params) {
			d.errorf(x.Start, "call of %s with %d arguments, it has %d parameters", ci.callee.name, len(ci.args), len(ci.callee.ast.Params))
		}
	}
}

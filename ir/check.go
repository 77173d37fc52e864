package ir

import (
	"fmt"
	"slices"
)

// Check reports the first violation in f of the SSA invariants: blocks end
// as their kind says and their edges agree both ways; phis lead their
// block with one argument per predecessor; every argument is a value of f
// whose definition dominates the use (for a phi, the end of the
// predecessor); and every operation has arguments and a result of the
// types it accepts.
func Check(f *Func) error {
	c := &checker{f: f}
	return c.check()
}

// CheckModule checks every function of m.
func CheckModule(m *Module) error {
	for _, f := range m.Funcs {
		if err := Check(f); err != nil {
			return err
		}
	}
	return nil
}

type checker struct {
	f   *Func
	dom *Dom
}

type checkError struct{ err error }

func (c *checker) fail(b *Block, v *Value, format string, args ...any) {
	where := "@" + c.f.Name
	if b != nil {
		where += ": " + b.Label()
	}
	if v != nil {
		where += ": " + v.LongString()
	}
	panic(checkError{fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...))})
}

func (c *checker) check() (err error) {
	defer func() {
		if r := recover(); r != nil {
			ce, ok := r.(checkError)
			if !ok {
				panic(r)
			}
			err = ce.err
		}
	}()
	f := c.f
	if f.IsDecl() {
		return nil
	}
	if len(f.Params) != len(f.ParamTypes) {
		c.fail(nil, nil, "%d parameter values for %d parameters", len(f.Params), len(f.ParamTypes))
	}
	defs := newDefTable(f) // value -> position in its block (-1 params)
	for i, p := range f.Params {
		if p.Op != OpParam || p.Block != nil || p.AuxInt != int64(i) {
			c.fail(nil, p, "parameter %d is not its OpParam", i)
		}
		want := f.ParamTypes[i]
		if want.Kind == Agg {
			want = PtrT(Param, f.AddrBits())
		}
		if p.Type != want {
			c.fail(nil, p, "parameter %d has type %s; the signature says %s", i, p.Type, f.ParamTypes[i])
		}
		defs.set(p, -1)
	}
	blocks := newBlockTable(f)
	for _, b := range f.Blocks {
		if !blocks.add(b) {
			c.fail(b, nil, "block listed twice, or its ID reused")
		}
		if b.Func != f {
			c.fail(b, nil, "block of another function")
		}
		for i, v := range b.Values {
			if _, dup := defs.get(v); dup {
				c.fail(b, v, "value listed twice")
			}
			if v.Block != b {
				c.fail(b, v, "value's Block is not the block that holds it")
			}
			defs.set(v, i)
		}
	}
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			if !blocks.has(s) {
				c.fail(b, nil, "successor not in the function")
			}
			if count(s.Preds, b) != count(b.Succs, s) {
				c.fail(b, nil, "edge to %s not mirrored in its predecessors", s.Label())
			}
		}
		for _, p := range b.Preds {
			if !blocks.has(p) || count(p.Succs, b) != count(b.Preds, p) {
				c.fail(b, nil, "predecessor %s has no edge to it", p.Label())
			}
		}
		switch b.Kind {
		case Jump:
			if len(b.Succs) != 1 || b.Control != nil {
				c.fail(b, nil, "a jmp block needs 1 successor and no control")
			}
		case If:
			if len(b.Succs) != 2 || b.Control == nil || b.Control.Type != PredT {
				c.fail(b, nil, "a br block needs 2 successors and a pred control")
			}
		case Return:
			if len(b.Succs) != 0 {
				c.fail(b, nil, "a ret block has no successors")
			}
			if (b.Control == nil) != (f.Result.Kind == Void) || b.Control != nil && b.Control.Type != f.Result && !(f.Result.Kind == Agg && b.Control.Type.IsPtr()) {
				c.fail(b, nil, "ret of the wrong type: the function returns %s", f.Result)
			}
			if b.Control != nil && b.Control.Type.Kind == Agg && b.Control.Op != OpPack {
				c.fail(b, nil, "an aggregate is returned as a pack of its pieces or through a pointer")
			}
		default:
			c.fail(b, nil, "bad block kind %d", b.Kind)
		}
	}
	if len(f.Entry().Preds) != 0 {
		c.fail(f.Entry(), nil, "the entry block has predecessors")
	}
	c.dom = Dominators(f)
	for _, b := range f.Blocks {
		inPhis := true
		for i, v := range b.Values {
			if v.Op == OpPhi {
				if !inPhis {
					c.fail(b, v, "phi after a non-phi")
				}
				if len(v.Args) != len(b.Preds) {
					c.fail(b, v, "phi has %d arguments; the block has %d predecessors", len(v.Args), len(b.Preds))
				}
			} else {
				inPhis = false
			}
			for j, a := range v.Args {
				if a == nil {
					c.fail(b, v, "argument %d is nil", j)
				}
				pos, ok := defs.get(a)
				if !ok {
					c.fail(b, v, "argument %s is not a value of the function", a.Ref())
				}
				if v.Op == OpPhi {
					c.dominates(a, pos, b.Preds[j], len(b.Preds[j].Values), v)
				} else {
					c.dominates(a, pos, b, i, v)
				}
			}
			c.types(b, v)
		}
		if b.Control != nil {
			if b.Kind != Return && b.Control.Type.Kind == Agg {
				c.fail(b, nil, "an aggregate %s controls a branch", b.Control.Ref())
			}
			pos, ok := defs.get(b.Control)
			if !ok {
				c.fail(b, nil, "control %s is not a value of the function", b.Control.Ref())
			}
			c.dominates(b.Control, pos, b, len(b.Values), nil)
		}
	}
	return nil
}

// defTable maps the values of a function to their positions, in tables
// by value ID, with a map for what they cannot hold (a value whose ID is
// out of range or another value's).
type defTable struct {
	val   []*Value
	pos   []int32
	other map[*Value]int
}

func newDefTable(f *Func) *defTable {
	return &defTable{val: make([]*Value, f.NumValues()), pos: make([]int32, f.NumValues())}
}

func (d *defTable) get(v *Value) (int, bool) {
	if v.ID >= 0 && v.ID < len(d.val) && d.val[v.ID] == v {
		return int(d.pos[v.ID]), true
	}
	p, ok := d.other[v]
	return p, ok
}

func (d *defTable) set(v *Value, pos int) {
	if v.ID >= 0 && v.ID < len(d.val) && (d.val[v.ID] == nil || d.val[v.ID] == v) {
		d.val[v.ID], d.pos[v.ID] = v, int32(pos)
		return
	}
	if d.other == nil {
		d.other = map[*Value]int{}
	}
	d.other[v] = pos
}

// blockTable is the set of a function's blocks, by block ID.
type blockTable struct {
	at    []*Block
	other map[*Block]bool
	ids   map[int]bool // the IDs of other
}

func newBlockTable(f *Func) *blockTable { return &blockTable{at: make([]*Block, f.NumBlocks())} }

// add adds b and reports whether neither it nor its ID was there.
func (t *blockTable) add(b *Block) bool {
	if b.ID >= 0 && b.ID < len(t.at) {
		if t.at[b.ID] != nil || t.ids[b.ID] {
			return false
		}
		t.at[b.ID] = b
		return true
	}
	if t.other[b] || t.ids[b.ID] {
		return false
	}
	if t.other == nil {
		t.other, t.ids = map[*Block]bool{}, map[int]bool{}
	}
	t.other[b], t.ids[b.ID] = true, true
	return true
}

func (t *blockTable) has(b *Block) bool {
	if b.ID >= 0 && b.ID < len(t.at) && t.at[b.ID] == b {
		return true
	}
	return t.other[b]
}

func count(bs []*Block, b *Block) int {
	n := 0
	for _, x := range bs {
		if x == b {
			n++
		}
	}
	return n
}

// dominates checks that def (at pos in its block) dominates position i of
// block b.
func (c *checker) dominates(def *Value, pos int, b *Block, i int, use *Value) {
	if def.Block == nil || !c.dom.Reachable(b) {
		return // parameters dominate everything; unreachable code is not checked
	}
	if def.Block == b && pos < i || def.Block != b && c.dom.Dominates(def.Block, b) {
		return
	}
	c.fail(b, use, "%s is used where its definition does not dominate", def.Ref())
}

func (c *checker) types(b *Block, v *Value) {
	t := v.Type
	bad := func(format string, args ...any) { c.fail(b, v, format, args...) }
	nargs := ops[v.Op].nargs
	if nargs >= 0 && len(v.Args) != nargs {
		bad("%s takes %d arguments", v.Op, nargs)
	}
	same := func(ts ...Type) {
		for i, a := range v.Args {
			if a.Type != ts[min(i, len(ts)-1)] {
				bad("argument %d has type %s; expected %s", i, a.Type, ts[min(i, len(ts)-1)])
			}
		}
	}
	if t.Kind == Agg && v.Op != OpPack && v.Op != OpCall && v.Op != OpICall && v.Op != OpAsm {
		bad("%s of aggregate type %s: only packs, calls and asm with several outputs have one", v.Op, t)
	}
	for i, a := range v.Args {
		if a.Type.Kind != Agg {
			continue
		}
		switch {
		case v.Op == OpExtract && (a.Op == OpCall || a.Op == OpICall || a.Op == OpAsm):
		case (v.Op == OpCall || v.Op == OpICall && i > 0) && a.Op == OpPack:
		default:
			bad("argument %d is an aggregate %s: packs are call arguments, calls' aggregates are extracted", i, a.Op)
		}
	}
	if v.Flags&(Restrict|ConstPtr) != 0 {
		bad("restrict and const qualify parameters only")
	}
	if c := v.Flags & CacheMask; c != 0 && (v.Op == OpLoad && c > CacheCV || v.Op == OpStore && c != CacheCG && c != CacheCS && c < CacheWB) {
		bad("cache operator %s is not one of a %s", v.Flags.CacheOp(), v.Op)
	}
	if v.Flags != 0 && v.Op != OpLoad && v.Op != OpStore || v.Flags&NC != 0 && (v.Op != OpLoad || v.Args[0].Type.Space != Global) {
		bad("volatile qualifies loads and stores; nc loads from ptr.global")
	}
	if v.Align != 0 && v.Op != OpLoad && v.Op != OpStore && v.Op != OpAlloca {
		bad("align qualifies loads, stores and allocas")
	}
	switch v.Op {
	case OpParam:
		bad("a parameter inside a block")
	case OpInvalid:
		bad("invalid operation")
	case OpConst:
		if t.Kind != Int && t.Kind != Float && t.Kind != Pred {
			bad("constants are integers, floats or predicates")
		}
		if Normalize(t, v.AuxInt) != v.AuxInt {
			bad("constant %d does not fit %s", v.AuxInt, t)
		}
	case OpSreg:
		if want := sregType(v.Aux); t != want {
			bad("special register %v has type %s", v.Aux, want)
		}
	case OpAddr:
		name, _ := v.Aux.(string)
		g, fn := c.f.Module.Var(name), c.f.Module.Func(name)
		switch {
		case g != nil:
			if t != PtrT(g.Space, c.f.AddrBits()) {
				bad("the address of @%s has type %s", name, PtrT(g.Space, c.f.AddrBits()))
			}
		case fn != nil:
			if fn.Kind != 0 || t != PtrT(Generic, c.f.AddrBits()) {
				bad("the address of a .func is a generic ptr; a kernel has none")
			}
		default:
			bad("@%s is not a module variable or function", name)
		}
	case OpAlloca:
		if t != PtrT(Local, c.f.AddrBits()) || v.AuxInt <= 0 || v.Align <= 0 {
			bad("alloca has type ptr.local, a size and an alignment")
		}
	case OpAdd, OpSub, OpMul, OpDiv, OpMin, OpMax:
		if !t.IsNumeric() || t.Kind == Float && t.Bits == 16 && (v.Op == OpDiv) {
			bad("%s of type %s", v.Op, t)
		}
		same(t)
	case OpRem:
		if !t.IsInt() {
			bad("rem of type %s", t)
		}
		same(t)
	case OpAnd, OpOr, OpXor, OpNot:
		if !t.IsInt() && t.Kind != Pred {
			bad("%s of type %s", v.Op, t)
		}
		same(t)
	case OpShl, OpShr:
		if !t.IsInt() {
			bad("%s of type %s", v.Op, t)
		}
		same(t, U32)
	case OpNeg, OpAbs:
		if !t.IsNumeric() || t.IsInt() && !t.Signed {
			bad("%s of type %s", v.Op, t)
		}
		same(t)
	case OpSqrt, OpRsqrt, OpFma:
		if !t.IsFloat() || t.Bits == 16 {
			bad("%s of type %s", v.Op, t)
		}
		same(t)
	case OpCmp:
		if t != PredT {
			bad("cmp has type pred")
		}
		a := v.Args[0].Type
		if a.Kind == Pred && v.Cond() > Ne || !a.IsNumeric() && !a.IsPtr() && a.Kind != Pred {
			bad("cmp.%s of %s", v.Cond(), a)
		}
		same(a)
	case OpSelect:
		same(PredT, t, t)
	case OpConv:
		a := v.Args[0].Type
		okNum := func(x Type) bool { return x.IsNumeric() || x.Kind == Pred }
		if !(okNum(a) && okNum(t)) && !(a.IsPtr() && t.IsInt() && t.Bits == a.Bits) && !(t.IsPtr() && a.IsInt() && t.Bits == a.Bits) {
			bad("conv from %s to %s", a, t)
		}
	case OpCvta:
		a := v.Args[0].Type
		if !a.IsPtr() || !t.IsPtr() || (a.Space == Generic) == (t.Space == Generic) {
			bad("cvta converts between a generic pointer and one into a state space, not %s to %s", a, t)
		}
	case OpPtrAdd:
		if !t.IsPtr() || v.Args[0].Type != t || !v.Args[1].Type.IsInt() || v.Args[1].Type.Bits != t.Bits {
			bad("ptradd takes a pointer of its type and an integer as wide")
		}
	case OpLoad:
		if !v.Args[0].Type.IsPtr() || !(t.IsNumeric() || t.IsPtr()) {
			bad("load of %s through %s", t, v.Args[0].Type)
		}
		c.align(b, v)
	case OpStore:
		if !v.Args[0].Type.IsPtr() || !(v.Args[1].Type.IsNumeric() || v.Args[1].Type.IsPtr()) {
			bad("store of %s through %s", v.Args[1].Type, v.Args[0].Type)
		}
		c.align(b, v)
	case OpCall, OpICall:
		callee := v.Callee()
		if callee == nil {
			bad("call without a callee")
		}
		if callee.Kind != 0 {
			bad("@%s is a kernel: only .func can be called", callee.Name)
		}
		args := v.Args
		if v.Op == OpICall {
			if len(args) == 0 || args[0].Type != PtrT(Generic, c.f.AddrBits()) {
				bad("icall needs a generic function pointer first")
			}
			args = args[1:]
		}
		if len(args) != len(callee.ParamTypes) {
			bad("@%s takes %d arguments", callee.Name, len(callee.ParamTypes))
		}
		for i, a := range args {
			p := callee.ParamTypes[i]
			if p.Kind == Agg && a.Type.IsPtr() {
				continue // the address of the aggregate
			}
			if a.Type != p {
				bad("argument %d has type %s; @%s takes %s", i, a.Type, callee.Name, p)
			}
		}
		if callee.Result.Kind == Agg {
			if t != PtrT(Local, c.f.AddrBits()) && t != callee.Result {
				bad("@%s returns %s: the call's value is a ptr.local to a copy of it, or the aggregate", callee.Name, callee.Result)
			}
		} else if t != callee.Result {
			bad("@%s returns %s", callee.Name, callee.Result)
		}
	case OpPack:
		ps, _ := v.Aux.(*Pieces)
		if ps == nil || len(ps.Offsets) != len(v.Args) {
			bad("a pack needs the offset of each piece")
		}
		end := int64(0)
		for i, a := range v.Args {
			at := a.Type
			if !at.IsNumeric() && !at.IsPtr() {
				bad("piece %d has type %s: pieces are numbers or pointers", i, at)
			}
			if off := ps.Offsets[i]; off < end || off+at.Bytes() > t.Size {
				bad("piece %d at offset %d overlaps another or lies outside %s", i, off, t)
			}
			end = ps.Offsets[i] + at.Bytes()
		}
	case OpExtract:
		a := v.Args[0]
		if a.Type.Kind != Agg || a.Op != OpCall && a.Op != OpICall && a.Op != OpAsm {
			bad("extract takes a piece of the aggregate a call returns or an asm's output")
		}
		if a.Op == OpAsm {
			if asm, _ := a.Aux.(*Asm); asm != nil {
				outs, _, _ := asm.Outputs()
				if !slices.Contains(outs, AsmOutput{Type: t, Offset: v.AuxInt}) {
					bad("extract of %s at offset %d is no output of the asm", t, v.AuxInt)
				}
			}
		}
		if !t.IsNumeric() && !t.IsPtr() || v.AuxInt < 0 || v.AuxInt+t.Bytes() > a.Type.Size {
			bad("extract of %s at offset %d from %s", t, v.AuxInt, a.Type)
		}
	case OpPhi:
		if t.Kind == Void {
			bad("phi of type void")
		}
		same(t)
	case OpBarrier:
	case OpIntrinsic:
		in, _ := v.Aux.(*Intrinsic)
		if in == nil || in.Name == "" {
			bad("an intrinsic needs its instruction's name")
		}
		for i, a := range v.Args {
			if in.Addr&(1<<i) != 0 && !a.Type.IsPtr() {
				bad("argument %d is an address and has type %s", i, a.Type)
			}
		}
		if in.Pure && t.Kind == Void {
			bad("a pure intrinsic without a result does nothing")
		}
	case OpAsm:
		a, _ := v.Aux.(*Asm)
		if a == nil {
			bad("asm without its template")
		}
		cons := a.Constraints
		if t.Kind == Agg {
			outs, agg, ok := a.Outputs()
			if !ok || len(outs) < 2 || agg != t {
				bad("an asm of aggregate type %s has several outputs of the constraints \"=h\", \"=r\", \"=l\", \"=f\", \"=d\", laid out as Asm.Outputs places them", t)
			}
			cons = cons[len(outs):]
		} else if t.Kind != Void {
			if len(cons) == 0 || cons[0] != "="+AsmClass(t) {
				bad("the result of type %s needs the constraint \"=%s\"", t, AsmClass(t))
			}
			cons = cons[1:]
		}
		if len(cons) != len(v.Args) {
			bad("%d constraints for %d arguments", len(cons), len(v.Args))
		}
		for i, x := range v.Args {
			want := AsmClass(x.Type)
			if cons[i] == "n" {
				if x.Op != OpConst || !x.Type.IsInt() {
					bad("argument %d has constraint \"n\": an integer constant", i)
				}
			} else if cons[i] != want {
				bad("argument %d of type %s needs the constraint %q, not %q", i, x.Type, want, cons[i])
			}
		}
	default:
		bad("unknown operation")
	}
}

func (c *checker) align(b *Block, v *Value) {
	if v.Align < 0 || v.Align&(v.Align-1) != 0 {
		c.fail(b, v, "alignment %d is not a power of 2", v.Align)
	}
}

func sregType(aux any) Type {
	switch aux {
	case "clock64":
		return U64
	case "lanemask_lt":
		return U32
	}
	return U32
}

// AsmClass is the constraint letter of a register holding t, as nvcc's
// inline PTX names them: h 16-bit, r 32-bit, l 64-bit, f f32, d f64 ("?"
// for none).
func AsmClass(t Type) string {
	switch {
	case t.Kind == Float && t.Bits == 32:
		return "f"
	case t.Kind == Float && t.Bits == 64:
		return "d"
	case (t.IsInt() || t.IsPtr() || t.Kind == Float) && t.Bits == 16:
		return "h"
	case (t.IsInt() || t.IsPtr()) && t.Bits == 32:
		return "r"
	case (t.IsInt() || t.IsPtr()) && t.Bits == 64:
		return "l"
	}
	return "?"
}

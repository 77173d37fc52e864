package cc

import (
	"go/constant"
	"go/token"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
)

// fn is the lowering of one function body.
type fn struct {
	*unit
	body *ast.FuncBody
	d    *ctypes.FuncDecl
	f    *ir.Func
	b    *ir.Builder
	// slots are the addresses of the local variables and parameters (for
	// a reference, of the slot holding the referred object's address).
	slots map[*ast.Var]*ir.Value
	this  *ir.Value
	// underAligned are the addresses of members of packed classes that
	// are less aligned than their types (struct { char c; int i; }
	// __attribute__((packed)): i at offset 1), with the alignment they
	// have: load and store access them piece by piece, as nvcc does.
	underAligned map[*ir.Value]int64
	// retPtr is the caller's object a function that returns a class by
	// invisible reference (abi step 7) returns into.
	retPtr        *ir.Value
	breaks, conts []*ir.Block
	// destructible are the local objects with destructors in scope, in the
	// order of their construction; breakDepth and contDepth the number
	// of them outside the innermost loop or switch (the objects a break
	// or continue leaves the scope of are the others).
	destructible          []*ast.Var
	breakDepth, contDepth []int
	labels                map[string]*ir.Block
	dbg                   *funcDebug
}

func (c *unit) lowerBody(body *ast.FuncBody) {
	d := body.Decl
	f := c.funcs[d]
	x := &fn{unit: c, body: body, d: d, f: f, b: ir.NewBuilder(f), slots: map[*ast.Var]*ir.Value{}, labels: map[string]*ir.Block{}}
	if c.cfg.Debug || c.cfg.LineInfo {
		x.dbg = &funcDebug{fn: f, decl: d, body: body, slots: map[*ast.Var]*ir.Value{}}
		c.debug = append(c.debug, x.dbg)
	}
	x.setPos(body.Pos())
	params := f.Params
	if hiddenResult(d.Type) && f.Kind == abi.Func {
		x.retPtr = params[0]
		params = params[1:]
	}
	if d.HasThis() {
		x.this = params[0]
		params = params[1:]
	}
	for i, pv := range body.Params {
		p := params[i]
		t := pv.Type
		var slot *ir.Value
		switch {
		case f.Kind == abi.Func && abi.PassedByReference(t):
			slot = p // the caller's copy
		case isAggregate(t):
			size, align := c.sizeAlign(t, pv.Pos)
			slot = x.b.Alloca(size, align)
			x.copyTyped(slot, p, t)
		default:
			slot = x.b.Alloca(p.Type.Bytes(), p.Type.Bytes())
			x.b.Store(slot, p, p.Type.Bytes())
		}
		x.slots[pv] = slot
		if x.dbg != nil {
			x.dbg.slots[pv] = slot
		}
	}
	if d.Special == ctypes.Constructor {
		for _, ci := range body.Inits {
			x.ctorInit(ci)
		}
	}
	x.block(body.Body)
	defer x.keepDebugSlots()
	if x.b.B != nil {
		x.setPos(body.Body.Rbrace)
		x.endDtor()
		if f.Result.Kind == ir.Void {
			x.b.Ret(nil)
		} else if d.Name == "main" {
			x.b.Ret(x.b.Const(f.Result, 0))
		} else {
			// Flowing off the end of a value-returning function: the
			// value is undefined; return zero as nvcc's PTX returns
			// an unset register.
			x.b.Ret(x.zero(f.Result))
		}
	}
}

// keepDebugSlots keeps the variables of -g -O0 code in local memory, as
// nvcc -G does, so that the debugger finds each at its address: their
// loads and stores are volatile, which mem2reg leaves alone.
func (x *fn) keepDebugSlots() {
	if x.dbg == nil || !x.cfg.Debug || x.cfg.Opt > 0 {
		return
	}
	slots := map[*ir.Value]bool{}
	for _, s := range x.dbg.slots {
		if s.Op == ir.OpAlloca {
			slots[s] = true
		}
	}
	for _, b := range x.f.Blocks {
		for _, v := range b.Values {
			if (v.Op == ir.OpLoad || v.Op == ir.OpStore) && slots[v.Args[0]] {
				v.Flags |= ir.Volatile
			}
		}
	}
}

func (x *fn) zero(t ir.Type) *ir.Value {
	switch t.Kind {
	case ir.Float:
		return x.b.Float(t, 0)
	case ir.Ptr:
		return x.b.Op(ir.OpConv, t, x.b.Const(ir.IntT(int(t.Bits), false), 0))
	case ir.Agg:
		return x.b.Alloca(t.Size, t.Align)
	}
	return x.b.Const(t, 0)
}

func (x *fn) setPos(p token.Pos) {
	if !p.IsValid() {
		return
	}
	pos := x.fset.Position(p)
	idx, ok := x.files[pos.Filename]
	if !ok {
		x.m.Files = append(x.m.Files, pos.Filename)
		idx = len(x.m.Files)
		x.files[pos.Filename] = idx
	}
	x.b.Pos = ir.Pos{File: idx, Line: pos.Line, Col: pos.Column}
}

// live makes sure the builder has a block: after a return, break or goto,
// code that follows goes into an unreachable block.
func (x *fn) live() {
	if x.b.B == nil {
		x.b.SetBlock(x.b.NewBlock())
	}
}

func (x *fn) jump(to *ir.Block) {
	if x.b.B != nil {
		x.b.Jump(to)
	}
}

func (x *fn) block(b *ast.Block) {
	mark := x.enterScope()
	for _, s := range b.List {
		x.stmt(s)
	}
	x.leaveScope(mark)
}

// scoped lowers the substatement s of an if or a loop, which is a scope
// of its own even when it is no block (if (c) T x(p); destroys x there).
func (x *fn) scoped(s ast.Stmt) {
	mark := x.enterScope()
	x.stmt(s)
	x.leaveScope(mark)
}

// enterScope opens a scope for local objects with destructors; the
// mark it returns closes it (leaveScope).
func (x *fn) enterScope() int { return len(x.destructible) }

// leaveScope ends the scope opened at mark: where control reaches its
// end, the destructors of the objects constructed in it run, last
// constructed first (C++ [stmt.dcl]).
func (x *fn) leaveScope(mark int) {
	if x.b.B != nil {
		x.destroy(mark)
	}
	x.destructible = x.destructible[:mark]
}

// destroy runs the destruction of the live objects after the first
// depth, last first, for a jump out of their scopes; they stay live for
// the code that follows in the scope.
func (x *fn) destroy(depth int) {
	for i := len(x.destructible) - 1; i >= depth; i-- {
		v := x.destructible[i]
		x.destroyObject(x.slots[v], v.Type, v.Pos)
	}
}

// destroyObject destroys the object of type t at p (C++ [class.dtor]):
// an array's elements last to first; a class's destructor, whose
// compiled body ends with its members' and bases' destruction
// (destroySubobjects), or, for a class without a user-provided one,
// that destruction itself.
func (x *fn) destroyObject(p *ir.Value, t ctypes.Type, pos token.Pos) {
	t = ctypes.Unqualified(t)
	if arr, ok := t.(*ctypes.Array); ok {
		if x.destructs(arr) {
			x.eachElement(p, arr, true, pos, func(e *ir.Value, et ctypes.Type) { x.destroyObject(e, et, pos) })
		}
		return
	}
	st, ok := t.(*ctypes.Struct)
	if !ok {
		return
	}
	if d := ctypes.UserDtor(st); d != nil {
		x.b.Call(x.function(d), x.generic(p))
		return
	}
	x.destroySubobjects(p, st, pos)
}

// destroySubobjects destroys the members of the object of class st at
// p, last declared first, then its bases, last first: what follows a
// destructor's body ([class.dtor]/13).
func (x *fn) destroySubobjects(p *ir.Value, st *ctypes.Struct, pos token.Pos) {
	rec, err := x.lay.Record(st)
	if err != nil {
		x.failf(pos, "%v", err)
	}
	for i := len(rec.Members) - 1; i >= 0; i-- {
		m := rec.Members[i]
		if m.Field == nil || m.Field.BitField || !x.destructs(m.Field.Type) {
			continue
		}
		x.destroyObject(x.offset(p, m.Offset), m.Field.Type, pos)
	}
	for i := len(rec.Bases) - 1; i >= 0; i-- {
		b := rec.Bases[i]
		if x.destructs(b.Base.Type) {
			x.destroyObject(x.offset(p, b.Offset), b.Base.Type, pos)
		}
	}
}

// destructs reports whether destroying an object of type t (or its
// elements) runs a user-provided destructor (its class's, or a base's or
// member's).
func (x *fn) destructs(t ctypes.Type) bool {
	st, ok := ctypes.ElemClass(t)
	return ok && ctypes.InDestruction(st, func(s *ctypes.Struct) bool { return ctypes.UserDtor(s) != nil })
}

func (x *fn) stmt(s ast.Stmt) {
	x.live()
	x.setPos(s.Pos())
	switch s := s.(type) {
	case *ast.Block:
		x.block(s)
	case *ast.EmptyStmt:
	case *ast.ExprStmt:
		x.discard(s.X)
	case *ast.DeclStmt:
		for _, vd := range s.Vars {
			x.declare(vd)
		}
	case *ast.IfStmt:
		mark := x.enterScope()
		defer x.leaveScope(mark)
		if s.Init != nil {
			x.stmt(s.Init)
		}
		then, end := x.b.NewBlock(), x.b.NewBlock()
		els := end
		if s.Else != nil {
			els = x.b.NewBlock()
		}
		x.cond(s.Cond, then, els)
		x.b.SetBlock(then)
		x.scoped(s.Then)
		x.jump(end)
		if s.Else != nil {
			x.b.SetBlock(els)
			x.scoped(s.Else)
			x.jump(end)
		}
		x.b.SetBlock(end)
	case *ast.WhileStmt:
		head, body, end := x.b.NewBlock(), x.b.NewBlock(), x.b.NewBlock()
		head.Unroll = unrollHint(s.Unroll)
		x.jump(head)
		x.b.SetBlock(head)
		if s.Init != nil {
			mark := len(x.destructible)
			x.stmt(s.Init)
			if len(x.destructible) > mark {
				x.failf(s.Init.Pos(), "a condition variable of a class with a destructor is not supported by ptxabi cc")
			}
		}
		x.cond(s.Cond, body, end)
		x.b.SetBlock(body)
		x.loopBody(s.Body, end, head)
		x.jump(head)
		x.b.SetBlock(end)
	case *ast.DoStmt:
		body, head, end := x.b.NewBlock(), x.b.NewBlock(), x.b.NewBlock()
		body.Unroll = unrollHint(s.Unroll) // the target of the back edge
		x.jump(body)
		x.b.SetBlock(body)
		x.loopBody(s.Body, end, head)
		x.jump(head)
		x.b.SetBlock(head)
		x.setPos(s.Cond.Pos())
		x.cond(s.Cond, body, end)
		x.b.SetBlock(end)
	case *ast.ForStmt:
		mark := x.enterScope()
		defer x.leaveScope(mark)
		if s.Init != nil {
			x.stmt(s.Init)
		}
		head, body, post, end := x.b.NewBlock(), x.b.NewBlock(), x.b.NewBlock(), x.b.NewBlock()
		head.Unroll = unrollHint(s.Unroll)
		x.jump(head)
		x.b.SetBlock(head)
		if s.Cond != nil {
			x.setPos(s.Cond.Pos())
			x.cond(s.Cond, body, end)
		} else {
			x.b.Jump(body)
		}
		x.b.SetBlock(body)
		x.loopBody(s.Body, end, post)
		x.jump(post)
		x.b.SetBlock(post)
		if s.Post != nil {
			x.setPos(s.Post.Pos())
			x.discard(s.Post)
		}
		x.jump(head)
		x.b.SetBlock(end)
	case *ast.SwitchStmt:
		x.switchStmt(s)
	case *ast.CaseStmt:
		// Reached in order inside the switch's body: the case's block
		// was made by switchStmt.
		blk := x.caseBlock(s)
		x.jump(blk)
		x.b.SetBlock(blk)
		if s.Stmt != nil {
			x.stmt(s.Stmt)
		}
	case *ast.BranchStmt:
		switch s.Tok {
		case "break":
			x.destroy(x.breakDepth[len(x.breakDepth)-1])
			x.b.Jump(x.breaks[len(x.breaks)-1])
		case "continue":
			x.destroy(x.contDepth[len(x.contDepth)-1])
			x.b.Jump(x.conts[len(x.conts)-1])
		case "goto":
			if len(x.destructible) > 0 {
				x.failf(s.Pos(), "goto in the scope of '%s', an object with a destructor, is not supported by ptxabi cc", x.destructible[len(x.destructible)-1].Name)
			}
			x.b.Jump(x.label(s.Label))
		}
	case *ast.LabeledStmt:
		blk := x.label(s.Label)
		x.jump(blk)
		x.b.SetBlock(blk)
		x.stmt(s.Stmt)
	case *ast.ReturnStmt:
		x.ret(s)
	case *ast.AsmStmt:
		x.asm(s)
	default:
		x.failf(s.Pos(), "statement %T is not supported by ptxabi cc", s)
	}
}

// unrollHint is the Block.Unroll of a loop's header for its #pragma
// unroll (nil: none).
func unrollHint(u *ast.Unroll) int32 {
	switch {
	case u == nil || u.Times == 0:
		return 0
	case u.Times < 0:
		return ir.UnrollFull
	}
	return int32(min(u.Times, 1<<31-1))
}

func (x *fn) loopBody(s ast.Stmt, brk, cont *ir.Block) {
	x.breaks = append(x.breaks, brk)
	x.conts = append(x.conts, cont)
	x.breakDepth = append(x.breakDepth, len(x.destructible))
	x.contDepth = append(x.contDepth, len(x.destructible))
	x.scoped(s)
	x.breaks = x.breaks[:len(x.breaks)-1]
	x.conts = x.conts[:len(x.conts)-1]
	x.breakDepth = x.breakDepth[:len(x.breakDepth)-1]
	x.contDepth = x.contDepth[:len(x.contDepth)-1]
}

func (x *fn) label(name string) *ir.Block {
	if b := x.labels[name]; b != nil {
		return b
	}
	b := x.b.NewBlock()
	x.labels[name] = b
	return b
}

// cases are the blocks of the case labels of the switches being lowered.
var _ = sort.Ints

func (x *fn) caseBlock(s *ast.CaseStmt) *ir.Block {
	key := "\x00case" + x.fset.Position(s.Case).String()
	return x.label(key)
}

func (x *fn) switchStmt(s *ast.SwitchStmt) {
	mark := x.enterScope()
	defer x.leaveScope(mark)
	if s.Init != nil {
		x.stmt(s.Init)
	}
	v := x.rvalue(s.Cond)
	end := x.b.NewBlock()
	def := end
	for _, cs := range s.Cases {
		if cs.X == nil {
			def = x.caseBlock(cs)
		}
	}
	// A chain of comparisons, in the order written.
	for _, cs := range s.Cases {
		if cs.X == nil {
			continue
		}
		next := x.b.NewBlock()
		var hit *ir.Value
		if cs.Hi == nil {
			hit = x.b.Cmp(ir.Eq, v, x.b.Const(v.Type, cs.Value))
		} else {
			// A case range lo ... hi: v - lo <= hi - lo, unsigned.
			ut := ir.IntT(int(v.Type.Bits), false)
			d := x.b.Op(ir.OpSub, ut, x.convert(v, ut), x.b.Const(ut, cs.Value))
			hit = x.b.Cmp(ir.Le, d, x.b.Const(ut, cs.HiValue-cs.Value))
		}
		x.b.Branch(hit, x.caseBlock(cs), next)
		x.b.SetBlock(next)
	}
	x.b.Jump(def)
	x.b.SetBlock(x.b.NewBlock()) // code before the first label is unreachable
	x.breaks = append(x.breaks, end)
	x.breakDepth = append(x.breakDepth, len(x.destructible))
	x.block(s.Body)
	x.breaks = x.breaks[:len(x.breaks)-1]
	x.breakDepth = x.breakDepth[:len(x.breakDepth)-1]
	x.jump(end)
	x.b.SetBlock(end)
}

// isParam reports whether e names a parameter of the function.
func (x *fn) isParam(e ast.Expr) bool {
	id, ok := withoutImplicitCasts(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := id.Obj.(*ast.Var)
	return ok && slices.Contains(x.body.Params, v)
}

// withoutImplicitCasts is e without the implicit conversions the front
// end wrapped around it.
func withoutImplicitCasts(e ast.Expr) ast.Expr {
	for {
		ic, ok := e.(*ast.ImplicitCast)
		if !ok {
			return e
		}
		e = ic.X
	}
}

func (x *fn) ret(s *ast.ReturnStmt) {
	v := x.retValue(s)
	// The result is made before the locals are destroyed.
	x.destroy(0)
	x.endDtor()
	x.b.Ret(v)
}

// endDtor ends a destructor's body: its members and bases are destroyed.
func (x *fn) endDtor() {
	if x.d.Special == ctypes.Destructor {
		x.destroySubobjects(x.this, x.d.Class, x.body.Body.Rbrace)
	}
}

// retValue computes what s returns: the value, or nil for none (void, or
// a class returned through the caller's object, retPtr).
func (x *fn) retValue(s *ast.ReturnStmt) *ir.Value {
	if s.X == nil {
		if x.f.Result.Kind != ir.Void {
			return x.zero(x.f.Result)
		}
		return nil
	}
	rt := x.d.Type.Result
	if _, ok := ctypes.Unqualified(rt).(*ctypes.Reference); ok {
		return x.generic(x.lvalue(s.X))
	}
	if x.retPtr != nil {
		// A parameter returned is copied with the copy constructor; a
		// local variable or a temporary is the result itself (named
		// return value optimization and elision, as nvcc does).
		src, named := x.classOperand(s.X)
		if named && x.isParam(s.X) {
			x.copyConstruct(x.retPtr, src, rt, s.X)
		} else {
			x.copyTyped(x.retPtr, src, rt)
		}
		return nil
	}
	if x.f.Result.Kind == ir.Agg {
		return x.aggregate(s.X)
	}
	if x.f.Result.Kind == ir.Void {
		x.discard(s.X)
		return nil
	}
	return x.rvalue(s.X)
}

// declare lowers a local variable's declaration.
func (x *fn) declare(vd *ast.VarDecl) {
	v := vd.Var
	if v.Static || v.Space == ctypes.SharedSpace || v.Space == ctypes.ConstSpace {
		x.staticLocal(vd)
		return
	}
	if _, ok := ctypes.Unqualified(v.Type).(*ctypes.Reference); ok {
		slot := x.b.Alloca(int64(x.addr/8), int64(x.addr/8))
		x.slots[v] = slot
		x.b.Store(slot, x.generic(x.referent(vd.Init)), int64(x.addr/8))
		x.noteLocal(v, slot)
		return
	}
	var slot *ir.Value
	if isAggregate(v.Type) {
		size, align := x.sizeAlign(v.Type, v.Pos)
		slot = x.b.Alloca(size, align)
	} else {
		t := x.scalar(v.Type, v.Pos)
		slot = x.b.Alloca(t.Bytes(), t.Bytes())
	}
	x.slots[v] = slot
	x.noteLocal(v, slot)
	if vd.Init != nil {
		x.initialize(slot, v.Type, vd.Init)
	}
	if v.Destroyed {
		x.destructible = append(x.destructible, v)
	}
}

func (x *fn) noteLocal(v *ast.Var, slot *ir.Value) {
	if x.dbg != nil {
		x.dbg.slots[v] = slot
	}
}

// staticLocal makes a static or __shared__ local a module variable.
func (x *fn) staticLocal(vd *ast.VarDecl) {
	v := vd.Var
	g := x.statics[v]
	if g == nil {
		space := irSpace(v.Space)
		if space == ir.Generic {
			space = ir.Global
		}
		g = &ir.Var{Name: x.f.Name + "$__cuda_local_var_" + v.Name + "_" + itoa(len(x.statics)), Space: space}
		if a, ok := ctypes.Unqualified(v.Type).(*ctypes.Array); ok && a.Unsized {
			_, g.Align = x.sizeAlign(a.Elem, v.Pos)
			g.Align = dynSharedAlign(v.Space, g.Align)
			g.Extern = true
		} else {
			g.Size, g.Align = x.sizeAlign(v.Type, v.Pos)
		}
		if vd.Init != nil {
			if space == ir.Shared {
				x.failf(v.Pos, "__shared__ variable %s cannot have an initializer", v.Name)
			}
			g.Init, g.Relocs = x.constBytes(v.Type, vd.Init, g.Size)
		}
		x.m.Globals = append(x.m.Globals, g)
		x.statics[v] = g
	}
	x.slots[v] = x.b.Addr(g)
	x.noteLocal(v, x.slots[v])
}

// constBytes is the image of a constant initializer of a static object
// and the addresses in it.
func (x *unit) constBytes(t ctypes.Type, init ast.Expr, size int64) ([]byte, []ir.Reloc) {
	out := make([]byte, size)
	x.relocs = nil
	x.constInto(out, 0, t, init)
	return out, x.relocs
}

// addrConst reads an address constant: &x, an array or function
// designator, plus or minus an integer constant, through casts.
func (x *unit) addrConst(e ast.Expr) (sym string, addend int64, ok bool) {
	switch e := e.(type) {
	case *ast.ImplicitCast:
		switch e.Kind {
		case ast.ArrayToPointer, ast.FunctionToPointer:
			return x.addrOf(e.X)
		case ast.NullToPointer:
			return "", 0, false
		case ast.DerivedToBase:
			sym, off, ok := x.addrConst(e.X)
			return sym, off + x.basePathOffset(e.Path), ok
		}
		return x.addrConst(e.X)
	case *ast.Cast:
		return x.addrConst(e.X)
	case *ast.Unary:
		if e.Op == ast.Addr {
			return x.addrOf(e.X)
		}
	case *ast.Ident:
		return x.addrOf(e)
	case *ast.Binary:
		if e.Op != ast.Add && e.Op != ast.Sub {
			break
		}
		p, i := e.X, e.Y
		if !isPointer(p.Info().Type) {
			p, i = i, p
		}
		sym, addend, ok := x.addrConst(p)
		if !ok || i.Info().Value == nil {
			break
		}
		n, _ := constant.Int64Val(constant.ToInt(i.Info().Value))
		es, _ := x.sizeAlign(elemType(p.Info().Type), e.Pos())
		if e.Op == ast.Sub {
			n = -n
		}
		return sym, addend + n*es, true
	}
	return "", 0, false
}

// addrOf is the symbol of an object or function designator (a member or
// element of one at a constant offset).
func (x *unit) addrOf(e ast.Expr) (string, int64, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		switch o := e.Obj.(type) {
		case *ast.Global:
			if o.Builtin {
				return "", 0, false
			}
			return x.global(o.Decl).Name, 0, true
		case *ast.Function:
			return x.function(o.Decl).Name, 0, true
		}
	case *ast.BasicLit:
		if e.Kind == ast.StringLit {
			return x.stringLit(constant.StringVal(e.Info().Value)).Name, 0, true
		}
	case *ast.Member:
		if e.Arrow || e.Field == nil || e.Field.BitField {
			return "", 0, false
		}
		sym, off, ok := x.addrOf(e.X)
		if !ok {
			return "", 0, false
		}
		foff, _ := x.fieldOffset(e)
		return sym, off + foff, true
	case *ast.ImplicitCast:
		sym, off, ok := x.addrOf(e.X)
		if ok && e.Kind == ast.DerivedToBase {
			off += x.basePathOffset(e.Path)
		}
		return sym, off, ok
	case *ast.Index:
		sym, off, ok := x.addrConst(e.X)
		if !ok || e.I.Info().Value == nil {
			return "", 0, false
		}
		n, _ := constant.Int64Val(constant.ToInt(e.I.Info().Value))
		es, _ := x.sizeAlign(e.Info().Type, e.Pos())
		return sym, off + n*es, true
	}
	return "", 0, false
}

func (x *unit) constInto(out []byte, off int64, t ctypes.Type, init ast.Expr) {
	if il, ok := init.(*ast.InitList); ok {
		switch u := ctypes.Unqualified(t).(type) {
		case *ctypes.Array:
			es, _ := x.sizeAlign(u.Elem, il.Pos())
			for i, e := range il.Elems {
				x.constInto(out, off+int64(i)*es, u.Elem, e)
			}
			return
		case *ctypes.Vector:
			// float3 k = {1, 2, 3}: the elements in order.
			et := ctypes.BasicOf(u.Elem)
			es, _ := x.sizeAlign(et, il.Pos())
			for i, e := range il.Elems {
				x.constInto(out, off+int64(i)*es, et, e)
			}
			return
		case *ctypes.Struct:
			rec, err := x.lay.Record(u)
			if err != nil {
				x.failf(il.Pos(), "%v", err)
			}
			fi := 0
			for _, e := range il.Elems {
				for fi < len(rec.Members) && (rec.Members[fi].Field.BitField && rec.Members[fi].Field.Name == "") {
					fi++
				}
				if fi >= len(rec.Members) || rec.Members[fi].Field.BitField {
					x.failf(e.Pos(), "this static initializer is not supported by ptxabi cc")
				}
				x.constInto(out, off+rec.Members[fi].Offset, rec.Members[fi].Field.Type, e)
				fi++
				if u.Union {
					break
				}
			}
			return
		}
		if len(il.Elems) == 1 {
			x.constInto(out, off, t, il.Elems[0])
			return
		}
	}
	val := init.Info().Value
	if val != nil && val.Kind() == constant.String {
		if _, ok := ctypes.Unqualified(t).(*ctypes.Array); ok {
			copy(out[off:], constant.StringVal(val))
			return
		}
	}
	if val == nil && isPointer(t) {
		sym, addend, ok := x.addrConst(init)
		if !ok {
			x.failf(init.Pos(), "the initializer of a pointer in a device variable must be an address constant")
		}
		x.relocs = append(x.relocs, ir.Reloc{Offset: off, Sym: sym, Addend: addend})
		return
	}
	if val == nil {
		x.failf(init.Pos(), "the initializer of a static variable must be a constant expression")
	}
	it := x.scalar(t, init.Pos())
	var bits uint64
	if it.IsFloat() {
		f, _ := constant.Float64Val(constant.ToFloat(val))
		if init.Info().NegZero {
			f = math.Copysign(0, -1)
		}
		bits = floatBits(it, f)
	} else {
		i, ok := constant.Int64Val(constant.ToInt(val))
		if !ok {
			u, _ := constant.Uint64Val(constant.ToInt(val))
			i = int64(u)
		}
		bits = uint64(i)
	}
	for i := int64(0); i < it.Bytes(); i++ {
		out[off+i] = byte(bits >> (8 * i))
	}
}

// initialize stores init into the object of type t at p; a reference
// (a member's) is bound: p gets the address of its referent.
func (x *fn) initialize(p *ir.Value, t ctypes.Type, init ast.Expr) {
	if _, ok := ctypes.Unqualified(t).(*ctypes.Reference); ok {
		x.b.Store(p, x.generic(x.referent(init)), int64(x.addr/8))
		return
	}
	if il, ok := init.(*ast.InitList); ok && !il.Paren {
		x.initList(p, t, il)
		return
	}
	if lit, ok := init.(*ast.BasicLit); ok && lit.Kind == ast.StringLit {
		if arr, ok := ctypes.Unqualified(t).(*ctypes.Array); ok {
			x.stringInit(p, arr, lit)
			return
		}
	}
	if isAggregate(t) {
		if call, ok := init.(*ast.Call); ok && call.Ctor {
			if arr, ok := ctypes.Unqualified(t).(*ctypes.Array); ok {
				x.constructEach(p, arr, call)
				return
			}
			x.construct(p, call)
			return
		}
		x.copyTyped(p, x.aggregate(init), t)
		return
	}
	x.store(p, t, x.rvalue(init))
}

// constructEach runs constructor call on each element of the array (of
// arrays) of class at p, in order, in a loop.
func (x *fn) constructEach(p *ir.Value, arr *ctypes.Array, call *ast.Call) {
	x.eachElement(p, arr, false, call.Pos(), func(e *ir.Value, _ ctypes.Type) { x.construct(e, call) })
}

// eachElement runs f, in a loop, on the address and type of each element
// of the array (of arrays) arr at p: first to last, or with down last to
// first.
func (x *fn) eachElement(p *ir.Value, arr *ctypes.Array, down bool, pos token.Pos, f func(e *ir.Value, t ctypes.Type)) {
	n := arr.Len
	elem := ctypes.Unqualified(arr.Elem)
	for a, ok := elem.(*ctypes.Array); ok; a, ok = elem.(*ctypes.Array) {
		n *= a.Len
		elem = ctypes.Unqualified(a.Elem)
	}
	es, _ := x.sizeAlign(elem, pos)
	ut := ir.IntT(x.addr, false)
	x.countLoop(x.b.Const(ut, n), down, func(i *ir.Value) {
		off := x.convert(x.b.Op(ir.OpMul, ut, i, x.b.Const(ut, es)), x.iptr())
		f(x.b.Op(ir.OpPtrAdd, p.Type, p, off), elem)
	})
}

// stringInit initializes a character array from a string literal (C11
// 6.7.9p14): the literal's characters, its terminating NUL where the array
// has room for it, and zeros to the end of the array.
func (x *fn) stringInit(p *ir.Value, arr *ctypes.Array, lit *ast.BasicLit) {
	es, _ := x.sizeAlign(arr.Elem, lit.Pos())
	if es != 1 {
		x.failf(lit.Pos(), "array of %s initialized by a string literal: ptxabi cc supports character arrays only", arr.Elem)
	}
	size, _ := x.sizeAlign(arr, lit.Pos())
	str := constant.StringVal(lit.Info().Value)
	x.zeroTyped(p, arr)
	et := x.scalar(arr.Elem, lit.Pos())
	for i := 0; i < len(str) && int64(i) < size; i++ {
		c := int64(str[i])
		if et.Signed {
			c = int64(int8(str[i]))
		}
		x.b.Store(x.offset(p, int64(i)), x.b.Const(et, c), 1)
	}
}

// initList initializes an aggregate from a braced list: members not
// named are zero.
func (x *fn) initList(p *ir.Value, t ctypes.Type, il *ast.InitList) {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Array:
		x.zeroTyped(p, t)
		es, _ := x.sizeAlign(u.Elem, il.Pos())
		for i, e := range il.Elems {
			x.initialize(x.offset(p, int64(i)*es), u.Elem, e)
		}
	case *ctypes.Struct:
		x.zeroTyped(p, t)
		rec, err := x.lay.Record(u)
		if err != nil {
			x.failf(il.Pos(), "%v", err)
		}
		fi := 0
		for _, e := range il.Elems {
			for fi < len(rec.Members) && rec.Members[fi].Field.BitField && rec.Members[fi].Field.Name == "" {
				fi++
			}
			if fi >= len(rec.Members) {
				x.failf(e.Pos(), "too many initializers")
			}
			mem := rec.Members[fi]
			if mem.Field.BitField {
				x.storeBitField(p, mem, x.rvalue(e))
			} else {
				x.initialize(x.offset(p, mem.Offset), mem.Field.Type, e)
			}
			fi++
			if u.Union {
				break
			}
		}
	case *ctypes.Vector:
		x.zeroTyped(p, t)
		et := ctypes.BasicOf(u.Elem)
		es, _ := x.sizeAlign(et, il.Pos())
		for i, e := range il.Elems {
			x.initialize(x.offset(p, int64(i)*es), et, e)
		}
	default:
		if len(il.Elems) == 1 {
			x.initialize(p, t, il.Elems[0])
			return
		}
		if len(il.Elems) == 0 {
			x.store(p, t, x.zero(x.scalar(t, il.Pos())))
			return
		}
		x.failf(il.Pos(), "braced initializer of %s", t)
	}
}

// ctorInit lowers one member or base initializer of a constructor.
func (x *fn) ctorInit(ci *ast.CtorInit) {
	cls := x.d.Class
	if ci.Delegate {
		x.initialize(x.this, cls, ci.Init)
		return
	}
	rec, err := x.lay.Record(cls)
	if err != nil {
		x.failf(ci.NamePos, "%v", err)
	}
	if ci.Base != nil {
		for _, bm := range rec.Bases {
			if bm.Base == ci.Base {
				x.initialize(x.offset(x.this, bm.Offset), ci.Base.Type, ci.Init)
				return
			}
		}
		x.failf(ci.NamePos, "base %s not found", ci.Name)
	}
	for _, mem := range rec.Members {
		if mem.Field == ci.Field {
			if mem.Field.BitField {
				x.storeBitField(x.this, mem, x.rvalue(ci.Init))
				return
			}
			x.initialize(x.offset(x.this, mem.Offset), mem.Field.Type, ci.Init)
			return
		}
	}
	x.failf(ci.NamePos, "member %s not found", ci.Name)
}

// asmInputs lowers an asm statement's input operands, adding their
// constraints to a: registers, or immediates ("n", which must be
// constant).
func (x *fn) asmInputs(s *ast.AsmStmt, a *ir.Asm) []*ir.Value {
	var args []*ir.Value
	for _, in := range s.Inputs {
		v := x.rvalue(in.X)
		if in.Constraint == "n" {
			if _, ok := v.Const(); !ok {
				x.failf(in.X.Pos(), "asm operand with constraint \"n\" must be an integer constant")
			}
		}
		a.Constraints = append(a.Constraints, in.Constraint)
		args = append(args, v)
	}
	return args
}

// asm lowers inline PTX: one output (a register) or several packed
// into one (asmOutputs), inputs of the register classes and immediates.
func (x *fn) asm(s *ast.AsmStmt) {
	if len(s.Outputs) > 1 {
		x.asmOutputs(s)
		return
	}
	a := &ir.Asm{Template: s.Template}
	t := ir.VoidT
	var out *ast.AsmOperand
	var args []*ir.Value
	if len(s.Outputs) == 1 {
		out = &s.Outputs[0]
		t = x.scalar(out.X.Info().Type, out.X.Pos())
		a.Constraints = append(a.Constraints, "="+out.Constraint[1:])
	}
	args = append(args, x.asmInputs(s, a)...)
	if out != nil && out.Constraint[0] == '+' {
		// A read-write operand: its value comes in as one more input,
		// moved into the output register before the template.
		old := x.rvalue(out.X)
		if old.Type != t {
			old = x.convert(old, t)
		}
		args = append(args, old)
		a.Constraints = append(a.Constraints, out.Constraint[1:])
		a.Template = "mov" + asmMovType(t) + " %0, %" + itoa(len(args)) + ";\n\t" + a.Template
	}
	for _, c := range s.Clobbers {
		if c != "memory" {
			x.failf(s.Asm, "asm clobber %q is not supported by ptxabi cc", c)
		}
	}
	r := x.b.Asm(a, t, args...)
	if out != nil {
		x.store(x.lvalue(out.X), out.X.Info().Type, r)
	}
}

// asmOutputs lowers inline PTX with several outputs, of any register
// classes: the asm's value is an aggregate of the outputs (ir.Asm
// Outputs places them), each read by an extract and stored to its
// operand. A read-write ("+") output's register is set from its value
// first, as asm does for one.
func (x *fn) asmOutputs(s *ast.AsmStmt) {
	for _, c := range s.Clobbers {
		if c != "memory" {
			x.failf(s.Asm, "asm clobber %q is not supported by ptxabi cc", c)
		}
	}
	a := &ir.Asm{}
	for _, o := range s.Outputs {
		c := "=" + o.Constraint[1:]
		if _, ok := ir.AsmOutputType(c); !ok {
			x.failf(o.X.Pos(), "asm output constraint %q: ptxabi cc supports \"=h\", \"=r\", \"=l\", \"=f\" and \"=d\" (and \"+\" of them)", o.Constraint)
		}
		a.Constraints = append(a.Constraints, c)
	}
	outs, agg, _ := a.Outputs()
	args := x.asmInputs(s, a)
	var pre strings.Builder
	for k, o := range s.Outputs {
		if o.Constraint[0] != '+' {
			continue
		}
		old := x.rvalue(o.X)
		if t := x.scalar(o.X.Info().Type, o.X.Pos()); old.Type != t {
			old = x.convert(old, t)
		}
		args = append(args, old)
		a.Constraints = append(a.Constraints, o.Constraint[1:])
		pre.WriteString("mov" + asmMovType(outs[k].Type) + " %" + itoa(k) + ", %" + itoa(len(outs)+len(args)-1) + ";\n\t")
	}
	a.Template = pre.String() + s.Template
	r := x.b.Asm(a, agg, args...)
	for k, o := range s.Outputs {
		ot := outs[k].Type
		part := x.b.Op(ir.OpExtract, ot, r)
		part.AuxInt = outs[k].Offset
		t := x.scalar(o.X.Info().Type, o.X.Pos())
		if t.Bits != ot.Bits {
			// As nvcc: "asm operand type size(8) does not match type/size implied by constraint 'r'".
			x.failf(o.X.Pos(), "asm operand of %d bytes does not match the %d bytes of constraint %q", t.Bytes(), ot.Bytes(), o.Constraint)
		}
		if t.IsFloat() != ot.IsFloat() {
			part = bitcast(x, nil, []*ir.Value{part}, t)
		} else if t != ot {
			part = x.convert(part, t)
		}
		x.store(x.lvalue(o.X), o.X.Info().Type, part)
	}
}

// asmMovType is the type suffix of a mov between registers of t.
func asmMovType(t ir.Type) string {
	if t.IsFloat() && t.Bits != 16 {
		return ".f" + itoa(int(t.Bits))
	}
	return ".b" + itoa(int(t.Bits))
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for i > 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	return string(b)
}

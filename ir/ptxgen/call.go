package ptxgen

import (
	"fmt"
	"math"
	"sync"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ptx/ast"
)

// This file is where ptxgen writes what guide §2.3 decides: the .param
// declarations of a definition (from abi.Decl), reading the parameters,
// writing the return value, and call sequences.

func f64bits(x float64) uint64 { return math.Float64bits(x) }

var ptrSpaceMods = sync.OnceValue(func() map[ctypes.Space]string {
	return map[ctypes.Space]string{
		ctypes.GlobalSpace: ".global", ctypes.SharedSpace: ".shared", ctypes.ConstSpace: ".const", ctypes.LocalSpace: ".local",
	}
})

// paramVar is the .param declaration of p named name; in a definition,
// withPtr keeps a kernel pointer's .ptr attribute.
func paramVar(p *abi.Param, name string, withPtr bool) *ast.Variable {
	v := &ast.Variable{Space: ".param"}
	d := &ast.Declarator{Name: name}
	if p.IsAggregate() {
		v.Align, v.Type = int(p.Align), ".b8"
		d.Dims = []int64{p.Size}
	} else {
		v.Type = p.Type
		if withPtr && p.Pointer && p.Space != ctypes.GenericSpace && p.PtrAlign > 0 {
			v.Ptr, v.PtrSpace, v.PtrAlign = true, ptrSpaceMods()[p.Space], int(p.PtrAlign)
		}
	}
	v.Names = []*ast.Declarator{d}
	return v
}

// funcHeader is the declaration of d without a body.
func funcHeader(d *abi.Decl) *ast.Function {
	fn := &ast.Function{Entry: d.Kind == abi.Entry, Name: d.Name, HasParams: true}
	if d.Linkage != abi.Internal {
		fn.Linkage = []string{d.Linkage.String()}
	}
	if d.Ret != nil {
		fn.Return = []*ast.Variable{paramVar(d.Ret, d.Ret.Name, false)}
	}
	for _, p := range d.Params {
		fn.Params = append(fn.Params, paramVar(p, p.Name, true))
	}
	if d.NoReturn {
		fn.Directives = append(fn.Directives, &ast.Directive{Name: ".noreturn"})
	}
	return fn
}

// scalarLoad is the ld.param type that reads a value of IR type t from a
// scalar parameter: the value's own width (ld.param.u8 of a .b32 holding
// an extended char, as nvcc does).
func scalarLoad(t ir.Type) string {
	switch t.Kind {
	case ir.Pred:
		return ".u8"
	case ir.Float:
		if t.Bits == 16 {
			return ".b16"
		}
	}
	return typeSuffix(t)
}

// prologue reads the scalar parameters into their registers.
func (g *gen) prologue() {
	for i, p := range g.f.Params {
		if p.Type.Space == ir.Param {
			continue // an aggregate, read in place with ld.param
		}
		name := g.decl.Params[i].Name
		g.loadParam(p.Type, g.regOf(p), name)
	}
}

// loadParam reads a value of type t from .param name into register r.
func (g *gen) loadParam(t ir.Type, r, name string) {
	if t.Kind == ir.Pred {
		tmp := g.regs.fresh(r16)
		g.ins("ld.param.u8", g.ident(tmp), ast.Addr(name, 0))
		g.ins("setp.ne.s16", g.ident(r), g.ident(tmp), ast.IntLit(0))
		return
	}
	g.ins("ld.param"+scalarLoad(t), g.ident(r), ast.Addr(name, 0))
}

// storeParam writes x into scalar .param p named name: narrow integers are
// extended to a 32-bit parameter by their signedness (note A), a predicate
// is 0 or 1.
func (g *gen) storeParam(p *abi.Param, name string, x *ir.Value) {
	t := x.Type
	if p.IsAggregate() {
		if t.Kind == ir.Float && t.Bits == 16 && p.Size == 2 {
			g.ins("st.param.b16", ast.Addr(name, 0), g.ident(g.use(x)))
			return
		}
		g.fail("a %s cannot be passed as %s", t, p.PTXType())
	}
	switch {
	case t.Kind == ir.Pred:
		r := g.regs.fresh(r32)
		g.ins("selp.u32", g.ident(r), ast.IntLit(1), ast.IntLit(0), g.ident(g.use(x)))
		g.ins("st.param"+p.Type, ast.Addr(name, 0), g.ident(r))
	case t.Kind == ir.Int && t.Bits < 32 && p.Size == 4:
		r := g.regs.fresh(r32)
		g.ins("cvt"+typeSuffix(ir.IntT(32, t.Signed))+typeSuffix(t), g.ident(r), g.ident(g.use(x)))
		g.ins("st.param"+p.Type, ast.Addr(name, 0), g.ident(r))
	default:
		if int64(t.Bits)/8 != p.Size {
			g.fail("a %s cannot be passed as %s", t, p.PTXType())
		}
		g.ins("st.param"+p.Type, ast.Addr(name, 0), g.ident(g.use(x)))
	}
}

func (g *gen) storeRet(x *ir.Value) {
	if g.decl.Ret == nil {
		g.fail("a return value without func_retval0")
	}
	if g.decl.Ret.IsAggregate() && x.Op == ir.OpPack {
		for _, pc := range g.packPieces(x) {
			g.ins("st.param"+pc.Type, ast.Addr(g.decl.Ret.Name, pc.Offset), ast.Reg(pc.Reg))
		}
		return
	}
	if g.decl.Ret.IsAggregate() && x.Type.IsPtr() {
		g.copyAggregate(g.decl.Ret, g.decl.Ret.Name, x)
		return
	}
	g.storeParam(g.decl.Ret, g.decl.Ret.Name, x)
}

// copyAggregate copies an aggregate of p's size from the memory x points
// to into .param name, in pieces as wide as its alignment allows
// (abi.Chunks), as abi's call sequences do.
func (g *gen) copyAggregate(p *abi.Param, name string, x *ir.Value) {
	for _, ch := range abi.Chunks(p.Size, p.Align) {
		bits := int(ch.Bytes * 8)
		r := g.regs.fresh(chunkClass(bits))
		base, off := g.addrOf(x)
		g.ins(fmt.Sprintf("ld%s.b%d", x.Type.Space.Mod(), bits), g.ident(r), ast.Addr(base, off+ch.Offset))
		g.ins(fmt.Sprintf("st.param.b%d", bits), ast.Addr(name, ch.Offset), g.ident(r))
	}
}

// call writes the call sequence of v (guide §2.3, and the example of
// chapter 6) with package abi, the one writer of call sequences
// (abi.Call.Stmts): a { } scope declaring each argument's .param
// (param0...), storing the arguments (narrow integers extended, aggregates
// copied from the memory their pointer addresses), the return value's
// .param (retval0), the call (through a .callprototype when indirect), and
// the load of the return value. ptxgen supplies the registers, and
// converts what abi's values do not hold: a predicate argument is made
// 0 or 1 first, and a return value narrower than 32 bits is loaded into
// a 32-bit register and narrowed after.
func (g *gen) call(v *ir.Value) {
	callee := v.Callee()
	d := decl(callee)
	args := v.Args
	c := &abi.Call{Callee: d, Seq: g.callSeq}
	g.callSeq++
	if v.Op == ir.OpICall {
		c.Through = g.use(args[0])
		// Unique in the module: the function's index and the call's.
		c.Prototype = fmt.Sprintf("prototype_%d_%d", g.fidx, c.Seq)
		args = args[1:]
	}
	if len(args) != len(d.Params) {
		g.fail("call of %s with %d arguments; its declaration has %d parameters (a class that is not trivially copyable is passed and returned through pointer arguments)", d.Name, len(args), len(d.Params))
	}
	for i, p := range d.Params {
		c.Args = append(c.Args, g.argValue(p, args[i]))
	}
	var after func()
	if d.Ret != nil && v.Type.Kind != ir.Void {
		c.Ret, after = g.retValue(d.Ret, v)
	}
	stmts, err := c.Stmts()
	if err != nil {
		g.fail("%v", err)
	}
	g.body = append(g.body, stmts...)
	if after != nil {
		after()
	}
}

// argValue is argument x of parameter p as abi takes it.
func (g *gen) argValue(p *abi.Param, x *ir.Value) abi.Value {
	t := x.Type
	switch {
	case p.IsAggregate() && x.Op == ir.OpPack:
		return abi.Value{Pieces: g.packPieces(x)}
	case p.IsAggregate() && t.IsPtr():
		if r := g.regOf(x); r != "" {
			return abi.Value{Addr: r, Space: t.Space.Mod()}
		}
		base, off := g.addrOf(x)
		if off != 0 {
			g.fail("an aggregate argument at an offset into an aggregate parameter is not supported")
		}
		return abi.Value{Addr: base, Space: t.Space.Mod()}
	case p.IsAggregate() && t.Kind == ir.Float && t.Bits == 16 && p.Size == 2:
		return abi.Value{Pieces: []abi.Piece{{Offset: 0, Type: ".b16", Reg: g.use(x)}}}
	case p.IsAggregate():
		g.fail("a %s cannot be passed as %s", t, p.PTXType())
	case t.Kind == ir.Pred:
		r := g.regs.fresh(r32)
		g.ins("selp.u32", g.ident(r), ast.IntLit(1), ast.IntLit(0), g.ident(g.use(x)))
		return abi.Value{Reg: r}
	case t.Kind == ir.Int && t.Bits < 32 && p.Size == 4:
		return abi.Value{Reg: g.use(x), RegType: typeSuffix(t)}
	case t.Bytes() != p.Size:
		g.fail("a %s cannot be passed as %s", t, p.PTXType())
	}
	return abi.Value{Reg: g.use(x)}
}

// retValue is where abi puts the return value of call v, and what to do
// after the call sequence.
func (g *gen) retValue(p *abi.Param, v *ir.Value) (abi.Value, func()) {
	t := v.Type
	dst := g.regOf(v)
	switch {
	case p.IsAggregate() && t.Kind == ir.Agg:
		// Each piece the caller extracts, straight into its register.
		pieces := []abi.Piece{}
		for _, u := range g.users.Of(v) {
			if u != nil && u.Op == ir.OpExtract {
				pieces = append(pieces, abi.Piece{Offset: u.AuxInt, Type: pieceType(u.Type, true), Reg: g.reg[u.ID]})
			}
		}
		return abi.Value{Pieces: pieces}, nil
	case p.IsAggregate() && t.IsPtr():
		name := g.retName(v)
		g.locals = append(g.locals, &ast.Variable{Space: ".local", Align: int(p.Align), Type: ".b8",
			Names: []*ast.Declarator{{Name: name, Dims: []int64{p.Size}}}})
		return abi.Value{Addr: name, Space: ".local"}, func() {
			if dst != "" {
				g.ins("mov"+typeSuffix(ir.IntT(int(t.Bits), false)), g.ident(dst), g.ident(name))
			}
		}
	case p.IsAggregate() && t.Kind == ir.Float && t.Bits == 16 && p.Size == 2:
		return abi.Value{Pieces: []abi.Piece{{Offset: 0, Type: ".b16", Reg: dst}}}, nil
	case p.IsAggregate():
		g.fail("a %s cannot be returned as %s", t, p.PTXType())
	case t.Kind == ir.Pred:
		r := g.regs.fresh(r32)
		return abi.Value{Reg: r}, func() { g.ins("setp.ne.s32", g.ident(dst), g.ident(r), ast.IntLit(0)) }
	case t.Kind == ir.Int && t.Bits < 32 && p.Size == 4:
		// The callee extended the value to 32 bits (note A): truncating
		// keeps it extended from its width in the 16-bit register.
		r := g.regs.fresh(r32)
		return abi.Value{Reg: r}, func() { g.ins("cvt.u16.u32", g.ident(dst), g.ident(r)) }
	case t.Bytes() != p.Size:
		g.fail("a %s cannot be returned as %s", t, p.PTXType())
	}
	return abi.Value{Reg: dst}, nil
}

// retName is the .local copy of the aggregate a call v returns.
func (g *gen) retName(v *ir.Value) string { return fmt.Sprintf("__ret_%d", v.ID) }

func chunkClass(bits int) regClass {
	switch bits {
	case 32:
		return r32
	case 64:
		return r64
	}
	return r16
}

// packPieces are the pieces of pack x as abi writes them: each argument's
// register at its offset.
func (g *gen) packPieces(x *ir.Value) []abi.Piece {
	ps := x.Aux.(*ir.Pieces)
	out := make([]abi.Piece, len(x.Args))
	for i, a := range x.Args {
		out[i] = abi.Piece{Offset: ps.Offsets[i], Type: pieceType(a.Type, false), Reg: g.use(a)}
	}
	return out
}

// pieceType is the st.param (load false) or ld.param (load true) type of
// a piece of IR type t: untyped bits for stores; for loads, integers
// extended by their signedness into a wider register (an 8-bit integer
// lives in a 16-bit one), floats as floats (f16 as .b16).
func pieceType(t ir.Type, load bool) string {
	switch {
	case t.Kind == ir.Float && t.Bits > 16:
		return typeSuffix(t)
	case t.Kind == ir.Int && load:
		return typeSuffix(t)
	}
	return bitsSuffix(t)
}

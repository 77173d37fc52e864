package cc

import (
	"go/constant"
	gotoken "go/token"
	"math"
	"sync"

	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/layout"
)

// ---------------------------------------------------------------------
// Memory helpers.

func (x *fn) iptr() ir.Type { return ir.IntT(x.addr, true) }

// offset is p plus off bytes.
func (x *fn) offset(p *ir.Value, off int64) *ir.Value {
	if off == 0 {
		return p
	}
	return x.b.Op(ir.OpPtrAdd, p.Type, p, x.b.Const(x.iptr(), off))
}

// generic converts a pointer into a state space to a generic one.
func (x *fn) generic(p *ir.Value) *ir.Value {
	if p.Type.Space == ir.Generic {
		return p
	}
	return x.b.Op(ir.OpCvta, ir.PtrT(ir.Generic, x.addr), p)
}

func (x *fn) alignOf(t ctypes.Type) int64 {
	a, err := x.lay.Alignof(t)
	if err != nil || a == 0 {
		return 1
	}
	return a
}

// noteAlign records p, the address of member e at offset off in the
// object at base, in x.underAligned when the object's alignment (a
// packed class's is 1) leaves it less aligned than its type.
func (x *fn) noteAlign(p, base *ir.Value, e *ast.Member, off int64) {
	ot := e.X.Info().Type
	if e.Arrow {
		if pt, ok := ctypes.Unqualified(ot).(*ctypes.Pointer); ok {
			ot = pt.Elem
		}
	}
	a := x.alignOf(ot)
	if ba, ok := x.underAligned[base]; ok {
		a = min(a, ba)
	}
	for off%a != 0 {
		a /= 2
	}
	if a < x.alignOf(e.Info().Type) {
		if x.underAligned == nil {
			x.underAligned = map[*ir.Value]int64{}
		}
		x.underAligned[p] = a
	}
}

// load reads a scalar of C type t at p.
func (x *fn) load(p *ir.Value, t ctypes.Type) *ir.Value {
	it := x.scalar(t, 0)
	if a, ok := x.underAligned[p]; ok && a < it.Bytes() {
		return x.loadPieces(p, it, a, isVolatile(t))
	}
	v := x.b.Load(it, p, min(x.alignOf(t), it.Bytes()))
	if isVolatile(t) {
		v.Flags |= ir.Volatile
	}
	return v
}

// store writes scalar v of C type t at p.
func (x *fn) store(p *ir.Value, t ctypes.Type, v *ir.Value) {
	it := x.scalar(t, 0)
	if v.Type != it {
		v = x.convert(v, it)
	}
	if a, ok := x.underAligned[p]; ok && a < it.Bytes() {
		x.storePieces(p, v, a, isVolatile(t))
		return
	}
	s := x.b.Store(p, v, min(x.alignOf(t), it.Bytes()))
	if isVolatile(t) {
		s.Flags |= ir.Volatile
	}
}

// loadPieces reads a scalar of type it at p, aligned to align only, as
// unsigned integers of align bytes from the lowest address up (little
// endian), put together.
func (x *fn) loadPieces(p *ir.Value, it ir.Type, align int64, volatile bool) *ir.Value {
	ut := ir.IntT(int(it.Bits), false)
	pt := ir.IntT(int(align*8), false)
	var acc *ir.Value
	for off := int64(0); off < it.Bytes(); off += align {
		ld := x.b.Load(pt, x.offset(p, off), align)
		if volatile {
			ld.Flags |= ir.Volatile
		}
		piece := x.b.Op(ir.OpConv, ut, ld)
		if off > 0 {
			piece = x.b.Op(ir.OpShl, ut, piece, x.b.Const(ir.IntT(32, false), off*8))
			piece = x.b.Op(ir.OpOr, ut, acc, piece)
		}
		acc = piece
	}
	if it.Kind == ir.Float {
		return bitcast(x, nil, []*ir.Value{acc}, it)
	}
	if it != ut {
		return x.b.Op(ir.OpConv, it, acc)
	}
	return acc
}

// storePieces writes scalar v at p, aligned to align only, as unsigned
// integers of align bytes from the lowest address up.
func (x *fn) storePieces(p, v *ir.Value, align int64, volatile bool) {
	ut := ir.IntT(int(v.Type.Bits), false)
	pt := ir.IntT(int(align*8), false)
	if v.Type.Kind == ir.Float {
		v = bitcast(x, nil, []*ir.Value{v}, ut)
	} else if v.Type != ut {
		v = x.b.Op(ir.OpConv, ut, v)
	}
	for off := int64(0); off < v.Type.Bytes(); off += align {
		piece := v
		if off > 0 {
			piece = x.b.Op(ir.OpShr, ut, v, x.b.Const(ir.IntT(32, false), off*8))
		}
		s := x.b.Store(x.offset(p, off), x.b.Op(ir.OpConv, pt, piece), align)
		if volatile {
			s.Flags |= ir.Volatile
		}
	}
}

// chunk is the widest access that size and align allow at off.
func chunk(size, align, off int64) int64 {
	for _, w := range []int64{8, 4, 2} {
		if align >= w && size-off >= w && off%w == 0 {
			return w
		}
	}
	return 1
}

// copyBytes copies size bytes from src to dst, both aligned to align.
func (x *fn) copyBytes(dst, src *ir.Value, size, align int64) {
	for off := int64(0); off < size; {
		w := chunk(size, align, off)
		t := ir.IntT(int(w*8), false)
		v := x.b.Load(t, x.offset(src, off), w)
		x.b.Store(x.offset(dst, off), v, w)
		off += w
	}
}

// leaf is a scalar of an aggregate at an offset.
type leaf struct {
	off int64
	t   ir.Type
}

// leaves lists the scalars of aggregate t (bit fields as their storage
// units), or nil for a type copied as bytes (a union, a large array,
// a type with overlapping members).
func (x *fn) leaves(t ctypes.Type, off int64, out []leaf) []leaf {
	if len(out) > 64 {
		return nil
	}
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Struct:
		if u.Union {
			return nil
		}
		rec, err := x.lay.Record(u)
		if err != nil {
			return nil
		}
		for _, bm := range rec.Bases {
			if out = x.leaves(bm.Base.Type, off+bm.Offset, out); out == nil {
				return nil
			}
		}
		if rec.VPtr {
			return nil
		}
		var unitEnd int64 = -1
		for _, m := range rec.Members {
			if m.Field.BitField {
				if m.BitSize == 0 || m.Offset+m.Size <= unitEnd {
					continue // in the previous storage unit
				}
				if m.Offset < unitEnd {
					return nil // a wider unit overlapping it: copied as bytes
				}
				if m.Align < m.Size || (m.BitOffset-m.Offset*8)+int64(m.BitSize) > m.Size*8 {
					return nil
				}
				out = append(out, leaf{off + m.Offset, ir.IntT(int(m.Size*8), false)})
				unitEnd = m.Offset + m.Size
				continue
			}
			if m.Offset < unitEnd {
				return nil
			}
			if out = x.leaves(m.Field.Type, off+m.Offset, out); out == nil {
				return nil
			}
		}
		return out
	case *ctypes.Array:
		if u.Len > 16 {
			return nil
		}
		es, _ := x.sizeAlign(u.Elem, 0)
		for i := int64(0); i < u.Len; i++ {
			if out = x.leaves(u.Elem, off+i*es, out); out == nil {
				return nil
			}
		}
		return out
	case *ctypes.Vector:
		et := ctypes.BasicOf(u.Elem)
		es, _ := x.sizeAlign(et, 0)
		for i := 0; i < u.Len; i++ {
			out = append(out, leaf{off + int64(i)*es, x.scalar(et, 0)})
		}
		return out
	}
	it := x.scalar(t, 0)
	if it.Kind == ir.Pred {
		return nil
	}
	return append(out, leaf{off, it})
}

// copyTyped copies an object of aggregate type t member by member, so
// that a local aggregate can be split into registers (sroa), or as bytes.
func (x *fn) copyTyped(dst, src *ir.Value, t ctypes.Type) {
	size, align := x.sizeAlign(t, 0)
	ls := x.leaves(t, 0, []leaf{})
	if ls == nil {
		x.copyBytes(dst, src, size, align)
		return
	}
	for _, l := range ls {
		a := l.t.Bytes()
		if l.off%a != 0 || align < a {
			x.copyBytes(dst, src, size, align)
			return
		}
	}
	for _, l := range ls {
		v := x.b.Load(l.t, x.offset(src, l.off), l.t.Bytes())
		x.b.Store(x.offset(dst, l.off), v, l.t.Bytes())
	}
}

// zeroTyped zeroes an object of type t member by member (or as bytes).
func (x *fn) zeroTyped(dst *ir.Value, t ctypes.Type) {
	size, align := x.sizeAlign(t, 0)
	ls := x.leaves(t, 0, []leaf{})
	for _, l := range ls {
		if l.off%l.t.Bytes() != 0 || align < l.t.Bytes() {
			ls = nil
			break
		}
	}
	if ls == nil {
		x.zeroBytes(dst, size, align)
		return
	}
	for _, l := range ls {
		x.b.Store(x.offset(dst, l.off), x.zero(l.t), l.t.Bytes())
	}
}

func (x *fn) zeroBytes(dst *ir.Value, size, align int64) {
	for off := int64(0); off < size; {
		w := chunk(size, align, off)
		t := ir.IntT(int(w*8), false)
		x.b.Store(x.offset(dst, off), x.b.Const(t, 0), w)
		off += w
	}
}

// convert converts v to type t with C's rules (from its IR type).
func (x *fn) convert(v *ir.Value, t ir.Type) *ir.Value {
	if v.Type == t {
		return v
	}
	switch {
	case v.Type.IsPtr() && t.IsPtr():
		if v.Type.Space == ir.Generic || t.Space == ir.Generic {
			return x.b.Op(ir.OpCvta, t, v)
		}
		return x.b.Op(ir.OpCvta, t, x.generic(v))
	case v.Type.IsPtr():
		iv := x.b.Op(ir.OpConv, ir.IntT(int(v.Type.Bits), false), x.generic(v))
		return x.convert(iv, t)
	case t.IsPtr():
		if v.Type.Kind == ir.Pred || v.Type.Bits != t.Bits {
			v = x.convert(v, ir.IntT(int(t.Bits), false))
		}
		return x.b.Op(ir.OpConv, t, v)
	}
	return x.b.Op(ir.OpConv, t, v)
}

// toBool is v != 0 as a predicate.
func (x *fn) toBool(v *ir.Value) *ir.Value {
	switch v.Type.Kind {
	case ir.Pred:
		return v
	case ir.Float:
		return x.b.Cmp(ir.Ne, v, x.b.Float(v.Type, 0))
	case ir.Ptr:
		v = x.convert(v, ir.IntT(int(v.Type.Bits), false))
	}
	return x.b.Cmp(ir.Ne, v, x.b.Const(v.Type, 0))
}

// fromPred is a predicate as a C bool value (u8 0 or 1).
func (x *fn) fromPred(p *ir.Value) *ir.Value {
	return x.b.Op(ir.OpSelect, ir.U8, p, x.b.Const(ir.U8, 1), x.b.Const(ir.U8, 0))
}

// isNormal reports whether f is a normal number of the float type of
// bits width.
func isNormal(f float64, bits uint8) bool {
	a := math.Abs(f)
	if bits == 32 {
		return a >= 0x1p-126 && a <= math.MaxFloat32
	}
	return a >= 0x1p-1022 && a <= math.MaxFloat64
}

func floatBits(t ir.Type, f float64) uint64 {
	switch t.Bits {
	case 32:
		return uint64(math.Float32bits(float32(f)))
	case 16:
		return uint64(f32toF16(float32(f)))
	}
	return math.Float64bits(f)
}

// f32toF16 rounds to nearest even (for constant initializers of __half).
func f32toF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23&0xff) - 127 + 15
	man := b & 0x7fffff
	switch {
	case b&0x7fffffff == 0:
		return sign
	case exp >= 31:
		return sign | 0x7c00
	case exp <= 0:
		return sign
	}
	h := uint32(exp)<<10 | man>>13
	rest := man & 0x1fff
	if rest > 0x1000 || rest == 0x1000 && h&1 == 1 {
		h++
	}
	return sign | uint16(h)
}

// ---------------------------------------------------------------------
// Expressions.

// constValue returns the IR constant of a constant expression of scalar
// type, or nil.
func (x *fn) constValue(e ast.Expr) *ir.Value {
	info := e.Info()
	if info.Value == nil || info.LValue || isAggregate(info.Type) {
		return nil
	}
	if _, ok := ctypes.Unqualified(info.Type).(*ctypes.Pointer); ok {
		if info.Value.Kind() == constant.Int {
			if i, ok := constant.Int64Val(info.Value); ok && i == 0 {
				return x.convert(x.b.Const(ir.IntT(x.addr, false), 0), ir.PtrT(ir.Generic, x.addr))
			}
		}
		return nil
	}
	if info.Value.Kind() == constant.String {
		return nil
	}
	t := x.scalar(info.Type, e.Pos())
	if t.IsPtr() {
		// nullptr (std::nullptr_t), or a comparison of it folded: the
		// null pointer made from the integer 0.
		if i, ok := constant.Int64Val(constant.ToInt(info.Value)); ok && i == 0 {
			return x.convert(x.b.Const(ir.IntT(int(t.Bits), false), 0), t)
		}
		return nil
	}
	if t.IsFloat() {
		f, _ := constant.Float64Val(constant.ToFloat(info.Value))
		if info.NegZero {
			f = math.Copysign(0, -1)
		}
		return x.b.Float(t, f)
	}
	if info.Value.Kind() == constant.Bool {
		if constant.BoolVal(info.Value) {
			return x.b.Const(t, 1)
		}
		return x.b.Const(t, 0)
	}
	iv := constant.ToInt(info.Value)
	if iv.Kind() != constant.Int {
		return nil
	}
	i, ok := constant.Int64Val(iv)
	if !ok {
		u, _ := constant.Uint64Val(iv)
		i = int64(u)
	}
	return x.b.Const(t, i)
}

// discard evaluates e for its effects.
func (x *fn) discard(e ast.Expr) {
	x.setPos(e.Pos())
	switch e := e.(type) {
	case *ast.ImplicitCast:
		if e.Kind == ast.ToVoid {
			x.discard(e.X)
			return
		}
	case *ast.Cast:
		if ctypes.IsVoid(e.Info().Type) {
			x.discard(e.X)
			return
		}
	case *ast.Call:
		x.call(e)
		return
	case *ast.Assign:
		x.assign(e)
		return
	case *ast.Unary:
		if e.Op >= ast.PreInc {
			x.incdec(e)
			return
		}
	case *ast.Binary:
		if e.Op == ast.Comma {
			x.discard(e.X)
			x.discard(e.Y)
			return
		}
	case *ast.Cond:
		then, els, end := x.b.NewBlock(), x.b.NewBlock(), x.b.NewBlock()
		x.cond(e.C, then, els)
		x.b.SetBlock(then)
		x.discard(e.X)
		x.jump(end)
		x.b.SetBlock(els)
		x.discard(e.Y)
		x.jump(end)
		x.b.SetBlock(end)
		return
	}
	if ctypes.IsVoid(e.Info().Type) {
		x.rvalue0(e)
		return
	}
	if m, ok := e.(*ast.Member); ok && m.Field != nil && m.Field.BitField {
		x.rvalue(e) // a bit field has no address: read (dead code removes it)
		return
	}
	if e.Info().LValue {
		x.lvalue(e)
		return
	}
	if isAggregate(e.Info().Type) {
		x.aggregate(e)
		return
	}
	x.rvalue(e)
}

// cond branches to t if e is true, else to f (short-circuiting && || !).
func (x *fn) cond(e ast.Expr, t, f *ir.Block) {
	switch e := e.(type) {
	case *ast.Binary:
		switch e.Op {
		case ast.LAnd:
			mid := x.b.NewBlock()
			x.cond(e.X, mid, f)
			x.b.SetBlock(mid)
			x.cond(e.Y, t, f)
			return
		case ast.LOr:
			mid := x.b.NewBlock()
			x.cond(e.X, t, mid)
			x.b.SetBlock(mid)
			x.cond(e.Y, t, f)
			return
		}
	case *ast.Unary:
		if e.Op == ast.LNot {
			x.cond(e.X, f, t)
			return
		}
	}
	x.b.Branch(x.pred(e), t, f)
}

// pred evaluates a condition to a predicate.
func (x *fn) pred(e ast.Expr) *ir.Value {
	if b, ok := e.(*ast.Binary); ok && b.Op.IsComparison() {
		return x.compare(b)
	}
	if ic, ok := e.(*ast.ImplicitCast); ok && (ic.Kind == ast.IntToBool || ic.Kind == ast.PointerToBool || ic.Kind == ast.FloatToBool) {
		return x.toBool(x.rvalue(ic.X))
	}
	return x.toBool(x.rvalue(e))
}

var cmpConds = sync.OnceValue(func() map[ast.Op]ir.Cond {
	return map[ast.Op]ir.Cond{ast.Eq: ir.Eq, ast.Ne: ir.Ne, ast.Lt: ir.Lt, ast.Le: ir.Le, ast.Gt: ir.Gt, ast.Ge: ir.Ge}
})

func (x *fn) compare(e *ast.Binary) *ir.Value {
	a, b := x.rvalue(e.X), x.rvalue(e.Y)
	if a.Type.IsPtr() || b.Type.IsPtr() {
		ut := ir.IntT(x.addr, false)
		a, b = x.convert(a, ut), x.convert(b, ut)
	}
	if a.Type.Kind == ir.Pred && b.Type.Kind == ir.Pred && e.Op != ast.Eq && e.Op != ast.Ne {
		a, b = x.fromPred(a), x.fromPred(b)
	}
	if b.Type != a.Type {
		b = x.convert(b, a.Type)
	}
	return x.b.Cmp(cmpConds()[e.Op], a, b)
}

// rvalue evaluates a scalar expression (an aggregate one through
// aggregate).
func (x *fn) rvalue(e ast.Expr) *ir.Value {
	v := x.rvalue0(e)
	if v == nil {
		x.failf(e.Pos(), "expression of type %s has no value here", e.Info().Type)
	}
	return v
}

func (x *fn) rvalue0(e ast.Expr) *ir.Value {
	x.useAt = e
	if v := x.constValue(e); v != nil {
		return v
	}
	info := e.Info()
	if info.LValue && !isFuncType(info.Type) {
		if isAggregate(info.Type) {
			return x.lvalue(e)
		}
		if m, ok := e.(*ast.Member); ok {
			if v := x.bitField(m); v != nil {
				return v
			}
		}
		if v := x.bitFieldPreIncDec(e); v != nil {
			return v
		}
		return x.load(x.lvalue(e), info.Type)
	}
	switch e := e.(type) {
	case *ast.ImplicitCast:
		return x.implicitCast(e)
	case *ast.Cast:
		return x.castTo(x.rvalue(e.X), e.X.Info().Type, e.Info().Type)
	case *ast.BasicLit:
		if e.Kind == ast.StringLit {
			return x.generic(x.b.Addr(x.stringLit(constant.StringVal(info.Value))))
		}
		x.failf(e.Pos(), "literal %s is not supported by ptxabi cc", e.Value)
	case *ast.Unary:
		return x.unary(e)
	case *ast.Binary:
		return x.binary(e)
	case *ast.Assign:
		return x.load(x.assign(e), info.Type)
	case *ast.Cond:
		return x.condValue(e)
	case *ast.Call:
		return x.call(e)
	case *ast.This:
		return x.this
	case *ast.Member:
		// a member of an aggregate rvalue, f().m: read from the
		// temporary that holds the value (a field, or a vector's
		// element: tex2D(t, x, y).y)
		if !e.Arrow && (e.Field != nil || e.Method == nil) && !isAggregate(info.Type) {
			if e.Field != nil {
				if v := x.bitField(e); v != nil {
					return v
				}
			}
			return x.load(x.lvalue(e), info.Type)
		}
	case *ast.Sizeof:
		x.failf(e.Pos(), "sizeof without a value")
	case *ast.New:
		return x.newExpr(e)
	case *ast.Delete:
		x.deleteExpr(e)
		return nil
	case *ast.Ident:
		if f, ok := e.Obj.(*ast.Function); ok {
			return x.funcAddr(f.Decl)
		}
		if ec, ok := e.Obj.(*ast.EnumConst); ok {
			return x.b.Const(x.scalar(ec.Type, e.Pos()), ec.Value)
		}
	}
	if isAggregate(info.Type) {
		return x.aggregate(e)
	}
	x.failf(e.Pos(), "expression %T is not supported by ptxabi cc", e)
	return nil
}

func isFuncType(t ctypes.Type) bool {
	_, ok := ctypes.Unqualified(t).(*ctypes.Func)
	return ok
}

func (x *fn) funcAddr(d *ctypes.FuncDecl) *ir.Value {
	f := x.function(d)
	if f.Kind != 0 {
		x.failf(d.Pos, "the address of kernel %s cannot be taken in device code", d.QualifiedName())
	}
	return x.b.FuncAddr(f)
}

func (x *fn) implicitCast(e *ast.ImplicitCast) *ir.Value {
	to := e.Info().Type
	switch e.Kind {
	case ast.LValueToRValue:
		if id, ok := e.X.(*ast.Ident); ok {
			if v := x.builtinValue(id); v != nil {
				return x.convert(v, x.scalar(to, e.Pos()))
			}
		}
		if m, ok := e.X.(*ast.Member); ok {
			if v := x.builtinMember(m); v != nil {
				return v
			}
			if v := x.bitField(m); v != nil {
				return v
			}
		}
		if isAggregate(to) {
			return x.lvalue(e.X)
		}
		if v := x.bitFieldPreIncDec(e.X); v != nil {
			return v
		}
		if c, ok := e.X.(*ast.Cond); ok {
			// The value of an lvalue ?: loads the chosen operand; its
			// address is never taken (locals stay promotable).
			return x.condOf(c, x.rvalue)
		}
		v := x.load(x.lvalue(e.X), to)
		if isVolatile(e.X.Info().Type) {
			// The value's type has lost the object's qualifiers: a read
			// of a volatile object is a volatile load (spin loops).
			v.Flags |= ir.Volatile
		}
		return v
	case ast.ArrayToPointer:
		if lit, ok := e.X.(*ast.BasicLit); ok && lit.Kind == ast.StringLit {
			return x.generic(x.b.Addr(x.stringLit(constant.StringVal(lit.Info().Value))))
		}
		return x.generic(x.lvalue(e.X))
	case ast.FunctionToPointer:
		if id, ok := e.X.(*ast.Ident); ok {
			if f, ok := id.Obj.(*ast.Function); ok {
				return x.funcAddr(f.Decl)
			}
		}
		return x.generic(x.lvalue(e.X))
	case ast.ToVoid:
		x.discard(e.X)
		return nil
	case ast.DerivedToBase, ast.BaseToDerived:
		p := x.rvalue(e.X)
		if e.X.Info().LValue && !isPointer(e.X.Info().Type) {
			p = x.lvalue(e.X)
		}
		off := x.basePathOffset(e.Path)
		if e.Kind == ast.BaseToDerived {
			off = -off
		}
		return x.offset(p, off)
	case ast.IntToBool, ast.PointerToBool, ast.FloatToBool:
		return x.fromPred(x.toBool(x.rvalue(e.X)))
	case ast.Qualification, ast.PointerConversion, ast.NullToPointer:
		v := x.rvalue(e.X)
		if isAggregate(to) {
			return v
		}
		return x.convert(v, x.scalar(to, e.Pos()))
	}
	return x.castTo(x.rvalue(e.X), e.X.Info().Type, to)
}

func isPointer(t ctypes.Type) bool {
	_, ok := ctypes.Unqualified(t).(*ctypes.Pointer)
	return ok
}

// basePathOffset is the offset of the base subobject reached through
// path (outermost first: path[0] is a base of the derived class).
func (x *unit) basePathOffset(path []*ctypes.Base) int64 {
	var off int64
	for _, b := range path {
		found := false
		for _, d := range x.derivedOf(b) {
			rec, err := x.lay.Record(d)
			if err != nil {
				continue
			}
			for _, bm := range rec.Bases {
				if bm.Base == b {
					off += bm.Offset
					found = true
				}
			}
			if found {
				break
			}
		}
	}
	return off
}

// derivedOf lists the classes of the unit that have base b.
func (x *unit) derivedOf(b *ctypes.Base) []*ctypes.Struct {
	var out []*ctypes.Struct
	var visit func(t ctypes.Type)
	seen := map[*ctypes.Struct]bool{}
	visit = func(t ctypes.Type) {
		s, ok := ctypes.Unqualified(t).(*ctypes.Struct)
		if !ok || seen[s] {
			return
		}
		seen[s] = true
		for _, bb := range s.Bases {
			if bb == b {
				out = append(out, s)
			}
			visit(bb.Type)
		}
		for _, n := range s.Nested {
			visit(n)
		}
	}
	for _, t := range x.u.File.Types {
		visit(t)
	}
	return out
}

// castTo converts v, of C type from, to C type to.
func (x *fn) castTo(v *ir.Value, from, to ctypes.Type) *ir.Value {
	if ctypes.IsVoid(to) {
		return nil
	}
	if isAggregate(to) {
		return v
	}
	if _, ok := ctypes.Unqualified(to).(*ctypes.Reference); ok {
		return v
	}
	t := x.scalar(to, 0)
	if isBool(to) {
		return x.fromPred(x.toBool(v))
	}
	if v.Type.Kind == ir.Pred {
		v = x.fromPred(v)
	}
	return x.convert(v, t)
}

func (x *fn) unary(e *ast.Unary) *ir.Value {
	switch e.Op {
	case ast.Addr:
		if id, ok := e.X.(*ast.Ident); ok {
			if f, ok := id.Obj.(*ast.Function); ok {
				return x.funcAddr(f.Decl)
			}
		}
		return x.generic(x.lvalue(e.X))
	case ast.Plus:
		return x.rvalue(e.X)
	case ast.Neg:
		v := x.rvalue(e.X)
		if v.Type.IsInt() && !v.Type.Signed {
			return x.b.Op(ir.OpSub, v.Type, x.b.Const(v.Type, 0), v)
		}
		return x.b.Op(ir.OpNeg, v.Type, v)
	case ast.Not:
		v := x.rvalue(e.X)
		return x.b.Op(ir.OpNot, v.Type, v)
	case ast.LNot:
		return x.castTo(x.b.Cmp(ir.Eq, x.fromPred(x.pred(e.X)), x.b.Const(ir.U8, 0)), ctypes.BasicOf(ctypes.Bool), e.Info().Type)
	case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
		return x.incdec(e)
	}
	x.failf(e.Pos(), "operator %s is not supported by ptxabi cc", e.Op)
	return nil
}

// incdec lowers ++ and --; it returns the value of the expression.
// bitFieldPreIncDec is the value of the scalar lvalues that can name a
// bit field, which has no address to load from: ++f, --f and (a, f); nil
// for another expression.
func (x *fn) bitFieldPreIncDec(e ast.Expr) *ir.Value {
	switch u := e.(type) {
	case *ast.Unary:
		if u.Op == ast.PreInc || u.Op == ast.PreDec {
			if m, ok := u.X.(*ast.Member); ok && m.Field != nil && m.Field.BitField {
				return x.incdec(u)
			}
		}
	case *ast.Binary:
		if u.Op == ast.Comma {
			return x.binary(u)
		}
	}
	return nil
}

func (x *fn) incdec(e *ast.Unary) *ir.Value {
	t := e.X.Info().Type
	if m, ok := e.X.(*ast.Member); ok && m.Field != nil && m.Field.BitField {
		// the value of ++f is what the field holds after the store
		base, mem := x.bitFieldAt(m)
		old := x.readBitField(base, mem, t)
		nv := x.b.Const(old.Type, 1)
		if !isBool(t) {
			op := ir.OpAdd
			if e.Op == ast.PreDec || e.Op == ast.PostDec {
				op = ir.OpSub
			}
			nv = x.b.Op(op, old.Type, old, nv)
		}
		x.storeBitField(base, mem, nv)
		if e.Op == ast.PostInc || e.Op == ast.PostDec {
			return old
		}
		return x.readBitField(base, mem, t)
	}
	p := x.lvalue(e.X)
	old := x.load(p, t)
	var nv *ir.Value
	op := ir.OpAdd
	if e.Op == ast.PreDec || e.Op == ast.PostDec {
		op = ir.OpSub
	}
	switch {
	case old.Type.IsPtr():
		es := x.elemSize(elemType(t), e.Pos())
		if op == ir.OpSub {
			es = -es
		}
		nv = x.b.Op(ir.OpPtrAdd, old.Type, old, x.b.Const(x.iptr(), es))
	case old.Type.IsFloat():
		nv = x.b.Op(op, old.Type, old, x.b.Float(old.Type, 1))
	case isBool(t):
		nv = x.b.Const(ir.U8, 1)
	default:
		nv = x.b.Op(op, old.Type, old, x.b.Const(old.Type, 1))
	}
	x.store(p, t, nv)
	if e.Op == ast.PostInc || e.Op == ast.PostDec {
		return old
	}
	return nv
}

func (x *fn) elemSize(t ctypes.Type, pos gotoken.Pos) int64 {
	if t == nil || ctypes.IsVoid(t) {
		return 1
	}
	s, err := x.lay.Sizeof(t)
	if err != nil {
		return 1
	}
	return s
}

var opCodes = sync.OnceValue(func() map[ast.Op]ir.Op {
	return map[ast.Op]ir.Op{
		ast.Add: ir.OpAdd, ast.Sub: ir.OpSub, ast.Mul: ir.OpMul, ast.Div: ir.OpDiv, ast.Rem: ir.OpRem,
		ast.Shl: ir.OpShl, ast.Shr: ir.OpShr, ast.And: ir.OpAnd, ast.Or: ir.OpOr, ast.Xor: ir.OpXor,
	}
})

func (x *fn) binary(e *ast.Binary) *ir.Value {
	switch e.Op {
	case ast.Comma:
		x.discard(e.X)
		return x.rvalue(e.Y)
	case ast.LAnd, ast.LOr:
		t, f, end := x.b.NewBlock(), x.b.NewBlock(), x.b.NewBlock()
		rt := x.scalar(e.Info().Type, e.Pos())
		x.cond(e, t, f)
		x.b.SetBlock(t)
		one := x.b.Const(rt, 1)
		x.b.Jump(end)
		x.b.SetBlock(f)
		zero := x.b.Const(rt, 0)
		x.b.Jump(end)
		x.b.SetBlock(end)
		return x.b.Phi(end, rt, one, zero)
	}
	if e.Op.IsComparison() {
		return x.castTo(x.compare(e), ctypes.BasicOf(ctypes.Bool), e.Info().Type)
	}
	a, b := x.rvalue(e.X), x.rvalue(e.Y)
	return x.arith(e.Op, a, b, e.X.Info().Type, e.Y.Info().Type, e.Info().Type, e)
}

// arith computes a op b; pointer arithmetic is scaled by the element
// size.
func (x *fn) arith(op ast.Op, a, b *ir.Value, at, bt, rt ctypes.Type, e ast.Expr) *ir.Value {
	switch {
	case a.Type.IsPtr() && b.Type.IsPtr(): // p - q
		ut := x.iptr()
		d := x.b.Op(ir.OpSub, ut, x.convert(a, ut), x.convert(b, ut))
		es := x.elemSize(elemType(at), e.Pos())
		if es != 1 {
			d = x.b.Op(ir.OpDiv, ut, d, x.b.Const(ut, es))
		}
		return x.convert(d, x.scalar(rt, e.Pos()))
	case a.Type.IsPtr() || b.Type.IsPtr():
		p, i, pt := a, b, at
		if b.Type.IsPtr() {
			p, i, pt = b, a, bt
		}
		i = x.convert(i, x.iptr())
		if op == ast.Sub {
			i = x.b.Op(ir.OpSub, i.Type, x.b.Const(i.Type, 0), i)
		}
		es := x.elemSize(elemType(pt), e.Pos())
		if es != 1 {
			i = x.b.Op(ir.OpMul, i.Type, i, x.b.Const(i.Type, es))
		}
		return x.b.Op(ir.OpPtrAdd, p.Type, p, i)
	}
	o, ok := opCodes()[op]
	if !ok {
		x.failf(e.Pos(), "operator %s is not supported by ptxabi cc", op)
	}
	if o == ir.OpShl || o == ir.OpShr {
		if b.Type != ir.U32 {
			b = x.convert(b, ir.U32)
		}
		return x.b.Op(o, a.Type, a, b)
	}
	if b.Type != a.Type {
		b = x.convert(b, a.Type)
	}
	if a.Type.Kind == ir.Pred {
		a, b = x.fromPred(a), x.fromPred(b)
	}
	if o == ir.OpDiv && a.Type.IsFloat() && a.Type.Bits >= 32 && b.Op == ir.OpConst {
		// x / 2^k is x * 2^-k exactly (one rounding of the same real
		// value), as nvcc writes it.
		d := math.Float64frombits(uint64(b.AuxInt))
		if r := 1 / d; d != 0 && !math.IsInf(r, 0) && math.Abs(d) == math.Pow(2, math.Round(math.Log2(math.Abs(d)))) && isNormal(r, a.Type.Bits) {
			return x.b.Op(ir.OpMul, a.Type, a, x.b.Float(a.Type, r))
		}
	}
	return x.b.Op(o, a.Type, a, b)
}

// assign lowers = and op=, returning the address assigned to.
func (x *fn) assign(e *ast.Assign) *ir.Value {
	// The right operand is evaluated before the left (C++17
	// [expr.ass]: arr[k++] += arr[k] reads arr[k] first; x += x++ adds
	// to the incremented x), as nvcc does.
	t := e.X.Info().Type
	if m, ok := e.X.(*ast.Member); ok && m.Field != nil && m.Field.BitField {
		y := x.rvalue(e.Y)
		base, mem := x.bitFieldAt(m)
		v := y
		if e.Op != ast.NoOp {
			old := x.castTo(x.readBitField(base, mem, t), t, e.CompType)
			v = x.castTo(x.arith(e.Op, old, y, e.CompType, e.Y.Info().Type, e.CompType, e), e.CompType, t)
		}
		x.storeBitField(base, mem, x.convert(v, x.scalar(t, e.Pos())))
		return nil
	}
	if isAggregate(t) {
		if call, ok := e.Y.(*ast.Call); ok && call.Ctor {
			p := x.lvalue(e.X)
			x.construct(p, call)
			return p
		}
		src := x.aggregate(e.Y)
		p := x.lvalue(e.X)
		x.copyTyped(p, src, t)
		return p
	}
	if e.Op == ast.NoOp {
		v := x.rvalue(e.Y)
		p := x.lvalue(e.X)
		x.store(p, t, v)
		return p
	}
	y := x.rvalue(e.Y)
	p := x.lvalue(e.X)
	old := x.load(p, t)
	ct := e.CompType
	if ct == nil {
		ct = t
	}
	if !old.Type.IsPtr() {
		old = x.castTo(old, t, ct)
	}
	v := x.arith(e.Op, old, y, ct, e.Y.Info().Type, ct, e)
	if !v.Type.IsPtr() {
		v = x.castTo(v, ct, t)
	}
	x.store(p, t, v)
	return p
}

// condValue is c ? a : b as a value.
func (x *fn) condValue(e *ast.Cond) *ir.Value { return x.condOf(e, x.rvalue) }

// condOf is c ? a : b with each operand evaluated by eval.
func (x *fn) condOf(e *ast.Cond, eval func(ast.Expr) *ir.Value) *ir.Value {
	t, f, end := x.b.NewBlock(), x.b.NewBlock(), x.b.NewBlock()
	x.cond(e.C, t, f)
	x.b.SetBlock(t)
	a := eval(e.X)
	ta := x.b.B
	x.b.Jump(end)
	x.b.SetBlock(f)
	b := eval(e.Y)
	if b.Type != a.Type {
		b = x.convert(b, a.Type)
	}
	fb := x.b.B
	x.b.Jump(end)
	x.b.SetBlock(end)
	phi := x.b.Phi(end, a.Type)
	for _, p := range end.Preds {
		if p == ta {
			phi.Args = append(phi.Args, a)
		} else if p == fb {
			phi.Args = append(phi.Args, b)
		}
	}
	return phi
}

// lvalue returns the address of the object e designates.
func (x *fn) lvalue(e ast.Expr) *ir.Value {
	switch e := e.(type) {
	case *ast.Ident:
		switch o := e.Obj.(type) {
		case *ast.Var:
			slot := x.slots[o]
			if slot == nil {
				x.failf(e.Pos(), "variable %s is not in scope", o.Name)
			}
			if _, ok := ctypes.Unqualified(o.Type).(*ctypes.Reference); ok {
				return x.b.Load(ir.PtrT(ir.Generic, x.addr), slot, int64(x.addr/8))
			}
			return slot
		case *ast.Function:
			return x.funcAddr(o.Decl)
		case *ast.Global:
			if o.Builtin {
				x.failf(e.Pos(), "built-in variable %s has no address", o.Decl.Name)
			}
			if _, ok := ctypes.Unqualified(o.Decl.Type).(*ctypes.Reference); ok {
				x.failf(e.Pos(), "global reference %s is not supported by ptxabi cc", o.Decl.Name)
			}
			return x.b.Addr(x.global(o.Decl))
		}
	case *ast.Unary:
		if e.Op == ast.Deref {
			return x.rvalue(e.X)
		}
		if e.Op == ast.PreInc || e.Op == ast.PreDec {
			x.incdec(e)
			return x.lvalue(e.X)
		}
	case *ast.Index:
		var base *ir.Value
		if ic, ok := e.X.(*ast.ImplicitCast); ok && ic.Kind == ast.ArrayToPointer {
			base = x.lvalue(ic.X) // keep the state space of the array
		} else {
			base = x.rvalue(e.X)
		}
		i := x.convert(x.rvalue(e.I), x.iptr())
		es := x.elemSize(e.Info().Type, e.Pos())
		if c, ok := i.Const(); ok {
			return x.offset(base, c*es)
		}
		if es != 1 {
			i = x.b.Op(ir.OpMul, i.Type, i, x.b.Const(i.Type, es))
		}
		return x.b.Op(ir.OpPtrAdd, base.Type, base, i)
	case *ast.Member:
		if e.Static != nil {
			return x.b.Addr(x.global(e.Static.Decl))
		}
		base := x.memberBase(e)
		if e.Field == nil {
			if e.Method != nil {
				x.failf(e.Pos(), "member function %s used as a value", e.Name)
			}
			es := x.elemSize(e.Info().Type, e.Pos())
			return x.offset(base, int64(e.VecIndex)*es)
		}
		off, mem := x.fieldOffset(e)
		if mem.Field.BitField {
			x.failf(e.Pos(), "bit field %s has no address", e.Name)
		}
		p := x.offset(base, off)
		x.noteAlign(p, base, e, off)
		if _, ok := ctypes.Unqualified(mem.Field.Type).(*ctypes.Reference); ok {
			// A reference member holds the address of its referent.
			return x.b.Load(ir.PtrT(ir.Generic, x.addr), p, int64(x.addr/8))
		}
		return p
	case *ast.ImplicitCast:
		switch e.Kind {
		case ast.DerivedToBase, ast.BaseToDerived:
			p := x.lvalue(e.X)
			off := x.basePathOffset(e.Path)
			if e.Kind == ast.BaseToDerived {
				off = -off
			}
			return x.offset(p, off)
		case ast.Qualification, ast.LValueToRValue:
			if e.X.Info().LValue {
				return x.lvalue(e.X)
			}
		}
	case *ast.Cast:
		if e.X.Info().LValue {
			return x.lvalue(e.X)
		}
	case *ast.Assign:
		if p := x.assign(e); p != nil {
			return p
		}
		x.failf(e.Pos(), "the value of an assignment to a bit field is not supported by ptxabi cc")
	case *ast.Call:
		v := x.call(e)
		if v != nil && v.Type.IsPtr() {
			return v
		}
	case *ast.Cond:
		// An lvalue ?: selects an address.
		return x.condOf(e, func(e ast.Expr) *ir.Value { return x.generic(x.lvalue(e)) })
	case *ast.Binary:
		if e.Op == ast.Comma {
			x.discard(e.X)
			return x.lvalue(e.Y)
		}
	case *ast.BasicLit:
		if e.Kind == ast.StringLit {
			return x.b.Addr(x.stringLit(constant.StringVal(e.Info().Value)))
		}
	case *ast.InitList, *ast.This:
		return x.aggregate(e)
	}
	if isAggregate(e.Info().Type) {
		return x.aggregate(e)
	}
	x.failf(e.Pos(), "expression %T has no address", e)
	return nil
}

// memberBase is the address of the object whose member e names.
func (x *fn) memberBase(e *ast.Member) *ir.Value {
	if e.Arrow {
		return x.rvalue(e.X)
	}
	return x.lvalue(e.X)
}

// fieldOffset is the byte offset of e's field within the object of
// e.X, anonymous members crossed.
func (x *unit) fieldOffset(e *ast.Member) (int64, layout.Member) {
	st := e.Struct
	if st == nil {
		t := e.X.Info().Type
		if e.Arrow {
			t = elemType(t)
		}
		st, _ = ctypes.Unqualified(t).(*ctypes.Struct)
	}
	var off int64
	for _, f := range e.Path {
		m := x.member(st, f, e)
		off += m.Offset
		st, _ = ctypes.Unqualified(f.Type).(*ctypes.Struct)
	}
	m := x.member(st, e.Field, e)
	return off + m.Offset, m
}

func (x *unit) member(st *ctypes.Struct, f *ctypes.Field, e *ast.Member) layout.Member {
	if st == nil {
		x.failf(e.Pos(), "member %s of a non-class", e.Name)
	}
	rec, err := x.lay.Record(st)
	if err != nil {
		x.failf(e.Pos(), "%v", err)
	}
	for _, m := range rec.Members {
		if m.Field == f {
			return m
		}
	}
	x.failf(e.Pos(), "member %s not found in %s", e.Name, st)
	return layout.Member{}
}

// bitField reads a bit-field member; nil when m is no bit field.
func (x *fn) bitField(m *ast.Member) *ir.Value {
	if m.Field == nil || !m.Field.BitField {
		return nil
	}
	base, mem := x.bitFieldAt(m)
	return x.readBitField(base, mem, m.Info().Type)
}

// bitFieldAt returns the address of the record holding bit field m and
// its layout, with Offset made relative to that address.
func (x *fn) bitFieldAt(m *ast.Member) (*ir.Value, layout.Member) {
	base := x.memberBase(m)
	off, mem := x.fieldOffset(m)
	// Make the record-relative bit offset relative to base+off-mem.Offset.
	return x.offset(base, off-mem.Offset), mem
}

// readBitField loads the storage unit and extracts the field.
func (x *fn) readBitField(rec *ir.Value, mem layout.Member, t ctypes.Type) *ir.Value {
	it := x.scalar(t, 0)
	unit := mem.Size
	start := mem.BitOffset - mem.Offset*8
	// Load the bytes [Offset, Offset+unit) as an integer of unit bytes
	// (byte by byte: the unit may be unaligned for packed records).
	ut := ir.IntT(int(unit*8), false)
	raw := x.loadUnit(x.offset(rec, mem.Offset), unit, mem.Align, ut)
	if start+int64(mem.BitSize) > unit*8 {
		x.failf(0, "bit field crossing its storage unit is not supported by ptxabi cc")
	}
	// Shift left then right (arithmetic for signed) to extract.
	wt := ut
	if it.Signed {
		wt = ir.IntT(int(unit*8), true)
		raw = x.b.Op(ir.OpConv, wt, raw)
	}
	sh := unit*8 - start - int64(mem.BitSize)
	if sh > 0 {
		raw = x.b.Op(ir.OpShl, wt, raw, x.b.Const(ir.U32, sh))
	}
	if r := unit*8 - int64(mem.BitSize); r > 0 {
		raw = x.b.Op(ir.OpShr, wt, raw, x.b.Const(ir.U32, r))
	}
	return x.convert(raw, it)
}

func (x *fn) loadUnit(p *ir.Value, unit, align int64, ut ir.Type) *ir.Value {
	if align >= unit {
		return x.b.Load(ut, p, unit)
	}
	var acc *ir.Value
	for i := int64(0); i < unit; i++ {
		b := x.convert(x.b.Load(ir.U8, x.offset(p, i), 1), ut)
		if i > 0 {
			b = x.b.Op(ir.OpShl, ut, b, x.b.Const(ir.U32, 8*i))
			acc = x.b.Op(ir.OpOr, ut, acc, b)
		} else {
			acc = b
		}
	}
	return acc
}

func (x *fn) storeUnit(p *ir.Value, unit, align int64, v *ir.Value) {
	if align >= unit {
		x.b.Store(p, v, unit)
		return
	}
	for i := int64(0); i < unit; i++ {
		b := v
		if i > 0 {
			b = x.b.Op(ir.OpShr, v.Type, v, x.b.Const(ir.U32, 8*i))
		}
		x.b.Store(x.offset(p, i), x.convert(b, ir.U8), 1)
	}
}

// storeBitField writes v into bit field mem of the record at rec.
func (x *fn) storeBitField(rec *ir.Value, mem layout.Member, v *ir.Value) {
	unit := mem.Size
	start := mem.BitOffset - mem.Offset*8
	ut := ir.IntT(int(unit*8), false)
	if v.Type.Kind == ir.Pred {
		v = x.fromPred(v)
	}
	p := x.offset(rec, mem.Offset)
	old := x.loadUnit(p, unit, mem.Align, ut)
	mask := uint64(1)<<uint(mem.BitSize) - 1
	if mem.BitSize >= 64 {
		mask = ^uint64(0)
	}
	nv := x.b.Op(ir.OpAnd, ut, x.convert(v, ut), x.b.Const(ut, int64(mask)))
	if start > 0 {
		nv = x.b.Op(ir.OpShl, ut, nv, x.b.Const(ir.U32, start))
	}
	keep := x.b.Op(ir.OpAnd, ut, old, x.b.Const(ut, int64(^(mask<<uint(start)))))
	x.storeUnit(p, unit, mem.Align, x.b.Op(ir.OpOr, ut, keep, nv))
}

// aggregate evaluates an expression of aggregate type to the address of
// its bytes.
func (x *fn) aggregate(e ast.Expr) *ir.Value {
	t := e.Info().Type
	switch e := e.(type) {
	case *ast.Call:
		if e.Ctor {
			size, align := x.sizeAlign(t, e.Pos())
			tmp := x.b.Alloca(size, align)
			x.construct(tmp, e)
			return tmp
		}
		return x.call(e)
	case *ast.InitList:
		size, align := x.sizeAlign(t, e.Pos())
		tmp := x.b.Alloca(size, align)
		if e.Paren && len(e.Elems) == 1 {
			x.initialize(tmp, t, e.Elems[0])
		} else {
			x.initList(tmp, t, e)
		}
		return tmp
	case *ast.ImplicitCast:
		switch e.Kind {
		case ast.LValueToRValue, ast.Qualification:
			return x.aggregate(e.X)
		case ast.DerivedToBase:
			return x.offset(x.aggregate(e.X), x.basePathOffset(e.Path))
		}
	case *ast.Cast:
		return x.aggregate(e.X)
	case *ast.Cond:
		return x.lvalue(e)
	case *ast.Assign:
		return x.assign(e)
	case *ast.Binary:
		if e.Op == ast.Comma {
			x.discard(e.X)
			return x.aggregate(e.Y)
		}
	}
	if e.Info().LValue {
		return x.lvalue(e)
	}
	x.failf(e.Pos(), "aggregate expression %T is not supported by ptxabi cc", e)
	return nil
}

package sema

import (
	"go/token"

	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
)

func setInfo(x ast.Expr, t ctypes.Type, lv bool) {
	in := x.Info()
	in.Type, in.LValue = t, lv
}

func cast(kind ast.ConvKind, x ast.Expr, t ctypes.Type) ast.Expr {
	ic := &ast.ImplicitCast{Kind: kind, X: x}
	setInfo(ic, t, false)
	return ic
}

// rvalue applies the lvalue-to-rvalue, array-to-pointer and
// function-to-pointer conversions.
func (c *checker) rvalue(x ast.Expr) ast.Expr {
	in := x.Info()
	t := in.Type
	if a, ok := arrayOf(t); ok {
		// A const array's elements are const.
		cq, vq := cvOf(t)
		return cast(ast.ArrayToPointer, x, &ctypes.Pointer{Elem: withCV(a.Elem, cq, vq)})
	}
	if isFuncType(t) {
		return cast(ast.FunctionToPointer, x, &ctypes.Pointer{Elem: t})
	}
	if in.LValue {
		r := cast(ast.LValueToRValue, x, stripCV(t))
		r.Info().Value, r.Info().NegZero = in.Value, in.NegZero
		return r
	}
	return x
}

// isNullConstant reports whether x is a null pointer constant: an
// integer constant zero or nullptr.
func isNullConstant(x ast.Expr) bool {
	if isNullPtrType(x.Info().Type) {
		return true
	}
	if !isInteger(x.Info().Type) {
		return false
	}
	n, ok := intValue(x)
	return ok && n == 0
}

// toBool converts a scalar rvalue to bool.
func (c *checker) toBool(x ast.Expr) ast.Expr {
	return c.setConvValue(c.toBool0(x))
}

func (c *checker) toBool0(x ast.Expr) ast.Expr {
	t := x.Info().Type
	switch {
	case isBool(t):
		return x
	case isPointer(t) || isNullPtrType(t):
		return cast(ast.PointerToBool, x, basic(ctypes.Bool))
	case isFloat(t):
		return cast(ast.FloatToBool, x, basic(ctypes.Bool))
	case isInteger(t) || isEnum(t):
		return cast(ast.IntToBool, x, basic(ctypes.Bool))
	}
	if st, ok := classOf(t); ok {
		if call := c.conversionCall(x, st, basic(ctypes.Bool), true); call != nil {
			return c.toBool(call)
		}
		c.fail(x.Pos(), "value of type '%s' is not contextually convertible to 'bool'", st.Name())
	}
	c.fail(x.Pos(), "value of type '%s' is not contextually convertible to 'bool'", typeStr(t))
	return nil
}

// convert converts rvalue x to type to (an implicit conversion, or with
// explicit set the conversions of a C cast and static_cast).
func (c *checker) convert(x ast.Expr, to ctypes.Type, explicit bool) ast.Expr {
	return c.setConvValue(c.convert0(x, to, explicit))
}

func (c *checker) convert0(x ast.Expr, to ctypes.Type, explicit bool) ast.Expr {
	from := x.Info().Type
	pos := x.Pos()
	if isVoid(to) {
		if explicit {
			return cast(ast.ToVoid, x, to)
		}
		c.fail(pos, "cannot convert '%s' to 'void'", typeStr(from))
	}
	if isVoid(from) {
		c.fail(pos, "cannot convert 'void' to '%s'", typeStr(to))
	}
	if sameUnqual(from, to) {
		return x
	}
	if isBool(to) && (isScalar(from) || isEnum(from)) {
		if isScopedEnum(from) && !explicit {
			c.fail(pos, "cannot convert '%s' to 'bool' implicitly", typeStr(from))
		}
		return c.toBool(x)
	}
	tk, toArith := kindOf(to)
	fk, fromArith := kindOf(from)
	if toArith && fromArith && !isPointer(from) {
		if isScopedEnum(from) && !explicit || isEnum(to) && !explicit {
			c.fail(pos, "cannot convert '%s' to '%s' implicitly", typeStr(from), typeStr(to))
		}
		t := stripCV(to)
		switch {
		case fk.IsFloat() && tk.IsFloat():
			if fk == ctypes.Float && tk == ctypes.Double {
				return cast(ast.FloatingPromotion, x, t)
			}
			return cast(ast.FloatingConversion, x, t)
		case fk.IsFloat():
			return cast(ast.FloatToInt, x, t)
		case tk.IsFloat():
			return cast(ast.IntToFloat, x, t)
		}
		if tk == c.promoted(fk) && (fk != tk && intRank(fk) < 3 || isEnum(from)) {
			return cast(ast.IntegralPromotion, x, t)
		}
		return cast(ast.IntegralConversion, x, t)
	}
	if tp, ok := pointerOf(to); ok {
		if isNullConstant(x) && !explicit || isNullPtrType(from) {
			return cast(ast.NullToPointer, x, stripCV(to))
		}
		if fp, ok := pointerOf(from); ok {
			return c.convertPointer(x, fp, tp, to, explicit)
		}
		if explicit && (isInteger(from) || isEnum(from)) {
			return cast(ast.IntToPointer, x, stripCV(to))
		}
	}
	if explicit && isPointer(from) && toArith && tk.IsInteger() {
		if c.kindSize(tk) < c.ptrSize {
			c.fail(pos, "cast from pointer to smaller type '%s' loses information", typeStr(to))
		}
		return cast(ast.PointerToInt, x, stripCV(to))
	}
	if ts, ok := classOf(to); ok {
		if fs, ok := classOf(from); ok {
			if sameClass(fs, ts) {
				return x
			}
			if path, ok := isDerivedFrom(fs, ts); ok {
				ic := &ast.ImplicitCast{Kind: ast.DerivedToBase, X: x, Path: path}
				setInfo(ic, to, x.Info().LValue)
				return ic
			}
		}
		// A converting constructor.
		list := &ast.InitList{Lbrace: pos, Elems: []ast.Expr{x}, Paren: true}
		return c.construct(ts, list, pos, !explicit)
	}
	if tv, ok := vectorOf(to); ok {
		if fv, ok := vectorOf(from); ok && fv.Name == tv.Name {
			return x
		}
	}
	if st, ok := classOf(from); ok {
		if call := c.conversionCall(x, st, to, explicit); call != nil {
			return c.convert(call, to, explicit)
		}
		c.fail(pos, "no conversion from '%s' to '%s'", typeStr(from), typeStr(to))
	}
	c.fail(pos, "cannot convert '%s' to '%s'", typeStr(from), typeStr(to))
	return nil
}

// conversionCall calls the conversion function of class st that
// converts x to type to (operator T() const, ...): the one whose result
// is to itself, else the only one whose result converts; nil if none.
func (c *checker) conversionCall(x ast.Expr, st *ctypes.Struct, to ctypes.Type, explicit bool) ast.Expr {
	var exact, conv []*ctypes.FuncDecl
	objConst := isConst(x.Info().Type)
	for _, m := range convFuncs(st) {
		if objConst && !m.Type.Const {
			continue
		}
		if m.HasAttr("explicit") && !explicit {
			continue
		}
		r := m.Type.Result
		switch {
		case sameUnqual(nonRef(r), to):
			exact = append(exact, m)
		case c.convRankType(nonRef(r), to) >= 0 || isBool(to) && isScalar(nonRef(r)):
			conv = append(conv, m)
		}
	}
	pick := exact
	if len(pick) == 0 {
		pick = conv
	}
	if len(pick) == 0 {
		return nil
	}
	if len(pick) > 1 {
		c.fail(x.Pos(), "conversion from '%s' to '%s' is ambiguous", typeStr(x.Info().Type), typeStr(to))
	}
	m := pick[0]
	obj := stripConv(x)
	addr := &ast.Unary{OpPos: x.Pos(), Op: ast.Addr, X: obj}
	setInfo(addr, &ctypes.Pointer{Elem: obj.Info().Type}, false)
	var recv ast.Expr = addr
	if m.Class != st {
		if path, ok := isDerivedFrom(st, m.Class); ok {
			ic := &ast.ImplicitCast{Kind: ast.DerivedToBase, X: recv, Path: path}
			setInfo(ic, &ctypes.Pointer{Elem: withCV(m.Class, objConst, false)}, false)
			recv = ic
		}
	}
	id := &ast.Ident{NamePos: x.Pos(), Name: m.Name}
	call := &ast.Call{Fun: id, Lparen: x.Pos(), Operator: true}
	return c.rvalue(c.finishCall(call, id, m, recv, nil))
}

// convFuncs are the conversion functions of st and its bases.
func convFuncs(st *ctypes.Struct) []*ctypes.FuncDecl {
	var out []*ctypes.FuncDecl
	for _, m := range st.Methods {
		if m.Special == ctypes.ConversionFunc {
			out = append(out, m)
		}
	}
	for _, b := range st.Bases {
		out = append(out, convFuncs(b.Type)...)
	}
	return out
}

func (c *checker) convertPointer(x ast.Expr, fp, tp *ctypes.Pointer, to ctypes.Type, explicit bool) ast.Expr {
	fe, te := fp.Elem, tp.Elem
	fc, fv := cvOf(fe)
	tc, tv := cvOf(te)
	t := stripCV(to)
	if sameObjUnqual(fe, te) {
		if dropsCV(fe, te) && !explicit {
			c.fail(x.Pos(), "conversion from '%s' to '%s' discards qualifiers", typeStr(x.Info().Type), typeStr(to))
		}
		return cast(ast.Qualification, x, t)
	}
	if isVoid(te) && !isFuncType(fe) {
		if (fc && !tc || fv && !tv) && !explicit {
			c.fail(x.Pos(), "conversion from '%s' to '%s' discards qualifiers", typeStr(x.Info().Type), typeStr(to))
		}
		return cast(ast.PointerConversion, x, t)
	}
	if fs, ok := classOf(fe); ok {
		if ts, ok := classOf(te); ok {
			if path, ok := isDerivedFrom(fs, ts); ok {
				ic := &ast.ImplicitCast{Kind: ast.DerivedToBase, X: x, Path: path}
				setInfo(ic, t, false)
				return ic
			}
			if path, ok := isDerivedFrom(ts, fs); ok && explicit {
				ic := &ast.ImplicitCast{Kind: ast.BaseToDerived, X: x, Path: path}
				setInfo(ic, t, false)
				return ic
			}
		}
	}
	if explicit {
		return cast(ast.PointerConversion, x, t)
	}
	c.fail(x.Pos(), "cannot convert '%s' to '%s' without a cast", typeStr(x.Info().Type), typeStr(to))
	return nil
}

// bindRef binds reference type r to x: an lvalue of the referred type
// (or of a class derived from it) binds directly and stays an lvalue
// (not loaded); a const lvalue reference also binds to an rvalue, which
// is then converted to the referred type (the code generator makes the
// temporary).
func (c *checker) bindRef(x ast.Expr, r *ctypes.Reference, pos token.Pos) ast.Expr {
	in := x.Info()
	elem := r.Elem
	if in.LValue && !r.RValue {
		if sameObjUnqual(in.Type, elem) {
			if dropsCV(in.Type, elem) {
				c.fail(pos, "binding reference of type '%s' to value of type '%s' drops qualifiers", typeStr(r), typeStr(in.Type))
			}
			return x
		}
		if fs, ok := classOf(in.Type); ok {
			if ts, ok := classOf(elem); ok {
				if path, ok := isDerivedFrom(fs, ts); ok {
					ic := &ast.ImplicitCast{Kind: ast.DerivedToBase, X: x, Path: path}
					setInfo(ic, elem, true)
					return ic
				}
			}
		}
	}
	if !isConst(elem) && !r.RValue {
		c.fail(pos, "non-const lvalue reference to type '%s' cannot bind to %s of type '%s'", typeStr(elem), map[bool]string{true: "an lvalue", false: "a temporary"}[in.LValue], typeStr(in.Type))
	}
	return c.convert(c.rvalue(x), stripCV(elem), false)
}

// convRank ranks the implicit conversion of x to type to for overload
// resolution: 0 exact match, 1 promotion, 2 conversion, 3 user-defined,
// -1 none.
func (c *checker) convRank(x ast.Expr, to ctypes.Type) int {
	in := x.Info()
	from := in.Type
	if r, ok := refOf(to); ok {
		elem := r.Elem
		if in.LValue && r.RValue && !isXValue(x) {
			return -1 // an rvalue reference does not bind an lvalue
		}
		if in.LValue && !r.RValue && sameObjUnqual(from, elem) {
			if dropsCV(from, elem) {
				return -1
			}
			return 0
		}
		if fs, ok := classOf(from); ok && in.LValue {
			if ts, ok := classOf(elem); ok {
				if _, ok := isDerivedFrom(fs, ts); ok {
					return 2
				}
			}
		}
		if !isConst(elem) && !r.RValue {
			return -1
		}
		to = elem
	}
	// After the lvalue transformations.
	if a, ok := arrayOf(from); ok {
		from = &ctypes.Pointer{Elem: a.Elem}
	} else if isFuncType(from) {
		from = &ctypes.Pointer{Elem: from}
	}
	if sameUnqual(from, to) {
		return 0
	}
	tk, toArith := kindOf(to)
	fk, fromArith := kindOf(from)
	if isBool(to) && (isPointer(from) || isNullPtrType(from)) {
		return 2
	}
	if toArith && fromArith {
		if isScopedEnum(from) || isEnum(to) {
			return -1
		}
		if fk.IsInteger() && tk == c.promoted(fk) && intRank(fk) < 3 {
			return 1
		}
		if isEnum(from) && tk == c.promoted(fk) {
			return 1
		}
		if fk == ctypes.Float && tk == ctypes.Double {
			return 1
		}
		return 2
	}
	if tp, ok := pointerOf(to); ok {
		if isNullConstant(x) || isNullPtrType(from) {
			return 2
		}
		if fp, ok := pointerOf(from); ok {
			if dropsCV(fp.Elem, tp.Elem) {
				return -1
			}
			if sameObjUnqual(fp.Elem, tp.Elem) {
				return 0 // a qualification conversion is an exact match
			}
			if isVoid(tp.Elem) && !isFuncType(fp.Elem) {
				return 2
			}
			if fs, ok := classOf(fp.Elem); ok {
				if ts, ok := classOf(tp.Elem); ok {
					if _, ok := isDerivedFrom(fs, ts); ok {
						return 2
					}
				}
			}
		}
		return -1
	}
	if ts, ok := classOf(to); ok {
		if fs, ok := classOf(from); ok {
			if sameClass(fs, ts) {
				return 0
			}
			if _, ok := isDerivedFrom(fs, ts); ok {
				return 2
			}
		}
		for _, m := range ts.Methods {
			if m.Special == ctypes.Constructor && len(m.Type.Params) == 1 && !m.HasAttr("explicit") {
				pt := m.Type.Params[0].Type
				if r, ok := refOf(pt); ok {
					pt = r.Elem
				}
				if cs, ok := classOf(pt); ok && sameClass(cs, ts) {
					continue // a copy constructor
				}
				if c.convRankType(from, pt) >= 0 {
					return 3
				}
			}
		}
		return -1
	}
	if tv, ok := vectorOf(to); ok {
		if fv, ok := vectorOf(from); ok && fv.Name == tv.Name {
			return 0
		}
	}
	if fs, ok := classOf(from); ok {
		for _, m := range convFuncs(fs) {
			r := nonRef(m.Type.Result)
			if !m.HasAttr("explicit") && (sameUnqual(r, to) || c.convRankType(r, to) >= 0) {
				return 3
			}
		}
	}
	return -1
}

// convRankType ranks a conversion between types (no null constants).
func (c *checker) convRankType(from, to ctypes.Type) int {
	if sameUnqual(from, to) {
		return 0
	}
	if isArith(from) && isArith(to) {
		return 2
	}
	return -1
}

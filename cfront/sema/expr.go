package sema

import (
	"go/constant"
	"go/token"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/cfront/parser"
	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/ctypes"
)

// overloadSet is what a function name denotes before a call picks one:
// the candidate functions, whether function templates share the name,
// and the object of a member function call.
type overloadSet struct {
	funcs     []*ctypes.FuncDecl
	templates bool
	qual      []string
	name      string
	member    bool // member functions of a class (the implicit object is this)
	adl       bool // the name was not found: only argument-dependent lookup may find it
	// memberTemplates is the class whose member function templates of
	// the name a call instantiates (S<3>::run(f), none made yet).
	memberTemplates *ctypes.Struct
}

// expr types x and returns it or the node that replaces it.
func (c *checker) expr(x ast.Expr) ast.Expr {
	if x.Info().Type != nil {
		return x // typed already (an initializer looked at before)
	}
	c.nest++
	defer func() { c.nest-- }()
	if c.nest > 2000 {
		c.fail(x.Pos(), "expression nested too deeply")
	}
	switch x := x.(type) {
	case *ast.Ident:
		return c.ident(x)
	case *ast.Binding:
		return c.binding(x)
	case *ast.BasicLit:
		c.literal(x)
		return x
	case *ast.Unary:
		return c.unary(x)
	case *ast.Binary:
		return c.binary(x)
	case *ast.Assign:
		return c.assign(x)
	case *ast.Cond:
		return c.cond(x)
	case *ast.Cast:
		return c.explicitCast(x)
	case *ast.Sizeof:
		c.sizeof(x)
		return x
	case *ast.Offsetof:
		c.offsetof(x)
		return x
	case *ast.Call:
		return c.call(x)
	case *ast.Member:
		return c.member(x)
	case *ast.Index:
		return c.index(x)
	case *ast.This:
		if c.lambda != nil {
			return c.lambdaThis(x.ThisPos)
		}
		if c.fd.Class == nil || !c.fd.HasThis() {
			c.fail(x.ThisPos, "invalid use of 'this' outside of a non-static member function")
		}
		setInfo(x, c.fd.ThisType(), false)
		return x
	case *ast.InitList:
		if x.Type == nil {
			c.fail(x.Lbrace, "a braced initializer list needs a type here")
		}
		return c.initialize(c.typeName(x.Type), x, x.Lbrace)
	case *ast.ImplicitCast:
		return x
	case *ast.Lambda:
		return c.lambdaExpr(x)
	case *ast.New:
		return c.newExpr(x)
	case *ast.Delete:
		return c.deleteExpr(x)
	}
	c.fail(x.Pos(), "expression %T is not supported", x)
	return nil
}

func (c *checker) ident(x *ast.Ident) ast.Expr {
	callee := c.callee
	c.callee = false
	if v, ok := x.Obj.(*ast.Var); ok {
		setInfo(x, nonRef(v.Type), true)
		x.I.Value = c.constVars[v]
		return x
	}
	if x.QualType != nil {
		st, ok := classOf(x.QualType.Type)
		if !ok {
			c.fail(x.NamePos, "'%s' is not a class", typeStr(x.QualType.Type))
		}
		if cs := c.u.ClassScope(st); cs != nil {
			if e := cs.LookupIn(x.Name); e != nil && e.Kind == cfront.EntConst {
				return c.enumConst(x, e)
			}
		}
		return c.qualifiedMember(x, st)
	}
	if len(x.Qual) == 0 && x.TemplateArgs == nil {
		switch x.Name {
		case "__func__", "__FUNCTION__", "__PRETTY_FUNCTION__":
			if c.lookupLocal(x.Name) == nil {
				// The predefined function name: a string literal.
				lit := &ast.BasicLit{ValuePos: x.NamePos, Kind: ast.StringLit, Value: strconv.Quote(c.fd.Name)}
				c.literal(lit)
				return lit
			}
		}
		if v := c.lookupLocal(x.Name); v != nil {
			x.Obj = v
			setInfo(x, nonRef(v.Type), true)
			x.I.Value = c.constVars[v]
			return x
		}
		if c.lambda != nil {
			if m := c.capture(x); m != nil {
				return m
			}
		}
		if c.fd.Class != nil {
			if m := c.classMember(x); m != nil {
				return m
			}
		}
	}
	e := c.b.Lookup(x.Qual, x.Name)
	if len(x.Qual) == 1 && e == nil && c.fd.Class != nil {
		// Base::name in a member function: the base's injected class
		// name ([class.pre]).
		if b := baseNamed(c.fd.Class, x.Qual[0]); b != nil {
			return c.qualifiedMember(x, b)
		}
	}
	if len(x.Qual) > 0 && (e == nil || e.Kind == cfront.EntFunc || e.Kind == cfront.EntVar) {
		// A member of a class named with its qualifier (S::count, S::f).
		if cl := c.b.Lookup(x.Qual[:len(x.Qual)-1], x.Qual[len(x.Qual)-1]); cl != nil && cl.Kind == cfront.EntType {
			if st, ok := classOf(cl.Type); ok {
				return c.qualifiedMember(x, st)
			}
		}
	}
	if e == nil && len(x.Qual) == 0 && callee {
		// Perhaps a function found by argument-dependent lookup: the
		// call decides (an overload set without candidates yet).
		set := &overloadSet{name: x.Name, adl: true}
		c.overloads[x] = set
		setInfo(x, nil, true)
		return x
	}
	if e == nil {
		c.fail(x.NamePos, "use of undeclared identifier '%s'", qualName(x))
	}
	switch e.Kind {
	case cfront.EntVar:
		if e.Var == nil {
			c.fail(x.NamePos, "variable '%s' has no declaration the compiler can use", x.Name)
		}
		if v, neg, ok := c.hostConst(e.Var); ok {
			// A host constant in device code is its value.
			x.Obj = &ast.Global{Decl: e.Var}
			setInfo(x, stripCV(e.Var.Type), false)
			x.I.Value, x.I.NegZero = v, neg
			return x
		}
		x.Obj = &ast.Global{Decl: e.Var, Builtin: c.u.InBuiltinHeader(e.Var.Pos)}
		setInfo(x, nonRef(e.Var.Type), true)
		return x
	case cfront.EntConst:
		return c.enumConst(x, e)
	case cfront.EntFunc, cfront.EntTemplate:
		if e.Kind == cfront.EntTemplate && !e.FuncTemplates {
			c.fail(x.NamePos, "'%s' is a class template, not a value", qualName(x))
		}
		set := &overloadSet{funcs: e.Funcs, templates: e.FuncTemplates, qual: x.Qual, name: x.Name}
		c.overloads[x] = set
		if len(set.funcs) == 1 && !set.templates {
			fd := set.funcs[0]
			x.Obj = &ast.Function{Decl: fd}
			setInfo(x, fd.Type, true)
		} else {
			setInfo(x, nil, true)
		}
		return x
	case cfront.EntType:
		c.fail(x.NamePos, "'%s' is a type, not a value", qualName(x))
	case cfront.EntNamespace:
		c.fail(x.NamePos, "'%s' is a namespace, not a value", qualName(x))
	}
	c.fail(x.NamePos, "'%s' cannot be used here", qualName(x))
	return nil
}

func qualName(x *ast.Ident) string {
	return strings.Join(append(append([]string{}, x.Qual...), x.Name), "::")
}

// classMember resolves a name used in a member function that names a
// member of its class (or of a base): a data member becomes this->name,
// member functions an overload set on this.
func (c *checker) classMember(x *ast.Ident) ast.Expr {
	st := c.fd.Class
	if f := findField(st, x.Name); f != nil || findStatic(st, x.Name) != nil {
		if !c.fd.HasThis() && f != nil {
			c.fail(x.NamePos, "invalid use of member '%s' in static member function", x.Name)
		}
		if f == nil {
			return c.qualifiedMember(x, st)
		}
		this := &ast.This{ThisPos: x.NamePos, Implicit: true}
		setInfo(this, c.fd.ThisType(), false)
		m := &ast.Member{X: this, Arrow: true, Dot: x.NamePos, Name: x.Name}
		return c.member(m)
	}
	if ms := findMethods(st, x.Name); len(ms) > 0 {
		set := &overloadSet{funcs: ms, name: x.Name, member: true}
		c.overloads[x] = set
		setInfo(x, nil, true)
		return x
	}
	return nil
}

// qualifiedMember is S::name: a static data member, or member functions.
func (c *checker) qualifiedMember(x *ast.Ident, st *ctypes.Struct) ast.Expr {
	if cs := c.u.ClassScope(st); cs != nil {
		// A static constexpr member the class's scope holds as a
		// constant (a class template's), named in a member function.
		if e := cs.LookupIn(x.Name); e != nil && e.Kind == cfront.EntConst {
			return c.enumConst(x, e)
		}
	}
	if v := findStatic(st, x.Name); v != nil {
		x.Obj = &ast.Global{Decl: v}
		setInfo(x, nonRef(v.Type), true)
		return x
	}
	if ms := findMethods(st, x.Name); len(ms) > 0 {
		set := &overloadSet{funcs: ms, name: x.Name, member: true}
		c.overloads[x] = set
		setInfo(x, nil, true)
		return x
	}
	if cs := c.u.ClassScope(st); cs != nil {
		if e := cs.LookupIn(x.Name); e != nil && e.FuncTemplates {
			// A member function template, instantiated for the call.
			set := &overloadSet{name: x.Name, member: true, memberTemplates: st}
			c.overloads[x] = set
			setInfo(x, nil, true)
			return x
		}
	}
	if f := findField(st, x.Name); f != nil && c.fd.Class != nil {
		// this->Base::name: the member of the class named, not one
		// that hides it.
		this := &ast.This{ThisPos: x.NamePos, Implicit: true}
		setInfo(this, c.fd.ThisType(), false)
		return c.member(&ast.Member{X: this, Arrow: true, Dot: x.NamePos, Qual: x.Qual, Name: x.Name})
	}
	c.fail(x.NamePos, "no member named '%s' in '%s'", x.Name, st.Name())
	return nil
}

func findField(st *ctypes.Struct, name string) *ctypes.Field {
	for _, f := range st.Fields {
		if f.Name == name {
			return f
		}
		if f.Anonymous() {
			if in, ok := classOf(f.Type); ok && findField(in, name) != nil {
				return f
			}
		}
	}
	for _, b := range st.Bases {
		if f := findField(b.Type, name); f != nil {
			return f
		}
	}
	return nil
}

func findStatic(st *ctypes.Struct, name string) *ctypes.VarDecl {
	for _, v := range st.StaticVars {
		if v.Name == name {
			return v
		}
	}
	for _, b := range st.Bases {
		if v := findStatic(b.Type, name); v != nil {
			return v
		}
	}
	return nil
}

// findMethods are the member functions called name of st, or of the
// first base that has some (name hiding).
func findMethods(st *ctypes.Struct, name string) []*ctypes.FuncDecl {
	var ms []*ctypes.FuncDecl
	for _, m := range st.Methods {
		if m.Name == name && m.Special != ctypes.Constructor && m.Special != ctypes.Destructor {
			ms = append(ms, m)
		}
	}
	if len(ms) > 0 {
		// using Base::name; adds the base's, but those the class
		// declares with the same parameters ([namespace.udecl]/14).
		own := len(ms)
		for _, b := range st.UsingBases[name] {
		bases:
			for _, bm := range findMethods(b, name) {
				for _, m := range ms[:own] {
					if ctypes.SameSignature(m.Type, bm.Type) {
						continue bases
					}
				}
				ms = append(ms, bm)
			}
		}
		return ms
	}
	for _, b := range st.Bases {
		if ms := findMethods(b.Type, name); len(ms) > 0 {
			return ms
		}
	}
	return nil
}

func (c *checker) literal(x *ast.BasicLit) {
	switch x.Kind {
	case ast.IntLit:
		v, k, err := c.intLiteral(x.Value)
		if err != nil {
			c.fail(x.ValuePos, "%v", err)
		}
		setInfo(x, basic(k), false)
		x.I.Value = v
	case ast.FloatLit:
		s := strings.ReplaceAll(x.Value, "'", "")
		k := ctypes.Double
		switch strings.ToLower(s[len(s)-1:]) {
		case "f":
			if !strings.HasPrefix(strings.ToLower(s), "0x") || strings.ContainsAny(s, "pP") {
				k, s = ctypes.Float, s[:len(s)-1]
			}
		case "l":
			k, s = ctypes.LongDouble, s[:len(s)-1]
		}
		v := constant.MakeFromLiteral(s, token.FLOAT, 0)
		if v.Kind() == constant.Unknown {
			c.fail(x.ValuePos, "invalid floating constant %s", x.Value)
		}
		setInfo(x, basic(k), false)
		x.I.Value = c.convertValue(v, basic(k))
	case ast.CharLit:
		s, err := ast.Unquote(x.Value)
		if err != nil {
			c.fail(x.ValuePos, "%v", err)
		}
		prefix := x.Value[:strings.IndexByte(x.Value, '\'')]
		k := ctypes.Char
		switch prefix {
		case "L":
			k = ctypes.WChar
		case "u":
			k = ctypes.Char16
		case "U":
			k = ctypes.Char32
		case "u8":
			k = ctypes.Char
		}
		var v int64
		if prefix != "" {
			rs := []rune(s)
			if len(rs) > 0 {
				v = int64(rs[len(rs)-1])
			}
		} else if len(s) == 1 {
			v = int64(int8(s[0]))
		} else {
			k = ctypes.Int
			for i := 0; i < len(s); i++ {
				v = v<<8 | int64(s[i])
			}
			v = int64(int32(v))
		}
		setInfo(x, basic(k), false)
		x.I.Value = constant.MakeInt64(v)
	case ast.StringLit:
		var b strings.Builder
		wide := ""
		for _, part := range splitStrings(x.Value) {
			if q := strings.IndexByte(part, '"'); q > 0 {
				wide = part[:q]
			}
			s, err := ast.Unquote(part)
			if err != nil {
				c.fail(x.ValuePos, "%v", err)
			}
			b.WriteString(s)
		}
		if wide != "" && wide != "u8" {
			c.fail(x.ValuePos, "wide string literals are not supported")
		}
		s := b.String()
		setInfo(x, &ctypes.Array{Elem: &ctypes.Qualified{Type: basic(ctypes.Char), Const: true}, Len: int64(len(s) + 1)}, true)
		x.I.Value = constant.MakeString(s)
	case ast.BoolLit:
		setInfo(x, basic(ctypes.Bool), false)
		x.I.Value = boolConst(x.Value == "true")
	case ast.NullptrLit:
		setInfo(x, basic(ctypes.NullPtr), false)
		x.I.Value = constant.MakeInt64(0)
	}
}

// splitStrings splits the text of adjacent string literals joined by
// spaces (a space inside a literal is not a separator).
func splitStrings(s string) []string {
	var parts []string
	for len(s) > 0 {
		q := strings.IndexByte(s, '"')
		if q < 0 {
			break
		}
		i := q + 1
		for i < len(s) && s[i] != '"' {
			if s[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(s) {
			parts = append(parts, s)
			break
		}
		parts = append(parts, s[:i+1])
		s = strings.TrimLeft(s[i+1:], " ")
	}
	return parts
}

// intLiteral types an integer literal as C++ does ([lex.icon]): the
// first of int, long, long long (unsigned ones too for octal and hex
// literals, or with a u suffix) that holds its value.
func (c *checker) intLiteral(text string) (constant.Value, ctypes.Kind, error) {
	n, base, suffix, err := pp.ParseInt(text)
	if err != nil {
		return nil, 0, errorString("invalid integer constant " + text)
	}
	u := strings.Contains(suffix, "u")
	l := strings.Count(suffix, "l")
	var cands []ctypes.Kind
	switch {
	case l == 0 && !u:
		cands = []ctypes.Kind{ctypes.Int, ctypes.Long, ctypes.LongLong}
		if base != 10 {
			cands = []ctypes.Kind{ctypes.Int, ctypes.UInt, ctypes.Long, ctypes.ULong, ctypes.LongLong, ctypes.ULongLong}
		}
	case l == 0:
		cands = []ctypes.Kind{ctypes.UInt, ctypes.ULong, ctypes.ULongLong}
	case l == 1 && !u:
		cands = []ctypes.Kind{ctypes.Long, ctypes.LongLong}
		if base != 10 {
			cands = []ctypes.Kind{ctypes.Long, ctypes.ULong, ctypes.LongLong, ctypes.ULongLong}
		}
	case l == 1:
		cands = []ctypes.Kind{ctypes.ULong, ctypes.ULongLong}
	case !u:
		cands = []ctypes.Kind{ctypes.LongLong}
		if base != 10 {
			cands = append(cands, ctypes.ULongLong)
		}
	default:
		cands = []ctypes.Kind{ctypes.ULongLong}
	}
	for _, k := range cands {
		bits := uint(c.kindSize(k) * 8)
		max := uint64(1)<<(bits-1) - 1
		if !k.IsSigned() {
			max = 1<<(bits-1) - 1 + 1<<(bits-1)
		}
		if n <= max {
			return constant.MakeUint64(n), k, nil
		}
	}
	// Too large for a signed type: unsigned long long, as GCC does.
	return constant.MakeUint64(n), ctypes.ULongLong, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

func (c *checker) unary(x *ast.Unary) ast.Expr {
	switch x.Op {
	case ast.Addr:
		e := c.expr(x.X)
		if id, ok := e.(*ast.Ident); ok && c.overloads[id] != nil && x.I.Type == nil {
			set := c.overloads[id]
			if len(set.funcs) != 1 || set.templates || set.member {
				c.fail(x.OpPos, "taking the address of overloaded function '%s' is not supported", id.Name)
			}
		}
		in := e.Info()
		if !in.LValue {
			c.fail(x.OpPos, "cannot take the address of an rvalue of type '%s'", typeStr(in.Type))
		}
		if m, ok := e.(*ast.Member); ok && m.Field != nil && m.Field.BitField {
			c.fail(x.OpPos, "address of bit-field requested")
		}
		if st, ok := classOf(in.Type); ok && hasOperator(st, ctypes.OpAddressOf) {
			c.fail(x.OpPos, "an overloaded unary operator& is not supported")
		}
		x.X = e
		setInfo(x, &ctypes.Pointer{Elem: in.Type}, false)
		return x
	case ast.Deref:
		operand := c.expr(x.X)
		e := c.rvalue(operand)
		p, ok := pointerOf(e.Info().Type)
		if !ok {
			if st, ok := classOf(e.Info().Type); ok {
				// The operator function, the class's own or a base's
				// (an iterator's operator* from its base).
				if len(findMethods(st, "operator*")) > 0 {
					return c.operatorCall(x.OpPos, ctypes.OpDeref, st, []ast.Expr{operand})
				}
				if e2, ok := c.builtinOperand(e); ok {
					e = e2
					p, ok = pointerOf(e.Info().Type)
				}
			}
		}
		if !ok {
			if st, ok := classOf(e.Info().Type); ok {
				return c.operatorCall(x.OpPos, ctypes.OpDeref, st, []ast.Expr{operand})
			}
			c.fail(x.OpPos, "indirection requires pointer operand ('%s' invalid)", typeStr(e.Info().Type))
		}
		if isVoid(p.Elem) {
			c.fail(x.OpPos, "indirection of a 'void *' pointer")
		}
		x.X = e
		setInfo(x, p.Elem, true)
		return x
	case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
		e := c.expr(x.X)
		in := e.Info()
		if st, ok := classOf(in.Type); ok {
			op := ctypes.OpInc
			if x.Op == ast.PreDec || x.Op == ast.PostDec {
				op = ctypes.OpDec
			}
			operands := []ast.Expr{e}
			if x.Op == ast.PostInc || x.Op == ast.PostDec {
				// The postfix form's dummy int parameter.
				zero := &ast.BasicLit{ValuePos: x.OpPos, Kind: ast.IntLit, Value: "0"}
				c.literal(zero)
				operands = append(operands, zero)
			}
			return c.operatorCall(x.OpPos, op, st, operands)
		}
		c.checkModifiable(e, x.OpPos)
		if !isArith(in.Type) && !isPointer(in.Type) {
			c.fail(x.OpPos, "cannot increment or decrement value of type '%s'", typeStr(in.Type))
		}
		if isBool(in.Type) && (x.Op == ast.PreDec || x.Op == ast.PostDec) {
			c.fail(x.OpPos, "cannot decrement a 'bool'")
		}
		x.X = e
		pre := x.Op == ast.PreInc || x.Op == ast.PreDec
		setInfo(x, stripCV(in.Type), pre)
		if pre {
			setInfo(x, in.Type, true)
		}
		return x
	}
	e := c.expr(x.X)
	if _, ok := vectorOf(e.Info().Type); ok {
		op := unaryOperators()[x.Op]
		var call ast.Expr
		if c.try(func() { call = c.operatorCall(x.OpPos, op, nil, []ast.Expr{e}) }) {
			return call
		}
		c.fail(x.OpPos, "invalid argument type '%s' to unary expression '%s': CUDA defines no operators on vector types", typeStr(e.Info().Type), x.Op)
	}
	if st, ok := classOf(e.Info().Type); ok {
		op := unaryOperators()[x.Op]
		var call ast.Expr
		if c.try(func() { call = c.operatorCall(x.OpPos, op, st, []ast.Expr{e}) }) {
			return call
		}
		e2, ok := c.builtinOperand(e)
		if !ok {
			return c.operatorCall(x.OpPos, op, st, []ast.Expr{e}) // the error
		}
		e = e2
	}
	e = c.rvalue(e)
	t := e.Info().Type
	switch x.Op {
	case ast.LNot:
		e = c.toBool(e)
		x.X = e
		setInfo(x, basic(ctypes.Bool), false)
		if v := e.Info().Value; v != nil {
			x.I.Value = boolConst(constant.Sign(v) == 0)
		}
		return x
	case ast.Not:
		if !isInteger(t) || isScopedEnum(t) {
			c.fail(x.OpPos, "invalid argument type '%s' to unary expression '~'", typeStr(t))
		}
	default:
		if !isArith(t) && !(x.Op == ast.Plus && isPointer(t)) {
			c.fail(x.OpPos, "invalid argument type '%s' to unary expression '%s'", typeStr(t), x.Op)
		}
	}
	if isInteger(t) {
		k, _ := kindOf(t)
		if pk := c.promoted(k); pk != k || isEnum(t) {
			e = c.convert(e, basic(pk), false)
			t = basic(pk)
		}
	}
	x.X = e
	setInfo(x, stripCV(t), false)
	if v := e.Info().Value; v != nil {
		k, _ := kindOf(t)
		switch x.Op {
		case ast.Neg:
			if k.IsInteger() {
				x.I.Value = c.wrapInt(constant.UnaryOp(token.SUB, v, 0), k)
			} else {
				c.setFloat(x, -signedFloat(e.Info()), t)
			}
		case ast.Plus:
			x.I.Value, x.I.NegZero = v, e.Info().NegZero
		case ast.Not:
			x.I.Value = c.wrapInt(constant.BinaryOp(constant.MakeInt64(-1), token.SUB, v), k)
		}
	}
	return x
}

func (c *checker) checkModifiable(e ast.Expr, pos token.Pos) {
	in := e.Info()
	if !in.LValue {
		c.fail(pos, "expression is not assignable")
	}
	if isConst(in.Type) {
		c.fail(pos, "cannot assign to a variable of const-qualified type '%s'", typeStr(in.Type))
	}
	if _, ok := arrayOf(in.Type); ok {
		c.fail(pos, "array type '%s' is not assignable", typeStr(in.Type))
	}
}

func hasOperator(st *ctypes.Struct, op ctypes.Operator) bool {
	for _, m := range st.Methods {
		if m.Operator == op && m.Special == ctypes.OperatorFunc {
			return true
		}
	}
	return false
}

func (c *checker) binary(x *ast.Binary) ast.Expr {
	l := c.expr(x.X)
	r := c.expr(x.Y)
	if x.Op == ast.Comma {
		x.X, x.Y = l, r
		setInfo(x, r.Info().Type, r.Info().LValue)
		return x
	}
	ls, lClass := classOf(l.Info().Type)
	_, rClass := classOf(r.Info().Type)
	_, lVec := vectorOf(l.Info().Type)
	_, rVec := vectorOf(r.Info().Type)
	if (lVec || rVec) && !lClass && !rClass {
		// CUDA's vector types are structs in its headers: an operator
		// on one is an operator function the program declares
		// (helper_math.h's float2 operator+(float2, float2)), or none.
		op := ctypes.OperatorFor(x.Op.String(), 2)
		var call ast.Expr
		if c.try(func() { call = c.operatorCall(x.OpPos, op, nil, []ast.Expr{l, r}) }) {
			return call
		}
		c.fail(x.OpPos, "invalid operands to binary expression ('%s' and '%s'): CUDA defines no operators on vector types", typeStr(l.Info().Type), typeStr(r.Info().Type))
	}
	if lClass || rClass {
		op := ctypes.OperatorFor(x.Op.String(), 2)
		var call ast.Expr
		if c.try(func() { call = c.operatorCall(x.OpPos, op, ls, []ast.Expr{l, r}) }) {
			return call
		}
		// No operator function: the built-in operator on the operands'
		// conversions to scalars ([over.built]), if they have some.
		l2, lok := c.builtinOperand(l)
		r2, rok := c.builtinOperand(r)
		if !lok || !rok {
			return c.operatorCall(x.OpPos, op, ls, []ast.Expr{l, r}) // the error
		}
		l, r = l2, r2
	}
	if _, ok := vectorOf(l.Info().Type); ok {
		c.fail(x.OpPos, "invalid operands to binary expression ('%s' and '%s'): CUDA defines no operators on vector types", typeStr(l.Info().Type), typeStr(r.Info().Type))
	}
	l, r = c.rvalue(l), c.rvalue(r)
	lt, rt := l.Info().Type, r.Info().Type
	bad := func() {
		c.fail(x.OpPos, "invalid operands to binary expression ('%s' and '%s')", typeStr(lt), typeStr(rt))
	}
	switch x.Op {
	case ast.LAnd, ast.LOr:
		x.X, x.Y = c.toBool(l), c.toBool(r)
		setInfo(x, basic(ctypes.Bool), false)
		x.I.Value = c.foldBinary(x.Op, x.X.Info().Value, x.Y.Info().Value, basic(ctypes.Bool), basic(ctypes.Bool))
		if v := x.X.Info().Value; v != nil {
			// Short circuit: the right operand need not be constant.
			if x.Op == ast.LAnd && constant.Sign(v) == 0 {
				x.I.Value = boolConst(false)
			}
			if x.Op == ast.LOr && constant.Sign(v) != 0 {
				x.I.Value = boolConst(true)
			}
		}
		return x
	case ast.Add, ast.Sub:
		lp, lIsPtr := pointerOf(lt)
		rp, rIsPtr := pointerOf(rt)
		switch {
		case lIsPtr && rIsPtr && x.Op == ast.Sub:
			if !sameUnqual(lp.Elem, rp.Elem) {
				bad()
			}
			c.completeElem(lp, x.OpPos)
			x.X, x.Y = l, r
			setInfo(x, c.ptrdiffT(), false)
			return x
		case lIsPtr && isInteger(rt):
			c.completeElem(lp, x.OpPos)
			x.X, x.Y = l, c.promote(r)
			setInfo(x, lt, false)
			return x
		case rIsPtr && isInteger(lt) && x.Op == ast.Add:
			c.completeElem(rp, x.OpPos)
			// Canonical order: the pointer first.
			x.X, x.Y = r, c.promote(l)
			setInfo(x, rt, false)
			return x
		case lIsPtr || rIsPtr:
			bad()
		}
	}
	if x.Op.IsComparison() {
		if isPointer(lt) || isPointer(rt) || isNullPtrType(lt) || isNullPtrType(rt) {
			x.X, x.Y = c.comparePointers(l, r, bad)
			setInfo(x, basic(ctypes.Bool), false)
			return x
		}
	}
	if !isArith(lt) || !isArith(rt) {
		if isScopedEnum(lt) && sameUnqual(lt, rt) && x.Op.IsComparison() {
			x.X, x.Y = l, r
			setInfo(x, basic(ctypes.Bool), false)
			x.I.Value = c.foldBinary(x.Op, l.Info().Value, r.Info().Value, lt, basic(ctypes.Bool))
			return x
		}
		bad()
	}
	switch x.Op {
	case ast.Rem, ast.And, ast.Or, ast.Xor, ast.Shl, ast.Shr:
		if !isInteger(lt) || !isInteger(rt) {
			bad()
		}
	}
	if x.Op == ast.Shl || x.Op == ast.Shr {
		l, r = c.promote(l), c.promote(r)
		x.X, x.Y = l, r
		t := l.Info().Type
		setInfo(x, t, false)
		x.I.Value = c.foldBinary(x.Op, l.Info().Value, r.Info().Value, t, t)
		return x
	}
	if isInteger(lt) && isInteger(rt) {
		// The integral promotions first (a bit field narrower than int
		// promotes to int whatever its declared type).
		l, r = c.promote(l), c.promote(r)
		lt, rt = l.Info().Type, r.Info().Type
	}
	lk, _ := kindOf(lt)
	rk, _ := kindOf(rt)
	ct := basic(c.arithType(lk, rk))
	l, r = c.convert(l, ct, false), c.convert(r, ct, false)
	x.X, x.Y = l, r
	t := ct
	if x.Op.IsComparison() {
		t = basic(ctypes.Bool)
	}
	setInfo(x, t, false)
	x.I.Value = c.foldBinary(x.Op, l.Info().Value, r.Info().Value, ct, t)
	if isFloat(ct) && !x.Op.IsComparison() {
		c.foldFloat(x, ct)
	}
	return x
}

func (c *checker) completeElem(p *ctypes.Pointer, pos token.Pos) {
	if isVoid(p.Elem) {
		c.fail(pos, "arithmetic on a pointer to void")
	}
	if isFuncType(p.Elem) {
		c.fail(pos, "arithmetic on a pointer to a function")
	}
}

// promote applies the integral promotions to an integer rvalue.
func (c *checker) promote(x ast.Expr) ast.Expr {
	t := x.Info().Type
	k, ok := kindOf(t)
	if !ok || !k.IsInteger() {
		return x
	}
	inner := stripConv(x)
	for {
		// (a, f) is the bit field f
		b, ok := inner.(*ast.Binary)
		if !ok || b.Op != ast.Comma {
			break
		}
		inner = b.Y
	}
	if m, ok := inner.(*ast.Member); ok && m.Field != nil && m.Field.BitField && m.Field.BitWidth < 32 {
		return c.convert(x, basic(ctypes.Int), false)
	}
	pk := c.promoted(k)
	if pk != k || isEnum(t) {
		return c.convert(x, basic(pk), false)
	}
	return x
}

// stripConv is x below its lvalue-to-rvalue conversion.
func stripConv(x ast.Expr) ast.Expr {
	if ic, ok := x.(*ast.ImplicitCast); ok && ic.Kind == ast.LValueToRValue {
		return ic.X
	}
	return x
}

// comparePointers converts the operands of a pointer comparison to
// their composite pointer type.
func (c *checker) comparePointers(l, r ast.Expr, bad func()) (ast.Expr, ast.Expr) {
	lt, rt := l.Info().Type, r.Info().Type
	lp, lok := pointerOf(lt)
	rp, rok := pointerOf(rt)
	switch {
	case lok && rok:
		if sameUnqual(lp.Elem, rp.Elem) {
			return l, r
		}
		if isVoid(lp.Elem) {
			return l, c.convert(r, lt, true)
		}
		if isVoid(rp.Elem) {
			return c.convert(l, rt, true), r
		}
		if ls, ok := classOf(lp.Elem); ok {
			if rs, ok := classOf(rp.Elem); ok {
				if _, ok := isDerivedFrom(ls, rs); ok {
					return c.convert(l, rt, false), r
				}
				if _, ok := isDerivedFrom(rs, ls); ok {
					return l, c.convert(r, lt, false)
				}
			}
		}
		bad()
	case lok && isNullConstant(r):
		return l, c.convert(r, lt, false)
	case rok && isNullConstant(l):
		return c.convert(l, rt, false), r
	case isNullPtrType(lt) && isNullPtrType(rt):
		return l, r
	}
	bad()
	return nil, nil
}

// unaryOperators are the operator functions of the unary operators
// that classes (and CUDA's vector types) may overload.
var unaryOperators = sync.OnceValue(func() map[ast.Op]ctypes.Operator {
	return map[ast.Op]ctypes.Operator{ast.Neg: ctypes.OpNegate, ast.Plus: ctypes.OpUnaryPlus, ast.Not: ctypes.OpComplement, ast.LNot: ctypes.OpNot}
})

func (c *checker) assign(x *ast.Assign) ast.Expr {
	l := c.expr(x.X)
	lt := l.Info().Type
	if _, ok := vectorOf(lt); ok && x.Op != ast.NoOp {
		// v += w: an operator function the program declares, as for
		// the binary operators.
		op := ctypes.OperatorFor(x.Op.String()+"=", 2)
		r := c.expr(x.Y)
		var call ast.Expr
		if c.try(func() { call = c.operatorCall(x.OpPos, op, nil, []ast.Expr{l, r}) }) {
			return call
		}
		c.fail(x.OpPos, "invalid operands to compound assignment ('%s' and '%s'): CUDA defines no operators on vector types", typeStr(lt), typeStr(r.Info().Type))
	}
	if st, ok := classOf(lt); ok {
		if x.Op == ast.NoOp {
			if hasOperator(st, ctypes.OpAssign) {
				r := x.Y
				if _, ok := r.(*ast.InitList); !ok {
					r = c.expr(r)
				}
				return c.operatorCall(x.OpPos, ctypes.OpAssign, st, []ast.Expr{l, r})
			}
			c.checkModifiable(l, x.OpPos)
			var r ast.Expr
			if il, ok := x.Y.(*ast.InitList); ok {
				r = c.initialize(stripCV(lt), il, x.OpPos)
			} else {
				r = c.convert(c.rvalue(c.expr(x.Y)), stripCV(lt), false)
			}
			x.X, x.Y = l, r
			setInfo(x, lt, true)
			return x
		}
		op := ctypes.OperatorFor(x.Op.String()+"=", 2)
		return c.operatorCall(x.OpPos, op, st, []ast.Expr{l, c.expr(x.Y)})
	}
	c.checkModifiable(l, x.OpPos)
	var r ast.Expr
	if il, ok := x.Y.(*ast.InitList); ok {
		if x.Op != ast.NoOp {
			c.fail(il.Lbrace, "a braced list is not allowed after a compound assignment")
		}
		r = c.initialize(stripCV(lt), il, x.OpPos)
	} else {
		r = c.rvalue(c.expr(x.Y))
		if _, ok := classOf(r.Info().Type); ok && x.Op != ast.NoOp {
			if r2, ok := c.builtinOperand(r); ok {
				r = r2
			}
		}
	}
	x.X = l
	setInfo(x, lt, true)
	if x.Op == ast.NoOp {
		x.Y = c.convert(r, stripCV(lt), false)
		return x
	}
	rt := r.Info().Type
	if lp, ok := pointerOf(lt); ok && (x.Op == ast.Add || x.Op == ast.Sub) {
		if !isInteger(rt) {
			c.fail(x.OpPos, "invalid operands to compound assignment ('%s' and '%s')", typeStr(lt), typeStr(rt))
		}
		c.completeElem(lp, x.OpPos)
		x.Y = c.promote(r)
		x.CompType = stripCV(lt)
		return x
	}
	if !isArith(lt) || !isArith(rt) {
		c.fail(x.OpPos, "invalid operands to compound assignment ('%s' and '%s')", typeStr(lt), typeStr(rt))
	}
	switch x.Op {
	case ast.Rem, ast.And, ast.Or, ast.Xor, ast.Shl, ast.Shr:
		if !isInteger(lt) || !isInteger(rt) {
			c.fail(x.OpPos, "invalid operands to compound assignment ('%s' and '%s')", typeStr(lt), typeStr(rt))
		}
	}
	lk, _ := kindOf(lt)
	if x.Op == ast.Shl || x.Op == ast.Shr {
		x.Y = c.promote(r)
		x.CompType = basic(c.promoted(lk))
		return x
	}
	rk, _ := kindOf(rt)
	ct := basic(c.arithType(lk, rk))
	x.Y = c.convert(r, ct, false)
	x.CompType = ct
	return x
}

func (c *checker) cond(x *ast.Cond) ast.Expr {
	x.C = c.condition(x.C)
	a := c.expr(x.X)
	b := c.expr(x.Y)
	at, bt := a.Info().Type, b.Info().Type
	defer func() {
		if v := x.C.Info().Value; v != nil {
			if constant.Sign(v) != 0 {
				x.I.Value, x.I.NegZero = x.X.Info().Value, x.X.Info().NegZero
			} else {
				x.I.Value, x.I.NegZero = x.Y.Info().Value, x.Y.Info().NegZero
			}
		}
	}()
	if a.Info().LValue && b.Info().LValue && sameType(at, bt) {
		if _, isArr := arrayOf(at); !isArr {
			x.X, x.Y = a, b
			setInfo(x, at, true)
			return x
		}
	}
	if as, ok := classOf(at); ok {
		if bs, ok := classOf(bt); ok && sameClass(as, bs) {
			x.X, x.Y = c.rvalue(a), c.rvalue(b)
			setInfo(x, stripCV(at), false)
			return x
		}
	}
	if isVoid(at) && isVoid(bt) {
		x.X, x.Y = a, b
		setInfo(x, basic(ctypes.Void), false)
		return x
	}
	a, b = c.rvalue(a), c.rvalue(b)
	at, bt = a.Info().Type, b.Info().Type
	switch {
	case isArith(at) && isArith(bt):
		if !sameUnqual(at, bt) {
			// the usual arithmetic conversions start with the integral
			// promotions: a bit field narrower than int is an int
			a, b = c.promote(a), c.promote(b)
			at, bt = a.Info().Type, b.Info().Type
		}
		ak, _ := kindOf(at)
		bk, _ := kindOf(bt)
		t := basic(c.arithType(ak, bk))
		if sameUnqual(at, bt) && isEnum(at) {
			x.X, x.Y = a, b
			setInfo(x, stripCV(at), false)
			return x
		}
		x.X, x.Y = c.convert(a, t, false), c.convert(b, t, false)
		setInfo(x, t, false)
		return x
	case isPointer(at) || isPointer(bt) || isNullPtrType(at) || isNullPtrType(bt):
		bad := func() {
			c.fail(x.Question, "incompatible operand types ('%s' and '%s')", typeStr(at), typeStr(bt))
		}
		l, r := c.comparePointers(a, b, bad)
		x.X, x.Y = l, r
		t := l.Info().Type
		if isNullPtrType(t) {
			t = r.Info().Type
		}
		setInfo(x, t, false)
		return x
	case sameUnqual(at, bt):
		x.X, x.Y = a, b
		setInfo(x, stripCV(at), false)
		return x
	}
	c.fail(x.Question, "incompatible operand types ('%s' and '%s')", typeStr(at), typeStr(bt))
	return nil
}

func (c *checker) explicitCast(x *ast.Cast) ast.Expr {
	to := c.typeName(x.Type)
	if st, ok := classOf(to); ok {
		e := c.expr(x.X)
		if es, ok := classOf(e.Info().Type); ok && (sameClass(es, st)) {
			x.X = c.rvalue(e)
			setInfo(x, stripCV(to), false)
			return x
		}
		list := &ast.InitList{Lbrace: x.Lparen, Elems: []ast.Expr{e}, Paren: true, Type: x.Type}
		return c.construct(st, list, x.Lparen, false)
	}
	e := c.expr(x.X)
	if r, ok := refOf(to); ok {
		// A cast to a reference type: the operand as an lvalue of the
		// referred type.
		if !e.Info().LValue {
			c.fail(x.Lparen, "a cast to a reference type needs an lvalue")
		}
		x.X = e
		setInfo(x, r.Elem, true)
		return x
	}
	if x.Kind == ast.ReinterpretCast && isPointer(to) && e.Info().LValue {
		if _, isArr := arrayOf(e.Info().Type); !isArr {
			if !isPointer(e.Info().Type) && !isInteger(e.Info().Type) {
				c.fail(x.Lparen, "reinterpret_cast from '%s' to '%s' is not allowed", typeStr(e.Info().Type), typeStr(to))
			}
		}
	}
	e = c.rvalue(e)
	if id, ok := stripConv(e).(*ast.Ident); ok && c.overloads[id] != nil && e.Info().Type == nil {
		c.fail(x.Lparen, "a cast of an overloaded function name is not supported")
	}
	if x.Kind == ast.ReinterpretCast && isFloat(to) != isFloat(e.Info().Type) && !isPointer(to) && !isPointer(e.Info().Type) {
		c.fail(x.Lparen, "reinterpret_cast from '%s' to '%s' is not allowed", typeStr(e.Info().Type), typeStr(to))
	}
	e = c.convert(e, to, true)
	x.X = e
	setInfo(x, stripCV(to), false)
	x.I.Value, x.I.NegZero = e.Info().Value, e.Info().NegZero
	return x
}

func (c *checker) sizeof(x *ast.Sizeof) {
	var t ctypes.Type
	if x.Type != nil {
		t = c.typeName(x.Type)
	} else {
		e := c.expr(x.X)
		x.X = e
		t = e.Info().Type
		if t == nil {
			c.fail(x.OpPos, "invalid application of 'sizeof' to an overloaded function")
		}
		if m, ok := e.(*ast.Member); ok && m.Field != nil && m.Field.BitField {
			c.fail(x.OpPos, "invalid application of 'sizeof' to a bit-field")
		}
	}
	t = nonRef(t)
	if isFuncType(t) {
		c.fail(x.OpPos, "invalid application of 'sizeof' to a function type")
	}
	var n int64
	var err error
	if x.Align {
		n, err = c.sizes.Alignof(t)
	} else {
		n, err = c.sizes.Sizeof(t)
	}
	if err != nil {
		c.fail(x.OpPos, "%v", err)
	}
	setInfo(x, c.sizeT(), false)
	x.I.Value = constant.MakeInt64(n)
}

// offsetof evaluates offsetof(T, designator) with the layout, a step
// at a time: a member's offset in its class, an element's in its array.
func (c *checker) offsetof(x *ast.Offsetof) {
	t := c.typeName(x.Type)
	if _, ok := classOf(t); !ok {
		c.fail(x.OpPos, "offsetof requires a class type, not '%s'", typeStr(t))
	}
	var off int64
	for i, st := range x.Path {
		if st.Index == nil {
			cl, ok := classOf(t)
			if !ok {
				c.fail(x.OpPos, "offsetof: '%s' is not a class ('.%s')", typeStr(t), st.Name)
			}
			_, _, f := c.lookupField(cl, st.Name)
			if f == nil {
				c.fail(x.OpPos, "no member named '%s' in '%s'", st.Name, cl.Name())
			}
			if f.BitField {
				c.fail(x.OpPos, "cannot compute the offset of bit field '%s'", st.Name)
			}
			n, err := c.sizes.Offsetof(cl, st.Name)
			if err != nil {
				c.fail(x.OpPos, "offsetof(%s, %s): %v", typeStr(cl), st.Name, err)
			}
			off += n
			t = f.Type
			continue
		}
		a, ok := arrayOf(t)
		if !ok {
			c.fail(st.Index.Pos(), "offsetof: '%s' is not an array", typeStr(t))
		}
		e := c.rvalue(c.expr(st.Index))
		n, ok := intValue(e)
		if !ok || !isInteger(e.Info().Type) {
			c.fail(st.Index.Pos(), "an offsetof array index must be an integral constant expression")
		}
		x.Path[i].Index = e
		size, err := c.sizes.Sizeof(a.Elem)
		if err != nil {
			c.fail(x.OpPos, "%v", err)
		}
		off += n * size
		t = a.Elem
	}
	setInfo(x, c.sizeT(), false)
	x.I.Value = constant.MakeInt64(off)
}

func (c *checker) index(x *ast.Index) ast.Expr {
	a := c.expr(x.X)
	i := c.expr(x.I)
	if st, ok := classOf(a.Info().Type); ok {
		var call ast.Expr
		if c.try(func() { call = c.operatorCall(x.Lbrack, ctypes.OpIndex, st, []ast.Expr{a, i}) }) {
			return call
		}
		a2, ok := c.builtinOperand(a)
		if !ok {
			return c.operatorCall(x.Lbrack, ctypes.OpIndex, st, []ast.Expr{a, i}) // the error
		}
		a = a2
	}
	a, i = c.rvalue(a), c.rvalue(i)
	if !isPointer(a.Info().Type) && isPointer(i.Info().Type) {
		a, i = i, a
	}
	p, ok := pointerOf(a.Info().Type)
	if !ok || !isInteger(i.Info().Type) {
		c.fail(x.Lbrack, "subscripted value is not an array or pointer ('%s')", typeStr(a.Info().Type))
	}
	c.completeElem(p, x.Lbrack)
	x.X, x.I = a, c.promote(i)
	setInfo(x, p.Elem, true)
	return x
}

func (c *checker) member(x *ast.Member) ast.Expr {
	e := c.expr(x.X)
	t := e.Info().Type
	lv := e.Info().LValue
	if x.Arrow {
		e = c.rvalue(e)
		p, ok := pointerOf(e.Info().Type)
		if !ok {
			if st, ok := classOf(t); ok && hasOperator(st, ctypes.OpArrow) {
				c.fail(x.Dot, "an overloaded operator-> is not supported")
			}
			c.fail(x.Dot, "member reference type '%s' is not a pointer", typeStr(e.Info().Type))
		}
		t, lv = p.Elem, true
	}
	x.X = e
	cq, vq := cvOf(t)
	if v, ok := vectorOf(t); ok {
		for i, n := range ctypes.VectorMembers[:v.Len] {
			if n == x.Name {
				x.VecIndex = i
				setInfo(x, withCV(basic(v.Elem), cq, vq), lv)
				return x
			}
		}
		c.fail(x.Dot, "no member named '%s' in '%s'", x.Name, v.Name)
	}
	st, ok := classOf(t)
	if !ok {
		c.fail(x.Dot, "member reference base type '%s' is not a structure or union", typeStr(t))
	}
	if !st.Complete {
		c.fail(x.Dot, "member access into incomplete type '%s'", st.Name())
	}
	in := c.memberClass(x, st)
	owner, path, f := c.lookupField(in, x.Name)
	if f != nil {
		if owner != st {
			bp, _ := isDerivedFrom(st, owner)
			ic := &ast.ImplicitCast{Kind: ast.DerivedToBase, X: x.X, Path: bp}
			if x.Arrow {
				setInfo(ic, &ctypes.Pointer{Elem: withCV(owner, cq, vq)}, false)
			} else {
				setInfo(ic, withCV(owner, cq, vq), lv)
			}
			x.X = ic
		}
		x.Field, x.Struct, x.Path = f, owner, path
		ft := f.Type
		if r, ok := refOf(ft); ok {
			setInfo(x, r.Elem, true)
			return x
		}
		setInfo(x, withCV(ft, cq, vq), lv)
		return x
	}
	if cs := c.u.ClassScope(in); cs != nil {
		// obj.size of a static constexpr member that the class's scope
		// holds as a constant (a class template's): that constant.
		if e := cs.LookupIn(x.Name); e != nil && e.Kind == cfront.EntConst {
			return c.enumConst(&ast.Ident{NamePos: x.Dot, Name: x.Name}, e)
		}
	}
	if v := findStatic(in, x.Name); v != nil {
		x.Static = &ast.Global{Decl: v}
		setInfo(x, nonRef(v.Type), true)
		return x
	}
	if ms := findMethods(in, x.Name); len(ms) > 0 {
		// A member function: only callable; the call resolves it.
		x.I.Type, x.I.LValue = nil, false
		return x
	}
	c.fail(x.Dot, "no member named '%s' in '%s'", x.Name, in.Name())
	return nil
}

// memberClass is the class whose members x names: the object's class
// st, or the class x's qualifier names (x.Base::f), which must be st or
// a base of it.
func (c *checker) memberClass(x *ast.Member, st *ctypes.Struct) *ctypes.Struct {
	if len(x.Qual) == 0 {
		return st
	}
	n := len(x.Qual)
	if n == 1 {
		// Looked up in the object's class first: its name and its
		// bases' injected class names ([basic.lookup.classref]).
		if b := baseNamed(st, x.Qual[0]); b != nil {
			return b
		}
	}
	e := c.b.Lookup(x.Qual[:n-1], x.Qual[n-1])
	if e == nil || e.Kind != cfront.EntType {
		c.fail(x.Dot, "'%s' does not name a class", strings.Join(x.Qual, "::"))
	}
	q, ok := classOf(e.Type)
	if !ok {
		c.fail(x.Dot, "'%s' does not name a class", strings.Join(x.Qual, "::"))
	}
	if !sameClass(q, st) && !derives(st, q) {
		c.fail(x.Dot, "'%s' is not a base of '%s'", q.Name(), st.Name())
	}
	return q
}

// lookupField finds data member name in st or a base: the class that
// declares it, the anonymous members crossed and the member.
func (c *checker) lookupField(st *ctypes.Struct, name string) (*ctypes.Struct, []*ctypes.Field, *ctypes.Field) {
	for _, f := range st.Fields {
		if f.Name == name {
			return st, nil, f
		}
		if f.Anonymous() {
			in, _ := classOf(f.Type)
			if _, p, g := c.lookupField(in, name); g != nil {
				return st, append([]*ctypes.Field{f}, p...), g
			}
		}
	}
	for _, b := range st.Bases {
		if o, p, f := c.lookupField(b.Type, name); f != nil {
			return o, p, f
		}
	}
	return nil, nil, nil
}

// enumConst types a name that denotes an enumerator or an integral
// constant.
// hostConst is the value of v where device code may name it though it is
// a host variable, as nvcc allows: v is const (not volatile), of an
// arithmetic type other than long double, and its initializer is a
// constant expression (const float k = 1.5f; at namespace scope).
func (c *checker) hostConst(v *ctypes.VarDecl) (val constant.Value, negZero, ok bool) {
	if v.Space != ctypes.GenericSpace || c.hostDepth > 16 {
		return nil, false, false
	}
	cq, vq := cvOf(v.Type)
	k, isArith := kindOf(v.Type)
	if _, isHandle := under(v.Type).(*ctypes.Handle); !cq || vq || !isArith || isHandle || k == ctypes.LongDouble {
		return nil, false, false
	}
	for _, b := range c.u.Inits {
		if b.Var != v {
			continue
		}
		x, err := parser.ParseInit(c.u.Fset, b)
		if err != nil {
			return nil, false, false
		}
		fd := &ctypes.FuncDecl{Name: v.Name, Kind: ctypes.DeviceFunc, Type: &ctypes.Func{Result: basic(ctypes.Void)}, Pos: v.Pos}
		ic := newChecker(c.u, b, fd, &ast.FuncBody{Decl: fd}, c.sizes, c.generic)
		ic.hostDepth = c.hostDepth + 1
		ic.push()
		var init ast.Expr
		ic.guard(func() { init = ic.initialize(v.Type, x, v.Pos) })
		if len(ic.errs) > 0 || init == nil || init.Info().Value == nil {
			return nil, false, false
		}
		return init.Info().Value, init.Info().NegZero, true
	}
	return nil, false, false
}

func (c *checker) enumConst(x *ast.Ident, e *cfront.Entity) ast.Expr {
	t := e.Type
	if t == nil {
		t = basic(ctypes.Int)
	}
	x.Obj = &ast.EnumConst{Name: x.Name, Type: t, Value: e.Value}
	setInfo(x, stripCV(t), false)
	k, _ := kindOf(t)
	if !k.IsSigned() && e.Value < 0 {
		x.I.Value = constant.MakeUint64(uint64(e.Value))
	} else {
		x.I.Value = constant.MakeInt64(e.Value)
	}
	x.I.Value = c.convertValue(x.I.Value, t)
	return x
}

// baseNamed is st or the base of st whose (injected class) name is name,
// or nil.
func baseNamed(st *ctypes.Struct, name string) *ctypes.Struct {
	if st.Tag == name {
		return st
	}
	for _, b := range st.Bases {
		if r := baseNamed(b.Type, name); r != nil {
			return r
		}
	}
	return nil
}

// try runs f and reports whether it succeeded; a failure's errors are
// dropped.
func (c *checker) try(f func()) (ok bool) {
	n := len(c.errs)
	defer func() {
		if r := recover(); r != nil {
			if _, isBail := r.(bailout); !isBail {
				panic(r)
			}
			c.errs = c.errs[:n]
			ok = false
		}
	}()
	f()
	return true
}

// builtinOperand is x for a built-in operator: x itself unless it is of
// class type, else its conversion to a scalar type by the class's one
// implicit conversion function to one (operator int() const); ok is
// false when there is none, or more than one.
func (c *checker) builtinOperand(x ast.Expr) (ast.Expr, bool) {
	st, ok := classOf(x.Info().Type)
	if !ok {
		return x, true
	}
	objConst := isConst(x.Info().Type)
	var pick *ctypes.FuncDecl
	for _, m := range convFuncs(st) {
		if objConst && !m.Type.Const || m.HasAttr("explicit") || !isScalar(nonRef(m.Type.Result)) {
			continue
		}
		if pick != nil {
			return nil, false
		}
		pick = m
	}
	if pick == nil {
		return nil, false
	}
	call := c.conversionCall(x, st, stripCV(nonRef(pick.Type.Result)), false)
	return call, call != nil
}

// binding resolves a structured binding's element (C++17
// [dcl.struct.bind]): the array's element, or the class's non-static
// data member, by position. Tuple-like types (std::tuple_size) are not
// supported.
func (c *checker) binding(b *ast.Binding) ast.Expr {
	e := c.expr(b.Of)
	pos := b.Of.Pos()
	switch t := ctypes.Unqualified(e.Info().Type).(type) {
	case *ctypes.Array:
		if t.Unsized || t.Len != int64(b.Count) {
			c.fail(b.Lbrack, "a structured binding of %d names for an array of %d elements", b.Count, t.Len)
		}
		return c.expr(&ast.Index{X: e, Lbrack: pos, I: &ast.BasicLit{ValuePos: pos, Kind: ast.IntLit, Value: strconv.Itoa(b.Index)}})
	case *ctypes.Vector:
		if t.Len != b.Count {
			c.fail(b.Lbrack, "a structured binding of %d names for %s, of %d elements", b.Count, t, t.Len)
		}
		return c.expr(&ast.Member{X: e, Dot: pos, Name: "xyzw"[b.Index : b.Index+1]})
	case *ctypes.Struct:
		if t.Union {
			c.fail(b.Lbrack, "cannot decompose union type '%s'", t)
		}
		for _, base := range t.Bases {
			if len(base.Type.Fields) > 0 {
				c.fail(b.Lbrack, "structured bindings of a class with members in its bases are not supported")
			}
		}
		var fields []*ctypes.Field
		for _, f := range t.Fields {
			if f.Name == "" {
				if !f.BitField {
					c.fail(b.Lbrack, "cannot decompose class type '%s': it has an anonymous struct or union member", t)
				}
				continue
			}
			fields = append(fields, f)
		}
		if len(fields) != b.Count {
			c.fail(b.Lbrack, "a structured binding of %d names for a class with %d non-static data members", b.Count, len(fields))
		}
		return c.expr(&ast.Member{X: e, Dot: pos, Name: fields[b.Index].Name})
	}
	c.fail(b.Lbrack, "cannot decompose type '%s' (a class or an array is needed; tuple-like types are not supported)", e.Info().Type)
	return nil
}

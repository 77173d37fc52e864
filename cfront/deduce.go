package cfront

import (
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Template argument deduction from the calls in function bodies (C++
// [temp.deduct.call]). Bodies are scanned, not parsed: the scanner
// (bodyInstantiations) records the variables a body declares with their
// types, and types a call's arguments with a small expression typer over
// the tokens (literals, variables, parameters, members, casts, calls of
// declared functions, the built-in operators with the usual arithmetic
// conversions). Deduction then matches each function parameter type that
// uses template parameters with its argument's type, for the common forms:
// T, T *, const T &, T &&, const T *, Array<T, N> &. An argument whose
// type the typer cannot tell leaves its parameters undeduced: the call
// then instantiates nothing, with a warning.

// bodyEnv holds the names a function body declares, with their types, for
// the typer, and the function whose body it is.
type bodyEnv struct {
	fn   *ctypes.FuncDecl
	vars map[string]ctypes.Type
}

// varType is the type of the variable called name in the body: a local,
// a parameter, a member of the function's class, or a variable in scope.
func (p *parser) varType(env *bodyEnv, name string) ctypes.Type {
	if env != nil {
		if t, ok := env.vars[name]; ok {
			return t
		}
		if env.fn != nil {
			for _, prm := range env.fn.Type.Params {
				if prm.Name == name {
					return prm.Type
				}
			}
			if env.fn.Class != nil {
				if f := findMember(env.fn.Class, name, 0); f != nil {
					return f.Type
				}
			}
		}
	}
	return nil
}

// findMember finds a data member by name in st or its bases.
func findMember(st *ctypes.Struct, name string, depth int) *ctypes.Field {
	if st == nil || depth > 16 {
		return nil
	}
	if f := findField(st, name); f != nil {
		return f
	}
	for _, b := range st.Bases {
		if f := findMember(b.Type, name, depth+1); f != nil {
			return f
		}
	}
	return nil
}

// findMethods finds the member functions called name in st or its bases.
func findMethods(st *ctypes.Struct, name string, depth int) []*ctypes.FuncDecl {
	if st == nil || depth > 16 {
		return nil
	}
	var out []*ctypes.FuncDecl
	for _, m := range st.Methods {
		if m.Name == name {
			out = append(out, m)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, b := range st.Bases {
		out = append(out, findMethods(b.Type, name, depth+1)...)
	}
	return out
}

// localDecl records the variables declared by the declaration statement
// starting at token i, if it is one. It consumes nothing.
func (p *parser) localDecl(env *bodyEnv, i, end int) {
	t := p.at(i)
	if isTok(t, "typedef") || isTok(t, "using") && p.kindAt(i+1) == tIdent && p.isAt(i+2, "=") {
		p.localTypedef(i)
		return
	}
	if isTok(t, "return") || isTok(t, "using") || isTok(t, "goto") {
		return
	}
	for p.isAt(i, "static") || p.isAt(i, "__shared__") || p.isAt(i, "register") ||
		p.isAt(i, "constexpr") || p.isAt(i, "__device__") || p.isAt(i, "extern") {
		i++
	}
	// auto x = expression;
	j := i
	for p.isAt(j, "const") || p.isAt(j, "volatile") {
		j++
	}
	if p.isAt(j, "auto") {
		j++
		ptr := false
		for p.isAt(j, "*") || p.isAt(j, "&") || p.isAt(j, "&&") || p.isAt(j, "const") {
			ptr = ptr || p.isAt(j, "*")
			j++
		}
		name := p.at(j)
		if name.Kind != tIdent || !p.isAt(j+1, "=") || ptr {
			return
		}
		saved := p.i
		p.i = j + 2
		var typ ctypes.Type
		p.muted(func() { typ, _ = p.typeExpr(env, end, 1) })
		p.i = saved
		if typ != nil {
			env.vars[name.Text] = decay(typ)
		}
		return
	}
	if (p.isAt(i, "struct") || p.isAt(i, "class") || p.isAt(i, "union") || p.isAt(i, "enum")) &&
		(p.isAt(i+1, "{") || p.isAt(i+2, "{") || p.isAt(i+2, ":")) {
		return // a local class: not declared here
	}
	if !p.startsType(i) {
		return
	}
	saved, savedGT := p.i, p.pendingGT
	defer func() { p.i, p.pendingGT = saved, savedGT }()
	p.i = i
	var base ctypes.Type
	if !p.muted(func() {
		s := p.declSpecs(nil, ctxNamespace)
		if !s.hasType() || s.typedef {
			p.fail(t.Pos, "no declaration")
		}
		base = p.baseType(s)
	}) || base == nil {
		return
	}
	for p.i < end {
		start := p.i
		var name string
		var typ ctypes.Type
		if !p.muted(func() {
			d := p.declarator(false, nil)
			name, typ = d.name, d.wrap(base)
		}) || name == "" || isFunc(typ) {
			// T x(args); the initializer is no parameter list.
			p.i = start
			typ = base
			for p.is("*") || p.is("&") || p.is("&&") || p.is("const") || p.is("__restrict__") {
				if p.is("*") {
					typ = &ctypes.Pointer{Elem: typ}
				}
				p.advance()
			}
			if p.toks[p.i].Kind != tIdent || !(p.is2("(") || p.is2("{")) {
				return
			}
			name = p.next().Text
		}
		env.vars[name] = typ
		// Skip the initializer.
		for p.i < end && !p.is(",") && !p.is(";") {
			if p.is("(") || p.is("[") || p.is("{") {
				p.skipBalanced()
				continue
			}
			if p.is("<") {
				// Template arguments in the initializer may hold commas.
				if _, e, _ := p.resolveAt(p.i - 1); e != nil && len(e.tmpls) > 0 {
					p.skipAngles()
					continue
				}
			}
			p.advance()
		}
		if !p.accept(",") {
			return
		}
	}
}

// localTypedef declares, in the body's scope, the type alias at token i
// (typedef T name; using name = T;), which later declarations may use.
func (p *parser) localTypedef(i int) {
	saved, savedGT := p.i, p.pendingGT
	defer func() { p.i, p.pendingGT = saved, savedGT }()
	p.i = i
	var name string
	var typ ctypes.Type
	if !p.muted(func() {
		if p.accept("using") {
			name = p.next().Text
			p.expect("=")
			typ = p.typeName()
			return
		}
		s := p.declSpecs(nil, ctxNamespace)
		d := p.declarator(false, nil)
		name, typ = d.name, d.wrap(p.baseType(s))
	}) || name == "" || typ == nil {
		return
	}
	p.sc.names[name] = &entity{kind: entType, typ: typ}
}

// is2 reports whether the token after the current one is s.
func (p *parser) is2(s string) bool { return p.isPeek(1, s) }

// skipAngles skips a template argument list at '<'.
func (p *parser) skipAngles() {
	depth := 0
	for p.toks[p.i].Kind != tEOF {
		switch {
		case p.is("(") || p.is("[") || p.is("{"):
			p.skipBalanced()
			continue
		case p.is("<"):
			depth++
		case p.is(">"):
			depth--
		case p.is(">>"):
			depth -= 2
		case p.is(";"):
			return
		}
		p.advance()
		if depth <= 0 {
			return
		}
	}
}

// decay is the type of an argument passed by value: arrays and functions
// become pointers, top-level cv-qualifiers go.
func decay(t ctypes.Type) ctypes.Type {
	t = canonical(t)
	if r, ok := t.(*ctypes.Reference); ok {
		t = canonical(r.Elem)
	}
	if q, ok := t.(*ctypes.Qualified); ok {
		t = canonical(q.Type)
	}
	switch u := t.(type) {
	case *ctypes.Array:
		return &ctypes.Pointer{Elem: u.Elem}
	case *ctypes.Func:
		return &ctypes.Pointer{Elem: u}
	}
	return t
}

// nonRef is t without a reference: an expression's type.
func nonRef(t ctypes.Type) ctypes.Type {
	if r, ok := canonical(t).(*ctypes.Reference); ok {
		return r.Elem
	}
	return t
}

// callArgs types the arguments of the call whose '(' is at token open.
// A nil element is an argument the typer cannot tell.
func (p *parser) callArgs(env *bodyEnv, open int) []ctypes.Type {
	end := p.matchAt(open)
	if end < 0 {
		return nil
	}
	saved, savedGT := p.i, p.pendingGT
	defer func() { p.i, p.pendingGT = saved, savedGT }()
	var out []ctypes.Type
	p.i = open + 1
	if p.i == end {
		return []ctypes.Type{}
	}
	for p.i < end {
		start := p.i
		var typ ctypes.Type
		var lv bool
		ok := p.muted(func() { typ, lv = p.typeExpr(env, end, 1) })
		if ok && lv && typ != nil {
			// An lvalue: T && deduces T as a reference to it.
			typ = &ctypes.Reference{Elem: typ}
		}
		if !ok || !(p.i == end || p.is(",")) {
			typ = nil
			p.i = start
			for p.i < end && !p.is(",") {
				if p.is("(") || p.is("[") || p.is("{") {
					p.skipBalanced()
					continue
				}
				if p.is("<") {
					if _, e, _ := p.resolveAt(p.i - 1); e != nil && len(e.tmpls) > 0 {
						p.skipAngles()
						continue
					}
				}
				p.advance()
			}
		}
		out = append(out, typ)
		if !p.accept(",") {
			break
		}
	}
	return out
}

// exprPrec are the binary operators of the typer by precedence, lowest
// first (1: assignment, 2: conditional).
var exprPrec = sync.OnceValue(func() map[string]int {
	return map[string]int{
		"=": 1, "+=": 1, "-=": 1, "*=": 1, "/=": 1, "%=": 1, "&=": 1, "|=": 1, "^=": 1, "<<=": 1, ">>=": 1,
		"||": 3, "&&": 4, "|": 5, "^": 6, "&": 7, "==": 8, "!=": 8, "<": 9, ">": 9, "<=": 9, ">=": 9,
		"<<": 10, ">>": 10, "+": 11, "-": 11, "*": 12, "/": 12, "%": 12,
	}
})

// typeExpr types the expression at the current token, up to end or a
// ',' at its level, by precedence climbing from min. It reports whether
// the expression is an lvalue. It fails (muted by its callers) where it
// cannot tell.
func (p *parser) typeExpr(env *bodyEnv, end, min int) (ctypes.Type, bool) {
	x, lv := p.typeUnary(env, end)
	for p.i < end {
		t := p.tok()
		if isTok(t, "?") && min <= 2 {
			p.advance()
			a, alv := p.typeExpr(env, end, 1)
			p.expect(":")
			b, blv := p.typeExpr(env, end, 2)
			if a == nil || b == nil {
				return nil, false
			}
			if arith(a) && arith(b) {
				return p.arithConv(a, b), alv && blv && sameType(a, b)
			}
			return a, alv && blv
		}
		prec, ok := exprPrec()[t.Text]
		if t.Kind != tPunct || !ok || prec < min {
			return x, lv
		}
		p.advance()
		next := prec + 1
		if prec == 1 {
			next = 1 // right associative
		}
		y, _ := p.typeExpr(env, end, next)
		switch {
		case prec == 1:
			// An assignment is the left operand.
		case prec <= 9:
			x, lv = ctypes.BasicOf(ctypes.Bool), false
			continue
		case prec == 10:
			x, lv = p.promote(x), false
			continue
		case x == nil || y == nil:
			p.fail(t.Pos, "unknown operand type")
		case (t.Text == "+" || t.Text == "-") && isPtr(x) && isInt(y):
			x, lv = decay(x), false
			continue
		case t.Text == "+" && isInt(x) && isPtr(y):
			x, lv = decay(y), false
			continue
		case t.Text == "-" && isPtr(x) && isPtr(y):
			x, lv = p.ptrdiff(), false
			continue
		case arith(x) && arith(y):
			x, lv = p.arithConv(x, y), false
			continue
		default:
			p.fail(t.Pos, "operator %s on a class", t.Text)
		}
	}
	return x, lv
}

// typeUnary types a unary expression.
func (p *parser) typeUnary(env *bodyEnv, end int) (ctypes.Type, bool) {
	t := p.tok()
	switch {
	case isTok(t, "-") || isTok(t, "+") || isTok(t, "~"):
		p.advance()
		x, _ := p.typeUnary(env, end)
		if !arith(x) {
			p.fail(t.Pos, "operator on a class")
		}
		return p.promote(x), false
	case isTok(t, "!"):
		p.advance()
		p.typeUnary(env, end)
		return ctypes.BasicOf(ctypes.Bool), false
	case isTok(t, "++") || isTok(t, "--"):
		p.advance()
		return p.typeUnary(env, end)
	case isTok(t, "*"):
		p.advance()
		x, _ := p.typeUnary(env, end)
		switch u := canonical(nonRef(x)).(type) {
		case *ctypes.Pointer:
			return u.Elem, true
		case *ctypes.Qualified:
			if pt, ok := canonical(u.Type).(*ctypes.Pointer); ok {
				return pt.Elem, true
			}
		case *ctypes.Array:
			return u.Elem, true
		}
		p.fail(t.Pos, "indirection of a non-pointer")
	case isTok(t, "&"):
		p.advance()
		x, _ := p.typeUnary(env, end)
		if x == nil {
			p.fail(t.Pos, "unknown operand")
		}
		return &ctypes.Pointer{Elem: nonRef(x)}, false
	case isTok(t, "sizeof") || isTok(t, "alignof") || isTok(t, "__alignof__"):
		p.advance()
		if p.is("(") {
			p.skipBalanced()
		} else {
			p.typeUnary(env, end)
		}
		return p.sizeType(), false
	case isTok(t, "(") && p.startsType(p.i+1):
		// A cast: (T)x.
		close := p.matchAt(p.i)
		p.advance()
		typ := p.typeName()
		if p.i != close {
			p.fail(t.Pos, "not a cast")
		}
		p.advance()
		p.typeUnary(env, end)
		return typ, false
	case isTok(t, "new"):
		p.advance()
		typ := p.typeSpecifierOnly()
		for p.i < end && !p.is(",") && !p.is(";") && !p.is(")") {
			if p.is("(") || p.is("[") || p.is("{") {
				p.skipBalanced()
				continue
			}
			p.advance()
		}
		return &ctypes.Pointer{Elem: typ}, false
	}
	return p.typePostfix(env, end)
}

// typePostfix types a postfix expression.
func (p *parser) typePostfix(env *bodyEnv, end int) (ctypes.Type, bool) {
	x, lv, fns := p.typePrimary(env, end)
	for p.i < end {
		switch {
		case p.is("["):
			p.skipBalanced()
			switch u := canonical(nonRef(x)).(type) {
			case *ctypes.Pointer:
				x, lv = u.Elem, true
			case *ctypes.Array:
				x, lv = u.Elem, true
			default:
				p.fail(p.toks[p.i].Pos, "subscript of a non-array")
			}
		case p.is("("):
			open := p.i
			p.skipBalanced()
			if fns == nil {
				p.fail(p.at(open).Pos, "call of an unknown function")
			}
			r := p.callResult(env, fns, open)
			x, lv, fns = nonRef(r), isRef(r), nil
		case p.is(".") || p.is("->"):
			op := p.next()
			if p.is("template") {
				p.advance()
			}
			m := p.expectIdent()
			u := canonical(nonRef(x))
			if op.Text == "->" {
				pt, ok := ctypes.Unqualified(u).(*ctypes.Pointer)
				if !ok {
					p.fail(op.Pos, "-> on a non-pointer")
				}
				u = pt.Elem
			}
			st, ok := ctypes.Unqualified(u).(*ctypes.Struct)
			if !ok {
				p.fail(op.Pos, "member of a non-class")
			}
			if f := findMember(st, m.Text, 0); f != nil {
				x, lv = f.Type, true
				continue
			}
			ms := findMethods(st, m.Text, 0)
			if len(ms) == 0 || !p.is("(") {
				p.fail(m.Pos, "no member '%s'", m.Text)
			}
			fns = &callee{decls: ms}
		case p.is("++") || p.is("--"):
			p.advance()
			lv = false
		default:
			if fns != nil {
				p.fail(p.toks[p.i].Pos, "a function name not called")
			}
			return x, lv
		}
	}
	return x, lv
}

// callee is what a call names: declared functions (overloads) and
// function templates, with the template arguments written.
type callee struct {
	decls   []*ctypes.FuncDecl
	tmpls   []*template
	written []genArg
}

// typePrimary types a primary expression: a literal, a name, a
// parenthesized expression, a cast. For a function's name it returns the
// callee instead.
func (p *parser) typePrimary(env *bodyEnv, end int) (ctypes.Type, bool, *callee) {
	t := p.tok()
	switch t.Kind {
	case tNumber:
		p.advance()
		return p.numberType(t), false, nil
	case tChar:
		p.advance()
		return ctypes.BasicOf(ctypes.Char), false, nil
	case tString:
		n := int64(0)
		for p.toks[p.i].Kind == tString {
			n += int64(len(p.next().Text)) // an upper bound: only decayed below
		}
		return &ctypes.Array{Elem: &ctypes.Qualified{Type: ctypes.BasicOf(ctypes.Char), Const: true}, Len: n}, true, nil
	case tPunct:
		if t.Text == "(" {
			close := p.matchAt(p.i)
			p.advance()
			x, lv := p.typeExpr(env, close, 0)
			if p.i != close {
				p.fail(t.Pos, "unexpected token in parentheses")
			}
			p.advance()
			return x, lv, nil
		}
		if t.Text != "::" {
			p.fail(t.Pos, "unexpected %s", t.Text)
		}
	}
	switch t.Text {
	case "true", "false":
		p.advance()
		return ctypes.BasicOf(ctypes.Bool), false, nil
	case "nullptr":
		p.advance()
		return ctypes.BasicOf(ctypes.NullPtr), false, nil
	case "this":
		p.advance()
		if env == nil || env.fn == nil || env.fn.Class == nil {
			p.fail(t.Pos, "this outside a member function")
		}
		var c ctypes.Type = env.fn.Class
		if env.fn.Type.Const {
			c = &ctypes.Qualified{Type: c, Const: true}
		}
		return &ctypes.Pointer{Elem: c}, false, nil
	case "static_cast", "reinterpret_cast", "const_cast", "dynamic_cast":
		p.advance()
		p.expect("<")
		typ := p.typeName()
		p.closeAngle()
		if !p.is("(") {
			p.fail(t.Pos, "expected (")
		}
		p.skipBalanced()
		return nonRef(typ), isRef(typ), nil
	}
	if t.Kind == tIdent {
		if typ := p.varType(env, t.Text); typ != nil && !p.isPeek(1, "::") {
			p.advance()
			return nonRef(typ), true, nil
		}
	}
	if p.startsType(p.i) {
		// A functional cast or a temporary: T(x), T{x}, Array<float, 3>().
		typ := p.typeSpecifierOnly()
		if !p.is("(") && !p.is("{") {
			p.fail(t.Pos, "a type in an expression")
		}
		p.skipBalanced()
		return typ, false, nil
	}
	name, e, n := p.resolveAt(p.i)
	if e == nil {
		p.fail(t.Pos, "unknown name '%s'", name)
	}
	p.i = n
	switch e.kind {
	case entVar, entConst:
		if e.typ == nil {
			p.fail(t.Pos, "no type")
		}
		return nonRef(e.typ), e.kind == entVar, nil
	case entFunc, entTemplate:
		c := &callee{decls: e.overloads, tmpls: e.funcTemplates()}
		if len(c.decls) == 0 && len(c.tmpls) == 0 {
			p.fail(t.Pos, "'%s' is not a function", name)
		}
		if p.is("<") && len(c.tmpls) > 0 {
			c.written = p.templateArgList()
			if p.pendingGT {
				p.fail(t.Pos, "unbalanced template arguments")
			}
			c.decls = nil
		}
		return nil, false, c
	}
	p.fail(t.Pos, "'%s' is not a value", name)
	return nil, false, nil
}

// callResult is the result type of calling c with the arguments at open.
func (p *parser) callResult(env *bodyEnv, c *callee, open int) ctypes.Type {
	args := p.callArgs(env, open)
	fd, tm, targs := p.resolveCall(c, args)
	switch {
	case fd != nil:
		return fd.Type.Result
	case tm != nil:
		if tm.sig == nil {
			p.fail(p.at(open).Pos, "unknown signature")
		}
		// The classes in the result are the instances the parser
		// makes, complete (a Struct Substitute made is not, and a
		// function template instantiated for it would keep it).
		pos := p.at(open).Pos
		r := ctypes.SubstituteClasses(tm.sig, targs, func(orig *ctypes.Struct, args []ctypes.TemplateArg) ctypes.Type {
			if t := p.dependentInstances[orig]; t != nil && !dependent(args) {
				return p.instantiateClass(t, args, pos)
			}
			return nil
		}).(*ctypes.Func).Result
		if usesParam(r, 0) {
			p.fail(p.at(open).Pos, "dependent result")
		}
		return r
	}
	p.fail(p.at(open).Pos, "no function matches the call")
	return nil
}

// resolveCall picks what a call of c with arguments of types args calls:
// a declared function (fd) or a function template's specialization (tm
// and its arguments). A function whose parameters match the arguments
// exactly is preferred to a template ([over.match.best]); among
// templates, the more specialized ([temp.func.order]).
func (p *parser) resolveCall(c *callee, args []ctypes.Type) (fd *ctypes.FuncDecl, tm *template, targs []ctypes.TemplateArg) {
	if len(c.written) == 0 {
		var viable []*ctypes.FuncDecl
		for _, d := range c.decls {
			if arityOK(d.Type, len(args)) {
				viable = append(viable, d)
			}
		}
		for _, d := range viable {
			if exactMatch(d.Type, args) {
				return d, nil, nil
			}
		}
		if len(viable) == 1 && len(c.tmpls) == 0 {
			return viable[0], nil, nil
		}
	}
	type cand struct {
		t    *template
		args []ctypes.TemplateArg
	}
	var cands []cand
	for _, t := range c.tmpls {
		var targs []ctypes.TemplateArg
		if !p.muted(func() { targs = p.deduceCall(t, c.written, args) }) || targs == nil {
			continue
		}
		cands = append(cands, cand{t, targs})
	}
	if len(cands) == 0 {
		return nil, nil, nil
	}
	best := cands[0]
	for _, x := range cands[1:] {
		a, b := moreSpecialized(x.t, best.t), moreSpecialized(best.t, x.t)
		switch {
		case a && !b:
			best = x
		case a == b:
			return nil, nil, nil // ambiguous, or not told apart here
		}
	}
	return nil, best.t, best.args
}

// arityOK reports whether f can be called with n arguments (default
// arguments are not recorded: fewer are allowed).
func arityOK(f *ctypes.Func, n int) bool {
	return n <= len(f.Params) || f.Variadic
}

// exactMatch reports whether args are f's parameter types, up to
// references, decay and top-level qualifiers.
func exactMatch(f *ctypes.Func, args []ctypes.Type) bool {
	if len(args) != len(f.Params) {
		return false
	}
	for i, a := range args {
		if a == nil || !sameType(decay(f.Params[i].Type), decay(a)) {
			return false
		}
	}
	return true
}

func sameType(a, b ctypes.Type) bool {
	return ctypes.TypeString(canonical(a), "") == ctypes.TypeString(canonical(b), "")
}

// moreSpecialized reports whether function template a is at least as
// specialized as b: b's parameters deduce from a's parameter types
// ([temp.deduct.partial], for the common forms).
func moreSpecialized(a, b *template) bool {
	if a.sig == nil || b.sig == nil || len(a.sig.Params) != len(b.sig.Params) {
		return false
	}
	args := make([]ctypes.TemplateArg, len(b.params))
	set := make([]bool, len(b.params))
	for i, prm := range b.sig.Params {
		pt, at := stripRef(prm.Type), stripRef(a.sig.Params[i].Type)
		if !deduceUnify(pt, at, args, set, 0) || !noAddedQualifiers(pt, at, 0) {
			return false
		}
	}
	return true
}

// noAddedQualifiers reports whether parameter type pt qualifies nothing
// under its pointers that at does not: partial ordering deduces without
// the qualification conversions of a call (const T * does not deduce
// from U *, [temp.deduct.partial]).
func noAddedQualifiers(pt, at ctypes.Type, depth int) bool {
	p, okp := canonical(pt).(*ctypes.Pointer)
	a, oka := canonical(at).(*ctypes.Pointer)
	if !okp || !oka || depth > 32 {
		return true
	}
	pq, _ := canonical(p.Elem).(*ctypes.Qualified)
	aq, _ := canonical(a.Elem).(*ctypes.Qualified)
	if pq != nil && (aq == nil || pq.Const && !aq.Const || pq.Volatile && !aq.Volatile) {
		return false
	}
	return noAddedQualifiers(ctypes.Unqualified(p.Elem), ctypes.Unqualified(a.Elem), depth+1)
}

func stripRef(t ctypes.Type) ctypes.Type {
	t = nonRef(t)
	if q, ok := canonical(t).(*ctypes.Qualified); ok {
		return q.Type
	}
	return t
}

// deduceCall deduces the arguments of function template t from the types
// of a call's arguments, given the written ones ([temp.deduct.call]). It
// returns nil when they do not determine every parameter.
func (p *parser) deduceCall(t *template, written []genArg, argTypes []ctypes.Type) []ctypes.TemplateArg {
	if t.sig == nil {
		return nil
	}
	explicit := p.matchArgs(t, written, t.pos, false)
	if len(written) > 0 && explicit == nil {
		return nil
	}
	return p.deduceFrom(t, explicit, argTypes)
}

// deduceFrom deduces the arguments of t after the explicit ones from the
// argument types of a call.
func (p *parser) deduceFrom(t *template, explicit []ctypes.TemplateArg, argTypes []ctypes.Type) []ctypes.TemplateArg {
	args := make([]ctypes.TemplateArg, len(t.params))
	set := make([]bool, len(t.params))
	for i, a := range explicit {
		args[i], set[i] = a, true
	}
	params := t.sig.Params
	if len(argTypes) > len(params) && !t.sig.Variadic && !endsInPack(params) {
		return nil
	}
	for i, prm := range params {
		if tp := ctypes.PackIn(prm.Type); tp != nil {
			// A trailing function parameter pack takes the rest:
			// each element deduces from its argument.
			if set[tp.Index] {
				break
			}
			var pack []ctypes.TemplateArg
			elem := &ctypes.TemplateParam{Name: tp.Name, Index: tp.Index}
			pattern := ctypes.ReplaceParam(prm.Type, tp, elem)
			for _, a := range argTypes[min(i, len(argTypes)):] {
				one := append([]ctypes.TemplateArg(nil), args...)
				oneSet := append([]bool(nil), set...)
				if a == nil || !deduceOne(pattern, a, one, oneSet) || !oneSet[tp.Index] {
					return nil
				}
				pack = append(pack, one[tp.Index])
			}
			args[tp.Index], set[tp.Index] = ctypes.TemplateArg{Kind: ctypes.PackArg, Pack: pack}, true
			break
		}
		if i >= len(argTypes) {
			break // a default argument
		}
		if !usesParam(prm.Type, 0) {
			continue
		}
		a := argTypes[i]
		if a == nil {
			continue // undeduced: known only if another argument deduces it
		}
		if !deduceOne(prm.Type, a, args, set) {
			return nil
		}
	}
	n := 0
	for n < len(set) && set[n] {
		n++
	}
	for i, s := range set[n:] {
		if !s && t.params[n+i].isPack {
			args[n+i], set[n+i] = ctypes.TemplateArg{Kind: ctypes.PackArg}, true
		}
	}
	for n < len(set) && set[n] {
		n++
	}
	for _, s := range set[n:] {
		if s {
			return nil
		}
	}
	out := p.defaultArgs(t, args[:n], t.pos, false)
	if len(out) != len(t.params) {
		return nil
	}
	return out
}

// deduceOne deduces from one parameter type and its argument's type
// ([temp.deduct.call]/2-4): a reference parameter against the argument
// as it is, less the reference's qualifiers; any other against the
// decayed argument, without top-level qualifiers.
func deduceOne(prm, a ctypes.Type, args []ctypes.TemplateArg, set []bool) bool {
	P := canonical(prm)
	var A ctypes.Type
	if r, ok := P.(*ctypes.Reference); ok && r.RValue && isRef(a) {
		if tp, ok := r.Elem.(*ctypes.TemplateParam); ok {
			// A forwarding reference and an lvalue: T is A &
			// ([temp.deduct.call]/3).
			return deduceUnify(tp, &ctypes.Reference{Elem: nonRef(a)}, args, set, 0)
		}
	}
	if r, ok := P.(*ctypes.Reference); ok {
		P, A = canonical(r.Elem), canonical(nonRef(a))
		if q, ok := P.(*ctypes.Qualified); ok {
			// const T & against const float: T is float.
			if aq, ok := A.(*ctypes.Qualified); ok {
				c := *aq
				c.Const = c.Const && !q.Const
				c.Volatile = c.Volatile && !q.Volatile
				A = canonical(c.Type)
				if c.Const || c.Volatile {
					A = &ctypes.Qualified{Type: A, Const: c.Const, Volatile: c.Volatile}
				}
			}
			P = canonical(q.Type)
		}
	} else {
		A = decay(a)
		if q, ok := P.(*ctypes.Qualified); ok {
			P = canonical(q.Type)
		}
	}
	return deduceUnify(P, A, args, set, 0)
}

func endsInPack(params []ctypes.Param) bool {
	return len(params) > 0 && ctypes.PackIn(params[len(params)-1].Type) != nil
}

// deduceUnify matches parameter type pt, which uses template parameters,
// with argument type at, binding the parameters in args; it allows the
// qualification conversions of [temp.deduct.call] (const T * from
// float *).
func deduceUnify(pt, at ctypes.Type, args []ctypes.TemplateArg, set []bool, depth int) bool {
	if depth > 32 || at == nil {
		return false
	}
	pt, at = canonical(pt), canonical(at)
	if tp, ok := pt.(*ctypes.TemplateParam); ok {
		return bindTypeParam(tp, at, args, set)
	}
	if !usesParam(pt, 0) {
		return sameType(pt, at)
	}
	switch u := pt.(type) {
	case *ctypes.DependentName:
		return true // a non-deduced context ([temp.deduct.type]/5)
	case *ctypes.Pointer:
		a, ok := at.(*ctypes.Pointer)
		if !ok {
			return false
		}
		pe, ae := canonical(u.Elem), canonical(a.Elem)
		if q, ok := pe.(*ctypes.Qualified); ok {
			aq, _ := ae.(*ctypes.Qualified)
			var ac, av bool
			if aq != nil {
				ac, av = aq.Const, aq.Volatile
				ae = canonical(aq.Type)
			}
			if ac && !q.Const || av && !q.Volatile {
				// The argument's extra qualifiers go into T.
				ae = &ctypes.Qualified{Type: ae, Const: ac && !q.Const, Volatile: av && !q.Volatile}
			}
			pe = canonical(q.Type)
		}
		return deduceUnify(pe, ae, args, set, depth+1)
	case *ctypes.Reference:
		a, ok := at.(*ctypes.Reference)
		return ok && deduceUnify(u.Elem, a.Elem, args, set, depth+1)
	case *ctypes.Qualified:
		a, ok := at.(*ctypes.Qualified)
		if !ok || a.Const != u.Const || a.Volatile != u.Volatile {
			return false
		}
		return deduceUnify(u.Type, a.Type, args, set, depth+1)
	case *ctypes.Array:
		a, ok := at.(*ctypes.Array)
		return ok && a.Len == u.Len && deduceUnify(u.Elem, a.Elem, args, set, depth+1)
	case *ctypes.Struct:
		a, ok := at.(*ctypes.Struct)
		if !ok || u.Template == nil || a.Template == nil || u.Tag != a.Tag ||
			strings.Join(u.Scope, "::") != strings.Join(a.Scope, "::") || len(u.Template.Args) != len(a.Template.Args) {
			return false
		}
		for i, x := range u.Template.Args {
			y := a.Template.Args[i]
			switch {
			case x.Kind == ctypes.TypeArg && y.Kind == ctypes.TypeArg:
				if !deduceUnify(x.Type, y.Type, args, set, depth+1) {
					return false
				}
			case x.Kind == ctypes.ParamArg && y.Kind == ctypes.ValueArg:
				k := x.Param.Index
				if k >= len(args) {
					return false
				}
				if set[k] {
					if args[k].Kind != ctypes.ValueArg || args[k].Value != y.Value {
						return false
					}
					continue
				}
				args[k], set[k] = y, true
			case x.Kind == ctypes.ValueArg && y.Kind == ctypes.ValueArg:
				if x.Value != y.Value {
					return false
				}
			default:
				return false
			}
		}
		return true
	case *ctypes.Func:
		a, ok := at.(*ctypes.Func)
		if !ok || len(a.Params) != len(u.Params) || !deduceUnify(u.Result, a.Result, args, set, depth+1) {
			return false
		}
		for i := range u.Params {
			if !deduceUnify(u.Params[i].Type, a.Params[i].Type, args, set, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// Arithmetic types for the typer.

func arith(t ctypes.Type) bool {
	switch u := ctypes.Unqualified(nonRef(t)).(type) {
	case *ctypes.Basic:
		return u.Kind != ctypes.Void && u.Kind != ctypes.NullPtr
	case *ctypes.Enum:
		return true
	}
	return false
}

func isInt(t ctypes.Type) bool {
	_, ok := integralKind(ctypes.Unqualified(nonRef(t)))
	return ok
}

func isPtr(t ctypes.Type) bool {
	switch ctypes.Unqualified(nonRef(t)).(type) {
	case *ctypes.Pointer, *ctypes.Array:
		return true
	}
	return false
}

func isRef(t ctypes.Type) bool {
	_, ok := canonical(t).(*ctypes.Reference)
	return ok
}

// intRank orders the integer kinds for the usual arithmetic conversions.
var intRank = sync.OnceValue(func() map[ctypes.Kind]int {
	return map[ctypes.Kind]int{
		ctypes.Int: 1, ctypes.UInt: 1, ctypes.Long: 2, ctypes.ULong: 2, ctypes.LongLong: 3, ctypes.ULongLong: 3,
		ctypes.Int128: 4, ctypes.UInt128: 4,
	}
})

// promote applies the integral promotions ([conv.prom]).
func (p *parser) promote(t ctypes.Type) ctypes.Type {
	u := ctypes.Unqualified(nonRef(t))
	if e, ok := u.(*ctypes.Enum); ok {
		u = ctypes.BasicOf(e.Underlying)
	}
	b, ok := u.(*ctypes.Basic)
	if !ok {
		p.fail(p.toks[p.i].Pos, "not arithmetic")
	}
	if b.Kind.IsInteger() && intRank()[b.Kind] == 0 {
		if b.Kind == ctypes.WChar || b.Kind == ctypes.Char32 {
			return ctypes.BasicOf(ctypes.UInt)
		}
		return ctypes.BasicOf(ctypes.Int)
	}
	return b
}

// arithConv is the type of the usual arithmetic conversions of a and b
// ([expr.arith.conv]).
func (p *parser) arithConv(a, b ctypes.Type) ctypes.Type {
	x, y := p.promote(a).(*ctypes.Basic), p.promote(b).(*ctypes.Basic)
	for _, k := range []ctypes.Kind{ctypes.LongDouble, ctypes.Double, ctypes.Float} {
		if x.Kind == k || y.Kind == k {
			return ctypes.BasicOf(k)
		}
	}
	if !x.Kind.IsInteger() {
		return x
	}
	if !y.Kind.IsInteger() {
		return y
	}
	if x.Kind == y.Kind {
		return x
	}
	rx, ry := intRank()[x.Kind], intRank()[y.Kind]
	if x.Kind.IsSigned() == y.Kind.IsSigned() {
		if rx >= ry {
			return x
		}
		return y
	}
	s, u := x, y
	if !x.Kind.IsSigned() {
		s, u = y, x
	}
	switch {
	case intRank()[u.Kind] >= intRank()[s.Kind]:
		return u
	case p.kindBits(s.Kind) > p.kindBits(u.Kind):
		return s
	}
	return ctypes.BasicOf(unsignedOf(s.Kind))
}

func unsignedOf(k ctypes.Kind) ctypes.Kind {
	switch k {
	case ctypes.Long:
		return ctypes.ULong
	case ctypes.LongLong:
		return ctypes.ULongLong
	case ctypes.Int128:
		return ctypes.UInt128
	}
	return ctypes.UInt
}

// sizeType is size_t on the target.
func (p *parser) sizeType() ctypes.Type {
	if p.t.AddressSize == 32 {
		return ctypes.BasicOf(ctypes.UInt)
	}
	return ctypes.BasicOf(ctypes.ULong)
}

// ptrdiff is ptrdiff_t on the target.
func (p *parser) ptrdiff() ctypes.Type {
	if p.t.AddressSize == 32 {
		return ctypes.BasicOf(ctypes.Int)
	}
	return ctypes.BasicOf(ctypes.Long)
}

// numberType is the type of a numeric literal ([lex.icon], [lex.fcon]).
func (p *parser) numberType(t Token) ctypes.Type {
	s := strings.ToLower(strings.ReplaceAll(t.Text, "'", ""))
	hex := strings.HasPrefix(s, "0x")
	isFloat := !hex && strings.ContainsAny(s, ".e") || hex && strings.Contains(s, "p")
	if isFloat {
		switch {
		case strings.HasSuffix(s, "f"):
			return ctypes.BasicOf(ctypes.Float)
		case strings.HasSuffix(s, "l"):
			return ctypes.BasicOf(ctypes.LongDouble)
		}
		return ctypes.BasicOf(ctypes.Double)
	}
	suffix := strings.TrimLeft(s[len(strings.TrimRight(s, "ul")):], "")
	v := p.intLiteral(t)
	u := strings.Contains(suffix, "u")
	l := strings.Count(suffix, "l")
	kinds := []ctypes.Kind{ctypes.Int, ctypes.Long, ctypes.LongLong}
	switch {
	case u && l == 0:
		kinds = []ctypes.Kind{ctypes.UInt, ctypes.ULong, ctypes.ULongLong}
	case u && l == 1:
		kinds = []ctypes.Kind{ctypes.ULong, ctypes.ULongLong}
	case u:
		kinds = []ctypes.Kind{ctypes.ULongLong}
	case l == 1:
		kinds = []ctypes.Kind{ctypes.Long, ctypes.LongLong}
	case l == 2:
		kinds = []ctypes.Kind{ctypes.LongLong}
	}
	octHex := hex || len(s) > 1 && s[0] == '0'
	uv := uint64(v.V)
	for _, k := range kinds {
		bits := p.kindBits(k)
		if k.IsSigned() {
			if uv < 1<<(bits-1) {
				return ctypes.BasicOf(k)
			}
			if octHex && (bits == 64 || uv < 1<<bits) {
				return ctypes.BasicOf(unsignedOf(k))
			}
			continue
		}
		if bits == 64 || uv < 1<<bits {
			return ctypes.BasicOf(k)
		}
	}
	return ctypes.BasicOf(kinds[len(kinds)-1])
}

package parser

import (
	"go/token"
	"strconv"
	"sync"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
)

func (p *parser) startsTypeAt(i int) bool { return p.b.StartsDecl(i) }

func (p *parser) typeName() *ast.TypeName {
	pos := p.tok().Pos
	dts := len(p.decltypes)
	t, next, err := p.b.ParseTypeName(p.i)
	if err != nil {
		p.takeDecltypes(dts)
		p.failErr(err)
	}
	p.i = next
	return &ast.TypeName{TypePos: pos, Type: t, Decltypes: p.takeDecltypes(dts)}
}

func (p *parser) typeSpecifier() *ast.TypeName {
	pos := p.tok().Pos
	dts := len(p.decltypes)
	t, next, err := p.b.ParseTypeSpecifier(p.i)
	if err != nil {
		p.takeDecltypes(dts)
		p.failErr(err)
	}
	p.i = next
	return &ast.TypeName{TypePos: pos, Type: t, Decltypes: p.takeDecltypes(dts)}
}

// expr is expression (with the comma operator).
func (p *parser) expr() ast.Expr {
	x := p.assignExpr()
	for p.is(",") {
		op := p.next()
		y := p.assignExpr()
		x = &ast.Binary{OpPos: op.Pos, Op: ast.Comma, X: x, Y: y}
	}
	return x
}

// assignExpr is assignment-expression.
func (p *parser) assignExpr() ast.Expr {
	p.enter()
	defer p.leave()
	if p.is("throw") {
		p.fail(p.tok().Pos, "exceptions ('throw') are not supported in device code (guide chapter 7)")
	}
	x := p.condExpr()
	t := p.tok()
	if t.Kind == cfront.TokPunct {
		if op, ok := ast.AssignOps[t.Text]; ok {
			if t.Text == ">>=" && p.noGT > 0 {
				return x
			}
			p.next()
			var y ast.Expr
			if p.is("{") {
				y = p.initList(nil)
			} else {
				y = p.assignExpr()
			}
			return &ast.Assign{OpPos: t.Pos, Op: op, X: x, Y: y}
		}
	}
	return x
}

// condExpr is conditional-expression.
func (p *parser) condExpr() ast.Expr {
	c := p.binary(0)
	if !p.is("?") {
		return c
	}
	q := p.next()
	saved := p.noGT
	p.noGT = 0
	x := p.expr()
	p.noGT = saved
	p.expect(":")
	y := p.assignExpr()
	return &ast.Cond{Question: q.Pos, C: c, X: x, Y: y}
}

// precedence of the binary operators, lowest first.
var precedence = sync.OnceValue(func() map[string]int {
	return map[string]int{
		"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
		"<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
	}
})

func (p *parser) binary(min int) ast.Expr {
	p.enter()
	defer p.leave()
	x := p.unary()
	for {
		t := p.tok()
		if t.Kind != cfront.TokPunct {
			return x
		}
		prec, ok := precedence()[t.Text]
		if !ok || prec <= min {
			return x
		}
		if p.noGT > 0 && (t.Text == ">" || t.Text == ">>") {
			return x
		}
		if t.Text == "<<" && isTok(p.peek(1), "<") {
			return x // a kernel launch's <<< after a callee
		}
		p.next()
		y := p.binary(prec)
		x = &ast.Binary{OpPos: t.Pos, Op: ast.BinaryOps[t.Text], X: x, Y: y}
	}
}

var unaryOps = sync.OnceValue(func() map[string]ast.Op {
	return map[string]ast.Op{"-": ast.Neg, "+": ast.Plus, "~": ast.Not, "!": ast.LNot, "&": ast.Addr, "*": ast.Deref,
		"++": ast.PreInc, "--": ast.PreDec}
})

func (p *parser) unary() ast.Expr {
	p.enter()
	defer p.leave()
	t := p.tok()
	if t.Kind == cfront.TokPunct {
		if op, ok := unaryOps()[t.Text]; ok {
			p.next()
			return &ast.Unary{OpPos: t.Pos, Op: op, X: p.unary()}
		}
		if t.Text == "&&" {
			p.fail(t.Pos, "the address of a label (&&label) is not supported")
		}
		if t.Text == "(" && p.startsTypeAt(p.i+1) && p.castAhead() {
			// A cast, or a compound literal.
			p.next()
			tn := p.typeName()
			p.expect(")")
			if p.is("{") {
				p.fail(t.Pos, "compound literals ((T){...}) are not supported")
			}
			return &ast.Cast{Lparen: t.Pos, Kind: ast.CCast, Type: tn, X: p.unary()}
		}
	}
	if isTok(t, "::") && (isTok(p.peek(1), "new") || isTok(p.peek(1), "delete")) {
		// ::new, ::delete: the global allocation functions, not a
		// class's own.
		p.next()
		x := p.unary()
		switch x := x.(type) {
		case *ast.New:
			x.Global = true
		case *ast.Delete:
			x.Global = true
		}
		return x
	}
	if t.Kind == cfront.TokIdent {
		switch t.Text {
		case "sizeof", "alignof", "_Alignof", "__alignof__", "__alignof":
			p.next()
			s := &ast.Sizeof{OpPos: t.Pos, Align: t.Text != "sizeof"}
			if p.is("...") && t.Text == "sizeof" {
				// sizeof...(pack): the number of its elements, a
				// size_t (sizeof(char) * n).
				p.next()
				p.expect("(")
				n := p.tok()
				p.next()
				p.expect(")")
				count, ok := p.b.PackLen(n.Text)
				if !ok {
					p.fail(n.Pos, "'%s' in sizeof... is no parameter pack with elements here", n.Text)
				}
				s.Type = &ast.TypeName{TypePos: n.Pos, Type: ctypes.BasicOf(ctypes.Char)}
				return &ast.Binary{OpPos: t.Pos, Op: ast.BinaryOps["*"], X: s, Y: &ast.BasicLit{ValuePos: n.Pos, Kind: ast.IntLit, Value: strconv.Itoa(count)}}
			}
			if p.is("(") && p.startsTypeAt(p.i+1) {
				p.next()
				s.Type = p.typeName()
				p.expect(")")
			} else {
				s.X = p.unary()
			}
			return s
		case "new":
			return p.newExpr()
		case "delete":
			p.next()
			d := &ast.Delete{DeletePos: t.Pos}
			if p.is("[") && isTok(p.peek(1), "]") {
				p.next()
				p.next()
				d.Array = true
			}
			d.X = p.unary()
			return d
		case "__extension__":
			p.next()
			return p.unary()
		case "co_await", "noexcept", "typeid":
			p.fail(t.Pos, "'%s' is not supported", t.Text)
		}
	}
	return p.postfix(p.primary())
}

// newExpr is a new-expression ([expr.new]): new, the placement
// arguments or a parenthesized type-id, the type's specifiers and pointer
// operators, an array bound, the initializer.
func (p *parser) newExpr() ast.Expr {
	x := &ast.New{NewPos: p.next().Pos}
	if p.is("(") && !p.startsTypeAt(p.i+1) {
		p.next()
		x.Placement = []ast.Expr{}
		for !p.is(")") {
			x.Placement = append(x.Placement, p.assignExpr())
			if !p.accept(",") {
				break
			}
		}
		p.expect(")")
	}
	if p.is("(") {
		// new (T): a parenthesized type-id.
		p.next()
		x.Type = p.typeName()
		p.expect(")")
	} else {
		x.Type = p.typeSpecifier()
		for p.is("*") {
			p.next()
			for p.is("const") || p.is("volatile") || p.is("__restrict__") || p.is("__restrict") {
				p.next()
			}
			x.Type.Type = &ctypes.Pointer{Elem: x.Type.Type}
		}
		if p.is("&") || p.is("&&") {
			p.fail(p.tok().Pos, "cannot allocate a reference with new")
		}
		if p.is("[") {
			p.next()
			x.Len = p.expr()
			p.expect("]")
			if p.is("[") {
				p.fail(p.tok().Pos, "new of a multidimensional array (new T[n][m]) is not supported")
			}
		}
	}
	switch {
	case p.is("("):
		x.Init = p.parenInit()
	case p.is("{"):
		x.Init = p.initList(nil)
	}
	return x
}

func (p *parser) postfix(x ast.Expr) ast.Expr {
	for {
		t := p.tok()
		switch {
		case isTok(t, "["):
			p.next()
			i := p.expr()
			p.expect("]")
			x = &ast.Index{X: x, Lbrack: t.Pos, I: i}
		case isTok(t, "("):
			x = p.call(x, nil)
		case isTok(t, "<<") && isTok(p.peek(1), "<"):
			// A kernel launch: f<<<grid, block[, shared[, stream]]>>>(args).
			p.next()
			p.next()
			saved := p.noGT
			p.noGT = 1
			var cfg []ast.Expr
			for {
				cfg = append(cfg, p.assignExpr())
				if !p.accept(",") {
					break
				}
			}
			p.noGT = saved
			if !(p.is(">>") && isTok(p.peek(1), ">")) {
				p.fail(p.tok().Pos, "expected '>>>' after a launch configuration, found %s", describe(p.tok()))
			}
			p.next()
			p.next()
			if len(cfg) < 2 || len(cfg) > 4 {
				p.fail(t.Pos, "a launch configuration has 2 to 4 arguments, not %d", len(cfg))
			}
			if !p.is("(") {
				p.fail(p.tok().Pos, "expected '(' after a launch configuration, found %s", describe(p.tok()))
			}
			x = p.call(x, cfg)
		case isTok(t, ".") || isTok(t, "->"):
			p.next()
			template := p.accept("template")
			n := p.tok()
			if isTok(n, "~") {
				p.fail(n.Pos, "explicit destructor calls are not supported")
			}
			if n.Kind != cfront.TokIdent {
				p.fail(n.Pos, "expected a member name after '%s', found %s", t.Text, describe(n))
			}
			p.next()
			name := n.Text
			var qual []string
			for p.is("::") {
				// x.Base::name
				p.next()
				qual = append(qual, name)
				n = p.tok()
				if n.Kind != cfront.TokIdent {
					p.fail(n.Pos, "expected a member name after '::', found %s", describe(n))
				}
				p.next()
				name = n.Text
			}
			if name == "operator" {
				name += p.next().Text
				if name == "operator(" || name == "operator[" {
					p.next()
					name += map[string]string{"operator(": ")", "operator[": "]"}[name]
				}
			}
			m := &ast.Member{X: x, Arrow: t.Text == "->", Dot: t.Pos, Qual: qual, Name: name}
			if p.is("<") && (template || p.b.IsMemberTemplate(name)) {
				m.TemplateArgs = p.templateArgs()
			}
			x = m
		case isTok(t, "++"):
			p.next()
			x = &ast.Unary{OpPos: t.Pos, Op: ast.PostInc, X: x}
		case isTok(t, "--"):
			p.next()
			x = &ast.Unary{OpPos: t.Pos, Op: ast.PostDec, X: x}
		default:
			return x
		}
	}
}

func (p *parser) call(fun ast.Expr, launch []ast.Expr) ast.Expr {
	lp := p.expect("(")
	saved := p.noGT
	p.noGT = 0
	c := &ast.Call{Fun: fun, Lparen: lp.Pos, Launch: launch}
	for !p.is(")") {
		start := p.i
		if p.is("{") {
			c.Args = append(c.Args, p.initList(nil))
		} else {
			c.Args = append(c.Args, p.assignExpr())
		}
		if p.is("...") {
			// A pack expansion (args..., f(args)...): the argument
			// once per element.
			c.Args = append(c.Args[:len(c.Args)-1], p.expand(start, p.i, func() ast.Expr {
				if p.is("{") {
					return p.initList(nil)
				}
				return p.assignExpr()
			})...)
			p.next()
		}
		if !p.accept(",") {
			break
		}
	}
	p.noGT = saved
	p.expect(")")
	return c
}

// initList reads { a, b, ... } (typ is the type of T{...}).
func (p *parser) initList(typ *ast.TypeName) ast.Expr {
	lb := p.expect("{")
	saved := p.noGT
	p.noGT = 0
	l := &ast.InitList{Lbrace: lb.Pos, Type: typ, Elems: []ast.Expr{}}
	for !p.is("}") {
		if p.is(".") || p.is("[") {
			p.fail(p.tok().Pos, "designated initializers are not supported")
		}
		if p.is("{") {
			l.Elems = append(l.Elems, p.initList(nil))
		} else {
			l.Elems = append(l.Elems, p.assignExpr())
		}
		if !p.accept(",") {
			break
		}
	}
	p.noGT = saved
	l.Rbrace = p.expect("}").Pos
	return l
}

var castKinds = sync.OnceValue(func() map[string]ast.CastKind {
	return map[string]ast.CastKind{"static_cast": ast.StaticCast, "reinterpret_cast": ast.ReinterpretCast, "const_cast": ast.ConstCast}
})

func (p *parser) primary() ast.Expr {
	t := p.tok()
	switch t.Kind {
	case cfront.TokNumber:
		p.next()
		k := ast.IntLit
		if isFloatLit(t.Text) {
			k = ast.FloatLit
		}
		return &ast.BasicLit{ValuePos: t.Pos, Kind: k, Value: t.Text}
	case cfront.TokChar:
		p.next()
		return &ast.BasicLit{ValuePos: t.Pos, Kind: ast.CharLit, Value: t.Text}
	case cfront.TokString:
		p.next()
		v := t.Text
		for p.tok().Kind == cfront.TokString {
			v += " " + p.next().Text
		}
		return &ast.BasicLit{ValuePos: t.Pos, Kind: ast.StringLit, Value: v}
	case cfront.TokPunct:
		switch t.Text {
		case "(":
			p.next()
			if p.is("{") {
				p.fail(t.Pos, "statement expressions ({ ... }) are not supported")
			}
			if x, ok := p.fold(); ok {
				return x
			}
			saved := p.noGT
			p.noGT = 0
			x := p.expr()
			p.noGT = saved
			p.expect(")")
			return x
		case "[":
			return p.lambda()
		case "::":
			return p.name()
		case "{":
			return p.initList(nil)
		}
	case cfront.TokIdent:
		switch t.Text {
		case "true", "false":
			p.next()
			return &ast.BasicLit{ValuePos: t.Pos, Kind: ast.BoolLit, Value: t.Text}
		case "nullptr", "NULL":
			if t.Text == "nullptr" {
				p.next()
				return &ast.BasicLit{ValuePos: t.Pos, Kind: ast.NullptrLit, Value: t.Text}
			}
		case "this":
			p.next()
			return &ast.This{ThisPos: t.Pos}
		case "static_cast", "reinterpret_cast", "const_cast":
			p.next()
			p.expect("<")
			tn := p.typeName()
			if p.is(">>") {
				p.fail(p.tok().Pos, "'>>' closes a template argument list here: write '> >'")
			}
			p.expect(">")
			p.expect("(")
			x := p.expr()
			p.expect(")")
			return &ast.Cast{Lparen: t.Pos, Kind: castKinds()[t.Text], Type: tn, X: x}
		case "dynamic_cast":
			p.fail(t.Pos, "dynamic_cast is not supported in device code (guide chapter 7: no RTTI)")
		case "typeid":
			p.fail(t.Pos, "typeid is not supported in device code (guide chapter 7: no RTTI)")
		case "__builtin_offsetof", "offsetof":
			return p.offsetof()
		case "__builtin_va_arg", "va_arg", "__builtin_va_start", "va_start":
			p.fail(t.Pos, "variable arguments ('%s') are not supported in device code", t.Text)
		case "operator":
			p.fail(t.Pos, "naming an operator function ('operator...') in an expression is not supported")
		}
		if p.startsTypeAt(p.i) {
			// A functional cast or a temporary: T(x), T{...}, T().
			tn := p.typeSpecifier()
			if p.is("::") {
				// A member of a class template's specialization:
				// Array<int, 3>::size, Stack<T>::Capacity.
				p.next()
				n := p.tok()
				if n.Kind != cfront.TokIdent {
					p.fail(n.Pos, "expected a member name after '::', found %s", describe(n))
				}
				p.next()
				return &ast.Ident{NamePos: n.Pos, QualType: tn, Name: n.Text}
			}
			switch {
			case p.is("("):
				lp := p.next()
				var args []ast.Expr
				for !p.is(")") {
					args = append(args, p.assignExpr())
					if !p.accept(",") {
						break
					}
				}
				p.expect(")")
				if len(args) == 1 {
					return &ast.Cast{Lparen: lp.Pos, Kind: ast.FunctionalCast, Type: tn, X: args[0]}
				}
				l := &ast.InitList{Lbrace: lp.Pos, Elems: args, Type: tn, Paren: true}
				if l.Elems == nil {
					l.Elems = []ast.Expr{}
				}
				return l
			case p.is("{"):
				return p.initList(tn)
			}
			p.fail(p.tok().Pos, "expected '(' or '{' after type name in an expression, found %s", describe(p.tok()))
		}
		return p.name()
	}
	p.fail(t.Pos, "expected an expression, found %s", describe(t))
	return nil
}

// name reads a possibly qualified identifier with template arguments.
func (p *parser) name() ast.Expr {
	start := p.i
	id := &ast.Ident{NamePos: p.tok().Pos}
	if p.accept("::") {
		id.Qual = append(id.Qual, "")
	}
	for {
		t := p.tok()
		if t.Kind != cfront.TokIdent {
			p.fail(t.Pos, "expected a name, found %s", describe(t))
		}
		if t.Text == "template" {
			p.next()
			continue
		}
		p.next()
		if p.is("::") {
			id.Qual = append(id.Qual, t.Text)
			p.next()
			if p.is("~") {
				p.fail(p.tok().Pos, "explicit destructor calls are not supported")
			}
			continue
		}
		id.Name = t.Text
		if p.expanding && len(id.Qual) == 0 && p.isParamPack(t.Text) {
			id.Name = cfront.PackElement(t.Text, p.packIndex)
		}
		break
	}
	if p.is("<") && p.b.IsTemplate(start) {
		id.TemplateArgs = p.templateArgs()
	}
	return id
}

// templateArgs reads <args> after a template's name.
func (p *parser) templateArgs() []ast.TemplateArg {
	p.expect("<")
	args := []ast.TemplateArg{}
	p.noGT++
	for !p.is(">") && !p.is(">>") {
		if p.startsTypeAt(p.i) {
			args = append(args, ast.TemplateArg{Type: p.typeName()})
		} else {
			args = append(args, ast.TemplateArg{Expr: p.condExpr()})
		}
		if !p.accept(",") {
			break
		}
	}
	p.noGT--
	switch {
	case p.is(">"):
		p.next()
	case p.is(">>") && p.noGT > 0:
		// Closes this list and the enclosing one: leave one '>'.
		p.toks[p.i].Text = ">"
		p.toks[p.i].Pos += 1
	default:
		p.fail(p.tok().Pos, "expected '>' after template arguments, found %s", describe(p.tok()))
	}
	return args
}

func isFloatLit(s string) bool {
	if len(s) > 1 && (s[1] == 'x' || s[1] == 'X') {
		for _, c := range s {
			if c == '.' || c == 'p' || c == 'P' {
				return true
			}
		}
		return false
	}
	for _, c := range s {
		if c == '.' || c == 'e' || c == 'E' {
			return true
		}
	}
	return false
}

// offsetof reads offsetof(type, designator), the designator being a
// member name followed by .member and [index] steps.
func (p *parser) offsetof() ast.Expr {
	op := p.next()
	p.expect("(")
	x := &ast.Offsetof{OpPos: op.Pos, Type: p.typeName()}
	p.expect(",")
	for {
		n := p.tok()
		if n.Kind != cfront.TokIdent {
			p.fail(n.Pos, "expected a member name in offsetof, found %s", describe(n))
		}
		p.next()
		x.Path = append(x.Path, ast.OffsetofStep{Name: n.Text})
		for p.is("[") {
			p.next()
			x.Path = append(x.Path, ast.OffsetofStep{Index: p.expr()})
			p.expect("]")
		}
		if !p.accept(".") {
			break
		}
	}
	p.expect(")")
	return x
}

// lambda reads [captures](params) mutable -> T { body }.
func (p *parser) lambda() ast.Expr {
	start := p.i
	lb := p.expect("[")
	x := &ast.Lambda{Lbrack: lb.Pos, Start: start}
	for !p.is("]") {
		t := p.tok()
		switch {
		case (p.is("=") || p.is("&")) && isTok(p.peek(1), "]") || (p.is("=") || p.is("&")) && isTok(p.peek(1), ","):
			if len(x.Captures) > 0 || x.Default != "" {
				p.fail(t.Pos, "a capture default must come first")
			}
			x.Default = p.next().Text
		case p.is("this"):
			p.next()
			x.Captures = append(x.Captures, ast.LambdaCapture{NamePos: t.Pos, Name: "this"})
		case p.is("*"):
			p.fail(t.Pos, "capturing *this by copy is not supported")
		default:
			c := ast.LambdaCapture{NamePos: t.Pos}
			if p.accept("&") {
				c.ByRef = true
			}
			n := p.tok()
			if n.Kind != cfront.TokIdent {
				p.fail(n.Pos, "expected a variable to capture, found %s", describe(n))
			}
			p.next()
			switch {
			case p.accept("="):
				// An init-capture: [k = e], [&r = e].
				c.Init = p.assignExpr()
			case p.is("("):
				p.next()
				c.Init = p.assignExpr()
				p.expect(")")
			case p.is("{"):
				p.next()
				c.Init = p.assignExpr()
				p.expect("}")
			}
			if p.is("...") {
				p.fail(p.tok().Pos, "capturing a parameter pack is not supported")
			}
			c.Name = n.Text
			x.Captures = append(x.Captures, c)
			if c.Init != nil {
				delete(p.consts, c.Name)
				p.b.DeclareLocal(c.Name, nil, false, 0)
			}
		}
		if !p.accept(",") {
			break
		}
	}
	p.expect("]")
	if p.accept("(") {
		for !p.is(")") {
			if p.is("auto") || p.is("const") && isTok(p.peek(1), "auto") {
				p.autoParam(x)
				if !p.accept(",") {
					break
				}
				continue
			}
			dts := len(p.decltypes)
			spec, next, err := p.b.ParseDeclSpec(p.i)
			if err != nil {
				p.failErr(err)
			}
			p.i = next
			d, next, err := p.b.ParseDeclarator(spec, p.i, false)
			if err != nil {
				p.failErr(err)
			}
			p.i = next
			p.noDecltypes(dts, "the type of a lambda's parameter")
			t := d.Type
			if a, ok := ctypes.Unqualified(t).(*ctypes.Array); ok {
				t = &ctypes.Pointer{Elem: a.Elem}
			} else if f, ok := ctypes.Unqualified(t).(*ctypes.Func); ok {
				t = &ctypes.Pointer{Elem: f}
			}
			if p.is("=") {
				p.fail(p.tok().Pos, "default arguments of a lambda are not supported")
			}
			if ctypes.IsVoid(t) && d.Name == "" && len(x.Params) == 0 && p.is(")") {
				break // (void)
			}
			x.Params = append(x.Params, &ast.Var{Name: d.Name, Type: t, Param: len(x.Params), Pos: d.Pos})
			if x.ParamForms != nil {
				x.ParamForms = append(x.ParamForms, "")
			}
			if d.Name != "" {
				delete(p.consts, d.Name)
				p.b.DeclareLocal(d.Name, t, false, 0)
			}
			if !p.accept(",") {
				break
			}
		}
		p.expect(")")
	}
	for {
		switch {
		case p.accept("mutable"):
			x.Mutable = true
			continue
		case p.is("constexpr") && p.b.Std() < cfront.Cxx17:
			// nvcc's error before C++17 ([expr.prim.lambda]/3).
			p.fail(p.tok().Pos, "constexpr lambdas are not enabled in this mode (-std=%s)", p.b.Std())
		case p.is("__device__") || p.is("__host__") || p.is("constexpr") || p.is("noexcept"):
			p.next()
			continue
		}
		break
	}
	if p.accept("->") {
		x.Result = p.typeName()
	}
	if !p.is("{") {
		p.fail(p.tok().Pos, "expected a lambda body, found %s", describe(p.tok()))
	}
	saved := p.noGT
	p.noGT = 0
	x.Body = p.block()
	p.noGT = saved
	return x
}

// autoParam reads a generic lambda's parameter: [const] auto [& | &&]
// name.
func (p *parser) autoParam(x *ast.Lambda) {
	form := "auto"
	if p.accept("const") {
		form = "const auto"
	}
	p.expect("auto")
	switch {
	case p.accept("&"):
		form += " &"
	case p.accept("&&"):
		form += " &&"
	case p.is("*"):
		p.fail(p.tok().Pos, "a generic lambda's auto * parameter is not supported")
	}
	n := p.tok()
	name := ""
	if n.Kind == cfront.TokIdent {
		name = n.Text
		p.next()
	}
	if p.is("...") || p.is("=") {
		p.fail(p.tok().Pos, "a generic lambda's parameter pack or default argument is not supported")
	}
	if x.ParamForms == nil {
		x.ParamForms = make([]string, len(x.Params))
	}
	x.ParamForms = append(x.ParamForms, form)
	x.Params = append(x.Params, &ast.Var{Name: name, Param: len(x.Params), Pos: n.Pos})
	if name != "" {
		delete(p.consts, name)
		p.b.DeclareLocal(name, nil, false, 0)
	}
}

// ParseLambda reads again the lambda expression whose '[' is b's token
// start: a fresh tree of a generic lambda, for sema to check with its
// parameters' types of one call.
func ParseLambda(fset *token.FileSet, b *cfront.Body, start int) (x *ast.Lambda, err error) {
	p := newParser(fset, b)
	defer func() {
		var failed bool
		if failed, err = p.finish(recover()); failed {
			x = nil
		}
	}()
	p.read(b.Toks, b.Toks[len(b.Toks)-1].Pos)
	p.i = start
	l, ok := p.lambda().(*ast.Lambda)
	if !ok {
		return nil, cfront.ErrorList{{Msg: "internal error: no lambda at the token given"}}
	}
	return l, nil
}

// castAhead reports whether the parenthesized tokens at the current '('
// read as a type-id and its ')': a cast ((float)x), not a parenthesized
// expression that starts with a functional cast ((int(b) << 16)).
func (p *parser) castAhead() (ok bool) {
	saved, savedErr, savedNest, savedDT := p.i, len(p.err), p.nest, len(p.decltypes)
	// templateArgs splits '>>' in place: the tokens up to the ')' are
	// put back.
	end := min(p.closer(p.i)+1, len(p.toks))
	toks := append([]cfront.Tok(nil), p.toks[p.i:end]...)
	defer func() {
		copy(p.toks[saved:], toks)
		if r := recover(); r != nil {
			if _, isBail := r.(bailout); !isBail {
				panic(r)
			}
			ok = false
		}
		p.i, p.err, p.nest = saved, p.err[:savedErr], savedNest
		p.takeDecltypes(savedDT)
	}()
	p.next()
	p.typeName()
	return p.is(")")
}

// isParamPack reports whether name is a function parameter pack of the
// instance whose body is read (with at least one element).
func (p *parser) isParamPack(name string) bool {
	_, ok := p.b.ParamPackLen(name)
	return ok
}

// expand reads the pattern of a pack expansion, tokens [start, end), once
// per element of the function parameter packs it names (each name then
// reads as the element's parameter) and returns the expressions.
func (p *parser) expand(start, end int, read func() ast.Expr) []ast.Expr {
	n := -1
	for i := start; i < end; i++ {
		t := p.toks[i]
		if t.Kind != cfront.TokIdent || !p.isParamPack(t.Text) {
			continue
		}
		k, _ := p.b.ParamPackLen(t.Text)
		if n >= 0 && k != n {
			p.fail(t.Pos, "packs of %d and %d elements in one expansion", n, k)
		}
		n = k
	}
	if n < 0 {
		p.fail(p.toks[start].Pos, "a pack expansion ('...') names no function parameter pack (packs of types are not supported in expressions)")
	}
	savedI, savedIdx, savedExp := p.i, p.packIndex, p.expanding
	defer func() { p.i, p.packIndex, p.expanding = savedI, savedIdx, savedExp }()
	var out []ast.Expr
	for k := 0; k < n; k++ {
		p.i, p.packIndex, p.expanding = start, k, true
		x := read()
		if p.i != end {
			p.fail(p.tok().Pos, "a pack expansion's pattern read differently for element %d", k)
		}
		out = append(out, x)
	}
	return out
}

// foldOps are the operators of fold expressions that are binary
// operators here (C++17 [expr.prim.fold]); the assignments and ',' and
// the pointer-to-member operators are not supported.
var foldOps = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"+": true, "-": true, "*": true, "/": true, "%": true, "^": true, "&": true, "|": true,
		"<<": true, ">>": true, "==": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true, "&&": true, "||": true}
})

// fold reads a fold expression after its '(' (lp) when the parentheses
// hold one: (pack op ...), (... op pack), (pack op ... op init),
// (init op ... op pack), expanded over the elements of the function
// parameter pack as C++17 [temp.variadic]/9 does. ok is false, reading
// nothing, for other parentheses.
func (p *parser) fold() (x ast.Expr, ok bool) {
	close := p.closer(p.i - 1)
	ell := -1
	depth := 0
	for i := p.i; i < close; i++ {
		switch {
		case p.toks[i].Kind != cfront.TokPunct:
		case p.toks[i].Text == "(" || p.toks[i].Text == "[" || p.toks[i].Text == "{":
			depth++
		case p.toks[i].Text == ")" || p.toks[i].Text == "]" || p.toks[i].Text == "}":
			depth--
		case p.toks[i].Text == "..." && depth == 0:
			ell = i
		}
		if ell >= 0 {
			break
		}
	}
	if ell < 0 {
		return nil, false
	}
	opBefore := ell > p.i && foldOps()[p.toks[ell-1].Text] && p.toks[ell-1].Kind == cfront.TokPunct
	opAfter := ell+1 < close && foldOps()[p.toks[ell+1].Text] && p.toks[ell+1].Kind == cfront.TokPunct
	if !opBefore && !opAfter {
		return nil, false
	}
	combine := func(op cfront.Tok, a, b ast.Expr) ast.Expr {
		return &ast.Binary{OpPos: op.Pos, Op: ast.BinaryOps[op.Text], X: a, Y: b}
	}
	operand := func() ast.Expr { return p.unary() }
	var elems []ast.Expr
	var init ast.Expr
	var op cfront.Tok
	// (pack op ...) or (pack op ... op init): the pack is before the
	// '...'; else after it.
	right := opBefore
	if opBefore && opAfter {
		right = false
		for i := p.i; i < ell-1; i++ {
			if p.toks[i].Kind == cfront.TokIdent && p.isParamPack(p.toks[i].Text) {
				right = true
			}
		}
	}
	if right {
		op = p.toks[ell-1]
		elems = p.expand(p.i, ell-1, operand)
		p.i = ell + 1
		if !p.is(")") {
			if !isTok(p.tok(), op.Text) {
				p.fail(p.tok().Pos, "a binary fold's operators differ ('%s' and '%s')", op.Text, p.tok().Text)
			}
			p.next()
			init = p.unary()
		}
	} else {
		op = p.toks[ell+1]
		if ell > p.i {
			// (init op ... op pack)
			init = p.unary()
			if p.i != ell-1 || !isTok(p.tok(), op.Text) {
				p.fail(p.tok().Pos, "expected '%s ...' in a binary fold", op.Text)
			}
		}
		p.i = ell + 2
		start := p.i
		p.unary()
		elems = p.expand(start, p.i, operand)
	}
	p.expect(")")
	if init != nil {
		if right {
			elems = append(elems, init)
		} else {
			elems = append([]ast.Expr{init}, elems...)
		}
	}
	if len(elems) == 0 {
		// An empty pack in a unary fold ([temp.variadic]/10).
		switch op.Text {
		case "&&":
			return &ast.BasicLit{ValuePos: op.Pos, Kind: ast.BoolLit, Value: "true"}, true
		case "||":
			return &ast.BasicLit{ValuePos: op.Pos, Kind: ast.BoolLit, Value: "false"}, true
		}
		p.fail(op.Pos, "empty expansion not valid for this fold expression (a unary fold over '%s')", op.Text)
	}
	x = elems[0]
	if right {
		x = elems[len(elems)-1]
		for i := len(elems) - 2; i >= 0; i-- {
			x = combine(op, elems[i], x)
		}
	} else {
		for _, e := range elems[1:] {
			x = combine(op, x, e)
		}
	}
	return x, true
}

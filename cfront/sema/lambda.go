package sema

import (
	"go/token"
	"hash/fnv"
	"strconv"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/cfront/parser"
	"github.com/ptxabi/ptxabi/ctypes"
)

// Lambdas ([expr.prim.lambda]). A lambda expression is a closure object
// of a class of its own (closureClass): a member for each variable it
// captures — the value for a capture by copy, the variable's address for
// a capture by reference — and a const call operator (not const when
// mutable) whose body is the lambda's. The body is checked when the
// lambda expression is, by a checker of its own (lambdaScope) that
// captures each variable of the enclosing function that the body names:
// listed, or by the capture default. Its FuncBody is returned with the
// enclosing function's (Check), so that the code generator compiles the
// call operator as any member function. The closure object is an
// *ast.InitList of the class: the captured values and addresses.
//
// A generic lambda (auto parameters) captures what the names in its
// body's tokens denote when the lambda expression is checked; each call
// with new argument types makes a call operator of the closure class
// for them, from a tree read again from those tokens (genericLambda,
// instantiateLambda).
//
// Not supported, each an error: *this captured by copy, auto *
// parameters, parameter packs, default arguments, a lambda naming a
// variable of a lambda that encloses it, arrays captured by copy.

// lambdaScope is the state of a checker of a lambda's body.
type lambdaScope struct {
	outer *checker
	x     *ast.Lambda
	st    *ctypes.Struct
	// explicit are the variables listed, by name: true for &name.
	explicit map[string]bool
	// allowThis: this is captured (listed, or by a capture default in a
	// member function).
	allowThis bool
	vars      map[*ast.Var]*captured
	named     map[string]*captured // init-captures
	this      *captured
	order     []*captured
	// A generic lambda: b is the body whose tokens it is in; byName its
	// captures (made before its body is checked, from the names it
	// contains); instances its call operators by parameter types.
	generic   bool
	b         *cfront.Body
	byName    map[string]*captured
	instances map[string]*ctypes.FuncDecl
}

// captured is one member of a closure class.
type captured struct {
	f     *ctypes.Field
	byRef bool     // the member holds the address
	v     *ast.Var // a variable of the enclosing function, or
	init  ast.Expr // an init-capture's initializer (checked in the enclosing function), or
	this  bool     // the enclosing function's this
}

func (ls *lambdaScope) add(name string, t ctypes.Type, byRef bool, pos token.Pos) *captured {
	if byRef {
		t = &ctypes.Pointer{Elem: t}
	}
	cp := &captured{f: &ctypes.Field{Name: name, Type: t, Pos: pos, Access: ctypes.Public}, byRef: byRef}
	ls.st.Fields = append(ls.st.Fields, cp.f)
	ls.order = append(ls.order, cp)
	return cp
}

// closureName names the next closure class of the function c checks:
// __lambda_H_N, H a hash of the function's qualified name with its
// template arguments (its instances' closures differ), N the lambda's
// number in the function.
func (c *checker) closureName() string {
	r := c.root()
	h := fnv.New32a()
	h.Write([]byte(r.fd.QualifiedName()))
	if r.fd.Template != nil {
		h.Write([]byte(ctypes.ArgsString(r.fd.Template.Args)))
	}
	if r.fd.Class != nil && r.fd.Class.Template != nil {
		h.Write([]byte(ctypes.ArgsString(r.fd.Class.Template.Args)))
	}
	h.Write([]byte(typeStr(r.fd.Type)))
	r.lambdaCount++
	return "__lambda_" + strconv.FormatUint(uint64(h.Sum32()), 16) + "_" + strconv.Itoa(r.lambdaCount-1)
}

// lambdaExpr types a lambda expression: its closure class and call
// operator, the body checked, and the closure object.
func (c *checker) lambdaExpr(x *ast.Lambda) ast.Expr {
	if c.fd.Kind == ctypes.HostFunc {
		c.fail(x.Lbrack, "lambdas in host code are not compiled")
	}
	st := &ctypes.Struct{Tag: c.closureName(), Class: true, Complete: true}
	ls := &lambdaScope{outer: c, x: x, st: st, explicit: map[string]bool{}, vars: map[*ast.Var]*captured{}, named: map[string]*captured{}}
	ls.allowThis = x.Default != "" && c.hasThis()
	seen := map[string]bool{}
	for _, cp := range x.Captures {
		if seen[cp.Name] {
			c.fail(cp.NamePos, "'%s' can appear only once in a capture list", cp.Name)
		}
		seen[cp.Name] = true
		switch {
		case cp.Name == "this":
			if !c.hasThis() {
				c.fail(cp.NamePos, "'this' cannot be captured outside of a non-static member function")
			}
			ls.allowThis = true
		case cp.Init != nil:
			e := c.expr(cp.Init)
			t := e.Info().Type
			if t == nil {
				c.fail(cp.NamePos, "cannot deduce the type of '%s' from an overloaded function", cp.Name)
			}
			var k *captured
			if cp.ByRef {
				if !e.Info().LValue {
					c.fail(cp.NamePos, "non-const lvalue reference '%s' cannot bind to a temporary", cp.Name)
				}
				k = ls.add(cp.Name, t, true, cp.NamePos)
				k.init = c.expr(&ast.Unary{OpPos: cp.NamePos, Op: ast.Addr, X: e})
			} else {
				if a, ok := arrayOf(t); ok {
					t = &ctypes.Pointer{Elem: a.Elem}
				} else if isFuncType(t) {
					t = &ctypes.Pointer{Elem: t}
				} else {
					t = stripCV(t)
				}
				k = ls.add(cp.Name, t, false, cp.NamePos)
				k.init = c.initialize(t, e, cp.NamePos)
			}
			ls.named[cp.Name] = k
		default:
			if cp.ByRef && x.Default == "&" || !cp.ByRef && x.Default == "=" {
				c.fail(cp.NamePos, "explicit capture of '%s' is the capture default's", cp.Name)
			}
			ls.explicit[cp.Name] = cp.ByRef
			// In a lambda, the name may be the enclosing lambda's
			// (which captures it now, as the inner capture uses it).
			if c.lookupLocal(cp.Name) == nil && (c.lambda == nil || c.capture(&ast.Ident{NamePos: cp.NamePos, Name: cp.Name}) == nil) {
				c.fail(cp.NamePos, "'%s' in capture list does not name a local variable", cp.Name)
			}
		}
	}
	if x.ParamForms != nil {
		return c.genericLambda(x, ls)
	}
	ft := &ctypes.Func{Const: !x.Mutable}
	for _, v := range x.Params {
		ft.Params = append(ft.Params, ctypes.Param{Name: v.Name, Type: v.Type, Pos: v.Pos})
	}
	if x.Result != nil {
		ft.Result = c.typeName(x.Result)
	}
	fd := &ctypes.FuncDecl{Name: "operator()", Type: ft, Kind: ctypes.DeviceFunc, Defined: true, Class: st,
		Special: ctypes.OperatorFunc, Operator: ctypes.OpCall, Attrs: []string{"inline"}, Access: ctypes.Public, Pos: x.Lbrack}
	st.Methods = append(st.Methods, fd)
	fb := &ast.FuncBody{Decl: fd, Params: x.Params, Body: x.Body}
	n := c.operatorChecker(c.b, ls, fd, fb)
	c.checkOperator(n, ft)
	c.addBodies(append(n.lambdaBodies, fb))
	return c.closureObject(ls)
}

// addBodies hands lambda bodies to the function's checker (or to the
// sink of a generic lambda's call operator made elsewhere).
func (c *checker) addBodies(fbs []*ast.FuncBody) {
	for k := c; ; k = k.lambda.outer {
		if k.sink != nil {
			*k.sink = append(*k.sink, fbs...)
			return
		}
		if k.lambda == nil {
			k.lambdaBodies = append(k.lambdaBodies, fbs...)
			return
		}
	}
}

// closureObject is the closure object of ls: the captured values and
// addresses, as an *ast.InitList of the closure class.
func (c *checker) closureObject(ls *lambdaScope) ast.Expr {
	x, st := ls.x, ls.st
	il := &ast.InitList{Lbrace: x.Lbrack, Elems: []ast.Expr{}, Rbrace: x.Lbrack}
	for _, k := range ls.order {
		var e ast.Expr
		switch {
		case k.init != nil:
			e = k.init
		case k.this:
			e = c.expr(&ast.This{ThisPos: x.Lbrack, Implicit: true})
		default:
			e = c.expr(&ast.Ident{NamePos: x.Lbrack, Name: k.v.Name, Obj: k.v})
			if k.byRef {
				e = c.expr(&ast.Unary{OpPos: x.Lbrack, Op: ast.Addr, X: e})
			} else if _, isArr := arrayOf(k.f.Type); !isArr {
				e = c.initialize(k.f.Type, e, x.Lbrack)
			} // an array: copied element by element
		}
		il.Elems = append(il.Elems, e)
	}
	setInfo(il, st, false)
	return il
}

// hasThis reports whether this names an object in c's function: a
// non-static member function, or a lambda that captures this.
func (c *checker) hasThis() bool {
	if c.lambda != nil {
		return c.lambda.allowThis
	}
	return c.fd.Class != nil && c.fd.HasThis()
}

// root is the checker of the function that encloses c's lambdas.
func (c *checker) root() *checker {
	for c.lambda != nil {
		c = c.lambda.outer
	}
	return c
}

// closureMember is the closure's member of k: an lvalue of the captured
// value, or of the object whose address it holds.
func (c *checker) closureMember(k *captured, pos token.Pos) ast.Expr {
	this := &ast.This{ThisPos: pos, Implicit: true}
	setInfo(this, c.fd.ThisType(), false)
	m := c.member(&ast.Member{X: this, Arrow: true, Dot: pos, Name: k.f.Name})
	if k.byRef {
		return c.expr(&ast.Unary{OpPos: pos, Op: ast.Deref, X: m})
	}
	return m
}

// lambdaThis is, in a lambda's body, the this of the enclosing member
// function (captured).
func (c *checker) lambdaThis(pos token.Pos) ast.Expr {
	ls := c.lambda
	if ls.this == nil {
		if !ls.allowThis {
			c.fail(pos, "'this' cannot be implicitly captured in this context")
		}
		ls.this = ls.add("__this", c.root().fd.ThisType(), false, pos)
		ls.this.this = true
	}
	return c.rvalue(c.closureMember(ls.this, pos))
}

// capture resolves name, not declared in the lambda: an init-capture, a
// variable of the enclosing function (captured: the closure's member
// that holds its value, or *member for its address), or a member of the
// enclosing member function's class (through the captured this). It
// returns nil when name is none of those.
func (c *checker) capture(x *ast.Ident) ast.Expr {
	ls := c.lambda
	if k := ls.named[x.Name]; k != nil {
		return c.closureMember(k, x.NamePos)
	}
	if ls.generic {
		if k := ls.byName[x.Name]; k != nil {
			return c.closureMember(k, x.NamePos)
		}
		if cl := c.root().fd.Class; cl != nil && c.root().fd.HasThis() && (findField(cl, x.Name) != nil || len(findMethods(cl, x.Name)) > 0) {
			return c.member(&ast.Member{X: c.lambdaThis(x.NamePos), Arrow: true, Dot: x.NamePos, Name: x.Name})
		}
		return nil
	}
	v := ls.outer.lookupLocal(x.Name)
	if v == nil {
		if ls.outer.lambda != nil {
			if k := c.captureFromLambda(x); k != nil {
				return c.closureMember(k, x.NamePos)
			}
		}
		if cl := c.root().fd.Class; cl != nil && c.root().fd.HasThis() && (findField(cl, x.Name) != nil || len(findMethods(cl, x.Name)) > 0) {
			return c.member(&ast.Member{X: c.lambdaThis(x.NamePos), Arrow: true, Dot: x.NamePos, Name: x.Name})
		}
		return nil
	}
	k := ls.vars[v]
	if k == nil {
		byRef, listed := ls.explicit[x.Name]
		_, isConst := ls.outer.constVars[v]
		switch {
		case listed:
		case v.Static:
			byRef = true // not captured in C++: the one object, by its address
		case isConst:
			byRef = false // a constant: its value
		case ls.x.Default == "&":
			byRef = true
		case ls.x.Default == "=":
		default:
			c.fail(x.NamePos, "variable '%s' cannot be implicitly captured in a lambda with no capture-default specified", x.Name)
		}
		t := nonRef(v.Type)
		if !byRef {
			c.copyableArray(t, x.Name, x.NamePos)
		}
		k = ls.add(v.Name, t, byRef, v.Pos)
		k.v = v
		ls.vars[v] = k
	}
	m := c.closureMember(k, x.NamePos)
	if val, ok := ls.outer.constVars[v]; ok {
		m = c.rvalue(m)
		m.Info().Value = val
	}
	return m
}

// captureFromLambda captures, in the lambda of c, a name that the
// enclosing lambda resolves (its capture of a variable of its enclosing
// function, captured there in turn as its capture list or default
// says): the member that holds its value (or address) here is
// initialized from the enclosing lambda's member when the closure is
// made. Nil when the enclosing lambda does not resolve the name.
func (c *checker) captureFromLambda(x *ast.Ident) *captured {
	ls := c.lambda
	outer := ls.outer
	e := outer.capture(&ast.Ident{NamePos: x.NamePos, Name: x.Name})
	if e == nil {
		return nil
	}
	byRef, listed := ls.explicit[x.Name]
	switch {
	case listed:
	case ls.x.Default == "&":
		byRef = true
	case ls.x.Default == "=":
	default:
		c.fail(x.NamePos, "variable '%s' cannot be implicitly captured in a lambda with no capture-default specified", x.Name)
	}
	t := stripCV(e.Info().Type)
	k := ls.add(x.Name, t, byRef, x.NamePos)
	switch {
	case byRef:
		k.init = outer.expr(&ast.Unary{OpPos: x.NamePos, Op: ast.Addr, X: e})
	case c.copyableArray(t, x.Name, x.NamePos):
		k.init = e // copied element by element
	default:
		k.init = outer.initialize(t, e, x.NamePos)
	}
	ls.named[x.Name] = k
	return k
}

// copyableArray reports whether t, the type of a variable name that a
// lambda captures by copy, is an array, which the closure holds a copy
// of; one of a class with a user-provided copy constructor (to run for
// each element) is not supported.
func (c *checker) copyableArray(t ctypes.Type, name string, pos token.Pos) bool {
	if _, isArr := arrayOf(t); !isArr {
		return false
	}
	if st, ok := elemClassOf(t); ok && hasUserCopy(st) {
		c.fail(pos, "capturing an array ('%s') of a class with a copy constructor by copy is not supported", name)
	}
	return true
}

// genericLambda makes the closure of a generic lambda: its captures
// now, from the names its body's tokens contain (every variable of the
// enclosing function that one of them names and the capture list or
// default captures; this where the body may use it), its call operators
// later, one per call's argument types (instantiateLambda).
func (c *checker) genericLambda(x *ast.Lambda, ls *lambdaScope) ast.Expr {
	ls.generic, ls.b = true, c.b
	ls.byName = map[string]*captured{}
	ls.instances = map[string]*ctypes.FuncDecl{}
	params := map[string]bool{}
	for _, v := range x.Params {
		params[v.Name] = true
	}
	for _, cp := range x.Captures {
		if cp.Init != nil {
			params[cp.Name] = true
		}
	}
	toks := c.b.Toks
	enclosing := c.root().fd
	useThis := false
	for i := x.Start; i < len(toks) && toks[i].Pos <= x.Body.Rbrace; i++ {
		t := toks[i]
		if t.Kind != cfront.TokIdent || params[t.Text] {
			continue
		}
		if i > 0 && (toks[i-1].Text == "." || toks[i-1].Text == "->" || toks[i-1].Text == "::") || i+1 < len(toks) && toks[i+1].Text == "::" {
			continue
		}
		if t.Text == "this" {
			useThis = true
			continue
		}
		if ls.byName[t.Text] != nil {
			continue
		}
		v := c.lookupLocal(t.Text)
		if v == nil {
			if cl := enclosing.Class; cl != nil && enclosing.HasThis() && (findField(cl, t.Text) != nil || len(findMethods(cl, t.Text)) > 0) {
				useThis = true
			}
			continue
		}
		byRef, listed := ls.explicit[t.Text]
		_, isConst := c.constVars[v]
		switch {
		case listed:
		case v.Static:
			byRef = true
		case isConst:
		case x.Default == "&":
			byRef = true
		case x.Default == "=":
		default:
			continue // not captured: an error where the body names it
		}
		vt := nonRef(v.Type)
		if !byRef {
			c.copyableArray(vt, v.Name, x.Lbrack)
		}
		k := ls.add(v.Name, vt, byRef, v.Pos)
		k.v = v
		ls.vars[v], ls.byName[v.Name] = k, k
	}
	if useThis && ls.allowThis {
		ls.this = ls.add("__this", enclosing.ThisType(), false, x.Lbrack)
		ls.this.this = true
	}
	c.generic[ls.st] = ls
	return c.closureObject(ls)
}

// instantiateLambda makes the call operator of generic lambda ls for a
// call with args, unless it has one for their types: the parameters'
// types deduced from them as auto deduces ([dcl.spec.auto]), the body
// read again from its tokens and checked with them.
func (c *checker) instantiateLambda(ls *lambdaScope, args []ast.Expr, pos token.Pos) {
	x := ls.x
	if len(args) != len(x.Params) {
		return // no viable operator: the call's error
	}
	types := make([]ctypes.Type, len(args))
	key := ""
	for i, a := range args {
		form := x.ParamForms[i]
		at := a.Info().Type
		if at == nil {
			c.fail(pos, "an overloaded function cannot be the argument of a generic lambda")
		}
		var t ctypes.Type
		switch form {
		case "":
			t = x.Params[i].Type
		case "auto", "const auto":
			if a, ok := arrayOf(at); ok {
				at = &ctypes.Pointer{Elem: a.Elem}
			} else if isFuncType(at) {
				at = &ctypes.Pointer{Elem: at}
			}
			t = stripCV(at)
			if form == "const auto" {
				t = withCV(t, true, false)
			}
		case "auto &", "auto &&":
			if !a.Info().LValue {
				if form == "auto &" {
					c.fail(pos, "a generic lambda's auto & parameter cannot bind to a temporary")
				}
				t = stripCV(at)
				break
			}
			t = &ctypes.Reference{Elem: at}
		case "const auto &", "const auto &&":
			t = &ctypes.Reference{Elem: withCV(at, true, false)}
		}
		types[i] = t
		key += typeKey(t) + ";"
	}
	if ls.instances[key] != nil {
		return
	}
	nx, err := parser.ParseLambda(c.u.Fset, ls.b, x.Start)
	if err != nil {
		c.errs = append(c.errs, errList(err)...)
		panic(bailout{})
	}
	ft := &ctypes.Func{Const: !x.Mutable}
	for i, v := range nx.Params {
		v.Type = types[i]
		ft.Params = append(ft.Params, ctypes.Param{Name: v.Name, Type: v.Type, Pos: v.Pos})
	}
	if nx.Result != nil {
		ft.Result = nx.Result.Type
	}
	fd := &ctypes.FuncDecl{Name: "operator()", Type: ft, Kind: ctypes.DeviceFunc, Defined: true, Class: ls.st,
		Special: ctypes.OperatorFunc, Operator: ctypes.OpCall, Attrs: []string{"inline"}, Access: ctypes.Public, Pos: x.Lbrack}
	ls.instances[key] = fd
	ls.st.Methods = append(ls.st.Methods, fd)
	fb := &ast.FuncBody{Decl: fd, Params: nx.Params, Body: nx.Body}
	var bodies []*ast.FuncBody
	n := c.operatorChecker(ls.b, ls, fd, fb)
	n.sink = &bodies
	c.checkOperator(n, ft)
	c.addBodies(append(bodies, fb))
}

// operatorChecker is the checker of the call operator fd (body fb) of
// the lambda of scope ls, whose code is in body b: its result is deduced
// from its returns where it declares none.
func (c *checker) operatorChecker(b *cfront.Body, ls *lambdaScope, fd *ctypes.FuncDecl, fb *ast.FuncBody) *checker {
	n := newChecker(c.u, b, fd, fb, c.sizes, c.generic)
	n.lambda, n.deduceResult = ls, fd.Type.Result == nil
	return n
}

// checkOperator checks a call operator with n, its errors c's; a result
// no return gave is void.
func (c *checker) checkOperator(n *checker, ft *ctypes.Func) {
	n.check()
	if len(n.errs) > 0 {
		c.errs = append(c.errs, n.errs...)
		panic(bailout{})
	}
	if ft.Result == nil {
		ft.Result = basic(ctypes.Void)
	}
}

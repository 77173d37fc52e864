package sema

import (
	"go/constant"
	"hash/fnv"
	"strconv"

	"github.com/ptxabi/ptxabi/cfront/ast"
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
// Not supported, each an error: capturing this, init-captures, generic
// lambdas (auto parameters), default arguments, a lambda naming a
// variable of a lambda that encloses it, arrays captured by copy.

// lambdaScope is the state of a checker of a lambda's body.
type lambdaScope struct {
	outer *checker
	x     *ast.Lambda
	st    *ctypes.Struct
	// explicit are the captures listed, by name: true for &name.
	explicit map[string]bool
	fields   map[*ast.Var]*ctypes.Field
	byRef    map[*ast.Var]bool
	order    []*ast.Var
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

// lambdaExpr types a lambda expression: its closure class and call operator,
// the body checked, and the closure object.
func (c *checker) lambdaExpr(x *ast.Lambda) ast.Expr {
	if c.fd.Kind == ctypes.HostFunc {
		c.fail(x.Lbrack, "lambdas in host code are not compiled")
	}
	st := &ctypes.Struct{Tag: c.closureName(), Class: true, Complete: true}
	ls := &lambdaScope{outer: c, x: x, st: st, explicit: map[string]bool{}, fields: map[*ast.Var]*ctypes.Field{}, byRef: map[*ast.Var]bool{}}
	for _, cp := range x.Captures {
		if _, dup := ls.explicit[cp.Name]; dup {
			c.fail(cp.NamePos, "'%s' can appear only once in a capture list", cp.Name)
		}
		if cp.ByRef && x.Default == "&" || !cp.ByRef && x.Default == "=" {
			c.fail(cp.NamePos, "explicit capture of '%s' is the capture default's", cp.Name)
		}
		ls.explicit[cp.Name] = cp.ByRef
		if c.lookupLocal(cp.Name) == nil {
			c.fail(cp.NamePos, "'%s' in capture list does not name a local variable", cp.Name)
		}
	}
	ft := &ctypes.Func{Const: !x.Mutable}
	for _, v := range x.Params {
		ft.Params = append(ft.Params, ctypes.Param{Name: v.Name, Type: v.Type, Pos: v.Pos})
	}
	if x.Result != nil {
		ft.Result = x.Result.Type
	}
	fd := &ctypes.FuncDecl{Name: "operator()", Type: ft, Kind: ctypes.DeviceFunc, Defined: true, Class: st,
		Special: ctypes.OperatorFunc, Operator: ctypes.OpCall, Attrs: []string{"inline"}, Access: ctypes.Public, Pos: x.Lbrack}
	st.Methods = append(st.Methods, fd)
	fb := &ast.FuncBody{Decl: fd, Params: x.Params, Body: x.Body}
	n := &checker{u: c.u, b: c.b, fd: fd, fb: fb, sizes: c.sizes, ptrSize: c.ptrSize,
		labels: map[string]*ast.LabeledStmt{}, overloads: map[*ast.Ident]*overloadSet{}, constVars: map[*ast.Var]constant.Value{},
		lambda: ls, deduceResult: ft.Result == nil}
	n.check()
	if len(n.errs) > 0 {
		c.errs = append(c.errs, n.errs...)
		panic(bailout{})
	}
	if ft.Result == nil {
		ft.Result = basic(ctypes.Void)
	}
	c.root().lambdaBodies = append(c.root().lambdaBodies, append(n.lambdaBodies, fb)...)
	// The closure object: the captured values and addresses.
	il := &ast.InitList{Lbrace: x.Lbrack, Elems: []ast.Expr{}, Rbrace: x.Lbrack}
	for _, v := range ls.order {
		id := &ast.Ident{NamePos: x.Lbrack, Name: v.Name, Obj: v}
		var e ast.Expr = c.expr(id)
		if ls.byRef[v] {
			addr := &ast.Unary{OpPos: x.Lbrack, Op: ast.Addr, X: e}
			e = c.expr(addr)
		} else {
			e = c.initialize(ls.fields[v].Type, e, x.Lbrack)
		}
		il.Elems = append(il.Elems, e)
	}
	setInfo(il, st, false)
	return il
}

// root is the checker of the function that encloses c's lambdas.
func (c *checker) root() *checker {
	for c.lambda != nil {
		c = c.lambda.outer
	}
	return c
}

// capture resolves name, not declared in the lambda, to a variable of
// the enclosing function: the closure's member that holds it (its value)
// or *member (its address). It returns nil when the enclosing function
// has no such variable.
func (c *checker) capture(x *ast.Ident) ast.Expr {
	ls := c.lambda
	v := ls.outer.lookupLocal(x.Name)
	if v == nil {
		if ls.outer.lambda != nil && ls.outer.lambda.outer.lookupLocal(x.Name) != nil {
			c.fail(x.NamePos, "a lambda naming a variable of an enclosing lambda's enclosing function ('%s') is not supported", x.Name)
		}
		return nil
	}
	f := ls.fields[v]
	if f == nil {
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
		if byRef {
			t = &ctypes.Pointer{Elem: t}
		} else if _, isArr := arrayOf(t); isArr {
			c.fail(x.NamePos, "capturing an array ('%s') by copy is not supported", x.Name)
		}
		f = &ctypes.Field{Name: v.Name, Type: t, Pos: v.Pos, Access: ctypes.Public}
		ls.st.Fields = append(ls.st.Fields, f)
		ls.fields[v], ls.byRef[v] = f, byRef
		ls.order = append(ls.order, v)
	}
	this := &ast.This{ThisPos: x.NamePos, Implicit: true}
	setInfo(this, c.fd.ThisType(), false)
	var m ast.Expr = c.member(&ast.Member{X: this, Arrow: true, Dot: x.NamePos, Name: f.Name})
	if ls.byRef[v] {
		return c.expr(&ast.Unary{OpPos: x.NamePos, Op: ast.Deref, X: m})
	}
	if val, ok := ls.outer.constVars[v]; ok {
		m = c.rvalue(m)
		m.Info().Value = val
	}
	return m
}

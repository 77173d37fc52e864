package sema

import (
	"go/constant"
	"go/token"
	"strings"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/cfront/parser"
	"github.com/ptxabi/ptxabi/ctypes"
)

func (c *checker) call(x *ast.Call) ast.Expr {
	if x.Launch != nil {
		if c.fd.Kind != ctypes.HostFunc {
			c.fail(x.Lparen, "a kernel launch in device code (dynamic parallelism) is not supported")
		}
		for i, a := range x.Launch {
			x.Launch[i] = c.rvalue(c.expr(a))
		}
		c.launching = true
		defer func() { c.launching = false }()
	}
	args := make([]ast.Expr, len(x.Args))
	for i, a := range x.Args {
		if _, ok := a.(*ast.InitList); ok {
			args[i] = a // typed once the parameter is known
			continue
		}
		args[i] = c.expr(a)
	}
	switch f := x.Fun.(type) {
	case *ast.Ident:
		c.callee = true
		fun := c.expr(f)
		c.callee = false
		if id, ok := fun.(*ast.Ident); ok {
			if set := c.overloads[id]; set != nil {
				return c.callSet(x, id, set, args)
			}
		}
		if mm, ok := fun.(*ast.Member); ok && mm.I.Type == nil {
			// A member function of the enclosing class, named in a
			// lambda (this->f through the captured this).
			return c.methodCall(x, mm, args)
		}
		return c.indirectCall(x, fun, args)
	case *ast.Member:
		m := c.expr(f)
		mm, ok := m.(*ast.Member)
		if ok && mm.I.Type == nil {
			return c.methodCall(x, mm, args)
		}
		return c.indirectCall(x, m, args)
	}
	return c.indirectCall(x, c.expr(x.Fun), args)
}

// indirectCall is a call through a function pointer (or a function
// lvalue).
func (c *checker) indirectCall(x *ast.Call, fun ast.Expr, args []ast.Expr) ast.Expr {
	fun = c.rvalue(fun)
	t := fun.Info().Type
	p, ok := pointerOf(t)
	var ft *ctypes.Func
	if ok {
		ft, ok = under(p.Elem).(*ctypes.Func)
	}
	if !ok {
		if st, isClass := classOf(t); isClass {
			return c.operatorCall(x.Lparen, ctypes.OpCall, st, append([]ast.Expr{stripConv(fun)}, args...))
		}
		c.fail(x.Lparen, "called object type '%s' is not a function or function pointer", typeStr(t))
	}
	// A direct call of a function named through its pointer.
	if ic, ok := fun.(*ast.ImplicitCast); ok && ic.Kind == ast.FunctionToPointer {
		if id, ok := ic.X.(*ast.Ident); ok {
			if fo, ok := id.Obj.(*ast.Function); ok {
				return c.finishCall(x, id, fo.Decl, nil, args)
			}
		}
	}
	x.Fun = fun
	x.Args = c.convertArgs(ft, args, x.Lparen)
	c.setResult(x, ft.Result)
	return x
}

func (c *checker) setResult(x *ast.Call, res ctypes.Type) {
	if r, ok := refOf(res); ok {
		setInfo(x, r.Elem, !r.RValue)
		return
	}
	setInfo(x, stripCV(res), false)
}

// callSet resolves a call of a named function (overloads, templates).
func (c *checker) callSet(x *ast.Call, id *ast.Ident, set *overloadSet, args []ast.Expr) ast.Expr {
	if len(id.Qual) == 0 && !set.member {
		// Argument-dependent lookup adds the functions of the
		// arguments' classes' namespaces.
		seen := map[*ctypes.FuncDecl]bool{}
		for _, f := range set.funcs {
			seen[f] = true
		}
		for _, a := range args {
			if a.Info().Type == nil {
				continue
			}
			if cl, ok := classOf(a.Info().Type); ok {
				for _, e := range c.adl(cl, id.Name) {
					for _, f := range e.Funcs {
						if !seen[f] {
							seen[f] = true
							set.funcs = append(set.funcs, f)
						}
					}
				}
			}
		}
	}
	if set.adl && len(set.funcs) == 0 {
		c.fail(id.NamePos, "use of undeclared identifier '%s'", id.Name)
	}
	var fd *ctypes.FuncDecl
	switch {
	case set.memberTemplates != nil:
		var err error
		fd, err = c.b.InstantiateMember(set.memberTemplates, id.Name, c.explicitArgs(id.TemplateArgs), c.deductionTypes(args), id.NamePos)
		if err != nil {
			c.errs = append(c.errs, errList(err)...)
			panic(bailout{})
		}
		fd = c.resolve([]*ctypes.FuncDecl{fd}, args, nil, x.Lparen, id.Name)
	case set.templates || id.TemplateArgs != nil:
		fd = c.templateCall(x, id, set, args)
	default:
		fd = c.resolve(set.funcs, args, nil, x.Lparen, id.Name)
	}
	var recv ast.Expr
	if fd.HasThis() {
		if !c.fd.HasThis() {
			c.fail(id.NamePos, "call to non-static member function '%s' without an object", fd.Name)
		}
		this := &ast.This{ThisPos: id.NamePos, Implicit: true}
		setInfo(this, c.fd.ThisType(), false)
		recv = this
		thisConst := isConst(c.fd.ThisType().(*ctypes.Pointer).Elem)
		if thisConst && !fd.Type.Const {
			c.fail(id.NamePos, "calling non-const member function '%s' from a const member function", fd.Name)
		}
		if owner := fd.Class; owner != c.fd.Class {
			path, ok := isDerivedFrom(c.fd.Class, owner)
			if !ok {
				c.fail(id.NamePos, "'%s' is not a member of a base of '%s'", fd.QualifiedName(), c.fd.Class.Name())
			}
			ic := &ast.ImplicitCast{Kind: ast.DerivedToBase, X: recv, Path: path}
			setInfo(ic, &ctypes.Pointer{Elem: withCV(owner, thisConst, false)}, false)
			recv = ic
		}
	}
	return c.finishCall(x, id, fd, recv, args)
}

// methodCall is obj.f(args) or p->f(args).
func (c *checker) methodCall(x *ast.Call, m *ast.Member, args []ast.Expr) ast.Expr {
	var objT ctypes.Type
	var recv ast.Expr
	if m.Arrow {
		p, _ := pointerOf(m.X.Info().Type)
		objT, recv = p.Elem, m.X
	} else {
		objT = m.X.Info().Type
		addr := &ast.Unary{OpPos: m.Dot, Op: ast.Addr, X: m.X}
		setInfo(addr, &ctypes.Pointer{Elem: objT}, false)
		recv = addr
	}
	st, _ := classOf(objT)
	ms := findMethods(c.memberClass(m, st), m.Name)
	if m.TemplateArgs != nil {
		// s.tr<true, false>(x): the member template's instance.
		fd, err := c.b.InstantiateMember(c.memberClass(m, st), m.Name, c.explicitArgs(m.TemplateArgs), c.deductionTypes(args), m.Dot)
		if err != nil {
			c.errs = append(c.errs, errList(err)...)
			panic(bailout{})
		}
		ms = []*ctypes.FuncDecl{fd}
	}
	objConst := isConst(objT)
	var cands []*ctypes.FuncDecl
	for _, f := range ms {
		if objConst && f.HasThis() && !f.Type.Const {
			continue
		}
		cands = append(cands, f)
	}
	if len(cands) == 0 {
		c.fail(m.Dot, "'this' argument to member function '%s' has type '%s', but function is not marked const", m.Name, typeStr(objT))
	}
	fd := c.resolve(cands, args, &objConst, x.Lparen, m.Name)
	m.Method = fd
	if !fd.HasThis() {
		recv = nil
	} else if owner := fd.Class; owner != st {
		if path, ok := isDerivedFrom(st, owner); ok {
			ic := &ast.ImplicitCast{Kind: ast.DerivedToBase, X: recv, Path: path}
			setInfo(ic, &ctypes.Pointer{Elem: withCV(owner, objConst, false)}, false)
			recv = ic
		}
	}
	return c.finishCall(x, m, fd, recv, args)
}

// finishCall checks the chosen function's execution space, converts the
// arguments and types the call.
func (c *checker) finishCall(x *ast.Call, fun ast.Expr, fd *ctypes.FuncDecl, recv ast.Expr, args []ast.Expr) ast.Expr {
	if fd.Virtual && recv != nil && !staticDispatch(fun, recv) {
		c.fail(x.Lparen, "virtual call of '%s' through a pointer or reference is not supported (no dynamic dispatch; call it qualified, %s, or on an object)", fd.QualifiedName(), fd.QualifiedName())
	}
	c.checkSpace(fd, x.Lparen)
	if id, ok := fun.(*ast.Ident); ok {
		id.Obj = &ast.Function{Decl: fd}
		setInfo(id, fd.Type, true)
	} else if m, ok := fun.(*ast.Member); ok {
		setInfo(m, fd.Type, true)
	}
	x.Fun, x.Func, x.Recv = fun, fd, recv
	x.Args = c.convertArgs(fd.Type, args, x.Lparen)
	if !fd.Defined && len(fd.Scope) == 0 && c.u.InBuiltinHeader(fd.Pos) && IsBuiltin(fd.Name) {
		x.Builtin = fd.Name
	}
	c.setResult(x, fd.Type.Result)
	if !x.I.LValue {
		c.checkDtor(x.I.Type, x.Lparen)
	}
	if fd.HasAttr("constexpr") && recv == nil {
		c.foldConstexpr(x)
	}
	return x
}

// foldConstexpr gives a call of a constexpr function on integral
// constants its value, when the front end can evaluate it: the call is
// then a constant expression (a case label, a template argument).
func (c *checker) foldConstexpr(x *ast.Call) {
	if !isInteger(x.I.Type) && !isEnum(x.I.Type) {
		return
	}
	args := make([]int64, len(x.Args))
	unsigned := make([]bool, len(x.Args))
	for i, a := range x.Args {
		n, ok := intValue(a)
		if !ok || !isInteger(a.Info().Type) && !isEnum(a.Info().Type) {
			return
		}
		k, _ := kindOf(a.Info().Type)
		args[i], unsigned[i] = n, !k.IsSigned()
	}
	v, isUnsigned, err := c.b.EvalConstexpr(x.Func, args, unsigned)
	if err != nil {
		return
	}
	if isUnsigned && v < 0 {
		x.I.Value = c.convertValue(constant.MakeUint64(uint64(v)), x.I.Type)
		return
	}
	x.I.Value = c.convertValue(constant.MakeInt64(v), x.I.Type)
}

// checkSpace reports calls that nvcc rejects from device code.
func (c *checker) checkSpace(fd *ctypes.FuncDecl, pos token.Pos) {
	if c.launching {
		c.launching = false
		if fd.Kind != ctypes.GlobalFunc {
			c.fail(pos, "'%s' is not a __global__ function: it cannot be launched", fd.QualifiedName())
		}
		return
	}
	if c.fd.Kind == ctypes.HostFunc {
		if fd.Kind == ctypes.GlobalFunc {
			c.fail(pos, "a __global__ function call must be configured ('%s')", fd.QualifiedName())
		}
		return
	}
	if c.fd.HasAttr("host") && fd.Kind == ctypes.HostFunc {
		// A __host__ __device__ function may call a host function: nvcc
		// rejects it only where the device side is compiled, which the
		// code generator reports when it lowers the call.
		return
	}
	switch fd.Kind {
	case ctypes.HostFunc:
		c.fail(pos, "calling a __host__ function(\"%s\") from a __%s__ function(\"%s\") is not allowed", fd.QualifiedName(), map[bool]string{true: "global", false: "device"}[c.fd.Kind == ctypes.GlobalFunc], c.fd.QualifiedName())
	case ctypes.GlobalFunc:
		c.fail(pos, "a __global__ function call must be configured ('%s')", fd.QualifiedName())
	}
}

// convertArgs converts arguments to the parameter types of ft.
func (c *checker) convertArgs(ft *ctypes.Func, args []ast.Expr, pos token.Pos) []ast.Expr {
	if len(args) < len(ft.Params) {
		if len(args) < c.minArgs(ft) {
			c.fail(pos, "too few arguments to function call, expected %d, have %d", c.minArgs(ft), len(args))
		}
		args = append([]ast.Expr(nil), args...)
		for i := len(args); i < len(ft.Params); i++ {
			args = append(args, c.defaultArg(ft.Params[i], pos))
		}
	}
	if len(args) > len(ft.Params) && !ft.Variadic {
		c.fail(pos, "too many arguments to function call, expected %d, have %d", len(ft.Params), len(args))
	}
	out := make([]ast.Expr, len(args))
	for i, a := range args {
		if i >= len(ft.Params) {
			out[i] = c.varArg(a)
			continue
		}
		pt := ft.Params[i].Type
		if il, ok := a.(*ast.InitList); ok {
			out[i] = c.initialize(nonRef(pt), il, il.Lbrace)
			continue
		}
		if r, ok := refOf(pt); ok {
			out[i] = c.bindRef(a, r, a.Pos())
			continue
		}
		out[i] = c.convert(c.rvalue(a), stripCV(pt), false)
	}
	return out
}

// varArg applies the default argument promotions to an argument of
// '...'.
func (c *checker) varArg(a ast.Expr) ast.Expr {
	if _, ok := a.(*ast.InitList); ok {
		c.fail(a.Pos(), "a braced list cannot be passed to '...'")
	}
	a = c.rvalue(a)
	t := a.Info().Type
	if k, ok := kindOf(t); ok {
		switch {
		case k == ctypes.Float || k == ctypes.Half || k == ctypes.BFloat16:
			return c.convert(a, basic(ctypes.Double), false)
		case k.IsInteger():
			return c.promote(a)
		}
	}
	if _, ok := classOf(t); ok {
		c.fail(a.Pos(), "passing an object of class type '%s' through '...' is not supported", typeStr(t))
	}
	if _, ok := vectorOf(t); ok {
		c.fail(a.Pos(), "passing an object of vector type '%s' through '...' is not supported", typeStr(t))
	}
	return a
}

// resolve picks the best viable function of cands for args (C++
// [over.match]): the one whose every argument converts at least as well
// as with any other, and one better. objConst, for member functions,
// prefers const ones on a const object.
func (c *checker) resolve(cands []*ctypes.FuncDecl, args []ast.Expr, objConst *bool, pos token.Pos, name string) *ctypes.FuncDecl {
	best, _, ambiguous := c.bestViable(cands, args, objConst)
	if best == nil {
		var ts []string
		for _, a := range args {
			if _, ok := a.(*ast.InitList); ok {
				ts = append(ts, "{...}")
			} else {
				ts = append(ts, typeStr(a.Info().Type))
			}
		}
		if len(cands) == 1 && (len(args) < c.minArgs(cands[0].Type) || len(args) > len(cands[0].Type.Params) && !cands[0].Type.Variadic) {
			c.fail(pos, "no matching function for call to '%s(%s)': it takes %d arguments", name, strings.Join(ts, ", "), len(cands[0].Type.Params))
		}
		c.fail(pos, "no matching function for call to '%s(%s)'", name, strings.Join(ts, ", "))
	}
	if ambiguous {
		c.fail(pos, "call to '%s' is ambiguous", name)
	}
	return best
}

func (c *checker) bestViable(cands []*ctypes.FuncDecl, args []ast.Expr, objConst *bool) (best *ctypes.FuncDecl, bestRanks []int, ambiguous bool) {
	type viable struct {
		fd    *ctypes.FuncDecl
		ranks []int
		// quals are, per argument, 1 where an exact match adds
		// cv-qualifiers (a reference or pointer to a more qualified
		// type): the tie-breaker of [over.ics.rank] 3.2.5-3.2.6.
		quals []int
	}
	var vs []viable
	for _, fd := range cands {
		ft := fd.Type
		if objConst != nil && *objConst && fd.HasThis() && !ft.Const {
			continue // a non-const member function on a const object
		}
		if len(args) < c.minArgs(ft) || len(args) > len(ft.Params) && !ft.Variadic {
			continue
		}
		ranks := make([]int, 0, len(args)+1)
		quals := make([]int, len(args))
		ok := true
		for i, a := range args {
			r := 4 // an ellipsis conversion
			if i < len(ft.Params) {
				if il, isList := a.(*ast.InitList); isList && il.Info().Type == nil {
					r = c.listRank(il, ft.Params[i].Type)
				} else {
					r = c.convRank(a, ft.Params[i].Type)
					if r == 0 && addsCV(a.Info().Type, ft.Params[i].Type) {
						quals[i] = 1
					}
				}
			}
			if r < 0 {
				ok = false
				break
			}
			ranks = append(ranks, r)
		}
		if !ok {
			continue
		}
		if objConst != nil && fd.HasThis() {
			// The implicit object: binding a non-const object to a
			// const member function is a qualification adjustment.
			r := 0
			if !*objConst && fd.Type.Const {
				r = 1
			}
			ranks = append(ranks, r)
		} else if objConst != nil {
			ranks = append(ranks, 0)
		}
		vs = append(vs, viable{fd, ranks, quals})
	}
	if len(vs) == 0 {
		return nil, nil, false
	}
	better := func(a, b []int) bool {
		strictly := false
		for i := range a {
			if a[i] > b[i] {
				return false
			}
			if a[i] < b[i] {
				strictly = true
			}
		}
		return strictly
	}
	same := func(a, b []int) bool {
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	betterViable := func(a, b viable) bool {
		return better(a.ranks, b.ranks) || same(a.ranks, b.ranks) && better(a.quals, b.quals)
	}
	bi := 0
	for i := 1; i < len(vs); i++ {
		if betterViable(vs[i], vs[bi]) {
			bi = i
		}
	}
	for i := range vs {
		if i != bi && !betterViable(vs[bi], vs[i]) {
			return vs[bi].fd, vs[bi].ranks, true
		}
	}
	return vs[bi].fd, vs[bi].ranks, false
}

// addsCV reports whether passing an argument of type from for a
// parameter of type to binds a reference, or converts a pointer, to a
// more cv-qualified type.
func addsCV(from, to ctypes.Type) bool {
	if r, ok := refOf(to); ok {
		return dropsCV(r.Elem, from)
	}
	fp, ok1 := pointerOf(from)
	tp, ok2 := pointerOf(to)
	if a, ok := arrayOf(from); ok {
		fp, ok1 = &ctypes.Pointer{Elem: a.Elem}, true
	}
	return ok1 && ok2 && dropsCV(tp.Elem, fp.Elem)
}

func (c *checker) listRank(il *ast.InitList, pt ctypes.Type) int {
	t := nonRef(pt)
	if _, ok := classOf(t); ok {
		return 3
	}
	if _, ok := vectorOf(t); ok {
		return 3
	}
	if isScalar(t) && len(il.Elems) <= 1 {
		return 2
	}
	return -1
}

// templateCall instantiates the function template a call names, with
// its explicit arguments and the ones deduced from the call's argument
// types; a non-template function that matches exactly is preferred.
func (c *checker) templateCall(x *ast.Call, id *ast.Ident, set *overloadSet, args []ast.Expr) *ctypes.FuncDecl {
	if id.TemplateArgs == nil && len(set.funcs) > 0 {
		best, ranks, amb := c.bestViable(set.funcs, args, nil)
		exact := best != nil && !amb
		for _, r := range ranks {
			if r != 0 {
				exact = false
			}
		}
		if exact {
			return best
		}
	}
	targs := c.explicitArgs(id.TemplateArgs)
	argTypes := c.deductionTypes(args)
	fd, err := c.b.InstantiateCall(set.qual, set.name, targs, argTypes, id.NamePos)
	if err != nil {
		if len(set.funcs) > 0 {
			return c.resolve(set.funcs, args, nil, x.Lparen, id.Name)
		}
		c.errs = append(c.errs, errList(err)...)
		panic(bailout{})
	}
	return fd
}

// explicitArgs are a call's explicit template arguments, types and
// integral constants.
func (c *checker) explicitArgs(written []ast.TemplateArg) []ctypes.TemplateArg {
	var targs []ctypes.TemplateArg
	for _, a := range written {
		if a.Type != nil {
			targs = append(targs, ctypes.TypeArgOf(canon(c.typeName(a.Type))))
			continue
		}
		e := c.expr(a.Expr)
		if fd := addressedFunc(e); fd != nil {
			// A function as the argument of a parameter of
			// pointer-to-function type: blockReduce<warpReduceSum>(x).
			targs = append(targs, ctypes.TemplateArg{Kind: ctypes.AddrArg, Func: fd, ValueType: &ctypes.Pointer{Elem: fd.Type}})
			continue
		}
		e = c.rvalue(e)
		v, ok := intValue(e)
		if !ok {
			c.fail(a.Expr.Pos(), "a template argument must be an integral constant expression or a function")
		}
		targs = append(targs, ctypes.ValueArgOf(e.Info().Type, v))
	}
	return targs
}

// addressedFunc is the function that e names, or whose address it takes
// (f, &f, ns::f: one function of the name), or nil.
func addressedFunc(e ast.Expr) *ctypes.FuncDecl {
	if u, ok := e.(*ast.Unary); ok && u.Op == ast.Addr {
		e = u.X
	}
	if ic, ok := e.(*ast.ImplicitCast); ok && ic.Kind == ast.FunctionToPointer {
		e = ic.X
	}
	if id, ok := e.(*ast.Ident); ok {
		if f, ok := id.Obj.(*ast.Function); ok && !f.Decl.HasThis() {
			return f.Decl
		}
	}
	return nil
}

// deductionTypes are the types that a function template's arguments are
// deduced from: the call's argument types, arrays and functions decayed
// to pointers, cv-qualifiers dropped.
func (c *checker) deductionTypes(args []ast.Expr) []ctypes.Type {
	var argTypes []ctypes.Type
	for i, a := range args {
		if il, ok := a.(*ast.InitList); ok && il.Info().Type == nil && il.Type != nil {
			// A functional cast, T() or T{...} (cg::plus<int>()): a
			// temporary of T.
			args[i] = c.expr(il)
			a = args[i]
		}
		if il, ok := a.(*ast.InitList); ok && il.Info().Type == nil {
			c.fail(a.Pos(), "a braced list argument of a function template call is not supported")
		}
		t := a.Info().Type
		if a, ok := arrayOf(t); ok {
			t = &ctypes.Pointer{Elem: a.Elem}
		} else if isFuncType(t) {
			t = &ctypes.Pointer{Elem: t}
		}
		argTypes = append(argTypes, canon(stripCV(t)))
	}
	return argTypes
}

// operatorCall resolves an operator on a class operand to a member or
// non-member operator function.
func (c *checker) operatorCall(pos token.Pos, op ctypes.Operator, st *ctypes.Struct, operands []ast.Expr) ast.Expr {
	if ls := c.generic[st]; ls != nil && op == ctypes.OpCall {
		c.instantiateLambda(ls, operands[1:], pos)
	}
	spelling := ctypes.Operators[op].Spelling
	name := "operator" + spelling
	var cands []*ctypes.FuncDecl
	var memberCands []*ctypes.FuncDecl
	if st != nil {
		for _, m := range findMethods(st, name) {
			if len(m.Type.Params) == len(operands)-1 {
				memberCands = append(memberCands, m)
			}
		}
	}
	seen := map[*ctypes.FuncDecl]bool{}
	addFuncs := func(e *cfront.Entity) {
		if e == nil {
			return
		}
		for _, f := range e.Funcs {
			if len(f.Type.Params) == len(operands) && !seen[f] {
				seen[f] = true
				cands = append(cands, f)
			}
		}
	}
	addFuncs(c.b.Lookup(nil, name))
	// Argument-dependent lookup: the namespaces of the operands' classes
	// (friends defined in a class live there).
	for _, o := range operands {
		if cl, ok := classOf(o.Info().Type); ok {
			for _, e := range c.adl(cl, name) {
				addFuncs(e)
			}
		}
	}
	for _, o := range operands {
		if il, ok := o.(*ast.InitList); ok && il.Info().Type == nil {
			c.fail(il.Lbrace, "a braced list operand of an overloaded operator is not supported")
		}
	}
	// Operator function templates (template <class T> iv<T>
	// operator-(const iv<T> &, const iv<T> &)), found as the functions
	// are: their instances for the operands' types.
	argTypes := c.deductionTypes(operands)
	addTemplates := func(qual []string) {
		if e := c.b.Lookup(qual, name); e == nil || !e.FuncTemplates {
			return
		}
		fd, err := c.b.InstantiateCall(qual, name, nil, argTypes, pos)
		if err == nil && len(fd.Type.Params) == len(operands) && !seen[fd] {
			seen[fd] = true
			cands = append(cands, fd)
		}
	}
	addTemplates(nil)
	for _, o := range operands {
		if cl, ok := classOf(o.Info().Type); ok && len(cl.Scope) > 0 && cl.Parent == nil {
			addTemplates(cl.Scope)
		}
	}
	objConst := isConst(operands[0].Info().Type)
	var mb *ctypes.FuncDecl
	var mranks []int
	var mamb bool
	if len(memberCands) > 0 {
		mb, mranks, mamb = c.bestViable(memberCands, operands[1:], &objConst)
	}
	nb, nranks, namb := c.bestViable(cands, operands, nil)
	var fd *ctypes.FuncDecl
	member := false
	switch {
	case mb != nil && nb != nil:
		// Compare the object's rank (0) with the non-member's first.
		mr := append([]int{0}, mranks[:len(mranks)-1]...)
		if betterRanks(mr, nranks) {
			fd, member = mb, true
		} else if betterRanks(nranks, mr) {
			fd = nb
		} else {
			c.fail(pos, "use of overloaded operator '%s' is ambiguous", spelling)
		}
	case mb != nil:
		if mamb {
			c.fail(pos, "use of overloaded operator '%s' is ambiguous", spelling)
		}
		fd, member = mb, true
	case nb != nil:
		if namb {
			c.fail(pos, "use of overloaded operator '%s' is ambiguous", spelling)
		}
		fd = nb
	default:
		var ts []string
		for _, o := range operands {
			ts = append(ts, typeStr(o.Info().Type))
		}
		c.fail(pos, "no viable overloaded operator '%s' for operands of type %s", spelling, strings.Join(ts, " and "))
	}
	id := &ast.Ident{NamePos: pos, Name: fd.Name}
	x := &ast.Call{Fun: id, Lparen: pos, Operator: true}
	var recv ast.Expr
	args := operands
	if member {
		obj := operands[0]
		addr := &ast.Unary{OpPos: pos, Op: ast.Addr, X: obj}
		setInfo(addr, &ctypes.Pointer{Elem: obj.Info().Type}, false)
		recv = addr
		if owner := fd.Class; st != nil && owner != st {
			if path, ok := isDerivedFrom(st, owner); ok {
				ic := &ast.ImplicitCast{Kind: ast.DerivedToBase, X: recv, Path: path}
				setInfo(ic, &ctypes.Pointer{Elem: withCV(owner, objConst, false)}, false)
				recv = ic
			}
		}
		args = operands[1:]
	}
	return c.finishCall(x, id, fd, recv, args)
}

func betterRanks(a, b []int) bool {
	strictly := false
	for i := range a {
		if i >= len(b) {
			break
		}
		if a[i] > b[i] {
			return false
		}
		if a[i] < b[i] {
			strictly = true
		}
	}
	return strictly
}

// ---------------------------------------------------------------------
// Initialization.

// initialize types init as the initializer of an object of type t.
func (c *checker) initialize(t ctypes.Type, init ast.Expr, pos token.Pos) ast.Expr {
	il, isList := init.(*ast.InitList)
	if isList && il.Info().Type != nil {
		return il
	}
	if !isList {
		e := c.expr(init)
		if r, ok := under(t).(*ctypes.Reference); ok {
			// A reference member of an aggregate binds.
			return c.bindRef(e, r, pos)
		}
		if a, ok := arrayOf(t); ok {
			if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == ast.StringLit {
				if k, ok := kindOf(a.Elem); ok && (k == ctypes.Char || k == ctypes.SChar || k == ctypes.UChar) {
					sa, _ := arrayOf(lit.Info().Type)
					if !a.Unsized && sa.Len > a.Len+1 {
						c.fail(pos, "initializer-string for char array is too long")
					}
					return lit
				}
			}
			c.fail(pos, "array initializer must be an initializer list")
		}
		if st, ok := classOf(t); ok {
			if es, ok := classOf(e.Info().Type); ok && (sameClass(es, st) || derives(es, st)) {
				if hasUserCopy(st) && (e.Info().LValue || isXValue(e)) {
					// T x = y: y's object is copied (or moved) by
					// the constructor; a temporary is x itself.
					return c.construct(st, &ast.InitList{Lbrace: pos, Elems: []ast.Expr{e}, Paren: true}, pos, true)
				}
				return c.convert(c.rvalue(e), stripCV(t), false)
			}
			return c.construct(st, &ast.InitList{Lbrace: pos, Elems: []ast.Expr{e}, Paren: true}, pos, true)
		}
		return c.convert(c.rvalue(e), stripCV(t), false)
	}
	if il.Type != nil {
		t = c.typeName(il.Type)
	}
	if st, ok := classOf(t); ok {
		if hasCtors(st) || il.Paren {
			return c.construct(st, il, il.Lbrace, false)
		}
	}
	if il.Paren {
		switch len(il.Elems) {
		case 0:
			// T(): value-initialization, zero for a scalar
			// ([dcl.init]).
			setInfo(il, stripCV(t), false)
			if isScalar(t) {
				il.I.Value = c.convertValue(constant.MakeInt64(0), t)
			}
			return il
		case 1:
			return c.initialize(t, il.Elems[0], pos)
		}
		c.fail(il.Lbrace, "excess elements in a scalar initializer")
	}
	if isScalar(t) {
		switch len(il.Elems) {
		case 0:
			setInfo(il, stripCV(t), false)
			il.I.Value = c.convertValue(constant.MakeInt64(0), t)
			return il
		case 1:
			if _, nested := il.Elems[0].(*ast.InitList); nested {
				c.fail(il.Lbrace, "too many braces around scalar initializer")
			}
			return c.initialize(t, il.Elems[0], pos)
		}
		c.fail(il.Elems[1].Pos(), "excess elements in scalar initializer")
	}
	i := 0
	out := c.aggregate(t, il.Elems, &i, il.Lbrace)
	if i < len(il.Elems) {
		c.fail(il.Elems[i].Pos(), "excess elements in initializer of '%s'", typeStr(t))
	}
	out.(*ast.InitList).Lbrace, out.(*ast.InitList).Rbrace = il.Lbrace, il.Rbrace
	return out
}

func derives(d, b *ctypes.Struct) bool { _, ok := isDerivedFrom(d, b); return ok }

func hasCtors(st *ctypes.Struct) bool {
	for _, m := range st.Methods {
		if m.Special == ctypes.Constructor && !m.Implicit {
			return true
		}
	}
	return false
}

// elemClassOf is the class of t, or of its elements when t is an array
// (of arrays) of a class.
func elemClassOf(t ctypes.Type) (*ctypes.Struct, bool) { return ctypes.ElemClass(t) }

// constructs reports whether default-initializing an object of st runs a
// constructor: one it declares, or its implicit one.
func constructs(st *ctypes.Struct) bool { return hasCtors(st) || implicitCtor(st) != nil }

// implicitCtor is the default constructor the front end defined for st
// (ctypes.FuncDecl.Implicit), or nil. A class that has one and no other
// is still an aggregate.
func implicitCtor(st *ctypes.Struct) *ctypes.FuncDecl {
	for _, m := range st.Methods {
		if m.Implicit {
			return m
		}
	}
	return nil
}

// defaultInit is the initialization of member f of class st by its
// default member initializer, typed where the member is initialized: in
// a constructor of st (whose this the initializer may read), or, with
// aggregate, in aggregate initialization at pos, where an initializer
// that names another member of st is an error (it would read the object
// being initialized, which has no this there).
func (c *checker) defaultInit(f *ctypes.Field, st *ctypes.Struct, pos token.Pos, aggregate bool) ast.Expr {
	b := c.u.DefaultInits[f]
	if b == nil {
		c.fail(pos, "the default member initializer of '%s' is not available", f.Name)
	}
	x := c.parseInit(b)
	if aggregate {
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && (findField(st, id.Name) != nil || len(findMethods(st, id.Name)) > 0) {
				c.fail(id.NamePos, "the default member initializer of '%s' names member '%s': ptxabi cc runs such an initializer in a constructor only, not in the aggregate initialization at %s",
					f.Name, id.Name, c.u.Fset.Position(pos))
			}
			return true
		})
	}
	return c.checkInScopeOf(b, func(sub *checker) ast.Expr {
		if r, ok := refOf(f.Type); ok {
			return sub.bindRef(sub.expr(x), r, x.Pos())
		}
		return sub.initialize(f.Type, x, x.Pos())
	})
}

// parseInit parses the initializer whose tokens b holds where it was
// written (a default member initializer, a default argument); a syntax
// error is c's.
func (c *checker) parseInit(b *cfront.Body) ast.Expr {
	x, err := parser.ParseInit(c.u.Fset, b)
	if err != nil {
		c.errs = append(c.errs, errList(err)...)
		panic(bailout{})
	}
	return x
}

// checkInScopeOf types an initializer of b (parseInit) with check, run
// by a checker of b's scope (the class's or the function's declaration,
// not the code that uses it); its errors are c's.
func (c *checker) checkInScopeOf(b *cfront.Body, check func(sub *checker) ast.Expr) ast.Expr {
	sub := newChecker(c.u, b, c.fd, c.fb, c.sizes, nil)
	sub.push()
	var e ast.Expr
	sub.guard(func() { e = check(sub) })
	if len(sub.errs) > 0 || e == nil {
		c.errs = append(c.errs, sub.errs...)
		panic(bailout{})
	}
	return e
}

// isAggregate reports whether t is initialized member by member from a
// list: arrays, vector types, classes without constructors or bases.
func isAggregate(t ctypes.Type) bool {
	switch u := under(t).(type) {
	case *ctypes.Array, *ctypes.Vector:
		return true
	case *ctypes.Struct:
		return !hasCtors(u)
	}
	return false
}

// aggregate consumes from elems (from *i) the initializers of an object
// of aggregate type t, with C's brace elision, and returns them as a
// typed InitList (trailing members without an initializer are
// zero-initialized: the list may be shorter than the members).
func (c *checker) aggregate(t ctypes.Type, elems []ast.Expr, i *int, pos token.Pos) ast.Expr {
	out := &ast.InitList{Lbrace: pos, Elems: []ast.Expr{}}
	setInfo(out, stripCV(t), false)
	add := func(et ctypes.Type) {
		out.Elems = append(out.Elems, c.initElem(et, elems, i))
	}
	switch u := under(t).(type) {
	case *ctypes.Array:
		n := int64(0)
		for ; (u.Unsized || n < u.Len) && *i < len(elems); n++ {
			add(u.Elem)
		}
		if st, ok := elemClassOf(u.Elem); ok && !u.Unsized && n < u.Len && !st.Union && ctypes.HasDefaultInits(st.Fields) {
			// The elements left, of a class with default member
			// initializers: each from {}.
			if u.Len > 4096 {
				c.fail(pos, "an array of %d elements of '%s', which has default member initializers, initialized by a list is not supported", u.Len, st.Name())
			}
			for ; n < u.Len; n++ {
				out.Elems = append(out.Elems, c.initialize(u.Elem, &ast.InitList{Lbrace: pos, Elems: []ast.Expr{}}, pos))
			}
		}
	case *ctypes.Vector:
		for n := 0; n < u.Len && *i < len(elems); n++ {
			add(basic(u.Elem))
		}
	case *ctypes.Struct:
		if len(u.Bases) > 0 {
			c.fail(pos, "aggregate initialization of a class with base classes is not supported")
		}
		for k, f := range u.Fields {
			if *i >= len(elems) {
				// The members left: by their default member
				// initializers, and those without one from {}
				// (value-initialized), up to the last that has one.
				switch {
				case !u.Union && ctypes.HasDefaultInits(u.Fields[k:]):
					c.defaultInits(out, u, u.Fields[k:], pos)
				case u.Union && k == 0 && ctypes.HasDefaultInits(u.Fields):
					// A union's member with a default initializer:
					// the first one only, which a list initializes.
					if !ctypes.HasDefaultInits(u.Fields[:1]) {
						c.fail(pos, "a default member initializer on a union's member other than its first is not supported")
					}
					c.defaultInits(out, u, u.Fields[:1], pos)
				}
				break
			}
			if f.BitField && f.Name == "" {
				continue
			}
			add(f.Type)
			if u.Union {
				break
			}
		}
	default:
		c.fail(pos, "cannot initialize '%s' with a list", typeStr(t))
	}
	return out
}

// defaultInits appends to out the initializers of the members fs, which
// an aggregate initializer list does not give: their default member
// initializers, and value-initialization for the others, up to the last
// member that has (or contains) one.
func (c *checker) defaultInits(out *ast.InitList, st *ctypes.Struct, fs []*ctypes.Field, pos token.Pos) {
	last := -1
	for k, f := range fs {
		if ctypes.HasDefaultInits([]*ctypes.Field{f}) {
			last = k
		}
	}
	for _, f := range fs[:last+1] {
		if f.BitField && f.Name == "" {
			continue
		}
		if f.DefaultInit {
			out.Elems = append(out.Elems, c.defaultInit(f, st, pos, true))
			continue
		}
		out.Elems = append(out.Elems, c.initialize(f.Type, &ast.InitList{Lbrace: pos, Elems: []ast.Expr{}}, pos))
	}
}

// initElem initializes one element of an aggregate from elems[*i],
// eliding braces for a sub-aggregate initialized by its scalars.
func (c *checker) initElem(et ctypes.Type, elems []ast.Expr, i *int) ast.Expr {
	e := elems[*i]
	if il, ok := e.(*ast.InitList); ok && il.Info().Type == nil && il.Type == nil {
		*i++
		return c.initialize(et, il, il.Lbrace)
	}
	if isAggregate(et) {
		e = c.expr(e)
		elems[*i] = e
		if sameUnqual(e.Info().Type, et) {
			*i++
			return c.initialize(et, e, e.Pos())
		}
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == ast.StringLit {
			if _, isArr := arrayOf(et); isArr {
				*i++
				return c.initialize(et, e, e.Pos())
			}
		}
		return c.aggregate(et, elems, i, e.Pos())
	}
	*i++
	return c.initialize(et, e, e.Pos())
}

// flatCount is the number of elements of an unsized array of elem that
// list initializes.
func (c *checker) flatCount(elem ctypes.Type, list *ast.InitList) int64 {
	per := scalarCount(elem)
	var n int64
	for i := 0; i < len(list.Elems); n++ {
		if _, ok := list.Elems[i].(*ast.InitList); ok || per <= 1 {
			i++
			continue
		}
		i += int(per)
	}
	return n
}

func scalarCount(t ctypes.Type) int64 {
	switch u := under(t).(type) {
	case *ctypes.Array:
		return u.Len * scalarCount(u.Elem)
	case *ctypes.Vector:
		return int64(u.Len)
	case *ctypes.Struct:
		if hasCtors(u) {
			return 1
		}
		var n int64
		for _, f := range u.Fields {
			if f.BitField && f.Name == "" {
				continue
			}
			n += scalarCount(f.Type)
			if u.Union {
				break
			}
		}
		return n
	}
	return 1
}

// construct initializes an object of class st with a constructor (or,
// for a class without one, by copy, value-initialization or aggregate
// initialization).
func (c *checker) construct(st *ctypes.Struct, list *ast.InitList, pos token.Pos, implicitOnly bool) ast.Expr {
	// destroyed: this object is the local variable being initialized,
	// which the code generator destroys (destroyedLocal, destroyed); its
	// arguments are not.
	destroyed := c.initDestroyed
	c.initDestroyed = false
	args := make([]ast.Expr, len(list.Elems))
	for i, e := range list.Elems {
		if _, ok := e.(*ast.InitList); ok {
			args[i] = e
			continue
		}
		args[i] = c.expr(e)
	}
	if len(args) == 1 {
		if es, ok := classOf(args[0].Info().Type); ok && (sameClass(es, st) || derives(es, st)) && !hasUserCopy(st) {
			return c.convert(c.rvalue(args[0]), st, false)
		}
	}
	var ctors []*ctypes.FuncDecl
	for _, m := range st.Methods {
		if m.Special == ctypes.Constructor && !m.Deleted {
			ctors = append(ctors, m)
		}
	}
	if len(ctors) == 0 {
		if list.Paren && len(args) == 0 {
			setInfo(list, st, false)
			return list
		}
		if !list.Paren {
			i := 0
			out := c.aggregate(st, args, &i, list.Lbrace)
			if i < len(args) {
				c.fail(args[i].Pos(), "excess elements in initializer of '%s'", st.Name())
			}
			return out
		}
		if len(args) == 1 {
			if as, ok := classOf(args[0].Info().Type); ok {
				// (T)x of a class with a conversion function to T.
				if call := c.conversionCall(args[0], as, st, true); call != nil {
					return call
				}
			}
		}
		c.fail(pos, "no matching constructor for initialization of '%s'", st.Name())
	}
	if !destroyed {
		c.checkDtor(st, pos)
	}
	fd := c.resolve(ctors, args, nil, pos, st.Name())
	if implicitOnly && fd.HasAttr("explicit") {
		c.fail(pos, "constructor of '%s' is explicit", st.Name())
	}
	id := &ast.Ident{NamePos: pos, Name: st.Tag}
	call := &ast.Call{Fun: id, Lparen: pos, Ctor: true}
	c.checkSpace(fd, pos)
	id.Obj = &ast.Function{Decl: fd}
	setInfo(id, fd.Type, true)
	call.Func = fd
	call.Args = c.convertArgs(fd.Type, args, pos)
	setInfo(call, st, false)
	return call
}

// isXValue reports whether e is an xvalue ([basic.lval]): an object
// about to expire, named by a cast to an rvalue reference
// (static_cast<T &&>(x), which sema marks an lvalue, as it has an
// address) or a call of a function returning one (std::move(x)).
func isXValue(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Cast:
		if e.Type != nil {
			if r, ok := refOf(e.Type.Type); ok && r.RValue {
				return true
			}
		}
	case *ast.Call:
		if e.Func != nil {
			if r, ok := refOf(e.Func.Type.Result); ok && r.RValue {
				return true
			}
		}
	}
	return false
}

func hasUserCopy(st *ctypes.Struct) bool {
	for _, m := range st.Methods {
		if m.Special == ctypes.Constructor && len(m.Type.Params) == 1 {
			if r, ok := refOf(m.Type.Params[0].Type); ok {
				if s, ok := classOf(r.Elem); ok && sameClass(s, st) {
					return true
				}
			}
		}
	}
	return false
}

// defaultConstruct is the initialization of a local of class type
// declared without an initializer: its default constructor, or nothing
// for a class without constructors.
func (c *checker) defaultConstruct(st *ctypes.Struct, pos token.Pos) ast.Expr {
	if !constructs(st) {
		return nil
	}
	return c.construct(st, &ast.InitList{Lbrace: pos, Elems: []ast.Expr{}, Paren: true}, pos, false)
}

// staticDispatch reports whether a call of a virtual function is bound
// statically: qualified (S::f()), or on a named object of class type.
func staticDispatch(fun, recv ast.Expr) bool {
	if id, ok := fun.(*ast.Ident); ok && len(id.Qual) > 0 {
		return true
	}
	if m, ok := fun.(*ast.Member); ok && len(m.Qual) > 0 {
		return true
	}
	for {
		ic, ok := recv.(*ast.ImplicitCast)
		if !ok || ic.Kind != ast.DerivedToBase {
			break
		}
		recv = ic.X
	}
	if u, ok := recv.(*ast.Unary); ok && u.Op == ast.Addr {
		if id, ok := u.X.(*ast.Ident); ok {
			switch o := id.Obj.(type) {
			case *ast.Var:
				_, isRef := refOf(o.Type)
				return !isRef
			case *ast.Global:
				return true
			}
		}
	}
	return false
}

// minArgs is the number of parameters of ft without a default argument
// (those with one are trailing).
func (c *checker) minArgs(ft *ctypes.Func) int {
	n := len(ft.Params)
	for n > 0 && c.u.DefaultArg(ft.Params[n-1]) != nil {
		n--
	}
	return n
}

// defaultArg is the default argument of parameter prm, typed in the
// scope where the function was declared, for a call at pos.
func (c *checker) defaultArg(prm ctypes.Param, pos token.Pos) ast.Expr {
	b := c.u.DefaultArg(prm)
	if b == nil {
		c.fail(pos, "too few arguments to function call: parameter '%s' has no default argument", prm.Name)
	}
	x := c.parseInit(b)
	return c.checkInScopeOf(b, func(sub *checker) ast.Expr {
		if il, ok := x.(*ast.InitList); ok {
			return sub.initialize(nonRef(prm.Type), il, pos)
		}
		return sub.expr(x)
	})
}

// adl looks name up in the namespaces enclosing class st (argument-
// dependent lookup, [basic.lookup.argdep]).
func (c *checker) adl(st *ctypes.Struct, name string) []*cfront.Entity {
	var out []*cfront.Entity
	for n := len(st.Scope); n > 0; n-- {
		qual := append([]string{""}, st.Scope[:n]...)
		if e := c.b.Lookup(qual, name); e != nil {
			out = append(out, e)
			break
		}
	}
	return out
}

// checkDtor rejects objects of a class with a user-provided destructor,
// whose calls at the end of the objects' lifetimes the tree does not
// represent.
func (c *checker) checkDtor(t ctypes.Type, pos token.Pos) {
	st, ok := classOf(t)
	if !ok {
		if a, isArr := arrayOf(t); isArr {
			c.checkDtor(a.Elem, pos)
		}
		return
	}
	if c.hasUserDtor(st) && st != c.heapClass {
		c.fail(pos, "objects of '%s', which has a user-provided destructor, are not supported in device code (the destructor calls are not compiled)", st.Name())
	}
}

// destroyedLocal reports whether the automatic local variable v (or
// each of its elements, for an array without an initializer, whose
// elements are default-constructed) is an object whose destruction runs
// code, which the code generator runs where v leaves its scope: false
// where it runs none, and for a virtual destructor somewhere in the
// class's destruction (checkDtor rejects those objects).
func (c *checker) destroyedLocal(v *ast.Var, init ast.Expr) bool {
	if _, isArr := arrayOf(v.Type); isArr && init != nil || v.Static || v.Space == ctypes.SharedSpace || v.Space == ctypes.ConstSpace {
		return false
	}
	return c.destroyed(v.Type)
}

// destroyed reports whether an object of type t (or each of its
// elements) has a destruction that runs code and that the code generator
// runs: a local's where it leaves its scope, a base's or member's in the
// destruction of the object it is part of (other complete objects of
// such a class are rejected where they are made). Not where a virtual
// destructor takes part.
func (c *checker) destroyed(t ctypes.Type) bool {
	st, ok := elemClassOf(t)
	return ok && c.hasUserDtor(st) && !c.dynamicDtor(st)
}

// dynamicDtor reports whether destroying an object of st involves a
// class with virtual functions or bases (a virtual destructor's call).
func (c *checker) dynamicDtor(st *ctypes.Struct) bool {
	return ctypes.InDestruction(st, (*ctypes.Struct).Dynamic)
}

// hasUserDtor reports whether destroying an object of st runs code: a
// user-provided destructor whose body is not empty (of st, a base or a
// member).
func (c *checker) hasUserDtor(st *ctypes.Struct) bool {
	return ctypes.InDestruction(st, func(s *ctypes.Struct) bool {
		d := ctypes.UserDtor(s)
		return d != nil && !c.emptyBody(d)
	})
}

// emptyBody reports whether fd is defined with an empty body ({}).
func (c *checker) emptyBody(fd *ctypes.FuncDecl) bool {
	for _, b := range c.u.Bodies {
		if b.Func == fd {
			return len(b.Toks) == 2 && b.Inits == nil
		}
	}
	return false
}

// Package sema types the function bodies of a translation unit: it reads
// each body of a cfront.Unit with package cfront/parser and fills in the
// tree of package cfront/ast as that package's doc comment describes —
// every expression's type, lvalue-ness and constant value, implicit
// conversions as ImplicitCast nodes, names resolved to their
// declarations, calls resolved to the function that overload resolution
// picks.
//
// What it implements (C11 and C++17 as nvcc compiles device code): name
// lookup in block scopes, parameters, the members of the enclosing class
// (through this, bases included), namespaces, using-declarations and
// -directives (the front end's scopes), argument-dependent lookup for
// calls and operators; the integer promotions, the usual arithmetic
// conversions, pointer arithmetic and comparisons, conversions to bool;
// overload resolution by the ranks of the implicit conversions (exact
// match, promotion, conversion, user-defined) for functions, member
// functions, constructors and the operators of classes, with default
// arguments; conversion functions; references; auto locals; aggregate
// and constructor initialization, with brace elision; calls of function
// templates, with template argument deduction from the call's argument
// types (the front end instantiates them, and their bodies are checked
// in turn); constant expressions (go/constant values), const integral
// locals among them; static_assert; the statements' rules (break and
// continue placement, case constants and duplicates, labels and gotos,
// jumps that would bypass an initialization, return conversions, asm
// constraints); the initializers of namespace-scope variables
// (CheckInits), which must be constant; lambdas (lambda.go); range-based
// for, expanded; decltype declarations; offsetof; calls of constexpr
// functions on constants, evaluated by the front end; floating
// constants folded in IEEE arithmetic, negative zero kept
// (ast.Info.NegZero); built-in operators on class operands through
// their conversion function; C++17's if constexpr (ifConstexpr: in a
// template instance the branch not taken is not checked) and structured
// bindings (binding: a class's members, an array's or a vector type's
// elements).
//
// CUDA: only the bodies of __device__ and __global__ functions (and
// __host__ __device__ ones) are typed, unless Config.Host; host code is
// parsed by the front end for the declarations and instances it names,
// never compiled. A call of a device built-in (Builtins) carries its
// name in ast.Call.Builtin; a kernel launch in device code, a
// __global__ function called without a launch and a host function called
// from device code are errors, as nvcc reports them.
//
// Not supported, each an error naming the construct: virtual calls
// through pointers and references (no dynamic dispatch), objects whose
// destructor runs code, pointers to members,
// static locals of classes with constructors or with dynamic
// initializers, braced lists as
// arguments of function templates, designated initializers.
//
// A Unit's bodies are checked by one goroutine at a time: checking asks
// the front end's parser, which is not safe for concurrent use.
package sema

import (
	"fmt"
	"go/constant"
	"go/token"
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/cfront/parser"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
)

// Config configures the checker.
type Config struct {
	// Sizes answers sizeof and alignof; nil means package layout for the
	// unit's target.
	Sizes cfront.Sizes
	// Host, when set, also types the bodies of host functions.
	Host bool
}

// Check types the bodies of the device functions of u (and of the
// template instances their calls make). It returns the typed bodies in
// the order of u.Bodies and an ErrorList of every body's errors; a body
// with an error is left out.
func Check(cfg *Config, u *cfront.Unit) ([]*ast.FuncBody, error) {
	if cfg == nil {
		cfg = &Config{}
	}
	sizes := cfg.Sizes
	if sizes == nil {
		sizes = layout.New(u.Target())
	}
	var out []*ast.FuncBody
	var errs cfront.ErrorList
	generic := map[*ctypes.Struct]*lambdaScope{}
	for i := 0; i < len(u.Bodies); i++ {
		b := u.Bodies[i]
		if b.Builtin || !cfg.Host && b.Func.Kind == ctypes.HostFunc {
			// The device functions the built-in headers define (those
			// of <cooperative_groups.h>, dim3's constructor) are
			// checked where a compiler needs one (CheckBody).
			continue
		}
		fbs, err := checkBody(sizes, u, b, generic)
		if err != nil {
			if el, ok := err.(cfront.ErrorList); ok {
				errs = append(errs, el...)
			} else {
				errs = append(errs, &cfront.Error{Msg: err.Error()})
			}
			continue
		}
		out = append(out, fbs...)
	}
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

// CheckBody parses and types one body. The bodies of the call operators
// of its lambdas are Check's (they follow it there).
func CheckBody(sizes cfront.Sizes, u *cfront.Unit, b *cfront.Body) (*ast.FuncBody, error) {
	fbs, err := checkBody(sizes, u, b, map[*ctypes.Struct]*lambdaScope{})
	if err != nil {
		return nil, err
	}
	return fbs[0], nil
}

// newChecker is a checker of the code of body b in function fd (fb), with
// empty tables of labels, overload sets and constant variables.
func newChecker(u *cfront.Unit, b *cfront.Body, fd *ctypes.FuncDecl, fb *ast.FuncBody, sizes cfront.Sizes, generic map[*ctypes.Struct]*lambdaScope) *checker {
	return &checker{u: u, b: b, fd: fd, fb: fb, sizes: sizes, ptrSize: u.Target().AddressSize / 8,
		labels: map[string]*ast.LabeledStmt{}, overloads: map[*ast.Ident]*overloadSet{}, constVars: map[*ast.Var]constant.Value{},
		generic: generic}
}

// checkBody is CheckBody with the lambdas' bodies after the body;
// generic are the unit's generic lambdas so far (their closure classes'
// call operators are made per call, in any body).
func checkBody(sizes cfront.Sizes, u *cfront.Unit, b *cfront.Body, generic map[*ctypes.Struct]*lambdaScope) ([]*ast.FuncBody, error) {
	fb, err := parser.ParseBody(u.Fset, b)
	if err != nil {
		return nil, err
	}
	c := newChecker(u, b, b.Func, fb, sizes, generic)
	c.check()
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	return append([]*ast.FuncBody{fb}, c.lambdaBodies...), nil
}

type bailout struct{}

type checker struct {
	// initDestroyed is set while the initializer of a local variable
	// that the code generator destroys is checked, until the
	// construction of that variable takes it (construct).
	initDestroyed bool
	u             *cfront.Unit
	b             *cfront.Body
	fd            *ctypes.FuncDecl
	fb            *ast.FuncBody
	sizes         cfront.Sizes
	ptrSize       int
	errs          cfront.ErrorList

	scopes    []map[string]*ast.Var
	labels    map[string]*ast.LabeledStmt
	gotos     []*ast.BranchStmt
	loops     int // enclosing loops
	breakable int // enclosing loops and switches
	switches  []*ast.SwitchStmt
	// overloads are the functions a name denotes, until a call picks one.
	overloads map[*ast.Ident]*overloadSet
	nest      int
	launching bool // the callee of a kernel launch is being resolved
	callee    bool // the name being typed is a call's callee (argument-dependent lookup applies)
	// inited are the variables with initializers in scope, in order;
	// initMarks their count when each scope opened. labelVars and
	// gotoVars are the sets at labels and gotos, for the jumps that
	// would bypass an initialization.
	inited    []*ast.Var
	initMarks []int
	labelVars map[string][]*ast.Var
	gotoVars  map[*ast.BranchStmt]map[*ast.Var]bool
	// switchVars are, per enclosing switch, the set at the switch.
	switchVars []map[*ast.Var]bool
	// constVars are the local const integral variables with constant
	// initializers, and their values.
	constVars map[*ast.Var]constant.Value
	// lambda is set in the checker of a lambda's body (lambda.go);
	// deduceResult while its result type is deduced from its returns.
	// lambdaBodies are the call operators' bodies of the lambdas in
	// the function (the root checker's).
	lambda       *lambdaScope
	deduceResult bool
	lambdaBodies []*ast.FuncBody
	lambdaCount  int
	// copyBindings are the variables of structured bindings of arrays
	// by copy (auto [a, b] = arr;), with the form their names take.
	copyBindings map[*ast.Var]string
	// generic are the unit's generic lambdas by closure class (shared
	// by Check's checkers); sink, where set, receives the lambda bodies
	// instead of the root's lambdaBodies (a generic lambda's call
	// operator made for a call in another function).
	generic map[*ctypes.Struct]*lambdaScope
	sink    *[]*ast.FuncBody
	// hostDepth counts the host constants being evaluated (hostConst),
	// the checker of one's initializer one more than its user's.
	hostDepth int
	// heapClass is the class of the object a new-expression is
	// initializing: a delete-expression runs its destructor, so
	// checkDtor lets it be.
	heapClass *ctypes.Struct
}

func (c *checker) errorf(pos token.Pos, format string, args ...any) {
	c.errs = append(c.errs, &cfront.Error{Pos: c.u.Fset.Position(pos), Msg: fmt.Sprintf(format, args...)})
}

// fail reports an error and abandons the statement.
func (c *checker) fail(pos token.Pos, format string, args ...any) {
	c.errorf(pos, format, args...)
	panic(bailout{})
}

func (c *checker) check() {
	c.push()
	for _, v := range c.fb.Params {
		if v.Name != "" {
			c.declare(v)
		}
	}
	if c.fd.Special == ctypes.Constructor && c.fd.Class != nil {
		c.guard(func() { c.ctorInits() })
	}
	c.block(c.fb.Body, false)
	c.pop()
	for _, g := range c.gotos {
		if c.labels[g.Label] == nil {
			c.errorf(g.TokPos, "use of undeclared label '%s'", g.Label)
			continue
		}
		if v := c.bypassed(c.gotoVars[g], c.labelVars[g.Label]); v != nil {
			c.errorf(g.TokPos, "jump to label '%s' bypasses the initialization of '%s'", g.Label, v.Name)
		}
	}
}

// guard runs f, recovering from a failed statement.
func (c *checker) guard(f func()) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				c.errorf(token.NoPos, "internal error: %v", r)
			}
		}
	}()
	f()
}

func (c *checker) push() {
	c.scopes = append(c.scopes, map[string]*ast.Var{})
	c.initMarks = append(c.initMarks, len(c.inited))
}

func (c *checker) pop() {
	c.scopes = c.scopes[:len(c.scopes)-1]
	n := len(c.initMarks) - 1
	c.inited = c.inited[:c.initMarks[n]]
	c.initMarks = c.initMarks[:n]
}

// inScope is the set of initialized variables in scope now.
func (c *checker) inScope() map[*ast.Var]bool {
	m := make(map[*ast.Var]bool, len(c.inited))
	for _, v := range c.inited {
		m[v] = true
	}
	return m
}

// bypassed is a variable with an initializer in scope at a jump's
// target and not at the jump ([stmt.dcl]: the jump would skip its
// initialization), or nil.
func (c *checker) bypassed(at map[*ast.Var]bool, target []*ast.Var) *ast.Var {
	for _, v := range target {
		if !at[v] {
			return v
		}
	}
	return nil
}

func (c *checker) declare(v *ast.Var) {
	s := c.scopes[len(c.scopes)-1]
	if old := s[v.Name]; old != nil && old.Param < 0 {
		c.errorf(v.Pos, "redefinition of '%s'", v.Name)
	}
	s[v.Name] = v
}

func (c *checker) lookupLocal(name string) *ast.Var {
	for i := len(c.scopes) - 1; i >= 0; i-- {
		if v := c.scopes[i][name]; v != nil {
			return v
		}
	}
	return nil
}

// ---------------------------------------------------------------------
// Statements.

func (c *checker) block(b *ast.Block, scope bool) {
	if scope {
		c.push()
		defer c.pop()
	}
	for i, s := range b.List {
		if sa, ok := s.(*ast.StaticAssert); ok {
			c.guard(func() { c.staticAssert(sa) })
			b.List[i] = &ast.EmptyStmt{Semi: sa.Assert}
			continue
		}
		if rf, ok := s.(*ast.RangeForStmt); ok {
			c.guard(func() { b.List[i] = c.rangeFor(rf) })
			continue
		}
		c.guard(func() { c.stmt(s) })
	}
}

func (c *checker) staticAssert(sa *ast.StaticAssert) {
	x := c.toBool(c.rvalue(c.expr(sa.Cond)))
	v := x.Info().Value
	if v == nil {
		c.fail(sa.Cond.Pos(), "static_assert expression is not an integral constant expression")
	}
	if constant.Sign(v) == 0 {
		if sa.Msg != "" {
			c.fail(sa.Assert, "static assertion failed: %s", sa.Msg)
		}
		c.fail(sa.Assert, "static assertion failed")
	}
}

func (c *checker) stmt(s ast.Stmt) {
	c.nest++
	defer func() { c.nest-- }()
	switch s := s.(type) {
	case *ast.Block:
		c.block(s, true)
	case *ast.DeclStmt:
		c.declStmt(s)
	case *ast.ExprStmt:
		s.X = c.expr(s.X)
		c.discard(s.X)
	case *ast.EmptyStmt:
	case *ast.IfStmt:
		c.push()
		defer c.pop()
		if s.Init != nil {
			c.stmt(s.Init)
		}
		if s.Constexpr {
			c.ifConstexpr(s)
			return
		}
		s.Cond = c.condition(s.Cond)
		c.guard(func() { c.stmt(s.Then) })
		if s.Else != nil {
			c.guard(func() { c.stmt(s.Else) })
		}
	case *ast.WhileStmt:
		c.unroll(s.Unroll)
		c.push()
		defer c.pop()
		if s.Init != nil {
			c.stmt(s.Init)
		}
		s.Cond = c.condition(s.Cond)
		c.loopBody(s.Body)
	case *ast.DoStmt:
		c.unroll(s.Unroll)
		c.loopBody(s.Body)
		s.Cond = c.condition(s.Cond)
	case *ast.ForStmt:
		c.unroll(s.Unroll)
		c.push()
		defer c.pop()
		if s.Init != nil {
			c.stmt(s.Init)
		}
		if s.Cond != nil {
			s.Cond = c.condition(s.Cond)
		}
		if s.Post != nil {
			c.guard(func() { s.Post = c.expr(s.Post); c.discard(s.Post) })
		}
		c.loopBody(s.Body)
	case *ast.SwitchStmt:
		c.switchStmt(s)
	case *ast.CaseStmt:
		if len(c.switches) == 0 {
			if s.X == nil {
				c.errorf(s.Case, "'default' statement not in switch statement")
			} else {
				c.errorf(s.Case, "'case' statement not in switch statement")
			}
		} else if v := c.bypassed(c.switchVars[len(c.switchVars)-1], c.inited); v != nil {
			c.errorf(s.Case, "jump to case label bypasses the initialization of '%s'", v.Name)
		}
		c.stmt(s.Stmt)
	case *ast.BranchStmt:
		switch s.Tok {
		case "break":
			if c.breakable == 0 {
				c.errorf(s.TokPos, "'break' statement not in loop or switch statement")
			}
		case "continue":
			if c.loops == 0 {
				c.errorf(s.TokPos, "'continue' statement not in loop statement")
			}
		case "goto":
			c.gotos = append(c.gotos, s)
			if c.gotoVars == nil {
				c.gotoVars = map[*ast.BranchStmt]map[*ast.Var]bool{}
			}
			c.gotoVars[s] = c.inScope()
		}
	case *ast.LabeledStmt:
		if c.labels[s.Label] != nil {
			c.errorf(s.LabelPos, "redefinition of label '%s'", s.Label)
		}
		c.labels[s.Label] = s
		if c.labelVars == nil {
			c.labelVars = map[string][]*ast.Var{}
		}
		c.labelVars[s.Label] = append([]*ast.Var(nil), c.inited...)
		c.stmt(s.Stmt)
	case *ast.ReturnStmt:
		c.returnStmt(s)
	case *ast.AsmStmt:
		c.asmStmt(s)
	case *ast.StaticAssert:
		c.fail(s.Assert, "static_assert must be a statement of a block here")
	default:
		c.fail(s.Pos(), "statement %T is not supported", s)
	}
}

// rangeFor expands and checks a range-based for ([stmt.ranged]):
//
//	{
//		auto &__range1 = range;   // const auto & for an rvalue
//		for (auto __begin1 = begin, __end1 = end; __begin1 != __end1; ++__begin1) {
//			decl = *__begin1;
//			body
//		}
//	}
//
// where begin and end are __range1 and __range1 + N for an array of N
// elements, __range1.begin() and __range1.end() for a class.
// ifConstexpr checks if constexpr (C++17 [stmt.if]/2): its condition
// is a constant; in a template instance the branch not taken is not
// instantiated (not checked: it may be ill-formed for this instance),
// elsewhere it is checked; either way it is dropped, as it is never
// compiled.
func (c *checker) ifConstexpr(s *ast.IfStmt) {
	s.Cond = c.condition(s.Cond)
	v := s.Cond.Info().Value
	if v == nil || v.Kind() != constant.Int {
		c.fail(s.Cond.Pos(), "the condition of 'if constexpr' must be a constant expression")
	}
	taken := constant.Sign(v) != 0
	inTemplate := c.inTemplate()
	if taken || !inTemplate {
		c.guard(func() { c.stmt(s.Then) })
	}
	if s.Else != nil && (!taken || !inTemplate) {
		c.guard(func() { c.stmt(s.Else) })
	}
	if taken {
		s.Else = nil
	} else {
		s.Then = &ast.EmptyStmt{Semi: s.If}
	}
}

// inTemplate reports whether the body checked is that of a template
// instance: a function template's, a member's of a class template, a
// generic lambda's, or a lambda's in one of those.
func (c *checker) inTemplate() bool {
	if fd := c.fd; fd != nil && (fd.Template != nil || fd.Class != nil && fd.Class.Template != nil) {
		return true
	}
	if c.lambda != nil {
		return c.lambda.generic || c.lambda.outer != nil && c.lambda.outer.inTemplate()
	}
	return false
}

// unroll checks a loop's #pragma unroll: its count must be an integral
// constant expression (nvcc: "expression must have a constant value");
// one of zero or less is ignored, as nvcc ignores it (with a warning).
func (c *checker) unroll(u *ast.Unroll) {
	if u == nil {
		return
	}
	u.Times = -1
	if u.Count == nil {
		return
	}
	c.guard(func() {
		u.Count = c.expr(u.Count)
		v := u.Count.Info().Value
		if v != nil {
			v = constant.ToInt(v)
		}
		if v == nil || v.Kind() != constant.Int {
			c.fail(u.Count.Pos(), "the count of #pragma unroll must be an integral constant expression")
		}
		u.Times = 0
		if n, ok := constant.Int64Val(v); ok && n > 0 {
			u.Times = n
		}
	})
}

func (c *checker) rangeFor(rf *ast.RangeForStmt) ast.Stmt {
	pos := rf.For
	c.resolveDecltypes(rf.Var.Decltypes)
	rf.Var.Var.Type = decltypeResolved(rf.Var.Var.Type, rf.Var.Decltypes)
	rng := c.expr(rf.Range)
	rt := rng.Info().Type
	if rt == nil {
		c.fail(rf.Range.Pos(), "an overloaded function is not a range")
	}
	form := "auto &"
	if !rng.Info().LValue {
		form = "const auto &"
	}
	name := func(v *ast.Var) *ast.Ident { return &ast.Ident{NamePos: pos, Name: v.Name, Obj: v} }
	rv := &ast.Var{Name: "__range1", Param: -1, Pos: pos}
	var begin, end ast.Expr
	if a, ok := arrayOf(rt); ok {
		if a.Unsized {
			c.fail(rf.Range.Pos(), "cannot use an array of unknown bound ('%s') as a range", typeStr(rt))
		}
		begin = name(rv)
		n := &ast.BasicLit{ValuePos: pos, Kind: ast.IntLit, Value: strconv.FormatInt(a.Len, 10)}
		end = &ast.Binary{OpPos: pos, Op: ast.Add, X: name(rv), Y: n}
	} else if st, ok := classOf(rt); ok && len(findMethods(st, "begin")) > 0 && len(findMethods(st, "end")) > 0 {
		call := func(m string) ast.Expr {
			return &ast.Call{Fun: &ast.Member{X: name(rv), Dot: pos, Name: m}, Lparen: pos, Args: []ast.Expr{}}
		}
		begin, end = call("begin"), call("end")
	} else {
		c.fail(rf.Range.Pos(), "invalid range expression of type '%s': not an array, and no begin() and end() members", typeStr(rt))
	}
	bv := &ast.Var{Name: "__begin1", Param: -1, Pos: pos}
	ev := &ast.Var{Name: "__end1", Param: -1, Pos: pos}
	rf.Var.Init = &ast.Unary{OpPos: pos, Op: ast.Deref, X: name(bv)}
	body := &ast.Block{Lbrace: rf.Body.Pos(), List: []ast.Stmt{&ast.DeclStmt{DeclPos: rf.Var.Var.Pos, Vars: []*ast.VarDecl{rf.Var}}, rf.Body}, Rbrace: rf.Body.Pos()}
	loop := &ast.ForStmt{
		For: pos,
		Init: &ast.DeclStmt{DeclPos: pos, Vars: []*ast.VarDecl{
			{Var: bv, Init: begin, Auto: true, AutoType: "auto"},
			{Var: ev, Init: end, Auto: true, AutoType: "auto"},
		}},
		Cond:   &ast.Binary{OpPos: pos, Op: ast.Ne, X: name(bv), Y: name(ev)},
		Post:   &ast.Unary{OpPos: pos, Op: ast.PreInc, X: name(bv)},
		Body:   body,
		Unroll: rf.Unroll,
	}
	out := &ast.Block{Lbrace: pos, List: []ast.Stmt{
		&ast.DeclStmt{DeclPos: pos, Vars: []*ast.VarDecl{{Var: rv, Init: rng, Auto: true, AutoType: form}}},
		loop,
	}, Rbrace: pos}
	c.stmt(out)
	return out
}

func (c *checker) loopBody(s ast.Stmt) {
	c.loops++
	c.breakable++
	c.guard(func() { c.stmt(s) })
	c.loops--
	c.breakable--
}

// discard checks an expression whose value is not used.
func (c *checker) discard(x ast.Expr) {}

// condition converts a condition to bool.
func (c *checker) condition(x ast.Expr) ast.Expr {
	x = c.expr(x)
	return c.toBool(c.rvalue(x))
}

func (c *checker) switchStmt(s *ast.SwitchStmt) {
	c.push()
	defer c.pop()
	if s.Init != nil {
		c.stmt(s.Init)
	}
	x := c.rvalue(c.expr(s.Cond))
	t := x.Info().Type
	if !isInteger(t) && !isEnum(t) {
		c.fail(s.Cond.Pos(), "statement requires expression of integer type ('%s' invalid)", typeStr(t))
	}
	k, _ := kindOf(t)
	pt := basic(c.promoted(k))
	if !isScopedEnum(t) {
		x = c.convert(x, pt, false)
	} else {
		pt = t
	}
	s.Cond = x
	type caseRange struct {
		lo, hi int64
		pos    token.Pos
	}
	var seen []caseRange
	signed := c.promoted(k).IsSigned()
	hasDefault := false
	for _, cs := range s.Cases {
		if cs.X == nil {
			if hasDefault {
				c.errorf(cs.Case, "multiple default labels in one switch")
			}
			hasDefault = true
			continue
		}
		c.guard(func() {
			value := func(x ast.Expr) (ast.Expr, int64) {
				v := c.convert(c.rvalue(c.expr(x)), pt, false)
				n, ok := intValue(v)
				if !ok {
					c.fail(x.Pos(), "case value is not a constant expression")
				}
				return v, n
			}
			cs.X, cs.Value = value(cs.X)
			lo, hi := cs.Value, cs.Value
			if cs.Hi != nil {
				cs.Hi, cs.HiValue = value(cs.Hi)
				hi = cs.HiValue
				if less(hi, lo, signed) {
					c.fail(cs.Hi.Pos(), "empty case range: %d ... %d", lo, hi)
				}
			}
			for _, r := range seen {
				if !less(hi, r.lo, signed) && !less(r.hi, lo, signed) {
					c.fail(cs.X.Pos(), "duplicate case value '%d' (previous case at %s)", max(lo, r.lo), c.u.Fset.Position(r.pos))
				}
			}
			seen = append(seen, caseRange{lo, hi, cs.X.Pos()})
		})
	}
	c.switches = append(c.switches, s)
	c.switchVars = append(c.switchVars, c.inScope())
	c.breakable++
	c.block(s.Body, true)
	c.breakable--
	c.switches = c.switches[:len(c.switches)-1]
	c.switchVars = c.switchVars[:len(c.switchVars)-1]
}

func (c *checker) returnStmt(s *ast.ReturnStmt) {
	if c.deduceResult && c.fd.Type.Result == nil {
		// A lambda's result type, deduced from its first return
		// ([dcl.spec.auto]: as auto deduces it).
		if s.X == nil {
			c.fd.Type.Result = basic(ctypes.Void)
		} else {
			if _, ok := s.X.(*ast.InitList); ok {
				c.fail(s.Return, "cannot deduce a lambda's return type from a braced list")
			}
			x := c.expr(s.X)
			s.X = x
			t := x.Info().Type
			if t == nil {
				c.fail(s.Return, "cannot deduce a lambda's return type from an overloaded function")
			}
			if a, ok := arrayOf(t); ok {
				t = &ctypes.Pointer{Elem: a.Elem}
			} else if isFuncType(t) {
				t = &ctypes.Pointer{Elem: t}
			}
			c.fd.Type.Result = stripCV(t)
		}
	}
	res := c.fd.Type.Result
	if c.fd.Special == ctypes.Constructor || c.fd.Special == ctypes.Destructor {
		res = basic(ctypes.Void)
	}
	if s.X == nil {
		if !isVoid(res) {
			c.fail(s.Return, "non-void function '%s' should return a value", c.fd.Name)
		}
		return
	}
	if il, ok := s.X.(*ast.InitList); ok {
		s.X = c.initialize(res, il, s.Return)
		return
	}
	x := c.expr(s.X)
	if isVoid(res) {
		if !isVoid(x.Info().Type) {
			c.fail(s.Return, "void function '%s' should not return a value", c.fd.Name)
		}
		s.X = x
		return
	}
	if r, ok := refOf(res); ok {
		s.X = c.bindRef(x, r, s.Return)
		return
	}
	s.X = c.convert(c.rvalue(x), stripCV(res), false)
}

func (c *checker) declStmt(s *ast.DeclStmt) {
	c.resolveDecltypes(s.Decltypes)
	for _, vd := range s.Vars {
		v := vd.Var
		c.resolveDecltypes(vd.Decltypes)
		v.Type = decltypeResolved(v.Type, vd.Decltypes)
		if vd.Auto {
			c.deduceAuto(vd)
		}
		if a, ok := arrayOf(v.Type); ok && a.Unsized {
			if v.Extern {
				c.declare(v)
				c.fb.Locals = append(c.fb.Locals, v)
				continue
			}
			if vd.Init == nil {
				c.fail(v.Pos, "definition of variable '%s' with array type needs an explicit size or an initializer", v.Name)
			}
			switch in := vd.Init.(type) {
			case *ast.InitList:
				if !in.Paren {
					v.Type = &ctypes.Array{Elem: a.Elem, Len: c.flatCount(a.Elem, in)}
				}
			case *ast.BasicLit:
				if in.Kind == ast.StringLit {
					c.expr(in)
					sa, _ := arrayOf(in.Info().Type)
					v.Type = &ctypes.Array{Elem: a.Elem, Len: sa.Len}
				}
			}
		}
		if isVoid(v.Type) {
			c.fail(v.Pos, "variable has incomplete type 'void'")
		}
		if _, isRef := refOf(v.Type); !isRef {
			if v.Destroyed = c.destroyedLocal(v, vd.Init); !v.Destroyed {
				c.checkDtor(v.Type, v.Pos)
			}
		}
		c.declare(v)
		c.fb.Locals = append(c.fb.Locals, v)
		if vd.Init == nil {
			if _, ok := refOf(v.Type); ok {
				c.fail(v.Pos, "declaration of reference variable '%s' requires an initializer", v.Name)
			}
			if st, ok := elemClassOf(v.Type); ok && v.Space != ctypes.SharedSpace {
				// (A __shared__ variable is not constructed: nvcc
				// warns that its dynamic initialization is not
				// supported.)
				if v.Static && constructs(st) {
					c.fail(v.Pos, "a static local variable of a class with constructors is not supported ('%s': dynamic initialization)", v.Name)
				}
				if !v.Static {
					// For an array, each element's (the call is its
					// element's: the compiler runs it for each).
					c.initDestroyed = v.Destroyed
					vd.Init = c.defaultConstruct(st, v.Pos)
					c.initDestroyed = false
					if vd.Init != nil {
						c.inited = append(c.inited, v)
					}
				}
			}
			continue
		}
		if r, ok := refOf(v.Type); ok {
			vd.Init = c.bindRef(c.expr(vd.Init), r, v.Pos)
			c.inited = append(c.inited, v)
			continue
		}
		_, direct := vd.Init.(*ast.InitList) // T x(args) or T x{args}
		c.initDestroyed = v.Destroyed && direct
		vd.Init = c.initialize(v.Type, vd.Init, v.Pos)
		c.initDestroyed = false
		if !v.Static {
			c.inited = append(c.inited, v)
		}
		if val := vd.Init.Info().Value; val != nil && isConst(v.Type) && (isInteger(v.Type) || isEnum(v.Type)) {
			// A const integral variable with a constant initializer is
			// a constant expression ([expr.const]).
			c.constVars[v] = val
		}
		if v.Static && vd.Init.Info().Value == nil && !isConstInit(vd.Init) {
			c.errorf(v.Pos, "dynamic initialization is not supported for a static variable in device code ('%s')", v.Name)
		}
	}
}

// less reports whether the case value a is below b, compared as signed
// or unsigned values as the switch's promoted type is.
func less(a, b int64, signed bool) bool {
	if !signed {
		return uint64(a) < uint64(b)
	}
	return a < b
}

// isConstInit reports whether x can be computed before the program runs:
// constants, string literals, addresses of globals and functions (with
// constant offsets), lists of those.
func isConstInit(x ast.Expr) bool {
	if x.Info().Value != nil {
		return true
	}
	switch x := x.(type) {
	case *ast.InitList:
		for _, e := range x.Elems {
			if !isConstInit(e) {
				return false
			}
		}
		return true
	case *ast.BasicLit:
		return x.Kind == ast.StringLit
	}
	return isAddrConst(x)
}

// isAddrConst reports whether x is an address constant.
func isAddrConst(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.ImplicitCast:
		switch x.Kind {
		case ast.ArrayToPointer, ast.FunctionToPointer:
			return isStaticLValue(x.X)
		case ast.LValueToRValue:
			return false
		}
		return isAddrConst(x.X)
	case *ast.Cast:
		return isAddrConst(x.X)
	case *ast.Unary:
		return x.Op == ast.Addr && isStaticLValue(x.X)
	case *ast.Binary:
		if x.Op == ast.Add || x.Op == ast.Sub {
			return isAddrConst(x.X) && x.Y.Info().Value != nil
		}
	}
	return false
}

// isStaticLValue reports whether x designates an object or function
// whose address is known before the program runs.
func isStaticLValue(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		switch o := x.Obj.(type) {
		case *ast.Global, *ast.Function:
			return true
		case *ast.Var:
			return o.Static
		}
	case *ast.BasicLit:
		return x.Kind == ast.StringLit
	case *ast.Index:
		return isAddrConst(x.X) && x.I.Info().Value != nil
	case *ast.Member:
		return !x.Arrow && isStaticLValue(x.X)
	case *ast.ImplicitCast:
		return x.Kind == ast.DerivedToBase && isStaticLValue(x.X)
	}
	return false
}

// asmConstraints are the operand constraint letters nvcc accepts in
// inline PTX: h (16-bit), r (32-bit), l (64-bit), f (f32), d (f64),
// n (an immediate), c (8-bit), m (memory).
const asmConstraints = "hrlfdncm"

func (c *checker) asmStmt(s *ast.AsmStmt) {
	check := func(cons string, out bool, pos token.Pos) {
		body := cons
		if out {
			if len(body) == 0 || body[0] != '=' && body[0] != '+' {
				c.fail(pos, "output operand constraint '%s' lacks '='", cons)
			}
			body = body[1:]
		}
		if len(body) == 0 {
			c.fail(pos, "empty asm operand constraint")
		}
		for _, ch := range body {
			if ch >= '0' && ch <= '9' && !out {
				continue
			}
			found := false
			for _, a := range asmConstraints {
				if ch == a {
					found = true
				}
			}
			if !found {
				c.fail(pos, "invalid asm operand constraint '%s' (nvcc accepts h, r, l, f, d, n, c, m)", cons)
			}
		}
	}
	for i := range s.Outputs {
		o := &s.Outputs[i]
		check(o.Constraint, true, o.X.Pos())
		o.X = c.expr(o.X)
		if !o.X.Info().LValue {
			c.fail(o.X.Pos(), "asm output operand is not an lvalue")
		}
	}
	for i := range s.Inputs {
		o := &s.Inputs[i]
		check(o.Constraint, false, o.X.Pos())
		x := c.expr(o.X)
		if o.Constraint == "m" {
			o.X = x
			continue
		}
		o.X = c.rvalue(x)
		if o.Constraint == "n" && o.X.Info().Value == nil {
			c.fail(o.X.Pos(), "asm operand with constraint 'n' is not a constant")
		}
	}
}

// ctorInits types a constructor's member and base initializers, and adds
// the implicit ones: a base or a member of class type that the list does
// not name is default-initialized, which runs its default constructor
// when it has constructors (C++ [class.base.init]). The list ends in the
// order of initialization: bases, then members, each in declaration order.
func (c *checker) ctorInits() {
	st := c.fd.Class
	if in := c.fb.Inits; len(in) > 0 && (in[0].Type == nil && in[0].Name == st.Tag && findField(st, st.Tag) == nil || in[0].Type != nil && typeKey(in[0].Type) == typeKey(st)) {
		// A delegating constructor ([class.base.init]/6): the target
		// constructor initializes the object.
		in := c.fb.Inits[0]
		if len(c.fb.Inits) > 1 {
			c.fail(c.fb.Inits[1].NamePos, "a delegating constructor cannot have other member initializers")
		}
		list := &ast.InitList{Lbrace: in.NamePos, Elems: in.Args, Paren: !in.Braced}
		in.Delegate = true
		in.Init = c.construct(st, list, in.NamePos, false)
		if call, ok := in.Init.(*ast.Call); ok && call.Func == c.fd {
			c.fail(in.NamePos, "constructor for '%s' delegates to itself", st.Name())
		}
		return
	}
	defer c.implicitCtorInits(st)
	for _, in := range c.fb.Inits {
		list := &ast.InitList{Lbrace: in.NamePos, Elems: in.Args, Paren: !in.Braced}
		for _, f := range st.Fields {
			if f.Name == in.Name {
				in.Field = f
				if r, ok := refOf(f.Type); ok {
					if len(in.Args) != 1 {
						c.fail(in.NamePos, "reference member '%s' needs one initializer", f.Name)
					}
					in.Init = c.bindRef(c.expr(in.Args[0]), r, in.NamePos)
				} else {
					c.initDestroyed = c.destroyed(f.Type)
					in.Init = c.initialize(f.Type, list, in.NamePos)
					c.initDestroyed = false
				}
			}
		}
		if in.Field != nil {
			continue
		}
		for _, b := range st.Bases {
			if in.Type != nil && typeKey(b.Type) == typeKey(in.Type) || in.Type == nil && (b.Type.Tag == in.Name || b.Type.Name() == in.Name) {
				in.Base = b
				c.initDestroyed = c.destroyed(b.Type)
				in.Init = c.initialize(b.Type, list, in.NamePos)
				c.initDestroyed = false
			}
		}
		if in.Base == nil {
			c.fail(in.NamePos, "member initializer '%s' does not name a non-static data member or base class", in.Name)
		}
	}
}

// implicitCtorInits completes and orders c.fb.Inits (ctorInits): the
// members that the list does not name are initialized by their default
// member initializers, or default-initialized.
func (c *checker) implicitCtorInits(st *ctypes.Struct) {
	pos := c.fb.Body.Lbrace
	bases := map[*ctypes.Base]*ast.CtorInit{}
	fields := map[*ctypes.Field]*ast.CtorInit{}
	for _, in := range c.fb.Inits {
		switch {
		case in.Base != nil:
			bases[in.Base] = in
		case in.Field != nil:
			fields[in.Field] = in
		}
	}
	var inits []*ast.CtorInit
	for _, b := range st.Bases {
		if in := bases[b]; in != nil {
			inits = append(inits, in)
			continue
		}
		c.initDestroyed = c.destroyed(b.Type)
		e := c.defaultConstruct(b.Type, pos)
		c.initDestroyed = false
		if e != nil {
			inits = append(inits, &ast.CtorInit{NamePos: pos, Name: b.Type.Name(), Base: b, Init: e})
		}
	}
	for _, f := range st.Fields {
		if in := fields[f]; in != nil {
			inits = append(inits, in)
		} else if f.DefaultInit {
			// Its default member initializer ([class.base.init]/9).
			inits = append(inits, &ast.CtorInit{NamePos: pos, Name: f.Name, Field: f, Init: c.defaultInit(f, st, pos, false)})
		} else if ctypes.UnnamedWithDefaultInits(f.Type) {
			// An anonymous union or struct, or a member of an unnamed
			// class: its members' default initializers.
			inits = append(inits, &ast.CtorInit{NamePos: pos, Name: f.Name, Field: f, Init: c.initialize(f.Type, &ast.InitList{Lbrace: pos, Elems: []ast.Expr{}}, pos)})
		} else if fst, ok := elemClassOf(f.Type); ok && f.Name != "" {
			c.initDestroyed = c.destroyed(fst)
			e := c.defaultConstruct(fst, pos)
			c.initDestroyed = false
			if e != nil {
				inits = append(inits, &ast.CtorInit{NamePos: pos, Name: f.Name, Field: f, Init: e})
			}
		}
	}
	c.fb.Inits = inits
}

// CheckInits types the initializers of the variables at namespace scope
// that device code uses: __device__, __constant__ and __managed__ ones
// (with cfg.Host, every one). An initializer must be constant, as nvcc
// requires of device variables.
func CheckInits(cfg *Config, u *cfront.Unit) ([]*ast.GlobalInit, error) {
	if cfg == nil {
		cfg = &Config{}
	}
	sizes := cfg.Sizes
	if sizes == nil {
		sizes = layout.New(u.Target())
	}
	var out []*ast.GlobalInit
	var errs cfront.ErrorList
	for _, b := range u.Inits {
		v := b.Var
		if v.Space == ctypes.GenericSpace && !cfg.Host {
			continue
		}
		x, err := parser.ParseInit(u.Fset, b)
		if err != nil {
			errs = append(errs, errList(err)...)
			continue
		}
		fd := &ctypes.FuncDecl{Name: v.Name, Kind: ctypes.DeviceFunc, Type: &ctypes.Func{Result: basic(ctypes.Void)}, Pos: v.Pos}
		c := newChecker(u, b, fd, &ast.FuncBody{Decl: fd}, sizes, map[*ctypes.Struct]*lambdaScope{})
		c.push()
		var init ast.Expr
		c.guard(func() {
			if r, ok := refOf(v.Type); ok {
				init = c.bindRef(c.expr(x), r, v.Pos)
				return
			}
			init = c.initialize(v.Type, x, v.Pos)
			if v.Space != ctypes.GenericSpace && !isConstInit(init) {
				c.fail(v.Pos, "dynamic initialization is not supported for a __device__ or __constant__ variable ('%s')", v.Name)
			}
		})
		if len(c.errs) > 0 {
			errs = append(errs, c.errs...)
			continue
		}
		out = append(out, &ast.GlobalInit{Var: v, Init: init})
	}
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

// resolveDecltypes types the operands of the decltype(e) in a type read
// in the body and gives each placeholder its type.
func (c *checker) resolveDecltypes(ds []*ast.Decltype) {
	for _, d := range ds {
		if d.Type.Type == nil {
			d.Expr, d.Type.Type = c.decltypeOf(d.Expr, d.Paren, d.Type.Pos)
		}
	}
}

// typeName is the type tn names, its decltype(e) resolved.
func (c *checker) typeName(tn *ast.TypeName) ctypes.Type {
	c.resolveDecltypes(tn.Decltypes)
	tn.Type = decltypeResolved(tn.Type, tn.Decltypes)
	return tn.Type
}

// decltypeResolved is t, or the type it stands for where t is itself one
// of the placeholders ds (decltype(e) x, not decltype(e) *p), so that a
// reference decltype(e) gives is seen as one.
func decltypeResolved(t ctypes.Type, ds []*ast.Decltype) ctypes.Type {
	for _, d := range ds {
		if t == ctypes.Type(d.Type) {
			return d.Type.Type
		}
	}
	return t
}

// decltypeOf types e, the operand of decltype at pos, and returns it
// with decltype(e) ([dcl.type.simple]): the declared type of a variable
// or a data member named (not parenthesized), else the expression's
// type, a reference to it for an lvalue.
func (c *checker) decltypeOf(e ast.Expr, paren bool, pos token.Pos) (ast.Expr, ctypes.Type) {
	e = c.expr(e)
	t := e.Info().Type
	if t == nil {
		c.fail(pos, "decltype of an overloaded function")
	}
	var named ast.Expr
	if !paren {
		named = e
	}
	switch x := named.(type) {
	case *ast.Ident:
		switch o := x.Obj.(type) {
		case *ast.Var:
			return e, o.Type
		case *ast.Global:
			return e, o.Decl.Type
		}
	case *ast.Member:
		if x.Field != nil {
			return e, x.Field.Type
		}
	}
	if e.Info().LValue {
		return e, &ctypes.Reference{Elem: t}
	}
	if _, ok := classOf(t); !ok {
		t = stripCV(t)
	}
	return e, t
}

// deduceAuto deduces the type of a variable declared auto from its
// initializer ([dcl.spec.auto]: as a template argument is deduced: auto
// drops references and top-level cv and decays arrays and functions;
// auto & keeps the lvalue's type).
func (c *checker) deduceAuto(vd *ast.VarDecl) {
	v := vd.Var
	if b, ok := vd.Init.(*ast.Binding); ok {
		if form, ok := c.copyBindings[b.Of.Obj.(*ast.Var)]; ok {
			vd.AutoType = form
		}
	}
	x := c.expr(vd.Init)
	vd.Init = x
	t := x.Info().Type
	if t == nil {
		c.fail(v.Pos, "cannot deduce the type of '%s' from an overloaded function", v.Name)
	}
	if isVoid(t) {
		c.fail(v.Pos, "variable '%s' declared with deduced type 'auto' has incomplete type 'void'", v.Name)
	}
	form := vd.AutoType
	if _, isArray := arrayOf(t); isArray && strings.HasPrefix(v.Name, "[") && !strings.HasSuffix(form, "&") && x.Info().LValue {
		// A structured binding of an array by copy: its variable
		// refers to the array, and each name is a copy of its element
		// (the same values: the copy is named by them only).
		if c.copyBindings == nil {
			c.copyBindings = map[*ast.Var]string{}
		}
		c.copyBindings[v] = form
		form += " &"
	}
	if strings.HasSuffix(form, "&&") {
		// A forwarding reference (a range-based for's auto &&): a
		// reference to an lvalue, else the value.
		if x.Info().LValue {
			form = strings.TrimSuffix(form, "&")
		} else {
			form = strings.TrimSuffix(form, " &&")
		}
	}
	cnst := strings.HasPrefix(form, "const ")
	switch {
	case strings.HasSuffix(form, "&"):
		if !x.Info().LValue && !cnst {
			c.fail(v.Pos, "non-const lvalue reference '%s' cannot bind to a temporary", v.Name)
		}
		e := t
		if cnst {
			e = withCV(t, true, false)
		}
		v.Type = &ctypes.Reference{Elem: e}
	default:
		if a, ok := arrayOf(t); ok {
			cq, vq := cvOf(t)
			t = &ctypes.Pointer{Elem: withCV(a.Elem, cq, vq)}
		} else if isFuncType(t) {
			t = &ctypes.Pointer{Elem: t}
		} else {
			t = stripCV(t)
		}
		if strings.HasSuffix(form, "*") {
			if !isPointer(t) && !isNullPtrType(t) {
				c.fail(v.Pos, "variable '%s' with type 'auto *' has incompatible initializer of type '%s'", v.Name, typeStr(t))
			}
		}
		if cnst {
			t = withCV(t, true, false)
		}
		v.Type = t
	}
}

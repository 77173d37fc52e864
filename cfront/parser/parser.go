// Package parser reads the body of a C or CUDA C++ function definition
// (a cfront.Body: preprocessed tokens and the scope of the definition)
// into the syntax tree of package cfront/ast, by recursive descent.
//
// C++'s ambiguities are settled by asking the front end what a name
// denotes (cfront.Body.StartsDecl, IsTemplate): a statement that begins
// with a type is a declaration, otherwise an expression; '(' followed by
// a type is a cast; a name that denotes a template followed by '<' opens
// template arguments, otherwise '<' is less-than. Types written in a body
// (declarations, casts, sizeof, template arguments) are read by the front
// end's own declaration parser, so they mean what they mean at namespace
// scope; the local variables the body declares are told to it
// (Body.DeclareLocal) so that they hide types of their name.
//
// Declarations with auto (auto, const auto, auto &, auto *) leave the
// type to sema; a range-based for is an *ast.RangeForStmt alone in a
// block, which sema expands; static_assert is read as an *ast.StaticAssert, which
// sema checks and removes.
//
// Errors are at file:line:col; after an error the parse goes on at the
// next statement (up to ten errors a body), and the result is then nil.
// What C++ has and this front end does not compile (new, delete, throw,
// try, lambdas capturing *this by copy, local functions,
// compound literals, designated initializers, statement expressions,
// decltype other than in a plain declaration) is an error naming the
// construct, never dropped.
//
// The dialect is C++17, nvcc 11.8's default: if constexpr (an IfStmt
// with Constexpr set, whose branch sema picks), if and switch with an
// init-statement (read as the block { init; if (...) ... } that the
// standard defines them as), structured bindings (auto [a, b] = e, also
// in a range-based for: a variable that no name denotes, and for each
// name a reference whose initializer is an *ast.Binding), attributes
// before a statement ([[fallthrough]], [[maybe_unused]]: skipped),
// static_assert without a message; in an instance of a variadic
// function template, pack expansions in a call's arguments (f(t...),
// f(g(t)...): the pattern read once per element, its pack's name then
// reading as the element's parameter), sizeof...(pack) and fold
// expressions ((t + ...), (0 + ... + t), expanded into nested binary
// operators). Before C++17 (Body.Std) what nvcc rejects is an error:
// constexpr lambdas, structured bindings.
package parser

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
)

// maxNesting bounds the recursion of statements and expressions.
const maxNesting = 1000

type bailout struct{}

type parser struct {
	b    *cfront.Body
	fset *token.FileSet
	toks []cfront.Tok
	i    int
	end  int // index past the last token that may be read
	err  cfront.ErrorList
	nest int
	// noGT counts template argument lists being read: '>' closes one
	// instead of comparing.
	noGT int
	// consts are the local integral constants known so far (for array
	// bounds and template arguments).
	consts map[string]int64
	// decltypes are the decltype(e) read for the declaration parser
	// (decltypeType) and not yet given to the node whose type holds
	// them (takeDecltypes).
	decltypes []*ast.Decltype
	// expanding is set while a pack expansion's pattern is read for
	// its element packIndex: a function parameter pack's name reads as
	// the element's parameter (cfront.PackElement).
	expanding bool
	packIndex int
}

// newParser makes the parser of body b, which reads decltype(e) in the
// body's declarations for the declaration parser.
func newParser(fset *token.FileSet, b *cfront.Body) *parser {
	p := &parser{b: b, fset: fset, consts: map[string]int64{}}
	b.Decltype = p.decltypeType
	return p
}

// decltypeType reads decltype(e) at token i for the declaration parser
// (cfront.Body.Decltype): sema will type e; until then a typedef named
// after it stands for its type.
func (p *parser) decltypeType(i int) (t ctypes.Type, next int, err error) {
	saved, savedErr, savedGT := p.i, len(p.err), p.noGT
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(bailout); !ok {
					panic(r)
				}
			}
		}()
		p.i = i
		kw := p.next()
		open := p.i
		p.expect("(")
		p.noGT = 0
		paren := p.is("(")
		e := p.expr()
		paren = paren && p.is(")") && p.closer(open+1) == p.i-1
		p.expect(")")
		var name strings.Builder
		name.WriteString("decltype(")
		for k := open + 1; k < p.i-1; k++ {
			if k > open+1 {
				name.WriteByte(' ')
			}
			name.WriteString(p.toks[k].Text)
		}
		name.WriteString(")")
		td := &ctypes.Typedef{Name: name.String(), Pos: kw.Pos}
		p.decltypes = append(p.decltypes, &ast.Decltype{Type: td, Expr: e, Paren: paren})
		t, next = td, p.i
	}()
	if len(p.err) > savedErr {
		err = append(cfront.ErrorList(nil), p.err[savedErr:]...)
		p.err = p.err[:savedErr]
	}
	p.i, p.noGT = saved, savedGT
	return t, next, err
}

// takeDecltypes returns the decltype(e) read since there were start of
// them, for the node whose type holds them.
func (p *parser) takeDecltypes(start int) []*ast.Decltype {
	if len(p.decltypes) <= start {
		p.decltypes = p.decltypes[:min(start, len(p.decltypes))]
		return nil
	}
	d := append([]*ast.Decltype(nil), p.decltypes[start:]...)
	p.decltypes = p.decltypes[:start]
	return d
}

// noDecltypes fails where a type read since there were start decltype(e)
// holds one that sema is not asked to resolve (where says where).
func (p *parser) noDecltypes(start int, where string) {
	if d := p.takeDecltypes(start); d != nil {
		p.fail(d[0].Type.Pos, "%s in %s is not supported", d[0].Type.Name, where)
	}
}

// finish turns what a parse recovered from (r: a bailout after an error,
// or a panic, reported as an internal error) and the errors it collected
// into the parse's error; failed says the parse has no result.
func (p *parser) finish(r any) (failed bool, err error) {
	if r != nil {
		if _, ok := r.(bailout); !ok {
			p.err = append(p.err, &cfront.Error{Pos: p.fset.Position(p.tok().Pos), Msg: fmt.Sprintf("internal error: %v", r)})
		}
	}
	if len(p.err) > 0 {
		return true, p.err
	}
	return r != nil, nil
}

// read makes toks, and an end of file at eof, the tokens the parser reads.
func (p *parser) read(toks []cfront.Tok, eof token.Pos) {
	p.toks = append(append([]cfront.Tok(nil), toks...), cfront.Tok{Kind: cfront.TokEOF, Pos: eof})
	p.end = len(p.toks) - 1
}

// ParseBody reads b's body and, for a constructor, its member
// initializers. The parameters are FuncBody.Params, in order.
func ParseBody(fset *token.FileSet, b *cfront.Body) (fb *ast.FuncBody, err error) {
	p := newParser(fset, b)
	defer func() {
		var failed bool
		if failed, err = p.finish(recover()); failed {
			fb = nil
		}
	}()
	fb = &ast.FuncBody{Decl: b.Func}
	for i, prm := range b.Func.Type.Params {
		v := &ast.Var{Name: prm.Name, Type: prm.Type, Param: i, Pos: prm.Pos}
		fb.Params = append(fb.Params, v)
		if prm.Name != "" {
			b.DeclareLocal(prm.Name, prm.Type, false, 0)
		}
	}
	if ib := b.InitsBody(); ib != nil {
		p.b = ib
		p.read(ib.Toks, b.Toks[0].Pos)
		fb.Inits = p.ctorInits()
		p.b = b
	}
	p.read(b.Toks, b.Toks[len(b.Toks)-1].Pos)
	p.i = 0
	fb.Body = p.block()
	return fb, nil
}

// Token access.

func (p *parser) tok() cfront.Tok {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) peek(n int) cfront.Tok {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() cfront.Tok {
	t := p.tok()
	if p.i < p.end {
		p.i++
	}
	return t
}

func isTok(t cfront.Tok, s string) bool {
	return (t.Kind == cfront.TokPunct || t.Kind == cfront.TokIdent) && t.Text == s
}

func (p *parser) is(s string) bool { return isTok(p.tok(), s) }

func (p *parser) accept(s string) bool {
	if p.is(s) {
		p.next()
		return true
	}
	return false
}

func describe(t cfront.Tok) string {
	switch t.Kind {
	case cfront.TokEOF:
		return "end of body"
	case cfront.TokIdent, cfront.TokPunct:
		return "'" + t.Text + "'"
	}
	return t.Text
}

func (p *parser) expect(s string) cfront.Tok {
	if !p.is(s) {
		p.fail(p.tok().Pos, "expected '%s', found %s", s, describe(p.tok()))
	}
	return p.next()
}

func (p *parser) fail(pos token.Pos, format string, args ...any) {
	p.err = append(p.err, &cfront.Error{Pos: p.fset.Position(pos), Msg: fmt.Sprintf(format, args...)})
	panic(bailout{})
}

// failErr reports an error of the front end's declaration parser.
func (p *parser) failErr(err error) {
	if el, ok := err.(cfront.ErrorList); ok {
		p.err = append(p.err, el...)
	} else {
		p.err = append(p.err, &cfront.Error{Pos: p.fset.Position(p.tok().Pos), Msg: err.Error()})
	}
	panic(bailout{})
}

func (p *parser) enter() {
	p.nest++
	if p.nest > maxNesting {
		p.fail(p.tok().Pos, "statement or expression nested too deeply")
	}
}

func (p *parser) leave() { p.nest-- }

// ---------------------------------------------------------------------
// Statements.

func (p *parser) block() *ast.Block {
	p.enter()
	defer p.leave()
	lb := p.expect("{")
	blk := &ast.Block{Lbrace: lb.Pos}
	for !p.is("}") {
		if p.tok().Kind == cfront.TokEOF {
			p.fail(p.tok().Pos, "expected '}', found end of body")
		}
		if s := p.recoverStmt(); s != nil {
			blk.List = append(blk.List, s)
		}
	}
	blk.Rbrace = p.next().Pos
	return blk
}

// maxErrors stops a body's parse after this many errors.
const maxErrors = 10

// recoverStmt reads a statement; after an error in it, it skips to the
// end of the statement (a ';' or a block at its nesting level) so that
// the body's later errors are reported too.
func (p *parser) recoverStmt() (s ast.Stmt) {
	start, nest, noGT := p.i, p.nest, p.noGT
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if _, ok := r.(bailout); !ok || len(p.err) >= maxErrors {
			panic(r)
		}
		p.nest, p.noGT = nest, noGT
		// Skip to the end of the statement at this level.
		p.i = start
		depth := 0
		for p.tok().Kind != cfront.TokEOF {
			t := p.tok()
			switch {
			case isTok(t, "{") || isTok(t, "(") || isTok(t, "["):
				depth++
			case isTok(t, "}") || isTok(t, ")") || isTok(t, "]"):
				if depth == 0 {
					if !isTok(t, "}") {
						p.next() // a stray closer: skipped, or the next try fails on it again
					}
					s = nil
					return
				}
				depth--
				if depth == 0 && isTok(t, "}") {
					p.next()
					if !p.is(";") {
						s = nil
						return
					}
				}
			case isTok(t, ";") && depth == 0:
				p.next()
				s = nil
				return
			}
			p.next()
		}
		s = nil
	}()
	return p.stmt()
}

func (p *parser) stmt() ast.Stmt {
	p.enter()
	defer p.leave()
	p.skipAttributes()
	t := p.tok()
	if t.Kind == cfront.TokPragmaUnroll {
		return p.unrollPragma()
	}
	if t.Kind == cfront.TokIdent {
		switch t.Text {
		case "if":
			return p.ifStmt()
		case "for":
			return p.forStmt()
		case "while":
			p.next()
			s := &ast.WhileStmt{While: t.Pos}
			p.expect("(")
			s.Init, s.Cond = p.condition()
			p.expect(")")
			s.Body = p.stmt()
			return s
		case "do":
			p.next()
			s := &ast.DoStmt{Do: t.Pos}
			s.Body = p.stmt()
			p.expect("while")
			p.expect("(")
			s.Cond = p.expr()
			p.expect(")")
			p.expect(";")
			return s
		case "switch":
			p.next()
			s := &ast.SwitchStmt{Switch: t.Pos}
			p.expect("(")
			init, cinit, cond := p.initCondition()
			s.Init, s.Cond = cinit, cond
			p.expect(")")
			if !p.is("{") {
				p.fail(p.tok().Pos, "a switch body that is not a block is not supported")
			}
			s.Body = p.block()
			collectCases(s.Body, &s.Cases)
			return withInit(init, s)
		case "case":
			p.next()
			s := &ast.CaseStmt{Case: t.Pos}
			s.X = p.condExpr()
			if p.is("...") {
				// A GNU case range, which nvcc accepts.
				p.next()
				s.Hi = p.condExpr()
			}
			p.expect(":")
			s.Stmt = p.labeledStmt()
			return s
		case "default":
			p.next()
			p.expect(":")
			return &ast.CaseStmt{Case: t.Pos, Stmt: p.labeledStmt()}
		case "break", "continue":
			p.next()
			p.expect(";")
			return &ast.BranchStmt{TokPos: t.Pos, Tok: t.Text}
		case "goto":
			p.next()
			if p.is("*") {
				p.fail(p.tok().Pos, "computed goto is not supported")
			}
			l := p.tok()
			if l.Kind != cfront.TokIdent {
				p.fail(l.Pos, "expected a label after goto, found %s", describe(l))
			}
			p.next()
			p.expect(";")
			return &ast.BranchStmt{TokPos: t.Pos, Tok: "goto", Label: l.Text}
		case "return":
			p.next()
			s := &ast.ReturnStmt{Return: t.Pos}
			if !p.is(";") {
				if p.is("{") {
					s.X = p.initList(nil)
				} else {
					s.X = p.expr()
				}
			}
			p.expect(";")
			return s
		case "asm", "__asm__", "__asm":
			return p.asmStmt()
		case "try", "throw", "catch":
			p.fail(t.Pos, "exceptions ('%s') are not supported in device code (guide chapter 7)", t.Text)
		case "static_assert", "_Static_assert":
			p.next()
			p.expect("(")
			sa := &ast.StaticAssert{Assert: t.Pos, Cond: p.assignExpr()}
			if p.accept(",") {
				sa.Msg = p.asmString()
			}
			p.expect(")")
			p.expect(";")
			return sa
		case "using", "namespace":
			next, err := p.b.ParseLocalUsing(p.i)
			if err != nil {
				p.failErr(err)
			}
			p.i = next
			return &ast.EmptyStmt{Semi: p.toks[p.i-1].Pos}
		case "template":
			p.fail(t.Pos, "templates cannot be declared in a function body")
		}
		if isTok(p.peek(1), ":") && !p.b.StartsDecl(p.i) {
			p.next()
			p.next()
			return &ast.LabeledStmt{LabelPos: t.Pos, Label: t.Text, Stmt: p.labeledStmt()}
		}
	}
	switch {
	case p.is("{"):
		return p.block()
	case p.is(";"):
		return &ast.EmptyStmt{Semi: p.next().Pos}
	}
	if p.startsDecl() {
		s := p.declStmt()
		p.expect(";")
		return s
	}
	x := p.expr()
	p.expect(";")
	return &ast.ExprStmt{X: x}
}

// labeledStmt is the statement after a label; a label before '}' labels
// an empty statement (accepted by nvcc as by GCC, with a warning).
func (p *parser) labeledStmt() ast.Stmt {
	if p.is("}") {
		return &ast.EmptyStmt{Semi: p.tok().Pos}
	}
	return p.stmt()
}

// startsDecl reports whether a declaration starts at the current token:
// a type, not a functional cast (int(x) + 1;) nor a qualified function
// call.
func (p *parser) startsDecl() bool {
	if !p.b.StartsDecl(p.i) || p.b.NamesClassValue(p.i) {
		return false
	}
	return true
}

// skipAttributes skips the attribute-specifier-seq at the start of a
// statement ([[fallthrough]], [[maybe_unused]], [[likely]], ...; C++11
// [dcl.attr.grammar]): none changes the code nvcc generates.
func (p *parser) skipAttributes() {
	for p.is("[") && isTok(p.peek(1), "[") {
		open := p.next()
		p.next()
		depth := 0
		for !(depth == 0 && p.is("]") && isTok(p.peek(1), "]")) {
			t := p.tok()
			switch {
			case t.Kind == cfront.TokEOF || p.i >= p.end:
				p.fail(open.Pos, "unterminated attribute [[...")
			case p.is("(") || p.is("[") || p.is("{"):
				depth++
			case p.is(")") || p.is("]") || p.is("}"):
				depth--
			}
			p.next()
		}
		p.next()
		p.next()
	}
}

// collectCases lists the case labels of a switch body, not those of a
// nested switch.
func collectCases(n ast.Node, cases *[]*ast.CaseStmt) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SwitchStmt:
			return false
		case *ast.CaseStmt:
			*cases = append(*cases, n)
		case ast.Expr:
			return false
		}
		return true
	})
}

func (p *parser) ifStmt() ast.Stmt {
	t := p.next()
	s := &ast.IfStmt{If: t.Pos}
	if p.is("constexpr") {
		// C++17 [stmt.if]/2; nvcc takes it in C++14 and C++11 too,
		// with a warning (#2912-D).
		s.Constexpr = true
		p.next()
	}
	p.expect("(")
	init, cinit, cond := p.initCondition()
	s.Init, s.Cond = cinit, cond
	p.expect(")")
	s.Then = p.stmt()
	if p.accept("else") {
		s.Else = p.stmt()
	}
	return withInit(init, s)
}

// initCondition reads what is between the parentheses of if and
// switch: an optional init-statement (C++17 [stmt.select]/1, which nvcc
// takes in C++14 and C++11 too, with a warning) — a declaration or an
// expression and its ';', or ';' alone — and the condition (see
// condition).
func (p *parser) initCondition() (init, condInit ast.Stmt, cond ast.Expr) {
	switch {
	case p.is(";"):
		init = &ast.EmptyStmt{Semi: p.next().Pos}
	case p.startsDecl():
		if !p.declFollowedBySemi() {
			break
		}
		init = p.declStmt()
		p.expect(";")
	default:
		x := p.expr()
		if !p.accept(";") {
			return nil, nil, x
		}
		init = &ast.ExprStmt{X: x}
	}
	condInit, cond = p.condition()
	return init, condInit, cond
}

// declFollowedBySemi reports whether the declaration at p.i ends with a
// ';' before the ')' that closes the condition: an init-statement.
func (p *parser) declFollowedBySemi() bool {
	depth := 0
	for i := p.i; i < p.end; i++ {
		switch t := p.toks[i]; {
		case t.Kind != cfront.TokPunct:
		case t.Text == "(" || t.Text == "[" || t.Text == "{":
			depth++
		case t.Text == ")" || t.Text == "]" || t.Text == "}":
			if depth == 0 {
				return false
			}
			depth--
		case t.Text == ";" && depth == 0:
			return true
		}
	}
	return false
}

// withInit returns s, or, with an init-statement, the block { init s }
// that C++17 [stmt.if]/3 and [stmt.switch]/3 define it as.
func withInit(init, s ast.Stmt) ast.Stmt {
	if init == nil {
		return s
	}
	return &ast.Block{Lbrace: init.Pos(), List: []ast.Stmt{init, s}, Rbrace: s.Pos()}
}

// condition reads the condition of if, while or switch: an expression,
// or a declaration with an initializer whose variable is the condition.
func (p *parser) condition() (ast.Stmt, ast.Expr) {
	if p.startsDecl() {
		d := p.declStmt()
		if len(d.Vars) != 1 || d.Vars[0].Init == nil {
			p.fail(d.DeclPos, "a condition declaration needs one variable with an initializer")
		}
		v := d.Vars[0].Var
		return d, &ast.Ident{NamePos: v.Pos, Name: v.Name, Obj: v}
	}
	return nil, p.expr()
}

// unrollPragma reads #pragma unroll [COUNT] and the statement after it,
// a loop that it then marks. Before any other statement it is ignored,
// as nvcc ignores it (with a warning).
func (p *parser) unrollPragma() ast.Stmt {
	u := &ast.Unroll{Pragma: p.next().Pos}
	if p.tok().Kind != cfront.TokPragmaEnd {
		u.Count = p.condExpr()
	}
	if t := p.tok(); t.Kind != cfront.TokPragmaEnd {
		p.fail(t.Pos, "expected the end of #pragma unroll after its count, found %s", describe(t))
	}
	p.next()
	s := p.stmt()
	switch l := s.(type) {
	case *ast.ForStmt:
		l.Unroll = u
	case *ast.WhileStmt:
		l.Unroll = u
	case *ast.DoStmt:
		l.Unroll = u
	case *ast.Block: // a range-based for, alone in its block
		if len(l.List) == 1 {
			if rf, ok := l.List[0].(*ast.RangeForStmt); ok {
				rf.Unroll = u
			}
		}
	}
	return s
}

func (p *parser) forStmt() ast.Stmt {
	t := p.next()
	s := &ast.ForStmt{For: t.Pos}
	p.expect("(")
	switch {
	case p.is(";"):
		p.next()
	case p.startsDecl():
		if p.rangeForAhead() {
			return p.rangeFor(t)
		}
		s.Init = p.declStmt()
		p.expect(";")
	default:
		s.Init = &ast.ExprStmt{X: p.expr()}
		p.expect(";")
	}
	if !p.is(";") {
		_, s.Cond = p.condition()
	}
	p.expect(";")
	if !p.is(")") {
		s.Post = p.expr()
	}
	p.expect(")")
	s.Body = p.stmt()
	return s
}

// rangeForAhead reports whether the declaration at the current token,
// in a for's parentheses, is a range-based for's: a ':' at the outermost
// level (not one of ?:) before the first ';'.
func (p *parser) rangeForAhead() bool {
	depth, conds := 0, 0
	for i := p.i; i < p.end; i++ {
		t := p.toks[i]
		if t.Kind != cfront.TokPunct {
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return false
			}
			depth--
		case "?":
			conds++
		case ";":
			if depth == 0 {
				return false
			}
		case ":":
			if depth == 0 {
				if conds == 0 {
					return true
				}
				conds--
			}
		}
	}
	return false
}

// rangeFor reads the rest of for (decl : range) body, the current token
// being the declaration's first. The statement is returned alone in a
// block: its scope, where sema expands it.
func (p *parser) rangeFor(t cfront.Tok) ast.Stmt {
	var vd *ast.VarDecl
	var bindings []*ast.VarDecl
	if p.isAutoDecl() {
		d := p.autoDecl(true)
		if len(d.Vars) > 1 && strings.HasPrefix(d.Vars[0].Var.Name, "[") {
			// for (auto [a, b] : r): the element's variable, then
			// the names, declared in the body.
			bindings = d.Vars[1:]
			d.Vars = d.Vars[:1]
		}
		if len(d.Vars) != 1 {
			p.fail(d.DeclPos, "a range-based for declares one variable")
		}
		vd = d.Vars[0]
	} else {
		start := p.tok()
		dts := len(p.decltypes)
		spec, next, err := p.b.ParseDeclSpec(p.i)
		if err != nil {
			p.failErr(err)
		}
		p.i = next
		if spec.Typedef || spec.Extern || spec.Static || spec.Shared || spec.Device || spec.Constant {
			p.fail(start.Pos, "the declaration of a range-based for cannot have a storage class")
		}
		d, next, err := p.b.ParseDeclarator(spec, p.i, false)
		if err != nil {
			p.failErr(err)
		}
		p.i = next
		if d.Name == "" {
			p.fail(p.tok().Pos, "expected a declarator name, found %s", describe(p.tok()))
		}
		vd = &ast.VarDecl{Var: &ast.Var{Name: d.Name, Type: d.Type, Param: -1, Pos: d.Pos}, Decltypes: p.takeDecltypes(dts)}
	}
	p.expect(":")
	if p.is("{") {
		p.fail(p.tok().Pos, "a braced list as the range of a range-based for (std::initializer_list) is not supported")
	}
	rng := p.expr()
	p.expect(")")
	if !vd.Auto {
		delete(p.consts, vd.Var.Name)
		p.b.DeclareLocal(vd.Var.Name, vd.Var.Type, false, 0)
	}
	body := p.stmt()
	if bindings != nil {
		body = &ast.Block{Lbrace: body.Pos(), List: []ast.Stmt{&ast.DeclStmt{DeclPos: vd.Var.Pos, Vars: bindings}, body}, Rbrace: body.Pos()}
	}
	rf := &ast.RangeForStmt{For: t.Pos, Var: vd, Range: rng, Body: body}
	return &ast.Block{Lbrace: t.Pos, List: []ast.Stmt{rf}, Rbrace: p.toks[p.i-1].Pos}
}

// autoDecl reads a declaration whose type is auto (const auto x = e,
// auto &r = e, auto *p = e, static auto ...): sema deduces the types.
// With rangeFor, it is a range-based for's, ended by ':' without an
// initializer, and may be auto && (a forwarding reference).
func (p *parser) autoDecl(rangeFor bool) *ast.DeclStmt {
	start := p.tok()
	s := &ast.DeclStmt{DeclPos: start.Pos}
	static, cnst, constexpr := false, false, false
	for {
		switch {
		case p.accept("static"):
			static = true
			continue
		case p.accept("const"):
			cnst = true
			continue
		case p.accept("constexpr"):
			// A constexpr variable is const; sema finds its value
			// constant as a const one's.
			cnst, constexpr = true, true
			continue
		case p.accept("auto"):
			continue
		}
		break
	}
	if p.accept("const") {
		cnst = true
	}
	for {
		form := "auto"
		if cnst {
			form = "const auto"
		}
		switch {
		case p.accept("&"):
			form += " &"
		case p.accept("*"):
			form += " *"
		case p.is("&&") && rangeFor:
			p.next()
			form += " &&"
		case p.is("&&"):
			p.fail(p.tok().Pos, "auto && (forwarding references) is not supported")
		}
		n := p.tok()
		if n.Kind != cfront.TokIdent {
			if p.is("[") && len(s.Vars) == 0 {
				return p.structuredBinding(s, form, static, rangeFor)
			}
			p.fail(n.Pos, "expected a name after 'auto', found %s", describe(n))
		}
		p.next()
		v := &ast.Var{Name: n.Text, Param: -1, Static: static, Pos: n.Pos}
		vd := &ast.VarDecl{Var: v, Auto: true, AutoType: form}
		switch {
		case rangeFor && p.is(":"):
			// the range's element initializes it (sema)
		case p.accept("="):
			if p.is("{") {
				p.fail(p.tok().Pos, "auto with a braced initializer (std::initializer_list) is not supported")
			}
			vd.Init = p.assignExpr()
		case p.is("("):
			p.next()
			x := p.expr()
			p.expect(")")
			vd.Init = x
		default:
			p.fail(p.tok().Pos, "declaration of '%s' with deduced type 'auto' requires an initializer", n.Text)
		}
		if v, ok := p.plainIntConst(vd.Init); ok && constexpr && form == "const auto" {
			// constexpr auto n = 4: an int constant, for array bounds
			// and template arguments.
			p.consts[n.Text] = v
			p.b.DeclareLocal(n.Text, &ctypes.Qualified{Type: ctypes.BasicOf(ctypes.Int), Const: true}, true, v)
		} else {
			delete(p.consts, n.Text)
			p.b.DeclareLocal(n.Text, nil, false, 0)
		}
		s.Vars = append(s.Vars, vd)
		if !p.accept(",") {
			break
		}
	}
	return s
}

// structuredBinding reads the rest of a structured binding declaration,
// auto [a, b] = e; (C++17 [dcl.struct.bind]), at its '[': a variable
// that no name denotes (form, e.g. const auto &, its type) initialized
// by e, and for each name a reference to its element, whose initializer
// is an *ast.Binding that sema resolves to the class member or array
// element.
//
// In a range-based for (rangeFor), the variable has no initializer: the
// range's element initializes it.
func (p *parser) structuredBinding(s *ast.DeclStmt, form string, static, rangeFor bool) *ast.DeclStmt {
	lb := p.expect("[")
	if p.b.Std() < cfront.Cxx17 {
		// nvcc reads the '[' as an error before C++17.
		p.fail(lb.Pos, "structured bindings are C++17 (-std=%s): expected an identifier", p.b.Std())
	}
	if static {
		p.fail(s.DeclPos, "a structured binding declaration cannot be static (C++20)")
	}
	var names []cfront.Tok
	for {
		n := p.tok()
		if n.Kind != cfront.TokIdent {
			p.fail(n.Pos, "expected an identifier in a structured binding, found %s", describe(n))
		}
		p.next()
		names = append(names, n)
		if !p.accept(",") {
			break
		}
	}
	p.expect("]")
	var text []string
	for _, n := range names {
		text = append(text, n.Text)
	}
	// Its name is no identifier: nothing in the source can name it.
	e := &ast.Var{Name: "[" + strings.Join(text, ",") + "]", Param: -1, Pos: lb.Pos}
	vd := &ast.VarDecl{Var: e, Auto: true, AutoType: form}
	switch {
	case rangeFor && p.is(":"):
	case p.accept("="):
		vd.Init = p.assignExpr()
	case p.is("{") || p.is("("):
		closer := ")"
		if p.next().Text == "{" {
			closer = "}"
		}
		vd.Init = p.assignExpr()
		p.expect(closer)
	default:
		p.fail(p.tok().Pos, "a structured binding declaration needs an initializer")
	}
	s.Vars = append(s.Vars, vd)
	for i, n := range names {
		b := &ast.Binding{Of: &ast.Ident{NamePos: n.Pos, Name: e.Name, Obj: e}, Index: i, Count: len(names), Lbrack: lb.Pos}
		v := &ast.Var{Name: n.Text, Param: -1, Pos: n.Pos}
		s.Vars = append(s.Vars, &ast.VarDecl{Var: v, Auto: true, AutoType: "auto &", Init: b})
		p.b.DeclareLocal(n.Text, nil, false, 0)
	}
	return s
}

// closer is the index of the bracket that closes the one at i (or the
// end of the body).
func (p *parser) closer(i int) int {
	depth := 0
	for ; i < p.end; i++ {
		t := p.toks[i]
		if t.Kind != cfront.TokPunct {
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return p.end
}

// isAutoDecl reports whether the declaration at the current token has
// type auto.
func (p *parser) isAutoDecl() bool {
	for i := p.i; i < len(p.toks); i++ {
		switch p.toks[i].Text {
		case "static", "const", "constexpr":
			continue
		case "auto":
			return p.toks[i].Kind == cfront.TokIdent
		}
		return false
	}
	return false
}

// declStmt reads a declaration (without its ';').
func (p *parser) declStmt() *ast.DeclStmt {
	if p.isAutoDecl() {
		return p.autoDecl(false)
	}
	start := p.tok()
	dts := len(p.decltypes)
	spec, next, err := p.b.ParseDeclSpec(p.i)
	if err != nil {
		p.failErr(err)
	}
	p.i = next
	s := &ast.DeclStmt{DeclPos: start.Pos}
	if spec.Extern && !spec.Shared {
		p.fail(start.Pos, "extern declarations in function bodies are not supported (except extern __shared__)")
	}
	if spec.Constant || spec.Device && !spec.Static {
		p.fail(start.Pos, "__device__ and __constant__ variables must be declared at namespace scope (or static)")
	}
	if p.is(";") {
		return s // a struct, union or enum declared in the body
	}
	for {
		d, next, err := p.b.ParseDeclarator(spec, p.i, false)
		if err != nil {
			// T x(T2(-1), ...): not a parameter list after all, so a
			// direct initializer ([dcl.ambig.res] prefers a
			// declaration only where one can be read).
			n := p.tok()
			if n.Kind != cfront.TokIdent || !isTok(p.peek(1), "(") || !p.argsAhead() {
				p.failErr(err)
			}
			d, next = cfront.Declarator{Name: n.Text, Pos: n.Pos, Type: spec.Base}, p.i+1
		}
		p.i = next
		if d.Name == "" {
			p.fail(p.tok().Pos, "expected a declarator name, found %s", describe(p.tok()))
		}
		if spec.Typedef {
			s.Decltypes = append(s.Decltypes, p.takeDecltypes(dts)...)
			if err := p.b.DeclareTypedef(d.Name, d.Type, d.Pos); err != nil {
				p.failErr(err)
			}
		} else {
			if _, ok := d.Type.(*ctypes.Func); ok {
				p.fail(d.Pos, "local function declarations are not supported ('%s')", d.Name)
			}
			v := &ast.Var{Name: d.Name, Type: d.Type, Param: -1, Static: spec.Static, Pos: d.Pos}
			if spec.Shared {
				v.Space = ctypes.SharedSpace
				v.Static = true // one object per block, as a static is one per program
				v.Extern = spec.Extern
			}
			vd := &ast.VarDecl{Var: v, Decltypes: p.takeDecltypes(dts)}
			vd.Init = p.varInit()
			if spec.Shared && vd.Init != nil {
				p.fail(d.Pos, "initializer not allowed for __shared__ variable '%s'", d.Name)
			}
			isConst, val := false, int64(0)
			if q, ok := d.Type.(*ctypes.Qualified); (ok && q.Const || spec.Constexpr) && ctypes.IsIntegral(d.Type) && vd.Init != nil {
				val, isConst = p.constValue(vd.Init)
			}
			if isConst {
				p.consts[d.Name] = val
			} else {
				delete(p.consts, d.Name)
			}
			p.b.DeclareLocal(d.Name, d.Type, isConst, val)
			s.Vars = append(s.Vars, vd)
		}
		if !p.accept(",") {
			break
		}
	}
	return s
}

// argsAhead reports whether the parenthesized list after the name at
// the current token reads as expressions (the arguments of a direct
// initializer).
func (p *parser) argsAhead() (ok bool) {
	saved, savedErr, savedNest := p.i, len(p.err), p.nest
	toks := append([]cfront.Tok(nil), p.toks...) // templateArgs splits '>>' in place
	defer func() {
		p.toks = toks
		if r := recover(); r != nil {
			if _, isBail := r.(bailout); !isBail {
				panic(r)
			}
			ok = false
		}
		p.i, p.err, p.nest = saved, p.err[:savedErr], savedNest
	}()
	p.next()
	p.expect("(")
	for !p.is(")") {
		p.assignExpr()
		if !p.accept(",") {
			break
		}
	}
	p.expect(")")
	return p.is(";") || p.is(",")
}

// plainIntConst is the value of x when it is an int literal without a
// suffix, or one negated, and fits int.
func (p *parser) plainIntConst(x ast.Expr) (int64, bool) {
	neg := false
	if u, ok := x.(*ast.Unary); ok && u.Op == ast.Neg {
		x, neg = u.X, true
	}
	lit, ok := x.(*ast.BasicLit)
	if !ok || lit.Kind != ast.IntLit || strings.ContainsAny(lit.Value, "uUlL") {
		return 0, false
	}
	v, ok := p.constValue(lit)
	if !ok || v > 1<<31-1 {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// constValue evaluates a local constant's initializer where it is made
// of integer literals, constants and arithmetic: enough for array bounds
// and template arguments; sema evaluates every constant again.
func (p *parser) constValue(x ast.Expr) (v int64, ok bool) {
	switch x := x.(type) {
	case *ast.BasicLit:
		if x.Kind != ast.IntLit {
			return 0, false
		}
		s := strings.TrimRight(strings.ToLower(strings.ReplaceAll(x.Value, "'", "")), "ul")
		n, err := strconv.ParseInt(s, 0, 64)
		return n, err == nil
	case *ast.Ident:
		if len(x.Qual) == 0 {
			if n, ok := p.consts[x.Name]; ok {
				return n, true
			}
		}
		if e := p.b.Lookup(x.Qual, x.Name); e != nil && e.Kind == cfront.EntConst {
			return e.Value, true
		}
	case *ast.Unary:
		a, ok := p.constValue(x.X)
		if !ok {
			return 0, false
		}
		switch x.Op {
		case ast.Neg:
			return -a, true
		case ast.Plus:
			return a, true
		case ast.Not:
			return ^a, true
		}
	case *ast.Binary:
		a, ok1 := p.constValue(x.X)
		b, ok2 := p.constValue(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case ast.Add:
			return a + b, true
		case ast.Sub:
			return a - b, true
		case ast.Mul:
			return a * b, true
		case ast.Div:
			if b != 0 {
				return a / b, true
			}
		case ast.Rem:
			if b != 0 {
				return a % b, true
			}
		case ast.Shl:
			if b >= 0 && b < 63 {
				return a << uint(b), true
			}
		case ast.Shr:
			if b >= 0 && b < 63 {
				return a >> uint(b), true
			}
		case ast.And:
			return a & b, true
		case ast.Or:
			return a | b, true
		case ast.Xor:
			return a ^ b, true
		}
	}
	return 0, false
}

// asmStmt reads asm [volatile] ("template" [: outputs [: inputs [:
// clobbers]]]);.
func (p *parser) asmStmt() ast.Stmt {
	t := p.next()
	s := &ast.AsmStmt{Asm: t.Pos}
	for {
		switch {
		case p.is("volatile") || p.is("__volatile__") || p.is("__volatile"):
			p.next()
			s.Volatile = true
			continue
		case p.is("goto"):
			p.fail(p.tok().Pos, "asm goto is not supported")
		case p.is("inline"):
			p.next()
			continue
		}
		break
	}
	p.expect("(")
	s.Template = p.asmString()
	operands := func() []ast.AsmOperand {
		if !p.accept(":") {
			return nil
		}
		return p.asmOperands()
	}
	if p.is(":") || p.is("::") {
		if p.is("::") {
			// "::" is two empty-operand colons: no outputs.
			p.next()
			s.Inputs = p.asmOperands()
		} else {
			s.Outputs = operands()
			if p.is("::") {
				p.next()
				s.Clobbers = p.clobbers()
			} else if p.is(":") {
				s.Inputs = operands()
			}
		}
		if p.accept(":") {
			s.Clobbers = p.clobbers()
		}
	}
	p.expect(")")
	p.expect(";")
	return s
}

// asmOperands reads a list of asm operands, "constraint"(expr), after
// its colon.
func (p *parser) asmOperands() []ast.AsmOperand {
	var ops []ast.AsmOperand
	for p.tok().Kind == cfront.TokString || p.is("[") {
		if p.is("[") {
			p.fail(p.tok().Pos, "named asm operands are not supported")
		}
		c := p.asmString()
		p.expect("(")
		x := p.expr()
		p.expect(")")
		ops = append(ops, ast.AsmOperand{Constraint: c, X: x})
		if !p.accept(",") && p.tok().Kind != cfront.TokString {
			// nvcc also takes operands without the comma between
			// them ("r"(v) "l"(p), as conjugateGradientMultiDeviceCG
			// writes).
			break
		}
	}
	return ops
}

func (p *parser) clobbers() []string {
	var cs []string
	for p.tok().Kind == cfront.TokString {
		cs = append(cs, p.asmString())
		if !p.accept(",") {
			break
		}
	}
	return cs
}

// asmString reads adjacent string literals, decoded.
func (p *parser) asmString() string {
	if p.tok().Kind != cfront.TokString {
		p.fail(p.tok().Pos, "expected a string literal, found %s", describe(p.tok()))
	}
	var b strings.Builder
	for p.tok().Kind == cfront.TokString {
		t := p.next()
		s, err := ast.Unquote(t.Text)
		if err != nil {
			p.fail(t.Pos, "%v", err)
		}
		b.WriteString(s)
	}
	return b.String()
}

// ctorInits reads a constructor's member initializers: name(args) or
// name{args}, separated by commas.
func (p *parser) ctorInits() []*ast.CtorInit {
	var ins []*ast.CtorInit
	for p.tok().Kind != cfront.TokEOF {
		t := p.tok()
		if t.Kind != cfront.TokIdent {
			p.fail(t.Pos, "expected a member or base name in a constructor initializer, found %s", describe(t))
		}
		start := p.i
		p.next()
		name := t.Text
		for p.is("::") {
			p.next()
			name += "::" + p.next().Text
		}
		in := &ast.CtorInit{NamePos: t.Pos, Name: name}
		if p.is("<") {
			// A base named with its template arguments
			// (detail::base<T>(x)): the type, which sema finds among
			// the bases.
			p.i = start
			in.Type = p.typeSpecifier().Type
		}
		closer := ")"
		if p.accept("{") {
			in.Braced, closer = true, "}"
		} else {
			p.expect("(")
		}
		in.Args = []ast.Expr{}
		for !p.is(closer) {
			in.Args = append(in.Args, p.assignExpr())
			if !p.accept(",") {
				break
			}
		}
		p.expect(closer)
		ins = append(ins, in)
		if !p.accept(",") {
			break
		}
	}
	if p.tok().Kind != cfront.TokEOF {
		p.fail(p.tok().Pos, "expected ',' or the body after a constructor initializer, found %s", describe(p.tok()))
	}
	return ins
}

// ParseInit reads the initializer of a variable at namespace scope (a
// Body whose Var is set): an expression, a braced list, or, for a
// direct initializer, the parenthesized arguments as an *ast.InitList
// with Paren set.
func ParseInit(fset *token.FileSet, b *cfront.Body) (x ast.Expr, err error) {
	p := newParser(fset, b)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				p.err = append(p.err, &cfront.Error{Pos: fset.Position(p.tok().Pos), Msg: fmt.Sprintf("internal error: %v", r)})
			}
			x = nil
		}
		if len(p.err) > 0 {
			err = p.err
			x = nil
		}
	}()
	if len(b.Toks) == 0 {
		return nil, cfront.ErrorList{{Msg: "empty initializer"}}
	}
	p.toks = append([]cfront.Tok(nil), b.Toks...)
	p.toks = append(p.toks, cfront.Tok{Kind: cfront.TokEOF, Pos: b.Toks[len(b.Toks)-1].Pos})
	p.end = len(p.toks) - 1
	switch {
	case b.Paren:
		x = p.parenInit()
	case p.is("{"):
		x = p.initList(nil)
	default:
		x = p.assignExpr()
	}
	if p.tok().Kind != cfront.TokEOF {
		p.fail(p.tok().Pos, "expected the end of the initializer, found %s", describe(p.tok()))
	}
	return x, nil
}

// parenInit reads "(args)", a constructor's arguments, as a parenthesized
// initializer list.
func (p *parser) parenInit() *ast.InitList {
	lp := p.expect("(")
	args := []ast.Expr{}
	for !p.is(")") {
		args = append(args, p.assignExpr())
		if !p.accept(",") {
			break
		}
	}
	rp := p.expect(")")
	return &ast.InitList{Lbrace: lp.Pos, Elems: args, Rbrace: rp.Pos, Paren: true}
}

// varInit reads a variable's initializer, if one follows its name: "= e",
// "= {...}", "{...}" or "(args)" (a constructor's arguments, as a
// parenthesized list); nil when none does.
func (p *parser) varInit() ast.Expr {
	switch {
	case p.accept("="):
		if p.is("{") {
			return p.initList(nil)
		}
		return p.assignExpr()
	case p.is("{"):
		return p.initList(nil)
	case p.is("("):
		return p.parenInit()
	}
	return nil
}

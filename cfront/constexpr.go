package cfront

import (
	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/ctypes"
)

// constexprBody is where a constexpr function's body is: its '{' in the
// tokens being read then (a template instance's are replayed tokens),
// and the scope its names are looked up in.
type constexprBody struct {
	toks   []pp.Tok
	text   string
	match  []int32
	bdepth []int
	start  int
	sc     *scope
}

// maxConstexprDepth bounds the calls of constexpr functions within one
// constant expression (recursion included).
const maxConstexprDepth = 256

// noteConstexpr records the body of fd, at the current token ('{'), when
// fd is a constexpr function.
func (p *parser) noteConstexpr(fd *ctypes.FuncDecl) {
	if fd == nil || !fd.HasAttr("constexpr") || !p.is("{") {
		return
	}
	if p.constexprs == nil {
		p.constexprs = map[*ctypes.FuncDecl]*constexprBody{}
	}
	p.constexprs[fd] = &constexprBody{toks: p.toks, text: p.text, match: p.match, bdepth: p.bdepth, start: p.i, sc: p.sc}
}

// constexprCall evaluates, in an integer constant expression, a call of
// a constexpr function (the current token is its '('): the arguments are
// bound to the parameters and the body, a single return statement
// (C++11's constexpr functions; [dcl.constexpr]), is evaluated in the
// function's scope. The operands of ?: in it are evaluated lazily, so
// that a recursive function ends.
func (p *parser) constexprCall(at Token, name string, ent *entity) value {
	p.expect("(")
	saved := p.noGT
	p.noGT = false
	var args []value
	for !p.is(")") {
		args = append(args, p.constExpr())
		if !p.accept(",") {
			break
		}
	}
	p.noGT = saved
	p.expect(")")
	var fd *ctypes.FuncDecl
	var body *constexprBody
	for _, f := range ent.funcs() {
		b := p.constexprs[f]
		if b == nil || len(f.Type.Params) != len(args) {
			continue
		}
		if fd != nil {
			p.fail(at.Pos, "call to constexpr function '%s' is ambiguous in a constant expression", name)
		}
		fd, body = f, b
	}
	if fd == nil {
		p.fail(at.Pos, "'%s' is not a constexpr function defined before this constant expression and taking %d arguments", name, len(args))
	}
	return p.evalConstexpr(at, fd, body, args)
}

// evalConstexpr evaluates constexpr function fd, whose body is body, on
// args.
func (p *parser) evalConstexpr(at Token, fd *ctypes.FuncDecl, body *constexprBody, args []value) value {
	name := fd.Name
	if p.constexprDepth >= maxConstexprDepth {
		p.fail(at.Pos, "constexpr evaluation of '%s' exceeds %d nested calls", name, maxConstexprDepth)
	}
	bind := newScope(body.sc, "")
	bind.binding = true
	for i, prm := range fd.Type.Params {
		if prm.Name != "" {
			bind.names[prm.Name] = &entity{kind: entConst, typ: prm.Type, val: p.convert(at, args[i], prm.Type)}
		}
	}
	toks, text, match, bdepth, i, sc, nest := p.toks, p.text, p.match, p.bdepth, p.i, p.sc, p.nest
	p.toks, p.text, p.match, p.bdepth, p.i, p.sc = body.toks, body.text, body.match, body.bdepth, body.start, bind
	p.constexprDepth++
	defer func() {
		p.toks, p.text, p.match, p.bdepth, p.i, p.sc, p.nest = toks, text, match, bdepth, i, sc, nest
		p.constexprDepth--
	}()
	p.expect("{")
	if !p.is("return") {
		p.fail(p.toks[p.i].Pos, "constexpr function '%s': only a body of one return statement is evaluated in constant expressions", name)
	}
	p.advance()
	v := p.constExpr()
	p.expect(";")
	if !p.is("}") {
		p.fail(p.toks[p.i].Pos, "constexpr function '%s': only a body of one return statement is evaluated in constant expressions", name)
	}
	return p.convert(at, v, fd.Type.Result)
}

// EvalConstexpr evaluates a call of constexpr function fd on integral
// constant arguments as the front end's constant expressions do (a body
// of one return statement of integral type). An error says why it could
// not; the call is then not a constant expression.
func (b *Body) EvalConstexpr(fd *ctypes.FuncDecl, args []int64, unsigned []bool) (v int64, isUnsigned bool, err error) {
	p := b.unit.p
	if p == nil || p.constexprs[fd] == nil || len(args) != len(fd.Type.Params) {
		return 0, false, errNotConstexpr
	}
	body := p.constexprs[fd]
	vals := make([]value, len(args))
	for i, a := range args {
		vals[i] = value{V: a, Unsigned: unsigned[i]}
	}
	_, err = b.withParser(0, func(p *parser) {
		p.d.mute++
		defer func() { p.d.mute-- }()
		r := p.evalConstexpr(p.tok(), fd, body, vals)
		v, isUnsigned = r.V, r.Unsigned
	})
	return v, isUnsigned, err
}

var errNotConstexpr = errorString("not a constexpr function the front end can evaluate")

type errorString string

func (e errorString) Error() string { return string(e) }

package cfront

import (
	"fmt"
	"go/token"
	"slices"
	"sort"
	"strings"

	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/ctypes"
)

// Templates are instantiated by replaying their tokens: a template
// records the token range of its declaration, and an instantiation parses
// that range again in a scope where the template's parameters name its
// arguments. The declaration parser then builds the instance's types as it
// builds any other (C++ [temp.inst]: the instantiated declaration is the
// template's with the arguments substituted). A function template's
// declared signature, which the Itanium C++ ABI mangles (§5.1.5.8), is
// parsed once with the parameters bound to *ctypes.TemplateParam.

// tmplKind tells class, function and alias templates apart.
type tmplKind int

const (
	tmplClass tmplKind = iota
	tmplFunc
	tmplAlias
	tmplVar
)

// template is a class, function or alias template.
type template struct {
	name       string
	kind       tmplKind
	params     []*tparam
	start, end int // the declaration's tokens after the parameter list
	scope      *scope
	pos        token.Pos
	defined    bool // a class template with a body, a function template with a body
	device     bool // a function template declared __device__ or __global__
	// cls is the class of a member template.
	cls *ctypes.Struct

	// Class templates: instances and explicit specializations by their
	// arguments (ctypes.ArgsString), and the names of members defined
	// outside the class.
	instances  map[string]*ctypes.Struct
	outOfClass map[string]bool
	// memberDefs are the members defined outside a class template
	// with a body, whose bodies are scanned for each instance.
	memberDefs []*memberDef
	// partials are a class template's partial specializations; pattern
	// is a partial specialization's argument list, in its own parameters.
	partials []*template
	pattern  []ctypes.TemplateArg

	// Function templates: instances by arguments, and their keys in the
	// order they were made (setFunc), the order in which a definition
	// seen after them defines them; the declared signature with template
	// parameters (nil when it could not be formed: sigErr says why).
	funcs     map[string]*ctypes.FuncDecl
	funcOrder []string
	sig       *ctypes.Func
	sigErr    string
	// Variable templates: the instances made, by arguments.
	vars map[string]bool
	// unbound is a template template parameter's stand-in; nameArg is
	// a class template as a template argument.
	unbound bool
	nameArg *ctypes.Struct
}

// tparam is one template parameter.
type tparam struct {
	name      string
	typeParam bool
	vtype     ctypes.Type // a non-type parameter's type
	// autoParam marks template <auto N> (C++17): the type is the
	// argument's (vtype, int, stands for it where N is dependent).
	autoParam bool
	def       [2]int // tokens of the default argument; def[0] < 0 if none
	isPack    bool   // a parameter pack (typename... Ts)
	tmplParam bool   // a template template parameter (template <class> class C)
	addrParam bool   // a non-type parameter of pointer or reference type
	tp        *ctypes.TemplateParam
}

// classTemplate is the class or alias template named by e, if any.
func (e *entity) classTemplate() *template {
	if e == nil {
		return nil
	}
	for _, t := range e.tmpls {
		if t.kind == tmplClass || t.kind == tmplAlias {
			return t
		}
	}
	return nil
}

// varTemplate is the variable template named by e, if any.
func (e *entity) varTemplate() *template {
	if e == nil {
		return nil
	}
	for _, t := range e.tmpls {
		if t.kind == tmplVar {
			return t
		}
	}
	return nil
}

// funcTemplates are the function templates named by e.
func (e *entity) funcTemplates() []*template {
	if e == nil {
		return nil
	}
	var ts []*template
	for _, t := range e.tmpls {
		if t.kind == tmplFunc {
			ts = append(ts, t)
		}
	}
	return ts
}

// templateDecl parses a declaration that begins with the keyword template:
// a template, an explicit specialization (template <>) or an explicit
// instantiation (template without <).
func (p *parser) templateDecl(cls *ctypes.Struct) {
	kw := p.expectTok("template")
	if cls != nil {
		if t := p.memberTemplateHead(kw, cls); t != nil {
			p.templateRest(kw, t)
		}
		return
	}
	if !p.is("<") {
		p.explicitInstantiation(kw)
		return
	}
	if p.isPeek(1, ">") {
		p.advance()
		p.advance()
		p.explicitSpecialization(kw)
		return
	}
	params := p.templateParams()
	t := &template{params: params, start: p.i, scope: p.sc, pos: kw.Pos}
	p.templateRest(kw, t)
}

// templateRest parses a template's declaration after its parameter list.
func (p *parser) templateRest(kw Token, t *template) {
	if p.is("template") {
		// A member template of a class template defined outside it
		// (template <class T> template <class U> W<T>::W(W<U> const &)):
		// skipped with a warning, as its declaration in the class is.
		pos := p.next().Pos
		p.templateParams()
		p.d.warnf(pos, "a member template of a class template defined outside its class is not supported: it is skipped, and its instances are not listed")
		for p.toks[p.i].Kind != tEOF {
			switch {
			case p.is("(") || p.is("["):
				p.skipBalanced()
				continue
			case p.is("{"):
				p.skipBalanced()
				return
			case p.is(";"):
				p.advance()
				return
			}
			p.advance()
		}
		return
	}
	if p.accept("using") {
		// An alias template: template <...> using Name = type;
		name := p.expectIdent()
		p.expect("=")
		t.name, t.kind, t.start, t.pos = name.Text, tmplAlias, p.i, name.Pos
		p.skipTo(";")
		t.end = p.i
		p.expect(";")
		p.declareTemplate(name, t)
		return
	}
	if p.is("friend") {
		p.fail(p.toks[p.i].Pos, "friend templates are not supported")
	}
	if (p.is("struct") || p.is("class") || p.is("union")) && p.classTemplateHead() {
		p.advance()
		p.skipAttributes()
		name := p.expectIdent()
		t.name, t.kind, t.pos = name.Text, tmplClass, name.Pos
		if p.is("<") {
			p.partialSpecialization(t, name)
			return
		}
		for !p.is("{") && !p.is(";") && p.toks[p.i].Kind != tEOF {
			if p.is("(") || p.is("[") {
				p.skipBalanced()
				continue
			}
			p.advance()
		}
		if p.is("{") {
			t.defined = true
			p.skipBalanced()
		}
		t.end = p.i
		p.expect(";")
		p.declareTemplate(name, t)
		return
	}
	p.functionTemplate(t)
}

// classTemplateHead reports whether the class key at the current token
// begins a class template's declaration rather than the return type of a
// function template (template <class T> struct S *f(T);).
func (p *parser) classTemplateHead() bool {
	i := p.i + 1
	for p.isAt(i, "__attribute__") || p.isAt(i, "alignas") || p.isAt(i, "__align__") {
		i++
		if m := p.matchAt(i); p.isAt(i, "(") && m > 0 {
			i = m + 1
		}
	}
	if p.kindAt(i) != tIdent {
		return true // an unnamed class
	}
	i++
	switch n := p.at(i); {
	case isTok(n, "{"), isTok(n, ";"), isTok(n, ":"), isTok(n, "final"):
		return true
	case isTok(n, "<"):
		return true // a partial specialization
	}
	return false
}

// functionTemplate parses the rest of a function template's declaration
// (from its specifiers) and records it.
func (p *parser) functionTemplate(t *template) {
	if p.classTemplateMember(t) {
		return
	}
	if name, ok := p.variableTemplateName(t.start); ok {
		// A variable template (template <typename T> __device__ T v;):
		// instantiated when named with its arguments.
		t.kind, t.name, t.pos, t.defined = tmplVar, name.Text, name.Pos, true
		p.skipTo(";")
		t.end = p.i
		p.expect(";")
		p.declareTemplate(name, t)
		return
	}
	t.kind = tmplFunc
	// The declared signature, with the parameters as TemplateParams.
	var name Token
	var sig *ctypes.Func
	var qual, notFunc bool
	var qualSc *scope
	ok := p.muted(func() {
		p.withBindings(t, nil, func() {
			s := p.declSpecs(t.cls, ctxNamespace)
			d := p.declarator(false, t.cls)
			name, qual, qualSc = Token{Text: d.name, Pos: d.pos}, d.qual, d.qualifier
			if !s.hasType() || d.name == "" {
				return
			}
			t.device = s.device || s.global
			if ft, ok := d.wrap(p.baseType(s)).(*ctypes.Func); ok {
				sig = ft
			} else {
				notFunc = true
			}
		})
	})
	if name.Text == "" {
		// The parse stopped before the name: it is the identifier
		// before the first parameter list.
		for i := t.start; i < len(p.toks)-1; i++ {
			if p.isAt(i, "(") && p.toks[i-1].Kind == tIdent && !typeKeywords()[p.textAt(i-1)] && !isDeclKeyword(p.textAt(i-1)) {
				name = p.token(i - 1)
				break
			}
			if p.isAt(i, ";") || p.isAt(i, "{") {
				break
			}
		}
	}
	if notFunc {
		if qual && p.is2("::") {
			p.fail(name.Pos, "static data member templates are not supported")
		}
		// The declaration is neither a function's nor a variable's as
		// parsed: parse it again to report why.
		p.withBindings(t, nil, func() {
			s := p.declSpecs(t.cls, ctxNamespace)
			p.declarator(false, t.cls)
			if !s.hasType() {
				p.fail(name.Pos, "expected a type in the declaration of template '%s'", name.Text)
			}
		})
		p.fail(name.Pos, "the declaration of template '%s' parses as neither a function nor a variable (a type in it is not known?)", name.Text)
	}
	if name.Text == "" {
		p.i = t.start
		p.fail(p.toks[p.i].Pos, "expected a function template declaration")
	}
	if qual {
		if o := memberTemplateOf(qualSc, name.Text, sig); o != nil {
			// The definition of a member template declared in its
			// class (template <class T> void S::put(T) {...}).
			p.i = t.start
			p.skipOutOfLine()
			if !o.defined {
				o.defined = true
				for _, fd := range o.funcs {
					if fd.Template != nil && fd.HasAttr("inline") {
						fd.Defined = true
					}
				}
			}
			return
		}
		p.i = t.start
		p.fail(name.Pos, "member functions of class templates defined outside the class are not supported ('%s')", name.Text)
	}
	if !ok || sig == nil {
		t.sigErr = "its signature uses its parameters in a way that is not supported"
	}
	t.name, t.pos, t.sig = name.Text, name.Pos, sig
	// Skip to the end of the declaration.
	p.i = t.start
	for p.toks[p.i].Kind != tEOF {
		if p.is(";") {
			p.advance()
			break
		}
		if p.is("{") {
			t.defined = true
			p.skipBalanced()
			break
		}
		if p.is("(") || p.is("[") {
			p.skipBalanced()
			continue
		}
		p.advance()
	}
	t.end = p.i
	p.declareTemplate(name, t)
}

// declareTemplate declares template t called name in the current scope;
// a redeclaration with a body replaces one without.
func (p *parser) declareTemplate(name Token, t *template) {
	e := p.sc.names[name.Text]
	if e == nil {
		e = &entity{kind: entTemplate}
		p.sc.names[name.Text] = e
	} else if e.kind != entTemplate && e.kind != entFunc || t.kind != tmplFunc && e.kind == entFunc {
		p.fail(name.Pos, "redefinition of '%s' as a different kind of symbol", name.Text)
	}
	for i, o := range e.tmpls {
		if o.kind != t.kind {
			p.fail(name.Pos, "redefinition of '%s' as a different kind of template", name.Text)
		}
		same := t.kind != tmplFunc || o.sig != nil && t.sig != nil && len(o.params) == len(t.params) &&
			ctypes.TypeString(o.sig, "") == ctypes.TypeString(t.sig, "")
		if !same {
			continue
		}
		if o.defined && t.defined {
			if p.isBuiltin(o.pos) && p.isBuiltin(t.pos) {
				return // two built-in headers declare it (cooperative_groups' plus)
			}
			p.fail(name.Pos, "redefinition of template '%s'", name.Text)
		}
		if t.defined || t.kind == tmplAlias {
			// Keep the instances already made, the partial
			// specializations and the default arguments an earlier
			// declaration gave ([temp.param]: a parameter's default
			// may be given in any one declaration); take the
			// definition.
			t.instances, t.funcs, t.funcOrder, t.outOfClass, t.memberDefs = o.instances, o.funcs, o.funcOrder, o.outOfClass, o.memberDefs
			if t.kind == tmplClass {
				t.partials = append(o.partials, t.partials...)
			}
			if len(o.params) == len(t.params) {
				for j, op := range o.params {
					if t.params[j].def[0] < 0 && op.def[0] >= 0 {
						t.params[j].def = op.def
					}
				}
			}
			e.tmpls[i] = t
			if t.kind == tmplFunc && t.defined {
				p.defineInstances(t)
			}
		}
		return
	}
	e.tmpls = append(e.tmpls, t)
	if t.kind == tmplFunc && t.cls != nil {
		if p.memberTmpls == nil {
			p.memberTmpls = map[string]bool{}
		}
		p.memberTmpls[name.Text] = true
	}
}

// templateParams parses a template parameter list.
func (p *parser) templateParams() []*tparam {
	p.expect("<")
	var ps []*tparam
	if p.closeAngleIf() {
		return nil
	}
	// The parameters named so far are in scope for the later ones
	// (template <class T, T v>).
	saved := p.sc
	ps0 := newScope(p.sc, "")
	ps0.binding = true
	p.sc = ps0
	defer func() { p.sc = saved }()
	for {
		tp := &tparam{def: [2]int{-1, -1}}
		t := p.tok()
		switch {
		case isTok(t, "template"):
			// A template template parameter: template <class> class C.
			p.advance()
			p.templateParams()
			if !p.accept("class") && !p.accept("typename") {
				p.fail(p.toks[p.i].Pos, "expected 'class' after the parameter list of a template template parameter, found %s", p.describe(p.tok()))
			}
			if p.is("...") {
				p.fail(p.toks[p.i].Pos, "template template parameter packs are not supported")
			}
			if p.toks[p.i].Kind == tIdent {
				tp.name = p.next().Text
			}
			tp.tmplParam = true
		case (isTok(t, "typename") || isTok(t, "class")) && p.isTypeParam():
			p.advance()
			tp.isPack = p.accept("...")
			if p.toks[p.i].Kind == tIdent {
				tp.name = p.next().Text
			}
			tp.typeParam = true
		case isTok(t, "auto") && (p.kindAt(p.i+1) == tIdent || p.isPeek(1, ",") || p.isPeek(1, ">") || p.isPeek(1, "=")):
			if p.cfg != nil && p.cfg.Std.Std() < pp.Cxx17 {
				p.fail(t.Pos, "\"auto\" is not allowed here (template <auto> is C++17; -std=%s)", p.cfg.Std.Std())
			}
			p.advance()
			if p.toks[p.i].Kind == tIdent {
				tp.name = p.next().Text
			}
			tp.autoParam, tp.vtype = true, ctypes.BasicOf(ctypes.Int)
		default:
			s := p.declSpecs(nil, ctxParam)
			if !s.hasType() {
				p.fail(t.Pos, "expected a template parameter, found %s", p.describe(t))
			}
			tp.isPack = p.accept("...")
			d := p.declarator(true, nil)
			typ := d.wrap(p.baseType(s))
			if !ctypes.IsIntegral(typ) {
				switch u := ctypes.Unqualified(typ).(type) {
				case *ctypes.TemplateParam:
					// Of an earlier type parameter's type: its
					// argument must be integral (valueType).
					if u.Pack || u.Index >= len(ps) || !ps[u.Index].typeParam {
						p.fail(t.Pos, "non-type template parameter of type '%s' is not supported (only integral, enumeration, pointer and reference types, or an earlier type parameter)", typ)
					}
				case *ctypes.Pointer, *ctypes.MemberPointer, *ctypes.Reference:
					// Declared; an argument for it is an error
					// (matchWritten): its instances are not listed.
					tp.addrParam = true
				default:
					p.fail(t.Pos, "non-type template parameter of type '%s' is not supported (only integral, enumeration, pointer and reference types)", typ)
				}
			}
			tp.name, tp.vtype = d.name, typ
		}
		tp.tp = &ctypes.TemplateParam{Name: tp.name, Index: len(ps), Pack: tp.isPack}
		if tp.name != "" {
			if tp.typeParam {
				ps0.names[tp.name] = &entity{kind: entType, typ: tp.tp}
			} else if !tp.tmplParam {
				ps0.names[tp.name] = &entity{kind: entDependent, typ: tp.vtype, param: tp.tp}
			}
		}
		if tp.isPack && (p.is("=") || !p.is(">") && !p.is(">>")) {
			p.fail(t.Pos, "a template parameter pack must be the last template parameter and has no default argument")
		}
		if p.accept("=") {
			tp.def[0] = p.i
			p.skipTemplateArg()
			tp.def[1] = p.i
		}
		ps = append(ps, tp)
		if !p.pendingGT && p.accept(",") {
			continue
		}
		p.closeAngle()
		return ps
	}
}

// isTypeParam reports whether the typename or class at the current token
// introduces a type parameter (not a non-type parameter of a dependent
// type, typename T::size_type N).
func (p *parser) isTypeParam() bool {
	n := p.peek(1)
	if n.Kind == tIdent {
		n = p.peek(2)
	}
	return isTok(n, ",") || isTok(n, ">") || isTok(n, ">>") || isTok(n, "=") || isTok(n, "...")
}

// skipTemplateArg skips one template argument, up to the ',' or '>' that
// ends it.
func (p *parser) skipTemplateArg() {
	depth := 0
	for p.toks[p.i].Kind != tEOF {
		switch {
		case p.is("(") || p.is("[") || p.is("{"):
			p.skipBalanced()
			continue
		case p.is("<"):
			depth++
		case p.is(">"):
			if depth == 0 {
				return
			}
			depth--
		case p.is(">>"):
			if depth <= 1 {
				if depth == 0 {
					return
				}
				// The inner list closes and so does ours: the
				// default argument ends with the first '>'.
				p.advance()
				p.pendingGT = true
				return
			}
			depth -= 2
		case p.is(",") || p.is(";"):
			if depth == 0 {
				return
			}
		}
		p.advance()
	}
}

// closeAngle consumes the '>' that closes a template parameter or argument
// list; a '>>' closes two lists.
func (p *parser) closeAngle() {
	if p.pendingGT {
		p.pendingGT = false
		return
	}
	if p.accept(">") {
		return
	}
	if p.is(">>") {
		p.advance()
		p.pendingGT = true
		return
	}
	p.fail(p.toks[p.i].Pos, "expected '>' to close the template argument list, found %s", p.describe(p.tok()))
}

// closeAngleIf consumes a closing '>' if the list is empty.
func (p *parser) closeAngleIf() bool {
	if p.pendingGT || p.is(">") || p.is(">>") {
		p.closeAngle()
		return true
	}
	return false
}

// genArg is a template argument before it is matched with a parameter.
type genArg struct {
	typ   ctypes.Type           // a type argument
	val   value                 // a non-type argument
	param *ctypes.TemplateParam // a non-type template parameter as the argument (Array<T, N>)
	// expanded are the arguments of a pack expansion (Ts...) whose pack
	// is bound.
	expanded []ctypes.TemplateArg
	// tmpl is a class template named as the argument (W<Box>).
	tmpl *template
	// addr is a function's or variable's address as the argument; fn
	// is the function, when it names one function.
	addr bool
	fn   *ctypes.FuncDecl
	pos  token.Pos
	// litType is the type of a non-type argument that is one literal
	// (for template <auto N>); nil for other expressions.
	litType ctypes.Type
}

// templateArgList parses a template argument list: each argument is a
// type when it begins like one, else a constant expression.
func (p *parser) templateArgList() []genArg {
	p.expect("<")
	var args []genArg
	if p.closeAngleIf() {
		return nil
	}
	for {
		a := genArg{pos: p.toks[p.i].Pos}
		start := p.i
		if ct, n := p.templateNameAt(p.i); ct != nil {
			// A class template's name alone: the argument of a
			// template template parameter.
			a.tmpl = ct
			p.i = n
			args = append(args, a)
			if p.accept(",") {
				continue
			}
			p.closeAngle()
			return args
		}
		if j := p.i + btoi(p.is("&")); p.kindAt(j) == tIdent || p.isAt(j, "::") {
			// A function or variable's address: the argument of a
			// non-type parameter of pointer type.
			if _, e, n := p.resolveAt(j); e != nil && (e.kind == entFunc || e.kind == entVar || len(e.funcTemplates()) > 0) &&
				(p.isAt(n, ",") || p.isAt(n, ">") || p.isAt(n, ">>")) {
				a.addr = true
				fns := e.funcs()
				if len(fns) == 0 {
					fns = e.overloads
				}
				if e.kind == entFunc && len(fns) == 1 && len(e.funcTemplates()) == 0 {
					a.fn = fns[0]
				}
				p.i = n
				args = append(args, a)
				if p.accept(",") {
					continue
				}
				p.closeAngle()
				return args
			}
		}
		if p.startsType(p.i) {
			if !p.muted(func() { a.typ = p.typeName() }) {
				a.typ = nil
			}
		}
		if e := p.sc.lookup(p.textAt(p.i)); a.typ == nil && p.toks[p.i].Kind == tIdent && e != nil && e.kind == entDependent && e.param != nil &&
			(p.isPeek(1, ",") || p.isPeek(1, ">") || p.isPeek(1, ">>") || p.isPeek(1, "...")) {
			// A non-type parameter as the argument, in a template's
			// declared signature.
			p.advance()
			a.param = e.param
		} else if a.typ == nil || p.is("::") {
			// Not a type (Traits<T>::n is a constant).
			a.typ = nil
			p.i = start
			saved := p.noGT
			p.noGT = true
			a.litType = p.literalType()
			a.val = p.constExpr()
			p.noGT = saved
		}
		if p.is("...") {
			ell := p.next()
			switch {
			case a.typ != nil && ctypes.PackIn(a.typ) != nil:
				a = p.expandArg(a, ell)
			case a.param != nil && a.param.Pack:
				if pack, ok := p.packs[a.param]; ok {
					a = genArg{pos: a.pos, expanded: pack}
				}
			default:
				p.fail(ell.Pos, "'...' after a template argument that names no parameter pack")
			}
		}
		if a.expanded != nil {
			// An expanded pack: its elements are arguments.
			for _, e := range a.expanded {
				x := genArg{pos: a.pos}
				switch e.Kind {
				case ctypes.TypeArg:
					x.typ = e.Type
				case ctypes.ParamArg:
					x.param = e.Param
				default:
					x.val = value{V: e.Value, Unsigned: !isSignedType(e.ValueType)}
				}
				args = append(args, x)
			}
			if p.accept(",") {
				continue
			}
			p.closeAngle()
			return args
		}
		args = append(args, a)
		if p.accept(",") {
			continue
		}
		p.closeAngle()
		return args
	}
}

// matchArgs matches the arguments written for template t with its
// parameters, completing them with default arguments. It reports an error
// at pos and returns nil when they do not match.
func (p *parser) matchArgs(t *template, args []genArg, pos token.Pos, complete bool) []ctypes.TemplateArg {
	out := p.matchWritten(t, args, pos)
	if !complete || out == nil && len(args) > 0 {
		return out
	}
	return p.defaultArgs(t, out, pos, true)
}

// matchWritten matches the written arguments with t's first parameters.
func (p *parser) matchWritten(t *template, args []genArg, pos token.Pos) []ctypes.TemplateArg {
	report := true
	if n := len(t.params); n > 0 && t.params[n-1].isPack {
		// The last parameter, a pack, takes the remaining arguments.
		var pack []ctypes.TemplateArg
		if len(args) >= n {
			for _, a := range args[n-1:] {
				one := p.matchWritten(&template{name: t.name, params: []*tparam{{name: t.params[n-1].name, typeParam: t.params[n-1].typeParam, vtype: t.params[n-1].vtype}}}, []genArg{a}, pos)
				if one == nil {
					return nil
				}
				pack = append(pack, one...)
			}
			args = args[:n-1]
		}
		head := p.matchWritten(&template{name: t.name, params: t.params[:n-1]}, args, pos)
		if head == nil && len(args) > 0 {
			return nil
		}
		if len(head) < n-1 || pack == nil {
			return head // the pack deduced, or empty by default
		}
		return append(head, ctypes.TemplateArg{Kind: ctypes.PackArg, Pack: pack})
	}
	if len(args) > len(t.params) {
		if report {
			p.fail(pos, "too many template arguments for '%s'", t.name)
		}
		return nil
	}
	var out []ctypes.TemplateArg
	for i, a := range args {
		tp := t.params[i]
		switch {
		case tp.addrParam && a.param != nil:
			out = append(out, ctypes.TemplateArg{Kind: ctypes.ParamArg, Param: a.param})
		case tp.addrParam && a.fn != nil && isFuncPointer(tp.vtype) && !a.fn.ExternC:
			out = append(out, ctypes.TemplateArg{Kind: ctypes.AddrArg, Func: a.fn, ValueType: tp.vtype})
		case tp.addrParam || a.addr:
			if report {
				if !tp.addrParam {
					p.fail(a.pos, "template argument %d of '%s' must be a constant expression", i+1, t.name)
				}
				p.fail(a.pos, "template argument %d of '%s': arguments for a non-type parameter of type '%s' are not supported (only integral and enumeration constants, and functions' addresses)", i+1, t.name, tp.vtype)
			}
			return nil
		case tp.tmplParam && a.tmpl != nil:
			out = append(out, p.templateNameArg(a.tmpl))
		case tp.tmplParam || a.tmpl != nil:
			if report {
				if tp.tmplParam {
					p.fail(a.pos, "template argument %d of '%s' must be a class template", i+1, t.name)
				}
				p.fail(a.pos, "template argument %d of '%s': a template where a type or value is expected", i+1, t.name)
			}
			return nil
		case a.expanded != nil:
			// An expanded pack (Ts... with Ts bound) where a single
			// argument is expected: not supported.
			if report {
				p.fail(a.pos, "a pack expansion as template argument %d of '%s', which is no parameter pack", i+1, t.name)
			}
			return nil
		case tp.typeParam && a.typ != nil:
			out = append(out, ctypes.TypeArgOf(canonical(a.typ)))
		case !tp.typeParam && a.param != nil:
			out = append(out, ctypes.TemplateArg{Kind: ctypes.ParamArg, Param: a.param})
		case tp.autoParam && a.typ == nil:
			if a.litType == nil {
				if report {
					p.fail(a.pos, "template argument %d of '%s': for a template <auto> parameter only a literal argument is supported", i+1, t.name)
				}
				return nil
			}
			out = append(out, p.valueArg(a.litType, a.val, a.pos))
		case !tp.typeParam && a.typ == nil:
			vt := valueType(tp, out)
			if !ctypes.IsIntegral(vt) {
				if report {
					p.fail(a.pos, "template argument %d of '%s': the parameter's type '%s' is not an integral or enumeration type", i+1, t.name, vt)
				}
				return nil
			}
			out = append(out, p.valueArg(vt, a.val, a.pos))
		default:
			if report {
				if tp.typeParam {
					p.fail(a.pos, "template argument %d of '%s' must be a type", i+1, t.name)
				}
				p.fail(a.pos, "template argument %d of '%s' must be a constant expression", i+1, t.name)
			}
			return nil
		}
	}
	return out
}

// defaultArgs completes args with t's default template arguments.
func (p *parser) defaultArgs(t *template, args []ctypes.TemplateArg, pos token.Pos, report bool) []ctypes.TemplateArg {
	for i := len(args); i < len(t.params); i++ {
		tp := t.params[i]
		if tp.isPack {
			args = append(args, ctypes.TemplateArg{Kind: ctypes.PackArg})
			continue
		}
		if tp.def[0] < 0 {
			if report {
				p.fail(pos, "too few template arguments for '%s'", t.name)
			}
			return nil
		}
		var a ctypes.TemplateArg
		p.withBindings(t, args, func() {
			p.i = tp.def[0]
			if tp.tmplParam {
				ct, n := p.templateNameAt(p.i)
				if ct == nil {
					p.fail(p.toks[p.i].Pos, "expected a class template as the default argument of '%s'", tp.name)
				}
				p.i = n
				a = p.templateNameArg(ct)
				return
			}
			if tp.typeParam {
				a = ctypes.TypeArgOf(canonical(p.typeName()))
				return
			}
			saved := p.noGT
			p.noGT = true
			v := p.constExpr()
			p.noGT = saved
			a = p.valueArg(valueType(tp, args), v, pos)
		})
		args = append(args, a)
	}
	return args
}

// valueArg is the non-type argument v for a parameter of type vt,
// converted to it.
func (p *parser) valueArg(vt ctypes.Type, v value, pos token.Pos) ctypes.TemplateArg {
	v = p.convert(Token{Pos: pos}, v, vt)
	return ctypes.ValueArgOf(canonical(vt), v.V)
}

// isFuncPointer reports whether t is a pointer to a function.
func isFuncPointer(t ctypes.Type) bool {
	pt, ok := ctypes.Unqualified(t).(*ctypes.Pointer)
	if !ok {
		return false
	}
	_, ok = ctypes.Unqualified(pt.Elem).(*ctypes.Func)
	return ok
}

// valueType is the type of non-type parameter tp given the arguments of
// the parameters before it: the argument of the type parameter it is
// declared with (template <class T, T v>), or its declared type.
func valueType(tp *tparam, args []ctypes.TemplateArg) ctypes.Type {
	if tpp, ok := ctypes.Unqualified(tp.vtype).(*ctypes.TemplateParam); ok && tpp.Index < len(args) && args[tpp.Index].Kind == ctypes.TypeArg {
		return args[tpp.Index].Type
	}
	return tp.vtype
}

// canonical is t without typedefs at its top level (cv-qualifiers kept):
// template arguments are types, not their spellings.
func canonical(t ctypes.Type) ctypes.Type {
	switch u := t.(type) {
	case *ctypes.Typedef:
		return canonical(u.Type)
	case *ctypes.Qualified:
		in := canonical(u.Type)
		if q, ok := in.(*ctypes.Qualified); ok {
			c := *q
			c.Const, c.Volatile, c.Restrict = c.Const || u.Const, c.Volatile || u.Volatile, c.Restrict || u.Restrict
			return &c
		}
		if in == u.Type {
			return u
		}
		c := *u
		c.Type = in
		return &c
	}
	return t
}

// withBindings runs f with the parser in a scope where t's parameters name
// args (as many as given; the others, with args nil all of them, name
// their *ctypes.TemplateParam), positioned at t's declaration; it restores
// the parser's position and scope after.
func (p *parser) withBindings(t *template, args []ctypes.TemplateArg, f func()) {
	savedI, savedSc, savedLD, savedGT, savedNoGT := p.i, p.sc, p.linkageDecl, p.pendingGT, p.noGT
	p.enter()
	defer func() {
		p.leave()
		p.i, p.sc, p.linkageDecl, p.pendingGT, p.noGT = savedI, savedSc, savedLD, savedGT, savedNoGT
	}()
	bs := newScope(t.scope, "")
	bs.binding = true
	bs.externC = false // a template has C++ linkage, even when used in an extern "C" function
	savedPacks := p.packs
	p.packs = map[*ctypes.TemplateParam][]ctypes.TemplateArg{}
	for k, v := range savedPacks {
		p.packs[k] = v
	}
	defer func() { p.packs = savedPacks }()
	for i, tp := range t.params {
		if tp.name == "" {
			continue
		}
		switch {
		case tp.tmplParam:
			// A template template parameter names its argument's
			// template; unbound, a template that cannot be
			// instantiated.
			if i < len(args) && args[i].Kind == ctypes.TemplateNameArg && p.tmplNames[args[i].Template] != nil {
				bs.names[tp.name] = &entity{kind: entTemplate, tmpls: []*template{p.tmplNames[args[i].Template]}}
			} else {
				bs.names[tp.name] = &entity{kind: entTemplate, tmpls: []*template{{name: tp.name, kind: tmplClass, scope: bs, unbound: true}}}
			}
		case tp.isPack:
			// A pack names its parameter; with an argument, its
			// elements are what an expansion (Ts...) gives.
			if i < len(args) && args[i].Kind == ctypes.PackArg {
				p.packs[tp.tp] = args[i].Pack
			}
			if tp.typeParam {
				bs.names[tp.name] = &entity{kind: entType, typ: tp.tp}
			} else {
				bs.names[tp.name] = &entity{kind: entDependent, typ: tp.vtype, param: tp.tp}
			}
		case i < len(args) && args[i].Kind == ctypes.TypeArg:
			e := &entity{kind: entType, typ: args[i].Type}
			if st, ok := underlying(args[i].Type).(*ctypes.Struct); ok {
				e.members = p.classScopes[st]
			}
			bs.names[tp.name] = e
		case i < len(args) && args[i].Kind == ctypes.AddrArg:
			// The function whose address the argument is.
			bs.names[tp.name] = &entity{kind: entFunc, overloads: []*ctypes.FuncDecl{args[i].Func}}
		case i < len(args) && args[i].Kind == ctypes.ParamArg:
			// The argument is the parameter of an enclosing template
			// (an alias template used in a template's signature).
			bs.names[tp.name] = &entity{kind: entDependent, typ: valueType(tp, args), param: args[i].Param}
		case i < len(args):
			vt := valueType(tp, args)
			if tp.autoParam && args[i].ValueType != nil {
				vt = args[i].ValueType
			}
			bs.names[tp.name] = &entity{kind: entConst, typ: vt, val: value{V: args[i].Value, Unsigned: !isSignedType(vt)}}
		case tp.typeParam:
			bs.names[tp.name] = &entity{kind: entType, typ: tp.tp}
		default:
			bs.names[tp.name] = &entity{kind: entDependent, typ: tp.vtype, param: tp.tp}
		}
	}
	p.sc = bs
	p.linkageDecl = false
	p.pendingGT, p.noGT = false, false
	p.i = t.start
	f()
}

// isSignedType reports whether integral type t is signed.
func isSignedType(t ctypes.Type) bool {
	k, ok := integralKind(t)
	return !ok || k.IsSigned()
}

// muted runs f with errors suppressed and reports whether it ran without
// one.
func (p *parser) muted(f func()) (ok bool) {
	p.d.mute++
	savedMuted := p.d.muted
	p.d.muted = false
	savedNest := p.nest
	defer func() {
		if r := recover(); r != nil {
			if _, isSync := r.(syncPanic); !isSync {
				panic(r)
			}
			ok = false
		}
		if p.d.muted {
			ok = false
		}
		p.d.mute--
		p.d.muted = savedMuted
		p.nest = savedNest
	}()
	f()
	return true
}

// instantiateClass returns the specialization of class (or alias)
// template t for args: an explicit specialization, an instance made
// before, or a new instance.
func (p *parser) instantiateClass(t *template, args []ctypes.TemplateArg, pos token.Pos) ctypes.Type {
	if t.kind == tmplAlias {
		var typ ctypes.Type
		p.withBindings(t, args, func() { typ = p.typeName() })
		return typ
	}
	if t.unbound {
		p.fail(pos, "'%s' is a template template parameter: its specializations in a template's declaration are not supported", t.name)
	}
	key := argsKey(args)
	if st := t.instances[key]; st != nil {
		return st
	}
	if !t.defined || dependent(args) {
		// An incomplete specialization; a later definition of the
		// template does not complete it (it is rare in declarations).
		st := &ctypes.Struct{Tag: t.name, Scope: t.scope.path(), Template: &ctypes.TemplateInst{Args: args}, Pos: pos}
		if t.instances == nil {
			t.instances = map[string]*ctypes.Struct{}
		}
		t.instances[key] = st
		if dependent(args) {
			if p.dependentInstances == nil {
				p.dependentInstances = map[*ctypes.Struct]*template{}
			}
			p.dependentInstances[st] = t
		}
		return st
	}
	if sp, sargs := p.pickPartial(t, args); sp != nil {
		var st *ctypes.Struct
		p.withBindings(sp, sargs, func() {
			p.inst = &instRequest{t: sp, args: args, primary: t}
			defer func() { p.inst = nil }()
			s := p.declSpecs(nil, ctxNamespace)
			st, _ = s.named.(*ctypes.Struct)
		})
		if st == nil || st.Template == nil {
			p.fail(pos, "internal error: instantiating a partial specialization of '%s' made no class", t.name)
		}
		nestIn(st, t)
		return st
	}
	var st *ctypes.Struct
	p.withBindings(t, args, func() {
		p.inst = &instRequest{t: t, args: args}
		defer func() { p.inst = nil }()
		s := p.declSpecs(nil, ctxNamespace)
		st, _ = s.named.(*ctypes.Struct)
	})
	if st == nil || st.Template == nil {
		p.fail(pos, "internal error: instantiating '%s' made no class", t.name)
	}
	nestIn(st, t)
	for _, m := range st.Methods {
		if t.outOfClass[m.Name] && !m.Defined {
			markInstantiated(m)
		}
	}
	for _, md := range t.memberDefs {
		p.memberDefInstances(md, st)
	}
	return st
}

// nestIn makes st, an instance of a member class template t, a member of
// t's class (O<1>::In<true>, which mangles with O<1>'s arguments).
func nestIn(st *ctypes.Struct, t *template) {
	if st.Parent == nil && t.scope != nil && t.scope.class != nil && t.scope.class != st {
		st.Parent = t.scope.class
	}
}

// memberDef is a member function of a class template defined outside the
// class with a body: the template that defines it (its parameters, bound
// to an instance's arguments) and the index of its body's '{'.
type memberDef struct {
	t     *template
	name  string
	start int // the definition's first token, after the template's parameters
	body  int
}

// memberDefInstances scans the body of md for instance st of its class
// template: the instances that the body names are instantiated.
func (p *parser) memberDefInstances(md *memberDef, st *ctypes.Struct) {
	if st.Template == nil || len(st.Template.Args) != len(md.t.params) || dependent(st.Template.Args) || p.instDepth >= maxInstDepth {
		return
	}
	var cands []*ctypes.FuncDecl
	for _, m := range st.Methods {
		if m.Name == md.name {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		return
	}
	p.instDepth++
	defer func() { p.instDepth-- }()
	p.withBindings(md.t, st.Template.Args, func() {
		if cs := p.classScopes[st]; cs != nil {
			// The class's members are in scope in the body.
			in := newScope(cs, "")
			in.binding = true
			for k, v := range p.sc.names {
				in.names[k] = v
			}
			p.sc = in
		}
		fn := p.recordMemberDef(md, cands)
		p.i = md.body
		p.muted(func() { p.bodyInstantiations(fn) })
	})
}

// recordMemberDef records, for ParseUnit, the body of md as that of the
// member function it defines in an instance whose arguments are bound:
// of cands (the instance's members of md's name), the one whose
// parameter types and qualifiers the definition's declarator, read again
// with those arguments, declares (as outOfLine matches a definition). It
// gives that function the parameter names the body uses and, for a
// constructor, the member initializers between the declarator and the
// body. It returns the function, or the first of cands where none
// matches (the definition is then not recorded: the function stays
// undefined for the compiler, which says so where it is called).
func (p *parser) recordMemberDef(md *memberDef, cands []*ctypes.FuncDecl) *ctypes.FuncDecl {
	if p.recorder() == nil {
		return cands[0]
	}
	var ft *ctypes.Func
	p.i = md.start
	if !p.muted(func() {
		s := p.declSpecs(nil, ctxNamespace)
		d := p.declarator(false, nil)
		p.postDeclAttrs()
		if !s.hasType() && d.fn || d.conv != nil {
			// A constructor, destructor or conversion function.
			ft, _ = d.wrap(ctypes.BasicOf(ctypes.Void)).(*ctypes.Func)
		} else {
			ft, _ = d.wrap(p.baseType(s)).(*ctypes.Func)
		}
	}) || ft == nil {
		return cands[0]
	}
	var fn *ctypes.FuncDecl
	for _, m := range cands {
		if (m.Special == ctypes.Ordinary || m.Special == ctypes.Constructor) && ctypes.SameSignature(m.Type, ft) {
			fn = m
			break
		}
	}
	if fn == nil {
		return cands[0]
	}
	if fn.Special == ctypes.Constructor && p.accept(":") {
		p.ctorInitializers() // noted for recordBody
	}
	if p.i != md.body {
		if r := p.recorder(); r != nil {
			r.initAt = -1
		}
		return fn
	}
	adoptParamNames(fn, ft)
	p.recordBody(fn)
	return fn
}

// maxInstDepth bounds the instances that bodies of instances name, one
// inside another (template recursion).
const maxInstDepth = 32

// instRequest asks record to build the instance of t for args.
type instRequest struct {
	t    *template
	args []ctypes.TemplateArg
	// primary is the class template whose instance a partial
	// specialization (t) defines; nil when t is that template.
	primary *template
}

// setFunc records fd as the instance or explicit specialization of
// function template t for the arguments of key.
func (t *template) setFunc(key string, fd *ctypes.FuncDecl) {
	if t.funcs == nil {
		t.funcs = map[string]*ctypes.FuncDecl{}
	}
	if _, ok := t.funcs[key]; !ok {
		t.funcOrder = append(t.funcOrder, key)
	}
	t.funcs[key] = fd
}

// instantiateFunc returns the specialization of function template t for
// args (complete), making it on first use.
func (p *parser) instantiateFunc(t *template, args []ctypes.TemplateArg, pos token.Pos) *ctypes.FuncDecl {
	key := argsKey(args)
	if fd := t.funcs[key]; fd != nil {
		return fd
	}
	if t.sig == nil {
		p.fail(pos, "cannot instantiate '%s%s': %s", t.name, key, t.sigErr)
	}
	var fd *ctypes.FuncDecl
	p.withBindings(t, args, func() {
		s := p.declSpecs(t.cls, ctxNamespace)
		d := p.declarator(false, t.cls)
		{
			x := p.postDeclAttrs()
			d.attrs.merge(&x)
		}
		ft, ok := d.wrap(p.baseType(s)).(*ctypes.Func)
		if !ok {
			p.fail(d.pos, "internal error: '%s' is not a function template", t.name)
		}
		a := s.attrs
		a.merge(&d.attrs)
		p.curTemplate = p.templateInst(t, args)
		if t.cls != nil {
			fd = p.declareMethod(t.cls, s, &d, ft, a, ctypes.Ordinary)
		} else {
			fd = p.declareFunc(s, &d, ft, a)
		}
		p.curTemplate = nil
		t.setFunc(key, fd)
		if p.is("{") {
			p.recordBody(fd) // for ParseUnit
			// The instances that the instance's body names.
			p.bodyInstantiations(fd)
		}
	})
	// An instantiation has vague linkage, as an inline function has:
	// nvcc emits it .weak.
	if !fd.HasAttr("inline") {
		fd.Attrs = append(fd.Attrs, "inline")
	}
	fd.Defined = t.defined
	return fd
}

// templateInst is the TemplateInst of t's specialization for args.
func (p *parser) templateInst(t *template, args []ctypes.TemplateArg) *ctypes.TemplateInst {
	ti := &ctypes.TemplateInst{Args: args, Signature: t.sig}
	for _, tp := range t.params {
		ti.Params = append(ti.Params, tp.tp)
	}
	return ti
}

// deduce deduces the arguments of function template t from the parameter
// types of a declaration of one of its specializations (ft), given the
// explicit arguments. It returns nil when they do not determine them all.
func (p *parser) deduce(t *template, explicit []ctypes.TemplateArg, ft *ctypes.Func) []ctypes.TemplateArg {
	if t.sig != nil && endsInPack(t.sig.Params) {
		// A function parameter pack: deduced as from a call with
		// arguments of the declared parameter types.
		var ats []ctypes.Type
		for _, prm := range ft.Params {
			ats = append(ats, prm.Type)
		}
		args := p.deduceFrom(t, explicit, ats)
		if args == nil || !sameType(ctypes.Substitute(t.sig, args), ft) {
			return nil
		}
		return args
	}
	if t.sig == nil || len(t.sig.Params) != len(ft.Params) || t.sig.Variadic != ft.Variadic {
		return nil
	}
	args := make([]ctypes.TemplateArg, len(t.params))
	set := make([]bool, len(t.params))
	for i, a := range explicit {
		args[i], set[i] = a, true
	}
	for i, prm := range t.sig.Params {
		if !unify(prm.Type, ft.Params[i].Type, args, set) {
			return nil
		}
	}
	if !unify(t.sig.Result, ft.Result, args, set) {
		return nil
	}
	n := 0
	for n < len(set) && set[n] {
		n++
	}
	for _, s := range set[n:] {
		if s {
			return nil
		}
	}
	return p.defaultArgs(t, args[:n], token.NoPos, false)
}

// unify matches a declared type pt, which may use template parameters,
// with the type at, binding parameters in args.
func unify(pt, at ctypes.Type, args []ctypes.TemplateArg, set []bool) bool {
	if tp, ok := pt.(*ctypes.TemplateParam); ok {
		at = canonical(at)
		if set[tp.Index] {
			return args[tp.Index].Kind == ctypes.TypeArg && ctypes.TypeString(args[tp.Index].Type, "") == ctypes.TypeString(at, "")
		}
		args[tp.Index], set[tp.Index] = ctypes.TypeArgOf(at), true
		return true
	}
	switch u := pt.(type) {
	case *ctypes.Pointer:
		a, ok := canonical(at).(*ctypes.Pointer)
		return ok && unify(u.Elem, a.Elem, args, set)
	case *ctypes.Reference:
		a, ok := at.(*ctypes.Reference)
		return ok && a.RValue == u.RValue && unify(u.Elem, a.Elem, args, set)
	case *ctypes.Qualified:
		a, ok := canonical(at).(*ctypes.Qualified)
		if !ok || a.Const != u.Const || a.Volatile != u.Volatile {
			return false
		}
		return unify(u.Type, a.Type, args, set)
	case *ctypes.Array:
		a, ok := canonical(at).(*ctypes.Array)
		return ok && a.Len == u.Len && a.Unsized == u.Unsized && unify(u.Elem, a.Elem, args, set)
	case *ctypes.Struct:
		// A specialization of a class template whose arguments name
		// parameters (P<T>, A<N>): the argument's class is a
		// specialization of the same template, and its arguments give
		// the parameters.
		a, ok := canonical(at).(*ctypes.Struct)
		if ok && u.Template != nil && dependent(u.Template.Args) {
			return a.Template != nil && a.Tag == u.Tag && slices.Equal(a.Scope, u.Scope) && a.Parent == u.Parent &&
				unifyArgs(u.Template.Args, a.Template.Args, args, set)
		}
	}
	return ctypes.TypeString(canonical(pt), "") == ctypes.TypeString(canonical(at), "")
}

// unifyArgs unifies the template arguments ps of a specialization in a
// parameter's type with as, the arguments of the argument's class.
func unifyArgs(ps, as []ctypes.TemplateArg, args []ctypes.TemplateArg, set []bool) bool {
	if len(ps) != len(as) {
		return false
	}
	for i, pa := range ps {
		aa := as[i]
		switch pa.Kind {
		case ctypes.TypeArg:
			if aa.Kind != ctypes.TypeArg || !unify(pa.Type, aa.Type, args, set) {
				return false
			}
		case ctypes.ParamArg:
			if aa.Kind != ctypes.ValueArg || pa.Param == nil || pa.Param.Index < 0 || pa.Param.Index >= len(args) {
				return false
			}
			k := pa.Param.Index
			if set[k] {
				if args[k].Kind != ctypes.ValueArg || args[k].Value != aa.Value {
					return false
				}
				continue
			}
			args[k], set[k] = aa, true
		case ctypes.ValueArg:
			if aa.Kind != ctypes.ValueArg || aa.Value != pa.Value {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// pickFuncTemplate chooses, among the function templates ts, the one whose
// specialization a declaration of type ft (nil when unknown) with the
// written arguments names, and returns it with its complete arguments.
func (p *parser) pickFuncTemplate(ts []*template, written []genArg, ft *ctypes.Func, pos token.Pos) (*template, []ctypes.TemplateArg) {
	var found *template
	var found2 []ctypes.TemplateArg
	for _, t := range ts {
		var args []ctypes.TemplateArg
		ok := p.muted(func() {
			explicit := p.matchArgs(t, written, pos, false)
			switch {
			case len(explicit) == len(t.params):
				args = explicit
			case ft != nil:
				args = p.deduce(t, explicit, ft)
			default:
				args = p.defaultArgs(t, explicit, pos, false)
			}
		})
		if !ok || args == nil || len(args) != len(t.params) {
			continue
		}
		if found != nil {
			p.fail(pos, "ambiguous specialization of '%s'", t.name)
		}
		found, found2 = t, args
	}
	if found == nil {
		if len(ts) == 1 {
			p.matchArgs(ts[0], written, pos, false) // reports why, if the arguments are the reason
		}
		p.fail(pos, "no function template '%s' matches this specialization", ts[0].name)
	}
	return found, found2
}

// explicitInstantiation parses template declaration; (after the keyword):
// template struct Array<float, 3>; or template __device__ float
// tmax<float>(float, float);
func (p *parser) explicitInstantiation(kw Token) {
	if p.is("struct") || p.is("class") || p.is("union") {
		k := p.next()
		t := p.tok()
		_, e, n := p.resolveAt(p.i)
		ct := e.classTemplate()
		if ct == nil || ct.kind != tmplClass || !p.isAt(n, "<") {
			p.fail(t.Pos, "expected a class template specialization after '%s %s'", kw.Text, k.Text)
		}
		p.i = n
		args := p.matchArgs(ct, p.templateArgList(), t.Pos, true)
		if !ct.defined {
			p.fail(t.Pos, "explicit instantiation of undefined template '%s'", ct.name)
		}
		if st, ok := underlying(p.instantiateClass(ct, args, t.Pos)).(*ctypes.Struct); ok {
			for _, m := range st.Methods {
				if m.Defined {
					p.noteExplicitInstance(m)
				}
			}
		}
		p.expect(";")
		return
	}
	s := p.declSpecs(nil, ctxNamespace)
	d := p.declarator(false, nil)
	{
		x := p.postDeclAttrs()
		d.attrs.merge(&x)
	}
	if !s.hasType() || d.name == "" {
		p.fail(kw.Pos, "expected a function or class after 'template'")
	}
	ft, ok := d.wrap(p.baseType(s)).(*ctypes.Func)
	if vt := p.lookupDeclName(&d).varTemplate(); !ok && vt != nil && d.targs != nil {
		p.instantiateVar(vt, p.matchArgs(vt, d.targs, d.pos, true), d.pos)
		p.expect(";")
		return
	}
	if !ok {
		p.fail(d.pos, "explicit instantiation of '%s', which is not a function or class template", d.name)
	}
	ts := d.templates
	if ts == nil {
		e := p.lookupDeclName(&d)
		ts = e.funcTemplates()
	}
	if len(ts) == 0 && d.qualifier != nil && d.qualifier.class != nil && d.qualifier.class.Template != nil {
		// A member function of a class template's specialization:
		// template __device__ int Box<int *>::kind() const;
		for _, m := range d.qualifier.class.Methods {
			if m.Name == d.name && ctypes.SameSignature(m.Type, ft) && m.Type.Const == ft.Const && m.Type.Volatile == ft.Volatile {
				if !m.Defined {
					p.fail(d.pos, "explicit instantiation of '%s', which has no definition", m.QualifiedName())
				}
				p.expect(";")
				return
			}
		}
		p.fail(d.pos, "explicit instantiation of '%s': '%s' has no such member function", d.name, d.qualifier.class.Name())
	}
	if len(ts) == 0 {
		p.fail(d.pos, "explicit instantiation of '%s', which is not a function template", d.name)
	}
	t, args := p.pickFuncTemplate(ts, d.targs, ft, d.pos)
	if !t.defined {
		p.fail(d.pos, "explicit instantiation of undefined function template '%s'", t.name)
	}
	fd := p.instantiateFunc(t, args, d.pos)
	if k, _ := p.funcKind(s, &d, ft, s.attrs); k != fd.Kind {
		p.errorf(d.pos, "explicit instantiation of '%s' has execution space %s; the template is %s", d.name, k, fd.Kind)
	}
	p.noteExplicitInstance(fd)
	p.expect(";")
}

// lookupDeclName finds the entity a declarator's name denotes.
func (p *parser) lookupDeclName(d *declarator) *entity {
	if d.qualifier != nil {
		return d.qualifier.member(d.name, 0)
	}
	return p.sc.lookup(d.name)
}

// explicitSpecialization parses the declaration after template <>.
func (p *parser) explicitSpecialization(kw Token) {
	if p.is("struct") || p.is("class") || p.is("union") {
		p.specializing = true
		defer func() { p.specializing = false }()
		s := p.declSpecs(nil, ctxNamespace)
		if st, ok := s.named.(*ctypes.Struct); !ok || st.Template == nil {
			p.fail(kw.Pos, "expected a class template specialization after 'template <>'")
		}
		p.expect(";")
		return
	}
	s := p.declSpecs(nil, ctxNamespace)
	d := p.declarator(false, nil)
	{
		x := p.postDeclAttrs()
		d.attrs.merge(&x)
	}
	if !s.hasType() || d.name == "" {
		p.fail(kw.Pos, "expected a declaration after 'template <>'")
	}
	ft, ok := d.wrap(p.baseType(s)).(*ctypes.Func)
	if !ok {
		p.fail(d.pos, "explicit specializations of variable templates are not supported")
	}
	ts := d.templates
	if ts == nil {
		ts = p.lookupDeclName(&d).funcTemplates()
	}
	if len(ts) == 0 {
		p.fail(d.pos, "'%s' is not a function template", d.name)
	}
	if d.qual {
		p.fail(d.pos, "qualified explicit specializations are not supported")
	}
	t, args := p.pickFuncTemplate(ts, d.targs, ft, d.pos)
	key := argsKey(args)
	if old := t.funcs[key]; old != nil && old.Template != nil && old.HasAttr("inline") && !old.Defined {
		p.fail(d.pos, "explicit specialization of '%s%s' after its instantiation", t.name, key)
	}
	a := s.attrs
	a.merge(&d.attrs)
	p.curTemplate = p.templateInst(t, args)
	p.curTemplate.Specialization = true
	fd := p.declareFunc(s, &d, ft, a)
	p.curTemplate = nil
	t.setFunc(key, fd)
	if p.is("{") {
		p.funcBody(fd)
		return
	}
	p.expect(";")
}

// skipTo advances to the next s at the current bracket depth.
func (p *parser) skipTo(s string) {
	for p.toks[p.i].Kind != tEOF && !p.is(s) {
		if p.is("(") || p.is("[") || p.is("{") {
			p.skipBalanced()
			continue
		}
		p.advance()
	}
}

// bodyInstantiations finds, in the body at the current token ('{') of
// function fn (nil when not known), the function template specializations
// that it names: with explicit template arguments (scale<float><<<g,
// b>>>(...), tmax<int>(a, b)) or with arguments deduced from a call's
// arguments (tmax(a, b), scale<<<g, b>>>(p, n); deduce.go), and
// instantiates them. A name it cannot resolve is left alone (a local name,
// or host code it need not understand); a device template whose arguments
// it cannot tell is a warning, since an instance may then be missing.
func (p *parser) bodyInstantiations(fn *ctypes.FuncDecl) {
	open := p.i
	end := p.matchAt(open)
	if end < 0 {
		return
	}
	saved, savedSc := p.i, p.sc
	defer func() { p.i, p.sc = saved, savedSc }()
	env := &bodyEnv{fn: fn, vars: map[string]ctypes.Type{}}
	// Integral constants declared in the body (constexpr int n = 2;)
	// may be template arguments.
	locals := newScope(p.sc, "")
	locals.binding = true
	p.sc = locals
	var lambdas []*genericLambda
	defer func() {
		for _, l := range lambdas {
			p.lambdaInstances(env, fn, l, open, end)
		}
	}()
	// skips are the branches of if constexpr not taken, by their first
	// token: their calls instantiate nothing (C++17 [stmt.if]/2).
	var skips map[int]int
	for i := open + 1; i < end; i++ {
		if p.isAt(i, "if") && p.isAt(i+1, "constexpr") && p.isAt(i+2, "(") {
			if from, to, ok := p.discardedBranch(i, end); ok {
				if skips == nil {
					skips = map[int]int{}
				}
				skips[from] = to
			}
		}
		if to, ok := skips[i]; ok {
			i = to - 1
			continue
		}
		stmt := p.isAt(i-1, ";") || p.isAt(i-1, "{") || p.isAt(i-1, "}") || p.isAt(i-1, ":") && !p.isAt(i-2, "?") ||
			p.isAt(i-1, "(") && p.isAt(i-2, "for") || p.isAt(i-1, ")") && (p.matchAt(i-1) > 0 && isControl(p.at(p.matchAt(i-1)-1)))
		if stmt {
			if l := p.genericLambdaAt(i); l != nil {
				// Its body is scanned for each call's argument
				// types, after the enclosing body.
				lambdas = append(lambdas, l)
				i = p.matchAt(l.body)
				continue
			}
			p.localDecl(env, i, end)
		}
		if (p.isAt(i, "constexpr") || p.isAt(i, "const")) && (stmt || p.isAt(i-1, "static")) {
			p.i = i
			var name string
			var v value
			if p.muted(func() {
				s := p.declSpecs(nil, ctxNamespace)
				d := p.declarator(false, nil)
				if !s.hasType() || d.name == "" || !ctypes.IsIntegral(d.wrap(p.baseType(s))) {
					p.fail(p.toks[i].Pos, "not an integral constant")
				}
				p.expect("=")
				v = p.constExpr()
				name = d.name
			}) && name != "" {
				locals.names[name] = &entity{kind: entConst, typ: ctypes.BasicOf(ctypes.Int), val: v}
			}
			continue
		}
		launch := p.isAt(i+1, "<<") && p.isAt(i+2, "<")
		if p.toks[i].Kind != tIdent || !p.isAt(i+1, "<") && !p.isAt(i+1, "(") && !launch {
			continue
		}
		t := p.token(i)
		var e *entity
		qstart := i // where the name, qualified or not, starts
		if dot := i - 1; p.isAt(i-1, "template") && (p.isAt(i-2, ".") || p.isAt(i-2, "->")) || p.isAt(i-1, ".") || p.isAt(i-1, "->") {
			// A member call: obj.f(x), p->template f<T>(x).
			if p.isAt(i-1, "template") {
				dot--
			}
			e = p.memberEntity(env, open, dot, t.Text)
			if e == nil {
				continue
			}
		} else if p.isAt(i-1, "::") {
			// A qualified name: ns::f(x), ::g<T>(y).
			j := i - 1
			for p.isAt(j, "::") && p.kindAt(j-1) == tIdent && !p.isAt(j-2, ".") && !p.isAt(j-2, "->") {
				j -= 2
			}
			if p.isAt(j, "::") && p.kindAt(j-1) != tIdent {
				// ::name from the file scope.
			} else {
				j++
			}
			_, e, _ = p.resolveAt(j)
			qstart = j
		} else {
			if _, shadowed := env.vars[t.Text]; shadowed {
				continue
			}
			e = p.sc.lookup(t.Text)
		}
		if ct := e.classTemplate(); ct != nil && ct.kind == tmplClass && p.isAt(i+1, "<") {
			// A class template's specialization named in the body
			// (Vector<Complex> v;): its member functions are instances.
			p.i = qstart
			if !p.muted(func() { p.templateType() }) {
				p.d.warnf(t.Pos, "the template arguments of '%s' not understood: its instance, if any, is not listed", t.Text)
				p.pendingGT = false
				continue
			}
			p.pendingGT = false
			i = max(i, p.i-1)
			continue
		}
		if vt := e.varTemplate(); vt != nil && p.isAt(i+1, "<") {
			// A variable template's specialization: v<float>.
			p.i = i + 1
			var args []ctypes.TemplateArg
			if !p.muted(func() { args = p.matchArgs(vt, p.templateArgList(), t.Pos, true) }) || p.pendingGT {
				p.pendingGT = false
				p.d.warnf(t.Pos, "the template arguments of '%s' not understood: its instance, if any, is not listed", t.Text)
				continue
			}
			next := p.i
			if !p.muted(func() { p.instantiateVar(vt, args, t.Pos) }) {
				p.d.warnf(t.Pos, "variable template '%s%s' could not be instantiated: its instance is not listed", vt.name, describeArgs(args))
			}
			i = max(i, next-1)
			continue
		}
		ts := e.funcTemplates()
		if len(ts) == 0 {
			continue
		}
		var written []genArg
		p.i = i + 1
		if p.is("<") {
			ok := p.muted(func() { written = p.templateArgList() })
			if !ok || p.pendingGT || !(p.is("(") || p.is("<<") && p.isPeek(1, "<")) {
				p.pendingGT = false
				p.d.warnf(t.Pos, "template arguments of '%s' not understood: its instance, if any, is not listed", t.Text)
				continue
			}
		}
		next := p.i
		call := p.i // the '(' of the call's arguments
		if p.is("<<") {
			// A launch: skip the configuration <<<...>>>.
			j := p.i + 2
			for j < end && !(p.isAt(j, ">>") && p.isAt(j+1, ">")) {
				if m := p.matchAt(j); m > j {
					j = m
				}
				j++
			}
			call = j + 2
			if !p.isAt(call, "(") {
				continue
			}
		}
		var tm *template
		var args []ctypes.TemplateArg
		var fd *ctypes.FuncDecl
		if len(written) > 0 {
			p.muted(func() { tm, args = p.pickFuncTemplate(ts, written, nil, t.Pos) })
		}
		if tm == nil {
			argTypes := p.callArgs(env, call)
			fd, tm, args = p.resolveCall(&callee{decls: e.overloads, tmpls: ts, written: written}, argTypes)
			if fd != nil {
				continue // a function that is no template's specialization
			}
			if tm == nil {
				if anyDevice(ts) && !p.deducedWarned[t.Text] {
					if p.deducedWarned == nil {
						p.deducedWarned = map[string]bool{}
					}
					p.deducedWarned[t.Text] = true
					p.d.warnf(t.Pos, "call of function template '%s': its template arguments could not be deduced from the call (%s); its instance, if any, is not listed unless named elsewhere", t.Text, describeTypes(argTypes))
				}
				continue
			}
		}
		switch {
		case p.instDepth >= maxInstDepth:
			p.d.warnf(t.Pos, "instances of '%s' nested more than %d deep: not listed", t.Text, maxInstDepth)
		case tm.device:
			p.instDepth++
			if !p.muted(func() { p.instantiateFunc(tm, args, t.Pos) }) {
				p.d.warnf(t.Pos, "function template '%s%s' could not be instantiated: its instance is not listed", tm.name, describeArgs(args))
			}
			p.instDepth--
		default:
			// A host template: what cannot be instantiated is a
			// warning, not an error in host code.
			p.instDepth++
			if !p.muted(func() { p.instantiateFunc(tm, args, t.Pos) }) {
				p.d.warnf(t.Pos, "host function template '%s%s' not instantiated: instances its body names are not listed", tm.name, describeArgs(args))
			}
			p.instDepth--
		}
		i = max(i, next-1)
	}
}

// genericLambda is a generic lambda a body names (auto f = [&](auto
// c) { ... };): its parameters' names (auto: declared with auto) and the
// '{' of its body.
type genericLambda struct {
	name   string
	at     int // the token of its name
	params []string
	auto   []bool
	body   int
}

// genericLambdaAt reports the generic lambda whose declaration starts at
// token i (auto NAME = [captures](params) mutable? {body}), or nil.
func (p *parser) genericLambdaAt(i int) *genericLambda {
	if !p.isAt(i, "auto") || p.kindAt(i+1) != tIdent || !p.isAt(i+2, "=") || !p.isAt(i+3, "[") {
		return nil
	}
	cl := p.matchAt(i + 3)
	if cl < 0 || !p.isAt(cl+1, "(") {
		return nil
	}
	pc := p.matchAt(cl + 1)
	if pc < 0 {
		return nil
	}
	body := pc + 1
	if p.isAt(body, "mutable") {
		body++
	}
	if !p.isAt(body, "{") || p.matchAt(body) < 0 {
		return nil
	}
	l := &genericLambda{name: p.at(i + 1).Text, at: i + 1, body: body}
	generic := false
	for j := cl + 2; j < pc; j++ {
		name, auto := "", false
		for ; j < pc && !p.isAt(j, ","); j++ {
			if m := p.matchAt(j); m > j {
				j = m
				continue
			}
			switch t := p.at(j); {
			case isTok(t, "auto"):
				auto = true
			case t.Kind == tIdent:
				name = t.Text
			}
		}
		if name == "auto" {
			name = ""
		}
		l.params, l.auto = append(l.params, name), append(l.auto, auto)
		generic = generic || auto
	}
	if !generic {
		return nil
	}
	return l
}

// lambdaInstances scans the body of generic lambda l, declared in the body
// of fn between tokens open and end, once for each list of argument types
// it is called with: where the body calls it (f(x)), and where the body
// passes it to a function template whose body calls that parameter
// (dispatch(f, n) with launch(std::integral_constant<int, 32>{}) in
// dispatch). Its parameters are then variables of those types, so that
// c.value is a constant (kernel<c.value><<<...>>>). Without a call it
// finds, the body is scanned as any other (its instances, where they need
// its parameters, are warned about).
func (p *parser) lambdaInstances(env *bodyEnv, fn *ctypes.FuncDecl, l *genericLambda, open, end int) {
	seen := map[string]bool{}
	var calls [][]ctypes.Type
	add := func(ts []ctypes.Type) {
		if len(ts) != len(l.params) {
			return
		}
		for _, t := range ts {
			if t == nil {
				return
			}
		}
		if k := describeTypes(ts); !seen[k] {
			seen[k] = true
			calls = append(calls, ts)
		}
	}
	member := func(q int) bool {
		return p.isAt(q-1, ".") || p.isAt(q-1, "->") || p.isAt(q-1, "::")
	}
	for i := open + 1; i < end; i++ {
		if t := p.token(i); t.Kind != tIdent || t.Text != l.name || i == l.at || member(i) || i > l.body && i < p.matchAt(l.body) {
			continue
		}
		if p.isAt(i+1, "(") {
			add(p.callArgs(env, i+1))
			continue
		}
		if !(p.isAt(i-1, "(") || p.isAt(i-1, ",")) || !(p.isAt(i+1, ")") || p.isAt(i+1, ",")) {
			continue
		}
		// An argument: find the call's '(' and the argument's index.
		k, j := 0, i-1
		for ; j > open; j-- {
			t := p.at(j)
			if (isTok(t, ")") || isTok(t, "]") || isTok(t, "}")) && p.matchAt(j) >= 0 && p.matchAt(j) < j {
				j = p.matchAt(j)
				continue
			}
			if isTok(t, "(") {
				break
			}
			if isTok(t, ",") {
				k++
			}
			if isTok(t, "{") || isTok(t, "[") || isTok(t, ";") {
				j = open
				break
			}
		}
		if j <= open || p.kindAt(j-1) != tIdent || member(j-1) {
			continue
		}
		for _, tm := range p.sc.lookup(p.at(j - 1).Text).funcTemplates() {
			if tm.sig == nil || k >= len(tm.sig.Params) || tm.sig.Params[k].Name == "" {
				continue
			}
			name := tm.sig.Params[k].Name
			p.withBindings(tm, nil, func() {
				tenv := &bodyEnv{vars: map[string]ctypes.Type{}}
				for q := tm.start; q < tm.end; q++ {
					if t := p.token(q); t.Kind == tIdent && t.Text == name && p.isAt(q+1, "(") && !member(q) {
						add(p.callArgs(tenv, q+1))
					}
				}
			})
		}
	}
	saved, savedSc := p.i, p.sc
	defer func() { p.i, p.sc = saved, savedSc }()
	if len(calls) == 0 {
		p.i = l.body
		p.bodyInstantiations(fn)
		return
	}
	for _, ts := range calls {
		bs := newScope(savedSc, "")
		bs.binding = true
		for k, name := range l.params {
			if name != "" {
				bs.names[name] = &entity{kind: entVar, typ: nonRef(ts[k])}
			}
		}
		p.sc = bs
		p.i = l.body
		p.bodyInstantiations(fn)
	}
}

// isControl reports whether t is a keyword whose parenthesized condition
// may be followed by a statement (if (c) T x;).
func isControl(t Token) bool {
	return isTok(t, "if") || isTok(t, "for") || isTok(t, "while") || isTok(t, "switch")
}

// describeTypes lists argument types in a diagnostic ('?' where unknown).
func describeTypes(ts []ctypes.Type) string {
	var s []string
	for _, t := range ts {
		if t == nil {
			s = append(s, "?")
			continue
		}
		s = append(s, ctypes.TypeString(t, ""))
	}
	return strings.Join(s, ", ")
}

// describeArgs is args as written in a diagnostic.
func describeArgs(args []ctypes.TemplateArg) string {
	return strings.TrimSpace(ctypes.ArgsString(args))
}

// templateType parses, at the current token, a class or alias template's
// specialization (Array<float, 3>, ns::Vec<int>), with any nested type
// named after it (Array<float, 3>::Inner). It reports false, consuming
// nothing, when the name there is not a template's followed by '<'.
func (p *parser) templateType() (ctypes.Type, bool) {
	if p.toks[p.i].Kind != tIdent && !p.is("::") {
		return nil, false
	}
	_, e, n := p.resolveAt(p.i)
	t := e.classTemplate()
	if t == nil || !p.isAt(n, "<") {
		return nil, false
	}
	pos := p.toks[p.i].Pos
	p.i = n
	args := p.matchArgs(t, p.templateArgList(), pos, true)
	typ := p.instantiateClass(t, args, pos)
	for p.is("::") && p.kindAt(p.i+1) == tIdent {
		st, _ := underlying(typ).(*ctypes.Struct)
		sc := p.classScopes[st]
		if sc == nil && st != nil && st.Template != nil && dependent(st.Template.Args) && !p.isPeek(2, "::") && !p.isPeek(2, "<") && !p.isPeek(2, "(") {
			// typename Vec<T>::Type in a template's declared
			// signature: known in its instances only.
			m := p.peek(1)
			p.advance()
			p.advance()
			return &ctypes.DependentName{Qualifier: st, Name: m.Text}, true
		}
		if sc == nil {
			p.fail(p.toks[p.i].Pos, "'%s' has no members", typ)
		}
		m := p.peek(1)
		e := sc.member(m.Text, 0)
		if ct := e.classTemplate(); ct != nil && ct.kind == tmplClass && p.isPeek(2, "<") {
			// A member class template's specialization: O<1>::In<true>.
			p.advance()
			p.advance()
			args := p.matchArgs(ct, p.templateArgList(), m.Pos, true)
			typ = p.instantiateClass(ct, args, m.Pos)
			continue
		}
		if e != nil && (e.kind == entConst || e.kind == entFunc || e.kind == entTemplate && len(e.funcTemplates()) > 0) {
			break // a constant or a function: Traits<T>::n, Pk<T>::make() in an expression
		}

		if e == nil || e.kind != entType {
			p.fail(m.Pos, "no type named '%s' in '%s'", m.Text, typ)
		}
		p.advance()
		p.advance()
		typ = e.typ
	}
	return typ, true
}

// dependent reports whether a template argument uses a template parameter.
func dependent(args []ctypes.TemplateArg) bool {
	for _, a := range args {
		if a.Kind == ctypes.ParamArg || a.Kind == ctypes.TypeArg && usesParam(a.Type, 0) {
			return true
		}
	}
	return false
}

func usesParam(t ctypes.Type, depth int) bool {
	if depth > 32 {
		return false
	}
	switch u := t.(type) {
	case *ctypes.TemplateParam, *ctypes.DependentName:
		return true
	case *ctypes.Pointer:
		return usesParam(u.Elem, depth+1)
	case *ctypes.Reference:
		return usesParam(u.Elem, depth+1)
	case *ctypes.Qualified:
		return usesParam(u.Type, depth+1)
	case *ctypes.Array:
		return usesParam(u.Elem, depth+1)
	case *ctypes.Struct:
		return u.Template != nil && dependent(u.Template.Args)
	case *ctypes.Func:
		for _, p := range u.Params {
			if usesParam(p.Type, depth+1) {
				return true
			}
		}
		return usesParam(u.Result, depth+1)
	}
	return false
}

// classTemplateMember recognizes a member of a class template defined
// outside the class (template <class T> T Array<T>::get() const {...}):
// it records the member's name in the class template, whose instances'
// member functions of that name are then defined, and skips the
// declaration.
func (p *parser) classTemplateMember(t *template) bool {
	for i := t.start; i < len(p.toks) && p.toks[i].Kind != tEOF; i++ {
		tk := p.token(i)
		if isTok(tk, "(") || isTok(tk, ";") || isTok(tk, "{") || isTok(tk, "=") {
			return false
		}
		if tk.Kind != tIdent || !p.isAt(i+1, "<") {
			continue
		}
		ct := p.sc.lookup(tk.Text).classTemplate()
		if ct == nil || ct.kind != tmplClass {
			continue
		}
		// Find the '>' closing the arguments.
		depth, j := 0, i+1
		for ; j < len(p.toks) && p.toks[j].Kind != tEOF; j++ {
			switch {
			case p.isAt(j, "("):
				if m := p.matchAt(j); m > 0 {
					j = m
				}
			case p.isAt(j, "<"):
				depth++
			case p.isAt(j, ">"):
				depth--
			case p.isAt(j, ">>"):
				depth -= 2
			}
			if depth <= 0 {
				break
			}
		}
		if !p.isAt(j+1, "::") {
			continue
		}
		name := p.at(j + 2)
		if name.Kind == tIdent && name.Text != "operator" {
			// typename vec3<T>::Type f(...): the qualified name is
			// the return type, not the member defined (whose name
			// a parameter list or an initializer follows).
			if nx := p.at(j + 3); !isTok(nx, "(") && !isTok(nx, "=") && !isTok(nx, ";") && !isTok(nx, "[") && !isTok(nx, "{") && !isTok(nx, "::") {
				continue
			}
		}
		member := name.Text
		switch {
		case isTok(name, "~"):
			member = "~" + p.at(j+3).Text
		case name.Text == "operator":
			p.i = j + 3
			member, _ = p.operatorName(name)
		}
		if ct.outOfClass == nil {
			ct.outOfClass = map[string]bool{}
		}
		ct.outOfClass[member] = true
		for _, st := range ct.instances {
			for _, m := range st.Methods {
				if m.Name == member {
					markInstantiated(m)
				}
			}
		}
		p.i = j + 2
		for p.toks[p.i].Kind != tEOF {
			if p.is(";") {
				p.advance()
				return true
			}
			if p.is(":") {
				// A constructor's member initializers (v{x} included).
				p.advance()
				p.ctorInitializers()
				if r := p.recorder(); r != nil {
					r.initAt = -1
				}
				continue
			}
			if p.is("{") {
				md := &memberDef{t: t, name: member, start: t.start, body: p.i}
				ct.memberDefs = append(ct.memberDefs, md)
				for _, key := range sortedKeys(ct.instances) {
					p.memberDefInstances(md, ct.instances[key])
				}
				p.skipBalanced()
				return true
			}
			if p.is("(") || p.is("[") {
				p.skipBalanced()
				continue
			}
			p.advance()
		}
		return true
	}
	return false
}

// markInstantiated marks a member function of a class template's instance
// defined by a definition in the template: it has vague linkage, as an
// inline function has (nvcc emits it .weak).
func markInstantiated(m *ctypes.FuncDecl) {
	m.Defined = true
	if !m.HasAttr("inline") {
		m.Attrs = append(m.Attrs, "inline")
	}
}

// scopedConst evaluates a constant named through a class template's
// specialization (Traits<float>::n) in a constant expression.
func (p *parser) scopedConst() value {
	t := p.tok()
	typ, _ := p.templateType()
	op := p.expectTok("::")
	m := p.expectIdent()
	st, _ := underlying(typ).(*ctypes.Struct)
	sc := p.classScopes[st]
	var e *entity
	if sc != nil {
		e = sc.member(m.Text, 0)
	}
	if e == nil || e.kind != entConst {
		p.fail(op.Pos, "'%s' is not an integral constant of '%s'", m.Text, typ)
	}
	_ = t
	return e.val
}

// anyDevice reports whether one of ts is a device or kernel template.
func anyDevice(ts []*template) bool {
	for _, t := range ts {
		if t.device {
			return true
		}
	}
	return false
}

// defineInstances completes the instances made of function template t
// before its definition: they are now defined, and their bodies may name
// more instances.
func (p *parser) defineInstances(t *template) {
	// In the order the instances were made, as nvcc emits them (a map's
	// order would change from run to run); an instance made meanwhile is
	// defined as it is made.
	for i := 0; i < len(t.funcOrder); i++ {
		fd := t.funcs[t.funcOrder[i]]
		if fd.Template == nil || !fd.HasAttr("inline") || fd.Defined {
			continue // an explicit specialization, or done
		}
		fd.Defined = true
		args := fd.Template.Args
		p.withBindings(t, args, func() {
			if !p.muted(func() {
				p.declSpecs(nil, ctxNamespace)
				p.declarator(false, nil)
				p.postDeclAttrs()
			}) || !p.is("{") {
				return
			}
			p.bodyInstantiations(fd)
		})
	}
}

// memberTemplateHead parses the parameter list of a member template of
// class cls and returns the template to declare in the class: a member
// function template (instantiated as a member function when named) or a
// nested class template. A constructor, conversion or friend template is
// skipped with a warning, since its instances are then not listed; it
// returns nil then.
func (p *parser) memberTemplateHead(kw Token, cls *ctypes.Struct) *template {
	if !p.is("<") {
		p.fail(kw.Pos, "explicit instantiations inside a class are not allowed")
	}
	params := p.templateParams()
	t := &template{params: params, start: p.i, scope: p.sc, pos: kw.Pos, cls: cls}
	// What is declared: a class, or the name before the first '('.
	if p.is("struct") || p.is("class") || p.is("union") {
		if !p.classTemplateHead() {
			return t
		}
		t.cls = nil
		return t
	}
	name := ""
	for i := p.i; i < len(p.toks) && p.toks[i].Kind != tEOF; i++ {
		tk := p.token(i)
		if isTok(tk, ";") || isTok(tk, "{") || isTok(tk, "=") {
			break
		}
		if isTok(tk, "(") {
			if prev := p.at(i - 1); prev.Kind == tIdent {
				name = prev.Text
			}
			if p.isAt(i-2, "~") || p.isAt(i-2, "operator") {
				name = ""
			}
			break
		}
		if isTok(tk, "operator") || isTok(tk, "friend") || isTok(tk, "template") {
			name = ""
			break
		}
	}
	if name != "" && name != cls.Tag {
		return t
	}
	if _, ok := p.variableTemplateName(p.i); ok {
		p.fail(kw.Pos, "static data member templates are not supported")
	}
	p.skipMemberTemplate(kw, cls)
	return nil
}

// memberTemplateOf finds, in class scope sc, the member function template
// called name whose declared signature is sig.
func memberTemplateOf(sc *scope, name string, sig *ctypes.Func) *template {
	if sc == nil || sc.class == nil {
		return nil
	}
	for _, t := range sc.names[name].funcTemplates() {
		if t.cls != nil && t.sig != nil && sig != nil && ctypes.TypeString(t.sig, "") == ctypes.TypeString(sig, "") {
			return t
		}
	}
	return nil
}

// skipMemberTemplate skips a member template that is not instantiated,
// with a warning naming it.
func (p *parser) skipMemberTemplate(kw Token, cls *ctypes.Struct) {
	start := p.tok()
	name := ""
	for p.toks[p.i].Kind != tEOF {
		switch {
		case p.is(";"):
			p.advance()
			p.warnMemberTemplate(kw, cls, name, start)
			return
		case p.is("{"):
			p.skipBalanced()
			p.accept(";")
			p.warnMemberTemplate(kw, cls, name, start)
			return
		case p.is("(") || p.is("["):
			if name == "" && p.kindAt(p.i-1) == tIdent {
				name = p.at(p.i - 1).Text
			}
			p.skipBalanced()
			continue
		case p.is("}"):
			p.fail(p.toks[p.i].Pos, "expected ';' at the end of the member template")
		}
		p.advance()
	}
}

func (p *parser) warnMemberTemplate(kw Token, cls *ctypes.Struct, name string, start Token) {
	if p.isBuiltin(kw.Pos) {
		return
	}
	if name == "" {
		name = start.Text
	}
	p.d.warnf(kw.Pos, "member template '%s::%s' (a constructor, conversion or friend template) is not supported: it is skipped, and its instances are not listed", cls.Name(), name)
}

// argsKey is the key of a specialization by its arguments: their
// spelling (ctypes.ArgsString), made unique where two different unnamed
// classes or enumerations would spell alike (typedef struct {...} A; and
// typedef struct {...} B; are different arguments), and where template
// parameters of different templates would.
func argsKey(args []ctypes.TemplateArg) string {
	key := ctypes.ArgsString(args)
	var b strings.Builder
	for _, a := range args {
		unnamedIDs(&b, a, 0)
	}
	if b.Len() > 0 {
		key += "#" + b.String()
	}
	return key
}

// unnamedIDs writes an identity for each unnamed class or enumeration that
// template argument a names.
func unnamedIDs(b *strings.Builder, a ctypes.TemplateArg, depth int) {
	if depth > 16 {
		return
	}
	for _, x := range a.Pack {
		unnamedIDs(b, x, depth+1)
	}
	if a.Kind == ctypes.ParamArg {
		// Parameters of different templates spell alike (T, N).
		fmt.Fprintf(b, "%p,", a.Param)
	}
	var walk func(t ctypes.Type, d int)
	walk = func(t ctypes.Type, d int) {
		if d > 32 || t == nil {
			return
		}
		switch u := t.(type) {
		case *ctypes.TemplateParam:
			fmt.Fprintf(b, "%p,", u)
		case *ctypes.Struct:
			if u.Tag == "" {
				fmt.Fprintf(b, "%p,", u)
			}
			if u.Template != nil {
				for _, x := range u.Template.Args {
					unnamedIDs(b, x, depth+1)
				}
			}
		case *ctypes.Enum:
			if u.Tag == "" {
				fmt.Fprintf(b, "%p,", u)
			}
		case *ctypes.Typedef:
			walk(u.Type, d+1)
		case *ctypes.Pointer:
			walk(u.Elem, d+1)
		case *ctypes.Reference:
			walk(u.Elem, d+1)
		case *ctypes.Qualified:
			walk(u.Type, d+1)
		case *ctypes.Array:
			walk(u.Elem, d+1)
		case *ctypes.Func:
			walk(u.Result, d+1)
			for _, p := range u.Params {
				walk(p.Type, d+1)
			}
		}
	}
	if a.Kind == ctypes.TypeArg {
		walk(a.Type, 0)
	}
}

// sortedKeys are the keys of m in order, for a deterministic result.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// partialSpecialization parses a partial specialization of a class
// template (template <typename T> struct Box<T *> {...};) from its
// template argument list, and records it with its primary template
// ([temp.spec.partial]).
func (p *parser) partialSpecialization(t *template, name Token) {
	primary := p.sc.lookup(name.Text).classTemplate()
	if primary == nil || primary.kind != tmplClass {
		p.fail(name.Pos, "'%s' is not a class template", name.Text)
	}
	open := p.i
	var pattern []ctypes.TemplateArg
	ok := p.muted(func() {
		p.withBindings(t, nil, func() {
			p.i = open
			pattern = p.matchArgs(primary, p.templateArgList(), name.Pos, true)
		})
	})
	if !ok || pattern == nil {
		p.fail(name.Pos, "partial specialization of '%s': its argument list is not supported (a parameter used as an array bound, a pack expansion, or a dependent name)", name.Text)
	}
	t.name, t.kind, t.pos, t.pattern = name.Text, tmplClass, name.Pos, pattern
	for i, tp := range t.params {
		if !patternUses(pattern, tp.tp) {
			p.fail(name.Pos, "template parameter %d of the partial specialization of '%s' is not deducible", i+1, name.Text)
		}
	}
	p.i = open
	p.skipAngles()
	for !p.is("{") && !p.is(";") && p.toks[p.i].Kind != tEOF {
		if p.is("(") || p.is("[") {
			p.skipBalanced()
			continue
		}
		p.advance()
	}
	if p.is("{") {
		t.defined = true
		p.skipBalanced()
	}
	t.end = p.i
	p.expect(";")
	primary.partials = append(primary.partials, t)
}

// patternUses reports whether a partial specialization's arguments use
// template parameter tp.
func patternUses(pattern []ctypes.TemplateArg, tp *ctypes.TemplateParam) bool {
	for _, a := range pattern {
		switch a.Kind {
		case ctypes.ParamArg:
			if a.Param == tp {
				return true
			}
		case ctypes.TypeArg:
			if typeUses(a.Type, tp, 0) {
				return true
			}
		case ctypes.PackArg:
			if patternUses(a.Pack, tp) {
				return true
			}
		}
	}
	return false
}

func typeUses(t ctypes.Type, tp *ctypes.TemplateParam, depth int) bool {
	if depth > 32 {
		return false
	}
	switch u := t.(type) {
	case *ctypes.TemplateParam:
		return u == tp
	case *ctypes.Pointer:
		return typeUses(u.Elem, tp, depth+1)
	case *ctypes.Reference:
		return typeUses(u.Elem, tp, depth+1)
	case *ctypes.Qualified:
		return typeUses(u.Type, tp, depth+1)
	case *ctypes.Array:
		return typeUses(u.Elem, tp, depth+1)
	case *ctypes.Struct:
		return u.Template != nil && patternUses(u.Template.Args, tp)
	case *ctypes.Func:
		for _, prm := range u.Params {
			if typeUses(prm.Type, tp, depth+1) {
				return true
			}
		}
		return typeUses(u.Result, tp, depth+1)
	}
	return false
}

// matchPattern deduces the parameters of partial specialization sp from
// the arguments of the primary template ([temp.spec.partial.match]).
func matchPattern(sp *template, args []ctypes.TemplateArg) []ctypes.TemplateArg {
	if len(sp.pattern) != len(args) {
		return nil
	}
	out := make([]ctypes.TemplateArg, len(sp.params))
	set := make([]bool, len(sp.params))
	for i, pa := range sp.pattern {
		if !matchArg(pa, args[i], out, set) {
			return nil
		}
	}
	for _, s := range set {
		if !s {
			return nil
		}
	}
	return out
}

func matchArg(pa, a ctypes.TemplateArg, out []ctypes.TemplateArg, set []bool) bool {
	switch {
	case pa.Kind == ctypes.TypeArg && a.Kind == ctypes.TypeArg:
		return exactUnify(pa.Type, a.Type, out, set, 0)
	case pa.Kind == ctypes.ParamArg && (a.Kind == ctypes.ValueArg || a.Kind == ctypes.ParamArg):
		k := pa.Param.Index
		if k >= len(out) {
			return false
		}
		if set[k] {
			return out[k].Kind == a.Kind && out[k].Value == a.Value && out[k].Param == a.Param
		}
		out[k], set[k] = a, true
		return true
	case pa.Kind == ctypes.ValueArg && a.Kind == ctypes.ValueArg:
		return pa.Value == a.Value
	}
	return false
}

// bindTypeParam binds type parameter tp to type at in out (set marks
// the parameters bound so far), or checks that an earlier binding is at.
func bindTypeParam(tp *ctypes.TemplateParam, at ctypes.Type, out []ctypes.TemplateArg, set []bool) bool {
	if tp.Index >= len(out) {
		return false
	}
	if set[tp.Index] {
		return out[tp.Index].Kind == ctypes.TypeArg && sameType(out[tp.Index].Type, at)
	}
	out[tp.Index], set[tp.Index] = ctypes.TypeArgOf(at), true
	return true
}

// exactUnify matches pattern type pt with type at exactly (no
// conversions), binding template parameters in out.
func exactUnify(pt, at ctypes.Type, out []ctypes.TemplateArg, set []bool, depth int) bool {
	if depth > 32 || at == nil {
		return false
	}
	pt, at = canonical(pt), canonical(at)
	if tp, ok := pt.(*ctypes.TemplateParam); ok {
		return bindTypeParam(tp, at, out, set)
	}
	switch u := pt.(type) {
	case *ctypes.Pointer:
		a, ok := at.(*ctypes.Pointer)
		return ok && exactUnify(u.Elem, a.Elem, out, set, depth+1)
	case *ctypes.Reference:
		a, ok := at.(*ctypes.Reference)
		return ok && a.RValue == u.RValue && exactUnify(u.Elem, a.Elem, out, set, depth+1)
	case *ctypes.Qualified:
		// cv1 P against cv2 A: cv1 must be within cv2, and what cv2
		// has more stays with A (const T matches const volatile int
		// with T volatile int, [temp.deduct.type]).
		a, ok := at.(*ctypes.Qualified)
		if !ok || u.Const && !a.Const || u.Volatile && !a.Volatile {
			return false
		}
		rest := canonical(a.Type)
		if c, v := a.Const && !u.Const, a.Volatile && !u.Volatile; c || v {
			rest = &ctypes.Qualified{Type: rest, Const: c, Volatile: v}
		}
		return exactUnify(u.Type, rest, out, set, depth+1)
	case *ctypes.Array:
		a, ok := at.(*ctypes.Array)
		return ok && a.Len == u.Len && a.Unsized == u.Unsized && exactUnify(u.Elem, a.Elem, out, set, depth+1)
	case *ctypes.Struct:
		a, ok := at.(*ctypes.Struct)
		if !ok {
			return false
		}
		if u.Template == nil || !usesParamArgs(u.Template.Args) {
			return sameType(u, a)
		}
		if a.Template == nil || u.Tag != a.Tag || strings.Join(u.Scope, "::") != strings.Join(a.Scope, "::") ||
			len(u.Template.Args) != len(a.Template.Args) {
			return false
		}
		for i, x := range u.Template.Args {
			if !matchArg(x, a.Template.Args[i], out, set) {
				return false
			}
		}
		return true
	case *ctypes.Func:
		a, ok := at.(*ctypes.Func)
		if !ok || len(a.Params) != len(u.Params) || a.Variadic != u.Variadic || !exactUnify(u.Result, a.Result, out, set, depth+1) {
			return false
		}
		for i := range u.Params {
			if !exactUnify(u.Params[i].Type, a.Params[i].Type, out, set, depth+1) {
				return false
			}
		}
		return true
	}
	return sameType(pt, at)
}

func usesParamArgs(args []ctypes.TemplateArg) bool { return dependent(args) }

// pickPartial chooses the partial specialization of class template t
// that args match, the most specialized when several do
// ([temp.spec.partial.order]); nil when none does (the primary template).
func (p *parser) pickPartial(t *template, args []ctypes.TemplateArg) (*template, []ctypes.TemplateArg) {
	var cands []*template
	var candArgs [][]ctypes.TemplateArg
	for _, sp := range t.partials {
		if sargs := matchPattern(sp, args); sargs != nil && sp.defined {
			cands, candArgs = append(cands, sp), append(candArgs, sargs)
		}
	}
	if len(cands) == 0 {
		return nil, nil
	}
	// The one more specialized than every other: the others' patterns
	// match its pattern, and its own matches none of theirs.
	for i, a := range cands {
		best := true
		for j, b := range cands {
			if i != j && (matchPattern(b, a.pattern) == nil || matchPattern(a, b.pattern) != nil) {
				best = false
				break
			}
		}
		if best {
			return a, candArgs[i]
		}
	}
	p.fail(cands[0].pos, "ambiguous partial specializations of '%s' for '%s%s'", t.name, t.name, describeArgs(args))
	return nil, nil
}

// expandArg expands a template argument that is a pack expansion's
// pattern (Ts..., const Ts *...) whose pack is bound: one argument per
// element. An unbound pack (in a template's declared signature) stays a
// single argument of pack type, which mangles as Dp <type>.
func (p *parser) expandArg(a genArg, ell Token) genArg {
	tp := ctypes.PackIn(a.typ)
	pack, ok := p.packs[tp]
	if !ok {
		return a
	}
	var out []ctypes.TemplateArg
	for _, e := range pack {
		if e.Kind != ctypes.TypeArg {
			p.fail(ell.Pos, "pack '%s' holds a non-type argument", tp.Name)
		}
		out = append(out, ctypes.TypeArgOf(ctypes.ReplaceParam(a.typ, tp, e.Type)))
	}
	return genArg{pos: a.pos, expanded: out}
}

// packParam parses, after a parameter's specifiers s, a function
// parameter pack (Ts... args, const Ts &... args, Ts &&...): the
// pattern's declarator is pointer and reference operators only. With the
// pack bound (an instance), it is one parameter per element; else one
// parameter whose type names the pack. It reports false, consuming
// nothing, when the parameter is no pack.
func (p *parser) packParam(s *declSpecs) ([]ctypes.Param, bool) {
	j := p.i
	for p.isAt(j, "*") || p.isAt(j, "&") || p.isAt(j, "&&") || p.isAt(j, "const") || p.isAt(j, "volatile") || p.isAt(j, "__restrict__") {
		j++
	}
	if !p.isAt(j, "...") {
		return nil, false
	}
	pos := p.toks[p.i].Pos
	typ := p.baseType(s)
	for p.i < j {
		switch t := p.next(); t.Text {
		case "*":
			typ = &ctypes.Pointer{Elem: typ}
		case "&", "&&":
			typ = &ctypes.Reference{Elem: typ, RValue: t.Text == "&&"}
		case "const", "volatile":
			q := &ctypes.Qualified{Type: typ}
			if inner, ok := typ.(*ctypes.Qualified); ok {
				c := *inner
				q = &c
			}
			q.Const = q.Const || t.Text == "const"
			q.Volatile = q.Volatile || t.Text == "volatile"
			typ = q
		}
	}
	ell := p.next()
	name := ""
	if p.toks[p.i].Kind == tIdent {
		pos = p.toks[p.i].Pos
		name = p.next().Text
	}
	p.skipAttributes()
	tp := ctypes.PackIn(typ)
	if tp == nil {
		p.fail(ell.Pos, "'...' after a parameter whose type names no template parameter pack")
	}
	pack, ok := p.packs[tp]
	if !ok {
		return []ctypes.Param{{Name: name, Type: typ, Pos: pos}}, true
	}
	var out []ctypes.Param
	for i, e := range pack {
		if e.Kind != ctypes.TypeArg {
			p.fail(ell.Pos, "pack '%s' holds a non-type argument", tp.Name)
		}
		elem := ""
		if name != "" {
			elem = PackElement(name, i)
		}
		out = append(out, ctypes.Param{Name: elem, Type: adjustParam(ctypes.ReplaceParam(typ, tp, e.Type)), Pos: pos})
	}
	return out, true
}

// PackElement is the name of element i of the function parameter pack
// name in an instance (args#0, args#1, ...): a name no identifier has,
// that a pack expansion in the body (args..., (args + ...)) reads.
func PackElement(name string, i int) string { return fmt.Sprintf("%s#%d", name, i) }

// memberEntity is the member called name of the object expression that
// ends before the '.' or '->' at token dot (the body opening at open), if
// the typer can tell the object's class.
func (p *parser) memberEntity(env *bodyEnv, open, dot int, name string) *entity {
	j := dot - 1
	for j > open {
		t := p.at(j)
		switch {
		case isTok(t, ")") || isTok(t, "]"):
			m := p.matchAt(j)
			if m <= open {
				return nil
			}
			j = m - 1
			if isTok(t, ")") && p.kindAt(j) != tIdent && !p.isAt(j, ">") {
				j++ // a parenthesized expression
				goto done
			}
			continue
		case t.Kind == tIdent:
			j--
			if p.isAt(j, ".") || p.isAt(j, "->") || p.isAt(j, "::") {
				j--
				continue
			}
			j++
			goto done
		default:
			return nil
		}
	}
	return nil
done:
	saved, savedGT := p.i, p.pendingGT
	defer func() { p.i, p.pendingGT = saved, savedGT }()
	p.i = j
	var typ ctypes.Type
	if !p.muted(func() { typ, _ = p.typeExpr(env, dot, 1) }) || p.i != dot || typ == nil {
		return nil
	}
	u := ctypes.Unqualified(nonRef(typ))
	if p.isAt(dot, "->") {
		pt, ok := u.(*ctypes.Pointer)
		if !ok {
			return nil
		}
		u = ctypes.Unqualified(pt.Elem)
	}
	st, ok := u.(*ctypes.Struct)
	if !ok {
		return nil
	}
	return p.classMember(st, name, 0)
}

// classMember finds the member called name of class st or its bases.
func (p *parser) classMember(st *ctypes.Struct, name string, depth int) *entity {
	if st == nil || depth > 16 {
		return nil
	}
	if sc := p.classScopes[st]; sc != nil {
		if e := sc.names[name]; e != nil {
			return e
		}
	}
	for _, b := range st.Bases {
		if e := p.classMember(b.Type, name, depth+1); e != nil {
			return e
		}
	}
	return nil
}

// instantiateVar makes the specialization of variable template t for
// args (complete) on first use: a variable whose Template records them.
func (p *parser) instantiateVar(t *template, args []ctypes.TemplateArg, pos token.Pos) {
	key := argsKey(args)
	if t.vars == nil {
		t.vars = map[string]bool{}
	}
	if t.vars[key] {
		return
	}
	t.vars[key] = true
	p.withBindings(t, args, func() {
		s := p.declSpecs(nil, ctxNamespace)
		d := p.declarator(false, nil)
		{
			x := p.postDeclAttrs()
			d.attrs.merge(&x)
		}
		typ := d.wrap(p.baseType(s))
		n := len(p.result.Vars)
		p.declareVar(s, &d, typ, d.attrs)
		if len(p.result.Vars) > n && varSpace(s) == ctypes.GenericSpace {
			// A host variable (constexpr T pi<T>): no device symbol.
			p.result.Vars = p.result.Vars[:n]
		}
		if len(p.result.Vars) > n {
			v := p.result.Vars[n]
			v.Template = &ctypes.TemplateInst{Args: args}
			if s.static {
				p.errorf(d.pos, "static variable templates are not supported")
			}
		}
	})
}

// variableTemplateName reports whether the template declaration whose
// specifiers start at token i declares a variable (no parameter list
// before its initializer or end), and its name: the identifier before
// the first '[', '=', '{' or ';' at the top level.
func (p *parser) variableTemplateName(i int) (Token, bool) {
	var last Token
	depth := 0
	for ; i < len(p.toks) && p.toks[i].Kind != tEOF; i++ {
		t := p.token(i)
		if isTok(t, "operator") {
			// operator< and operator>: no template brackets.
			return Token{}, false
		}
		switch {
		case isTok(t, "<"):
			depth++
		case isTok(t, ">"):
			depth--
		case isTok(t, ">>"):
			depth -= 2
		case isTok(t, "(") && depth <= 0:
			if p.isAt(i-1, "alignas") || p.isAt(i-1, "__align__") || p.isAt(i-1, "__attribute__") || p.isAt(i-1, "decltype") {
				i = max(i, p.matchAt(i))
				continue
			}
			return Token{}, false
		case depth <= 0 && (isTok(t, "[") || isTok(t, "=") || isTok(t, "{") || isTok(t, ";")):
			qualified := i > 1 && p.isAt(i-2, "::")
			return last, last.Kind == tIdent && !typeKeywords()[last.Text] && !isDeclKeyword(last.Text) && !qualified
		case t.Kind == tIdent && depth <= 0:
			last = t
			continue
		}
		if t.Kind != tIdent {
			last = Token{}
		}
	}
	return Token{}, false
}

// templateNameAt reports the class template named at token i when its
// name is not followed by template arguments (the argument of a template
// template parameter), and the index after the name.
func (p *parser) templateNameAt(i int) (*template, int) {
	if p.kindAt(i) != tIdent && !p.isAt(i, "::") {
		return nil, i
	}
	_, e, n := p.resolveAt(i)
	ct := e.classTemplate()
	if ct == nil || ct.kind != tmplClass || ct.unbound || e.kind != entTemplate {
		return nil, i
	}
	if nx := p.at(n); !isTok(nx, ",") && !isTok(nx, ">") && !isTok(nx, ">>") {
		return nil, i
	}
	return ct, n
}

// templateNameArg is class template ct as a template argument.
func (p *parser) templateNameArg(ct *template) ctypes.TemplateArg {
	if ct.nameArg == nil {
		ct.nameArg = &ctypes.Struct{Tag: ct.name, Scope: ct.scope.path()}
		if p.tmplNames == nil {
			p.tmplNames = map[*ctypes.Struct]*template{}
		}
		p.tmplNames[ct.nameArg] = ct
	}
	return ctypes.TemplateArg{Kind: ctypes.TemplateNameArg, Template: ct.nameArg}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// discardedBranch finds the branch that the if constexpr at token i
// does not take, [from, to), when its condition is a constant here (the
// bindings of the instance being scanned) and its statements' extents
// are plain; ok is false otherwise (then both are scanned).
func (p *parser) discardedBranch(i, end int) (from, to int, ok bool) {
	c := p.matchAt(i + 2)
	if c <= i+2 || c >= end {
		return 0, 0, false
	}
	var v value
	saved := p.i
	defer func() { p.i = saved }()
	if !p.muted(func() {
		p.i = i + 3
		v = p.constExpr()
		if p.i != c {
			p.fail(p.toks[p.i].Pos, "not a constant condition")
		}
	}) {
		return 0, 0, false
	}
	thenEnd := p.stmtEnd(c+1, end)
	switch {
	case thenEnd < 0:
		return 0, 0, false
	case v.V == 0:
		return c + 1, thenEnd, true
	case p.isAt(thenEnd, "else"):
		if e := p.stmtEnd(thenEnd+1, end); e >= 0 {
			return thenEnd + 1, e, true
		}
	}
	return 0, 0, false
}

// stmtEnd is the index past the statement that starts at token i of a
// body that ends at end, or -1 when it cannot tell.
func (p *parser) stmtEnd(i, end int) int {
	if i >= end {
		return -1
	}
	switch {
	case p.isAt(i, "{"):
		if m := p.matchAt(i); m > i && m < end {
			return m + 1
		}
		return -1
	case p.isAt(i, "if"):
		j := i + 1
		if p.isAt(j, "constexpr") {
			j++
		}
		if !p.isAt(j, "(") {
			return -1
		}
		k := p.stmtEnd(p.matchAt(j)+1, end)
		if k >= 0 && p.isAt(k, "else") {
			return p.stmtEnd(k+1, end)
		}
		return k
	case p.isAt(i, "for") || p.isAt(i, "while") || p.isAt(i, "switch"):
		if !p.isAt(i+1, "(") {
			return -1
		}
		return p.stmtEnd(p.matchAt(i+1)+1, end)
	case p.isAt(i, "do"):
		k := p.stmtEnd(i+1, end)
		if k < 0 || !p.isAt(k, "while") || !p.isAt(k+1, "(") {
			return -1
		}
		if m := p.matchAt(k + 1); p.isAt(m+1, ";") {
			return m + 2
		}
		return -1
	}
	for j := i; j < end; j++ {
		switch {
		case p.isAt(j, "(") || p.isAt(j, "[") || p.isAt(j, "{"):
			m := p.matchAt(j)
			if m <= j || m >= end {
				return -1
			}
			j = m
		case p.isAt(j, ";"):
			return j + 1
		case p.isAt(j, "}"):
			return -1
		}
	}
	return -1
}

// literalType is the type of the template argument at p.i when it is
// one literal ended by ',' or '>': an integer (int, unsigned, long, ...
// by its suffix, an unsuffixed one that fits int), a character constant
// ('a': char) or true/false; nil otherwise. It reads nothing.
func (p *parser) literalType() ctypes.Type {
	i := p.i
	if p.isAt(i, "-") {
		i++
	}
	if !(p.isAt(i+1, ",") || p.isAt(i+1, ">") || p.isAt(i+1, ">>")) {
		return nil
	}
	t := p.toks[i]
	text := t.Spelling(p.text)
	switch {
	case t.Kind == tIdent && (text == "true" || text == "false") && i == p.i:
		return ctypes.BasicOf(ctypes.Bool)
	case t.Kind == tChar && strings.HasPrefix(text, "'"):
		return ctypes.BasicOf(ctypes.Char)
	case t.Kind != tNumber:
		return nil
	}
	n, _, suffix, err := pp.ParseInt(text)
	if err != nil {
		return nil
	}
	var k ctypes.Kind
	switch strings.ToLower(suffix) {
	case "":
		if n > 1<<31-1 {
			return nil
		}
		k = ctypes.Int
	case "u":
		if n > 1<<32-1 {
			return nil
		}
		k = ctypes.UInt
	case "l":
		k = ctypes.Long
	case "ul", "lu":
		k = ctypes.ULong
	case "ll":
		k = ctypes.LongLong
	case "ull", "llu":
		k = ctypes.ULongLong
	default:
		return nil
	}
	return ctypes.BasicOf(k)
}

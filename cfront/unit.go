package cfront

import (
	"fmt"
	"go/token"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"weak"

	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

// A Unit is a translation unit with the bodies of its function
// definitions, for a compiler: ParseFile's result (File) and, per defined
// function, its body's tokens (already preprocessed) with the scope its
// names are looked up in. Package cfront/parser reads a Body into a
// syntax tree (cfront/ast) and package cfront/sema types it; both ask the
// Body what a name denotes and read declarations in it with this
// package's declaration parser, so that a type written in a body means
// what it means in a declaration.
type Unit struct {
	File   *ctypes.File
	Bodies []*Body
	// Inits are the initializers of the variables declared at namespace
	// scope in the user's files, as Bodies whose Var is set and whose
	// Toks are the initializer: an expression (after '='), a braced
	// list, or a parenthesized direct initializer (Paren set).
	Inits []*Body
	// ExplicitInstances are the functions that explicit instantiation
	// definitions name (template float f<float>(float); and the member
	// functions of template struct S<int>;), in order: a module defines
	// them whether or not it uses them, so that others may call them.
	ExplicitInstances []*ctypes.FuncDecl
	// DefaultInits are the default member initializers (int k = 3;,
	// float w{1.5f};) of the classes' data members, as Bodies whose
	// Field is set and whose Toks are the initializer: an expression
	// (after '=') or a braced list. Each constructor that does not
	// initialize such a member runs its initializer (sema adds it to the
	// constructor's member initializers).
	DefaultInits map[*ctypes.Field]*Body
	// ImplicitCtors are the bodies of the implicitly defined default
	// constructors (ctypes.FuncDecl.Implicit), which are not in Bodies:
	// a compiler checks one where it uses it (sema.CheckBody).
	ImplicitCtors map[*ctypes.FuncDecl]*Body
	Fset          *token.FileSet
	p             *parser
	std           Dialect
}

// Body is the body of one function definition.
type Body struct {
	// Func is the function defined. A member function defined in its
	// class or outside it, and an instance of a function template or of
	// a member of a class template (Func.Template, Func.Class.Template
	// set), each have their own Body.
	Func *ctypes.FuncDecl
	// Toks are the body's tokens, from '{' to the matching '}'.
	Toks []Tok
	// Inits are a constructor's member initializer tokens, between ':'
	// and the body's '{' (nil when there are none).
	Inits []Tok
	// Builtin is set for a function defined in a built-in header.
	Builtin bool
	// Var is, for the initializer of a variable at namespace scope, the
	// variable (Func is then nil); Paren marks a direct initializer,
	// T x(args), whose Toks are the parenthesized arguments.
	Var   *ctypes.VarDecl
	Paren bool
	// Field is, for a default member initializer (Unit.DefaultInits),
	// the member (Func and Var are then nil).
	Field *ctypes.Field
	// Decltype, when set, reads decltype(e) at token i (the body's index
	// of the decltype keyword) in the declarations of the body: the body
	// parser reads e, whose type only sema knows, and returns a type
	// that stands for it and the index after the ')'. Without it,
	// decltype names only what the declaration parser knows the type of.
	Decltype func(i int) (t ctypes.Type, next int, err error)

	unit      *Unit
	start     int // index of Toks[0] in the parser's tokens
	initStart int // index of Inits[0]
	sc        *scope
	locals    *scope
	// varNames are the names DeclareLocal told: sema resolves those
	// itself; Lookup sees only the types and enumerators the body
	// declares in locals.
	varNames map[string]bool
}

// TokKind classifies a token of a Body.
type TokKind uint8

// Token kinds.
const (
	TokEOF    TokKind = iota
	TokIdent          // identifier or keyword
	TokNumber         // integer or floating literal
	TokChar           // character literal
	TokString         // string literal
	TokPunct          // punctuator
	TokOther          // a character that is no token, or an unterminated literal
	// #pragma unroll [COUNT] is a TokPragmaUnroll, COUNT's tokens and a
	// TokPragmaEnd.
	TokPragmaUnroll
	TokPragmaEnd
)

// Tok is a token of a function body.
type Tok struct {
	Kind TokKind
	Text string
	Pos  token.Pos
}

func exportTok(t Token) Tok {
	k := TokOther
	switch t.Kind {
	case tEOF:
		k = TokEOF
	case tIdent:
		k = TokIdent
	case tNumber:
		k = TokNumber
	case tChar:
		k = TokChar
	case tString:
		k = TokString
	case tPunct:
		k = TokPunct
	case tPragmaUnroll:
		k = TokPragmaUnroll
	case tPragmaEnd:
		k = TokPragmaEnd
	}
	return Tok{Kind: k, Text: t.Text, Pos: t.Pos}
}

// bodyRecorder collects bodies while a Unit is parsed.
type bodyRecorder struct {
	defaults map[token.Pos]*Body // default arguments, by their parameter's position
	unit     weak.Pointer[Unit]  // weak: the recorder lives in a global map until the unit is collected
	initAt   int                 // index of the current constructor's initializers; -1 if none
	recorded map[*ctypes.FuncDecl]bool
}

// ParseUnit preprocesses and parses a translation unit as ParseFile does
// and records the bodies of the functions it defines. A non-nil error is
// an ErrorList; the Unit is then what could be parsed.
func ParseUnit(cfg *Config, fset *token.FileSet, filename string, src []byte) (*Unit, error) {
	c := &Config{Target: target.Default}
	if cfg != nil {
		*c = *cfg
	}
	// The declarations of the device built-ins, which bodies call, are
	// read for a compiler only: declarations alone do not need them, and
	// they cost a small file most of its time.
	c.Macros = append([]Macro{{Name: "__PTXABI_DEVICE_BUILTINS", Body: "1"}}, c.Macros...)
	u := &Unit{Fset: fset, std: c.Std.Std()}
	recorders.Store(c, &bodyRecorder{unit: weak.Make(u), initAt: -1, recorded: map[*ctypes.FuncDecl]bool{}})
	// Template instances that sema asks for later are recorded too, as
	// long as the unit lives.
	runtime.AddCleanup(u, func(c *Config) { recorders.Delete(c) }, c)
	f, err := ParseFile(c, fset, filename, src)
	u.File = f
	return u, err
}

// recorders are the body recorders of the units being parsed, by their
// Config (ParseUnit's copy of the caller's).
var recorders sync.Map

func (p *parser) recorder() *bodyRecorder {
	if p.cfg == nil {
		return nil
	}
	r, _ := recorders.Load(p.cfg)
	rec, _ := r.(*bodyRecorder)
	return rec
}

// noteExplicitInstance notes fd as named by an explicit instantiation
// definition (Unit.ExplicitInstances).
func (p *parser) noteExplicitInstance(fd *ctypes.FuncDecl) {
	r := p.recorder()
	if r == nil {
		return
	}
	if u := r.unit.Value(); u != nil && !slices.Contains(u.ExplicitInstances, fd) {
		u.ExplicitInstances = append(u.ExplicitInstances, fd)
	}
}

// noteCtorInits notes where a constructor's member initializers start
// (p.i, after ':'), for the body that follows.
func (p *parser) noteCtorInits() {
	if r := p.recorder(); r != nil {
		r.initAt = p.i
	}
}

// recordBody records the body at p.i ('{') of fd.
func (p *parser) recordBody(fd *ctypes.FuncDecl) {
	r := p.recorder()
	if r == nil {
		return
	}
	initAt := r.initAt
	r.initAt = -1
	if fd == nil || p.matchAt(p.i) < 0 || r.recorded[fd] || dependentFunc(fd) {
		return
	}
	u := r.unit.Value()
	if u == nil {
		return
	}
	r.recorded[fd] = true
	end := p.matchAt(p.i)
	b := &Body{Func: fd, unit: u, start: p.i, initStart: initAt, sc: p.sc, Builtin: p.isBuiltin(p.toks[p.i].Pos)}
	if fd.Class != nil && !inClassScope(p.sc, fd.Class) {
		// Defined outside its class: names are looked up in the class.
		if cs := p.classScopes[fd.Class]; cs != nil {
			b.sc = cs
		}
	}
	b.Toks = make([]Tok, 0, end-p.i+1)
	for i := p.i; i <= end; i++ {
		b.Toks = append(b.Toks, exportTok(p.token(i)))
	}
	if initAt >= 0 && initAt < p.i {
		for i := initAt; i < p.i; i++ {
			b.Inits = append(b.Inits, exportTok(p.token(i)))
		}
	}
	u.Bodies = append(u.Bodies, b)
	u.p = p
}

// inClassScope reports whether sc is class cl's scope or one inside it
// (the parameters of a member template's instance, bound in a scope
// whose parent is the class's).
func inClassScope(sc *scope, cl *ctypes.Struct) bool {
	for ; sc != nil; sc = sc.parent {
		if sc.class == cl {
			return true
		}
		if !sc.binding {
			return false
		}
	}
	return false
}

// dependentFunc reports whether fd is a template's pattern, not an
// instance: its types name template parameters.
func dependentFunc(fd *ctypes.FuncDecl) bool {
	if fd.Template != nil && dependent(fd.Template.Args) {
		return true
	}
	for c := fd.Class; c != nil; c = c.Parent {
		if c.Template != nil && dependent(c.Template.Args) {
			return true
		}
	}
	if usesParam(fd.Type, 0) {
		return true
	}
	return false
}

// ---------------------------------------------------------------------
// Questions a body parser asks. Indices are into Body.Toks.

// withParser runs f with the declaration parser at the body's token i in
// the body's scope and returns the errors it reported.
func (b *Body) withParser(i int, f func(p *parser)) (next int, err error) {
	p := b.unit.p
	if p == nil {
		return i, fmt.Errorf("cfront: no parser for this body")
	}
	savedI, savedSc, savedNest, savedGT, savedNoGT, savedLD, savedBody := p.i, p.sc, p.nest, p.pendingGT, p.noGT, p.linkageDecl, p.body
	n := len(p.d.errs)
	savedFatal := p.d.fatal
	if b.locals == nil {
		b.locals = newScope(b.sc, "")
		b.locals.binding = true
	}
	p.sc = b.locals
	p.i = b.start + i
	p.pendingGT, p.noGT, p.linkageDecl, p.body = false, false, false, b
	func() {
		defer func() {
			if r := recover(); r != nil {
				switch r.(type) {
				case syncPanic, bailout:
					if len(p.d.errs) == n {
						p.d.errs = append(p.d.errs, &Error{Pos: p.d.fset.Position(p.toks[p.i].Pos), Msg: "cannot parse"})
					}
				default:
					p.d.errs = append(p.d.errs, &Error{Pos: p.d.fset.Position(p.toks[p.i].Pos), Msg: fmt.Sprintf("internal error: %v\n%s", r, debug.Stack())})
				}
			}
		}()
		f(p)
	}()
	next = p.i - b.start
	if len(p.d.errs) > n {
		el := append(ErrorList(nil), p.d.errs[n:]...)
		p.d.errs = p.d.errs[:n]
		err = el
	}
	if p.pendingGT {
		err = ErrorList{{Pos: p.d.fset.Position(p.toks[p.i].Pos), Msg: "'>>' closes a template argument list here: write '> >'"}}
	}
	p.i, p.sc, p.nest, p.pendingGT, p.noGT, p.linkageDecl, p.body = savedI, savedSc, savedNest, savedGT, savedNoGT, savedLD, savedBody
	p.d.fatal = savedFatal
	return next, err
}

// Std is the C++ dialect the body is read as (Config.Std; C++17 when
// unset).
func (b *Body) Std() Dialect {
	if b.unit == nil {
		return pp.Cxx17
	}
	return b.unit.std.Std()
}

// PackLen is the number of elements of the pack that name denotes in
// the body: a function parameter pack of the instance (its elements are
// the parameters PackElement names), or a template parameter pack bound
// by the instance. ok is false when name is no pack here (a function
// parameter pack without elements is not known as one).
func (b *Body) PackLen(name string) (n int, ok bool) {
	if n, ok := b.ParamPackLen(name); ok {
		return n, true
	}
	b.withParser(0, func(p *parser) {
		e := lookupName(p.sc, name)
		if e == nil || e.kind != entType {
			return
		}
		tp, isParam := e.typ.(*ctypes.TemplateParam)
		if !isParam || !tp.Pack {
			return
		}
		if pack, bound := p.packs[tp]; bound {
			n, ok = len(pack), true
		} else if b.Func != nil && b.Func.Template != nil && tp.Index < len(b.Func.Template.Args) && b.Func.Template.Args[tp.Index].Kind == ctypes.PackArg {
			n, ok = len(b.Func.Template.Args[tp.Index].Pack), true
		}
	})
	return n, ok
}

// ParamPackLen is the number of elements of the function parameter pack
// name of the instance whose body b is (its parameters PackElement
// names), from the template's signature, so that an empty pack is known
// too; ok is false when name is no function parameter pack.
func (b *Body) ParamPackLen(name string) (n int, ok bool) {
	if b.Func == nil {
		return 0, false
	}
	if inst := b.Func.Template; inst != nil && inst.Signature != nil {
		for _, prm := range inst.Signature.Params {
			tp := ctypes.PackIn(prm.Type)
			if prm.Name != name || tp == nil || tp.Index >= len(inst.Args) || inst.Args[tp.Index].Kind != ctypes.PackArg {
				continue
			}
			return len(inst.Args[tp.Index].Pack), true
		}
	}
	for _, prm := range b.Func.Type.Params {
		if prm.Name == PackElement(name, n) {
			n++
		}
	}
	return n, n > 0
}

// StartsDecl reports whether the tokens at i begin a declaration: a
// declaration specifier keyword (static, __shared__, const, ...), a type
// keyword, or a name that denotes a type or a class template in the
// body's scope. A local variable declared with DeclareLocal hides a type
// of its name.
func (b *Body) StartsDecl(i int) bool {
	if i >= len(b.Toks) {
		return false
	}
	t := b.Toks[i]
	if t.Kind != TokIdent && t.Text != "::" {
		return false
	}
	switch t.Text {
	case "static", "extern", "register", "__shared__", "__device__", "__constant__", "constexpr",
		"typedef", "using", "__restrict__", "__align__", "alignas", "__attribute__", "auto", "thread_local":
		return true
	case "operator", "this", "sizeof", "true", "false", "nullptr":
		return false
	}
	if t.Kind == TokIdent && b.locals != nil {
		if e := b.locals.names[t.Text]; e != nil && e.kind != entType && e.kind != entTemplate && e.kind != entNamespace {
			return false
		}
	}
	ok := false
	b.withParser(i, func(p *parser) {
		p.d.mute++
		defer func() { p.d.mute-- }()
		ok = p.startsType(p.i)
	})
	return ok
}

// IsMemberTemplate reports whether a class declares a member function
// template called name, so that '<' after obj.name opens template
// arguments (s.tr<true, false>(x)).
func (b *Body) IsMemberTemplate(name string) bool {
	return b.unit != nil && b.unit.p != nil && b.unit.p.memberTmpls[name]
}

// InstantiateMember instantiates the member function template called
// name of class st (or of a base) for a call with explicit template
// arguments targs and the call's argument types (as InstantiateCall).
func (b *Body) InstantiateMember(st *ctypes.Struct, name string, targs []ctypes.TemplateArg, argTypes []ctypes.Type, pos token.Pos) (fd *ctypes.FuncDecl, err error) {
	_, err = b.withParser(0, func(p *parser) {
		var ts []*template
		var find func(st *ctypes.Struct, depth int)
		find = func(st *ctypes.Struct, depth int) {
			if sc := p.classScopes[st]; sc != nil {
				ts = sc.names[name].funcTemplates()
			}
			for _, bs := range st.Bases {
				if len(ts) > 0 || depth > 32 {
					return
				}
				find(bs.Type, depth+1)
			}
		}
		find(st, 0)
		if len(ts) == 0 {
			p.fail(pos, "no member function template named '%s' in '%s'", name, st.Name())
		}
		p.checkCallDepth(b, name, pos)
		fd = p.instantiateForCall(ts, targs, argTypes, pos)
		p.noteCallDepth(b, fd, pos)
	})
	return fd, err
}

// NamesClassValue reports whether a class template's specialization
// followed by a member that is a function or a constant begins at i
// (F<64, 2>::run(in, out); Traits<T>::n + 1;): an expression, not a
// declaration, though StartsDecl(i) holds.
func (b *Body) NamesClassValue(i int) bool {
	if i >= len(b.Toks) {
		return false
	}
	ok := false
	b.withParser(i, func(p *parser) {
		if _, e, n := p.resolveAt(p.i); e.classTemplate() != nil && p.isAt(n, "<") {
			p.muted(func() {
				if _, isType := p.templateType(); isType && p.is("::") {
					ok = true
				}
			})
		}
	})
	return ok
}

// IsTemplate reports whether the name at i (possibly qualified) denotes a
// class or function template, so that a following '<' opens template
// arguments.
func (b *Body) IsTemplate(i int) bool {
	ok := false
	b.withParser(i, func(p *parser) {
		_, e, n := p.resolveAt(p.i)
		if n == p.i+1 && p.toks[p.i].Kind == tIdent {
			e = lookupName(p.sc, p.textAt(p.i)) // unqualified
		}
		ok = e != nil && len(e.tmpls) > 0
	})
	return ok
}

// DeclSpec is the declaration specifiers of a declaration in a body.
type DeclSpec struct {
	Pos                               token.Pos
	Typedef, Static, Extern, Register bool
	Constexpr, Shared, Device         bool
	Constant                          bool
	// Base is the type the specifiers name (with their cv-qualifiers).
	Base ctypes.Type
	s    *declSpecs
}

// ParseDeclSpec reads declaration specifiers at i. A struct, union or
// enum defined there is declared in the body's scope.
func (b *Body) ParseDeclSpec(i int) (spec *DeclSpec, next int, err error) {
	next, err = b.withParser(i, func(p *parser) {
		register := p.accept("register")
		s := p.declSpecs(nil, ctxNamespace)
		if !s.hasType() {
			if p.is("auto") {
				p.fail(p.toks[p.i].Pos, "'auto' declarations in function bodies are not supported")
			}
			p.fail(p.toks[p.i].Pos, "expected a type, found %s", p.describe(p.tok()))
		}
		spec = &DeclSpec{Pos: s.pos, Typedef: s.typedef, Static: s.static, Extern: s.extern, Register: register,
			Constexpr: s.constexpr, Shared: s.shared, Device: s.device, Constant: s.constant, Base: p.baseType(s), s: s}
	})
	return spec, next, err
}

// Declarator is one declarator of a declaration in a body.
type Declarator struct {
	Name string
	Pos  token.Pos
	// Type is the declared type (the specifiers' type wrapped by the
	// declarator).
	Type ctypes.Type
}

// ParseDeclarator reads a declarator at i for spec. With abstract set it
// reads an abstract declarator (a type-id: no name). It stops before an
// initializer: '=', '{' or, for T x(args), the '(' of a direct
// initializer.
func (b *Body) ParseDeclarator(spec *DeclSpec, i int, abstract bool) (d Declarator, next int, err error) {
	next, err = b.withParser(i, func(p *parser) {
		dd := p.declarator(abstract, nil)
		{
			x := p.postDeclAttrs()
			dd.attrs.merge(&x)
		}
		if dd.qual {
			p.fail(dd.pos, "a qualified name cannot be declared in a function body")
		}
		d = Declarator{Name: dd.name, Pos: dd.pos, Type: dd.wrap(spec.Base)}
	})
	return d, next, err
}

// ParseTypeName reads a type-id at i (specifiers and an abstract
// declarator): the type of a cast, sizeof or template argument.
func (b *Body) ParseTypeName(i int) (t ctypes.Type, next int, err error) {
	next, err = b.withParser(i, func(p *parser) { t = p.typeName() })
	return t, next, err
}

// ParseTypeSpecifier reads the type of a functional cast at i (int(x),
// T{...}): specifiers only.
func (b *Body) ParseTypeSpecifier(i int) (t ctypes.Type, next int, err error) {
	next, err = b.withParser(i, func(p *parser) { t = p.typeSpecifierOnly() })
	return t, next, err
}

// ParseLocalUsing reads, at i, a namespace alias (namespace cg =
// cooperative_groups;), a using-directive (using namespace std;), a
// using-declaration (using std::swap;) or an alias declaration (using T =
// int;) in the body: its names are the body's from there on.
func (b *Body) ParseLocalUsing(i int) (next int, err error) {
	return b.withParser(i, func(p *parser) {
		if p.is("namespace") {
			if p.kindAt(p.i+1) != tIdent || !p.isPeek(2, "=") {
				p.fail(p.tok().Pos, "a namespace cannot be defined in a function body")
			}
			p.namespaceDecl(false)
			return
		}
		p.usingDecl()
	})
}

// DeclareTypedef declares a typedef in the body (typedef float real;).
func (b *Body) DeclareTypedef(name string, typ ctypes.Type, pos token.Pos) error {
	_, err := b.withParser(0, func(p *parser) { p.declareTypedef(Token{Text: name, Pos: pos}, typ, 0, pos) })
	return err
}

// DeclareLocal tells the declaration parser that name is a local
// variable from here on (it hides a type of that name, and T x(name) is
// then a direct initializer). With isConst, the variable is an integral
// constant of value v usable in array bounds and template arguments.
// The body has one scope for these: block structure is the parser's.
func (b *Body) DeclareLocal(name string, typ ctypes.Type, isConst bool, v int64) {
	if b.locals == nil {
		b.locals = newScope(b.sc, "")
		b.locals.binding = true
	}
	e := &entity{kind: entVar, typ: typ}
	if isConst {
		e.kind, e.val = entConst, value{V: v, Unsigned: !isSignedType(typ)}
	}
	b.locals.names[name] = e
	if b.varNames == nil {
		b.varNames = map[string]bool{}
	}
	b.varNames[name] = true
}

// ---------------------------------------------------------------------
// Name lookup for sema.

// EntityKind is what a name denotes in a Body's scope.
type EntityKind int

// Entity kinds.
const (
	EntType      EntityKind = iota // a type name
	EntNamespace                   // a namespace
	EntConst                       // an enumerator or an integral constant
	EntVar                         // a variable
	EntFunc                        // a function (overload set)
	EntTemplate                    // a class, alias or function template
)

// Entity is what a name denotes.
type Entity struct {
	Kind EntityKind
	Name string
	// Type is the type (EntType) or the object's type (EntConst, EntVar).
	Type ctypes.Type
	// Value is an EntConst's value.
	Value int64
	// Var is an EntVar's declaration (made by the front end for variables
	// of built-in headers, such as threadIdx).
	Var *ctypes.VarDecl
	// Funcs are the functions of this name declared in the scope: an
	// overload set; with EntTemplate, the non-template functions that
	// share the name. Members is the scope of a namespace or class.
	Funcs []*ctypes.FuncDecl
	// FuncTemplates reports that the name has function templates (see
	// Body.InstantiateCall).
	FuncTemplates bool
	Members       *Scope
}

// Scope is a namespace or class scope.
type Scope struct {
	s *scope
	u *Unit
}

// Lookup finds name in the body's scope, outward, (not its local
// variables: those are sema's). qual are the qualifiers written before it
// (["ns"] for ns::x, [""] for ::x). It returns nil when the name is not
// declared.
func (b *Body) Lookup(qual []string, name string) *Entity {
	sc := b.sc
	if len(qual) == 0 && b.locals != nil && !b.varNames[name] {
		// A type, typedef or enumerator declared in the body.
		if e := b.locals.names[name]; e != nil {
			return b.unit.entity(name, e)
		}
	}
	if len(qual) > 0 {
		first := true
		for _, q := range qual {
			if q == "" && first {
				for sc.parent != nil {
					sc = sc.parent
				}
				first = false
				continue
			}
			var e *entity
			if first {
				e = b.lookupFirst(sc, q)
			} else {
				e = sc.member(q, 0)
			}
			first = false
			if e == nil {
				return nil
			}
			ms := b.unit.p.membersOf(e)
			if ms == nil {
				return nil
			}
			sc = ms
		}
		return b.unit.entity(name, sc.member(name, 0))
	}
	e := lookupName(sc, name)
	if e == nil {
		e = b.usingMember(name)
	}
	return b.unit.entity(name, e)
}

// lookupFirst finds the first qualifier q of a name in a body, from
// scope sc: a namespace alias or type the body declares, what sc sees,
// or a member of a namespace of the body's using-directives.
func (b *Body) lookupFirst(sc *scope, q string) *entity {
	if b.locals == nil {
		return sc.lookup(q)
	}
	if e := b.locals.names[q]; e != nil && !b.varNames[q] {
		return e
	}
	if e := sc.lookup(q); e != nil {
		return e
	}
	return b.usingMember(q)
}

// usingMember finds name in the namespaces of the body's using-directives.
func (b *Body) usingMember(name string) *entity {
	if b.locals == nil {
		return nil
	}
	for _, ns := range b.locals.using {
		if e := ns.member(name, 0); e != nil {
			return e
		}
	}
	return nil
}

// LookupIn finds name declared in scope s (a namespace or class).
func (s *Scope) LookupIn(name string) *Entity {
	if s == nil {
		return nil
	}
	return s.u.entity(name, s.s.member(name, 0))
}

func (p *parser) membersOf(e *entity) *scope {
	if e.members != nil {
		return e.members
	}
	if e.kind == entType {
		if st, ok := underlying(e.typ).(*ctypes.Struct); ok {
			return p.classScopes[st]
		}
	}
	return nil
}

// ClassScope is the scope of class st's members (nested types, enums,
// static members), nil if the front end has none.
func (u *Unit) ClassScope(st *ctypes.Struct) *Scope {
	if u.p == nil {
		return nil
	}
	if cs := u.p.classScopes[st]; cs != nil {
		return &Scope{s: cs, u: u}
	}
	return nil
}

func (u *Unit) entity(name string, e *entity) *Entity {
	if e == nil {
		return nil
	}
	x := &Entity{Name: name, Type: e.typ, Funcs: e.funcs(), Var: e.vdecl}
	switch e.kind {
	case entType:
		x.Kind = EntType
	case entNamespace:
		x.Kind = EntNamespace
	case entConst:
		x.Kind, x.Value = EntConst, e.val.V
	case entVar:
		x.Kind = EntVar
	case entFunc:
		// Function templates of the name declared after a function of
		// it (f(const G &) then template <...> f(const Tile<N> &)).
		x.Kind, x.FuncTemplates = EntFunc, len(e.funcTemplates()) > 0
	case entTemplate:
		x.Kind = EntTemplate
		x.FuncTemplates = len(e.funcTemplates()) > 0
	default:
		return nil
	}
	if ms := u.p.membersOf(e); ms != nil {
		x.Members = &Scope{s: ms, u: u}
	}
	return x
}

// InstantiateCall instantiates the function template called name (looked
// up in the body's scope, with qualifiers qual) for a call with explicit
// template arguments targs (types as ctypes.TemplateArg) and, where
// deduction needs them, the call's argument types (after lvalue-to-rvalue
// and decay; nil for none). It returns the instance, whose Body is in the
// unit's Bodies from then on (NewBodies lists them).
func (b *Body) InstantiateCall(qual []string, name string, targs []ctypes.TemplateArg, argTypes []ctypes.Type, pos token.Pos) (fd *ctypes.FuncDecl, err error) {
	_, err = b.withParser(0, func(p *parser) {
		sc := b.sc
		var e *entity
		if len(qual) > 0 {
			ent := b.Lookup(qual[:len(qual)-1], qual[len(qual)-1])
			if ent == nil || ent.Members == nil {
				p.fail(pos, "'%s' names no namespace or class", strings.Join(qual, "::"))
			}
			e = ent.Members.s.member(name, 0)
		} else if e = lookupName(sc, name); e == nil {
			e = b.usingMember(name) // using namespace ns; in the body
		}
		ts := e.funcTemplates()
		if len(ts) == 0 {
			p.fail(pos, "'%s' is not a function template", name)
		}
		p.checkCallDepth(b, name, pos)
		fd = p.instantiateForCall(ts, targs, argTypes, pos)
		p.noteCallDepth(b, fd, pos)
	})
	return fd, err
}

// maxCallDepth bounds the chain of function template instances that
// calls in their bodies make one from another (nvcc's front end stops
// such a recursion too: "excessive recursion at instantiation").
const maxCallDepth = 256

// checkCallDepth fails when a call in body b would make an instance
// deeper than maxCallDepth (b's function is that deep already), before
// it is made; noteCallDepth records the depth of fd, an instance made
// or found for such a call: one more than b's function's.
func (p *parser) checkCallDepth(b *Body, name string, pos token.Pos) {
	if b.Func != nil && p.callDepth[b.Func] >= maxCallDepth {
		p.fail(pos, "excessive recursion at the instantiation of '%s': more than %d instances, each called by the one before", name, maxCallDepth)
	}
}

func (p *parser) noteCallDepth(b *Body, fd *ctypes.FuncDecl, pos token.Pos) {
	if fd == nil || fd.Template == nil && (fd.Class == nil || fd.Class.Template == nil) {
		return
	}
	if p.callDepth == nil {
		p.callDepth = map[*ctypes.FuncDecl]int{}
	}
	if _, seen := p.callDepth[fd]; seen {
		return
	}
	d := 0
	if b.Func != nil {
		d = p.callDepth[b.Func] + 1
	}
	p.callDepth[fd] = d
}

// instantiateForCall picks the template of ts that the explicit
// arguments and the call's argument types determine, deduces the rest
// and instantiates it.
func (p *parser) instantiateForCall(ts []*template, explicit []ctypes.TemplateArg, argTypes []ctypes.Type, pos token.Pos) *ctypes.FuncDecl {
	if fd := p.instantiateForCallPass(ts, explicit, argTypes, pos, false); fd != nil {
		return fd
	}
	// A parameter whose type names no template parameter takes part in
	// no deduction ([temp.deduct.call]): its argument converts
	// (tex2D<float>(obj, x, y) with int x and y). Tried second, so that
	// among templates the one whose parameters the arguments match
	// exactly is picked as before.
	if fd := p.instantiateForCallPass(ts, explicit, argTypes, pos, true); fd != nil {
		return fd
	}
	p.fail(pos, "no instance of function template '%s' matches the argument list", ts[0].name)
	return nil
}

// instantiateForCallPass is a pass of instantiateForCall: loose accepts
// any argument for a parameter that names no template parameter.
func (p *parser) instantiateForCallPass(ts []*template, explicit []ctypes.TemplateArg, argTypes []ctypes.Type, pos token.Pos, loose bool) *ctypes.FuncDecl {
	// The templates whose arguments deduce; of those, the ones that need
	// no qualification conversion of an argument (kind(T *) over
	// kind(const T *) for an int *), and of those the most specialized
	// ([temp.func.order]: kind(const T *) for a const int *), else the
	// first.
	type viable struct {
		t    *template
		args []ctypes.TemplateArg
	}
	var vs []viable
	pick := func() *ctypes.FuncDecl {
		if len(vs) == 0 {
			return nil
		}
		conversions := func(t *template) int {
			n := 0
			for i, at := range argTypes {
				if i < len(t.sig.Params) && !noAddedQualifiers(stripRef(t.sig.Params[i].Type), stripRef(at), 0) {
					n++
				}
			}
			return n
		}
		best, bestConv := vs[0], conversions(vs[0].t)
		for _, x := range vs[1:] {
			xc := conversions(x.t)
			if xc < bestConv || xc == bestConv && moreSpecialized(x.t, best.t) && !moreSpecialized(best.t, x.t) {
				best, bestConv = x, xc
			}
		}
		return p.instantiateFunc(best.t, best.args, pos)
	}
	for _, t := range ts {
		if t.sig == nil {
			continue
		}
		if len(explicit) > len(t.params) {
			continue
		}
		if argTypes != nil && endsInPack(t.sig.Params) {
			// A trailing function parameter pack takes the rest of
			// the arguments (deduceFrom).
			if args := p.deduceFrom(t, explicit, argTypes); args != nil && !dependent(args) {
				vs = append(vs, viable{t, args})
			}
			continue
		}
		args := make([]ctypes.TemplateArg, len(t.params))
		set := make([]bool, len(t.params))
		copy(args, explicit)
		for i := range explicit {
			set[i] = true
		}
		if argTypes != nil {
			if len(argTypes) > len(t.sig.Params) {
				continue
			}
			if len(argTypes) < len(t.sig.Params) && !p.hasDefaultArg(t.sig.Params[len(argTypes)]) {
				// Too few arguments, and no default for the next
				// parameter (range(T) beside range(T, T)). Default
				// arguments are not deduced from.
				continue
			}
			ok := true
			for i, at := range argTypes {
				if i >= len(t.sig.Params) {
					break
				}
				pt := t.sig.Params[i].Type
				if r, isRef := pt.(*ctypes.Reference); isRef {
					pt = r.Elem
				}
				pt = stripTopConst(pt)
				if loose && (!usesParam(pt, 0) || convertsToExplicit(pt, at, explicit)) {
					continue
				}
				if !unifyCall(pt, stripTopConst(at), args, set) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
		}
		args = p.defaultArgs(t, args[:countSet(set)], pos, false)
		if len(args) < len(t.params) || dependent(args) {
			continue
		}
		vs = append(vs, viable{t, args})
	}
	return pick()
}

// convertsToExplicit reports whether parameter type pt is a template
// parameter given explicitly, as an arithmetic type, and the argument's
// type at is arithmetic too: nothing is then deduced from the pair and
// the argument converts (mix<long long>(i, 7) with int i;
// [temp.arg.explicit]/6). Other such parameters (T *, a class) are
// matched as before: this pass does not check conversions.
func convertsToExplicit(pt, at ctypes.Type, explicit []ctypes.TemplateArg) bool {
	tp, ok := pt.(*ctypes.TemplateParam)
	if !ok || tp.Pack || tp.Index >= len(explicit) || explicit[tp.Index].Kind != ctypes.TypeArg {
		return false
	}
	return arithmetic(explicit[tp.Index].Type) && arithmetic(at)
}

// arithmetic reports whether t is an integral, floating or enumeration
// type.
func arithmetic(t ctypes.Type) bool {
	switch u := underlying(t).(type) {
	case *ctypes.Basic:
		return u.Kind.IsInteger() || u.Kind.IsFloat()
	case *ctypes.Enum:
		return true
	}
	return false
}

func countSet(set []bool) int {
	n := 0
	for n < len(set) && set[n] {
		n++
	}
	return n
}

func stripTopConst(t ctypes.Type) ctypes.Type {
	if q, ok := t.(*ctypes.Qualified); ok && !q.Restrict {
		return q.Type
	}
	return t
}

// InBuiltinHeader reports whether pos lies in one of the built-in headers
// (the declarations of CUDA's device built-ins among them).
func (u *Unit) InBuiltinHeader(pos token.Pos) bool {
	if u.p == nil {
		return false
	}
	return u.p.isBuiltin(pos)
}

// Target is the target the unit was parsed for.
func (u *Unit) Target() target.Target {
	if u.p == nil {
		return target.Default
	}
	return u.p.t
}

// unifyCall deduces template arguments from a call's argument type at
// for parameter type pt ([temp.deduct.call]): a parameter may be more
// cv-qualified than the argument below a pointer (const T * from
// float *). A name through a template parameter (typename vec3<T>::Type)
// is a non-deduced context ([temp.deduct.type]): it deduces nothing, and
// the argument converts to the instance's parameter type.
func unifyCall(pt, at ctypes.Type, args []ctypes.TemplateArg, set []bool) bool {
	switch u := pt.(type) {
	case *ctypes.DependentName:
		return true
	case *ctypes.Qualified:
		a := canonical(at)
		if aq, ok := a.(*ctypes.Qualified); ok {
			if aq.Const && !u.Const || aq.Volatile && !u.Volatile {
				return false
			}
			return unifyCall(u.Type, aq.Type, args, set)
		}
		return unifyCall(u.Type, a, args, set)
	case *ctypes.Pointer:
		a, ok := canonical(at).(*ctypes.Pointer)
		return ok && unifyCall(u.Elem, a.Elem, args, set)
	}
	return unify(pt, at, args, set)
}

// recordVarInit records the initializer of variable v, from token
// initAt ('=', '{' or '(') to the current token.
func (p *parser) recordVarInit(v *ctypes.VarDecl, initAt int) {
	u := p.recordingUnit(initAt, v.Pos)
	if u == nil {
		return
	}
	start, end := initAt, p.i
	paren := false
	switch {
	case p.isAt(initAt, "="):
		start++
	case p.isAt(initAt, "{"):
	case p.isAt(initAt, "("):
		paren = true
	default:
		return
	}
	if start >= end {
		return
	}
	b := &Body{Var: v, Paren: paren, unit: u, start: start, initStart: -1, sc: p.sc, Toks: p.exportToks(start, end)}
	u.Inits = append(u.Inits, b)
	u.p = p
}

// recordingUnit is the unit that ParseUnit records an initializer
// starting at token start (before the current one) into, for a
// declaration at pos outside the built-in headers; nil when there is
// none.
func (p *parser) recordingUnit(start int, pos token.Pos) *Unit {
	if start >= p.i || p.isBuiltin(pos) {
		return nil
	}
	_, u := p.recordingInto()
	return u
}

// recordingInto is the recorder of ParseUnit and the unit it records
// into; both nil when there is none (ParseFile).
func (p *parser) recordingInto() (*bodyRecorder, *Unit) {
	r := p.recorder()
	if r == nil {
		return nil, nil
	}
	u := r.unit.Value()
	if u == nil {
		return nil, nil
	}
	return r, u
}

// exportToks are the tokens from start up to end, for a Body.
func (p *parser) exportToks(start, end int) []Tok {
	toks := make([]Tok, 0, end-start)
	for i := start; i < end; i++ {
		toks = append(toks, exportTok(p.token(i)))
	}
	return toks
}

// recordFieldInit records the default member initializer of f, from
// token start ('=' or '{') to the current token.
func (p *parser) recordFieldInit(f *ctypes.Field, start int) {
	u := p.recordingUnit(start, f.Pos)
	if u == nil {
		return
	}
	if p.isAt(start, "=") {
		start++
	}
	if start >= p.i {
		return
	}
	b := &Body{Field: f, unit: u, start: start, initStart: -1, sc: p.sc, Toks: p.exportToks(start, p.i)}
	if u.DefaultInits == nil {
		u.DefaultInits = map[*ctypes.Field]*Body{}
	}
	u.DefaultInits[f] = b
	u.p = p
}

// recordImplicitCtor records the empty body of st's implicitly defined
// default constructor fd, between the positions of st's braces.
func (p *parser) recordImplicitCtor(fd *ctypes.FuncDecl, lbrace, rbrace token.Pos, sc *scope) {
	r, u := p.recordingInto()
	if u == nil {
		return
	}
	r.recorded[fd] = true
	b := &Body{Func: fd, unit: u, start: -1, initStart: -1, sc: sc,
		Toks: []Tok{{Kind: TokPunct, Text: "{", Pos: lbrace}, {Kind: TokPunct, Text: "}", Pos: rbrace}}}
	if u.ImplicitCtors == nil {
		u.ImplicitCtors = map[*ctypes.FuncDecl]*Body{}
	}
	u.ImplicitCtors[fd] = b
	u.p = p
}

// recordDefaultArg records the default argument of the parameter at pos,
// from token defAt to the current token (-1: none).
func (p *parser) recordDefaultArg(pos token.Pos, defAt int) {
	if defAt < 0 || defAt >= p.i {
		return
	}
	r, u := p.recordingInto()
	if u == nil {
		return
	}
	if r.defaults == nil {
		r.defaults = map[token.Pos]*Body{}
	}
	b := &Body{unit: u, start: defAt, initStart: -1, sc: p.sc}
	for i := defAt; i < p.i; i++ {
		b.Toks = append(b.Toks, exportTok(p.token(i)))
	}
	r.defaults[pos] = b
	u.p = p
}

// hasDefaultArg reports whether parameter prm of a function the unit
// declares has a default argument; true when that is not recorded (a
// parse for declarations only), so that no function is ruled out.
func (p *parser) hasDefaultArg(prm ctypes.Param) bool {
	r := p.recorder()
	if r == nil {
		return true
	}
	_, ok := r.defaults[prm.Pos]
	return ok
}

// DefaultArg returns the default argument of parameter prm of a function
// the unit declares, as a Body whose Toks are the expression (looked up
// where the function was declared), or nil when it has none.
func (u *Unit) DefaultArg(prm ctypes.Param) *Body {
	if u.p == nil {
		return nil
	}
	r := u.p.recorder()
	if r == nil || r.defaults == nil {
		return nil
	}
	return r.defaults[prm.Pos]
}

// lookupName finds an unqualified name from scope s outward. A function
// template's instance is declared in the scope that binds its template
// parameters, where it would hide the template itself: there the
// template is found instead (fact<N - 1>() in fact's body).
func lookupName(s *scope, name string) *entity {
	for ; s != nil; s = s.parent {
		e := s.member(name, 0)
		if e == nil {
			continue
		}
		if s.binding && e.kind == entFunc && len(e.tmpls) == 0 && s.parent != nil {
			if outer := s.parent.lookup(name); outer != nil && len(outer.tmpls) > 0 {
				return outer
			}
		}
		return e
	}
	return nil
}

// InitsBody is a constructor's member initializers as a Body of their
// own (Toks are Inits), in the constructor's scope, so that a parser asks
// it about the names in them as it asks the body; nil when there are
// none.
func (b *Body) InitsBody() *Body {
	if b.Inits == nil || b.initStart < 0 {
		return nil
	}
	ib := *b
	ib.Toks, ib.Inits, ib.start, ib.initStart = b.Inits, nil, b.initStart, -1
	if b.locals == nil {
		b.locals = newScope(b.sc, "")
		b.locals.binding = true
	}
	ib.locals = b.locals
	return &ib
}

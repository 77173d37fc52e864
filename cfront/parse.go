package cfront

import (
	"go/token"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

// syncPanic unwinds to the enclosing declaration list after an error; the
// list skips to the end of the declaration and goes on.
type syncPanic struct{}

// maxNesting bounds recursion in declarators and expressions.
const maxNesting = 500

// parser is the declaration parser (recursive descent over the
// preprocessed tokens). Statements and expressions of function bodies are
// not parsed yet: bodies are skipped as balanced braces.
type parser struct {
	cfg    *Config
	t      target.Target
	d      *diag
	toks   []pp.Tok // the tokens, stored without pointers (read as Tokens by token)
	text   string   // their spellings (pp.Tokens.Text)
	i      int
	match  []int32 // index of the matching bracket, -1 if none (matchAt)
	bdepth []int   // brace depth before each token (braceDepths)
	nest   int

	sc      *scope
	file    *scope
	result  *ctypes.File
	funcs   funcTable
	builtin map[int]bool // token.File base -> is a built-in header
	listed  map[ctypes.Type]bool
	// classScopes are the member scopes of the classes defined so far.
	classScopes map[*ctypes.Struct]*scope
	// linkageDecl is set while parsing the declaration of
	// extern "C" declaration (not the block form).
	linkageDecl bool
	pack        int64 // #pragma pack in effect
	// body is the function body whose declarations are being read
	// (Body's methods), nil at namespace scope.
	body *Body

	// Templates (template.go).
	pendingGT    bool                 // a '>>' closed an inner template argument list; one '>' is left
	noGT         bool                 // in a template argument: '>' ends the expression
	inst         *instRequest         // the class instance record is to build
	curTemplate  *ctypes.TemplateInst // the specialization declareFunc declares
	specializing bool                 // after template <>: a class template-id is an explicit specialization
	instDepth    int                  // instances being made for bodies, one inside another
	// callDepth is, for a function template's instance made for a call
	// in a body (Body.InstantiateCall, InstantiateMember), how many
	// instances' bodies the chain of calls that made it goes through: a
	// recursion without end is an error at maxCallDepth.
	callDepth map[*ctypes.FuncDecl]int
	// deducedWarned are the function templates already reported as
	// called with deduced arguments.
	deducedWarned map[string]bool
	// memberTmpls are the names of the member function templates of
	// every class (Body.IsMemberTemplate).
	memberTmpls map[string]bool
	// packs are the template parameter packs bound to arguments in the
	// template being instantiated.
	packs map[*ctypes.TemplateParam][]ctypes.TemplateArg
	// dependentInstances are the class template specializations made
	// for arguments that name template parameters, with their templates
	// (callResult instantiates them for a call's deduced arguments).
	dependentInstances map[*ctypes.Struct]*template
	// tmplNames are the class templates that template template
	// arguments name (template.go).
	tmplNames map[*ctypes.Struct]*template

	// Declarators' parts and the types they make (declarator, wrap).
	// opStack holds the ops and suffixes of the declarators of the
	// namespace-scope declaration being parsed (keepOps); parseFile
	// empties it before the next one, when none of them is used any
	// more (a declarator lives until its wrap).
	opStack    []typeOp
	paramLists slab[ctypes.Param]
	fnSuffix   slab[funcSuffix]
	ptrs       slab[ctypes.Pointer]
	arrays     slab[ctypes.Array]
	funcTypes  slab[ctypes.Func]
	quals      slab[ctypes.Qualified]

	// Objects the parser makes by the thousand, allocated in blocks.
	specs slab[declSpecs]
	// freeSpecs are specifiers done with (releaseSpecs), for declSpecs
	// to use again.
	freeSpecs []*declSpecs
	ents      slab[entity]
	fields    slab[ctypes.Field]

	// constexprs are the bodies of the constexpr functions defined so
	// far, for constant expressions that call them (constexpr.go).
	constexprs     map[*ctypes.FuncDecl]*constexprBody
	constexprDepth int
}

// slab hands out zeroed objects of type T from blocks of slabSize: one
// allocation for many small objects, which the garbage collector then
// tracks as one. A block lives as long as any of its objects.
type slab[T any] struct{ free []T }

const slabSize = 64

func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		s.free = make([]T, slabSize)
	}
	x := &s.free[0]
	s.free = s.free[1:]
	return x
}

// clone copies x into a block, as new does for one object; the copy's
// capacity is its length, so appending to it copies. Empty x gives nil.
func (s *slab[T]) clone(x []T) []T {
	n := len(x)
	if n == 0 {
		return nil
	}
	if n > slabSize/4 {
		return append([]T(nil), x...)
	}
	if len(s.free) < n {
		s.free = make([]T, slabSize)
	}
	c := s.free[:n:n]
	copy(c, x)
	s.free = s.free[n:]
	return c
}

func newParser(cfg *Config, t target.Target, d *diag, ts pp.Tokens) *parser {
	toks := ts.List
	p := &parser{cfg: cfg, t: t, d: d, toks: toks, text: ts.Text, result: &ctypes.File{},
		funcs: newFuncTable(len(toks) / 60), builtin: map[int]bool{}, listed: make(map[ctypes.Type]bool, len(toks)/50),
		classScopes: make(map[*ctypes.Struct]*scope, len(toks)/200)}
	p.file = &scope{names: make(map[string]*entity, len(toks)/20)}
	p.sc = p.file
	p.match = make([]int32, len(toks))
	var stacks [3][]int
	for i := range toks {
		p.match[i] = -1
		tk := &toks[i]
		if tk.Kind != tPunct || tk.Len != 1 {
			continue
		}
		switch c := tk.Spelling(p.text)[0]; c {
		case '(', '[', '{':
			k := bracketIndex(c)
			stacks[k] = append(stacks[k], i)
		case ')', ']', '}':
			k := bracketIndex(c)
			if n := len(stacks[k]); n > 0 {
				o := stacks[k][n-1]
				stacks[k] = stacks[k][:n-1]
				p.match[o], p.match[i] = int32(i), int32(o)
			}
		}
	}
	return p
}

// matchAt is the index of the bracket that matches token i, -1 if none.
func (p *parser) matchAt(i int) int { return int(p.match[i]) }

// bracketIndex is 0 for parentheses, 1 for square brackets and 2 for
// braces.
func bracketIndex(c byte) int {
	switch c {
	case '(', ')':
		return 0
	case '[', ']':
		return 1
	}
	return 2
}

// braceDepths returns the brace depth before each token, computed the
// first time an error needs it (sync).
func (p *parser) braceDepths() []int {
	if p.bdepth != nil {
		return p.bdepth
	}
	p.bdepth = make([]int, len(p.toks))
	depth := 0
	for i := range p.toks {
		tk := &p.toks[i]
		p.bdepth[i] = depth
		if tk.Kind != tPunct || tk.Len != 1 {
			continue
		}
		switch tk.Spelling(p.text)[0] {
		case '{':
			depth++
		case '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return p.bdepth
}

// Token access.

// token returns token i (an index into p.toks) as a Token.
func (p *parser) token(i int) Token {
	t := &p.toks[i]
	return Token{Text: t.Spelling(p.text), Pos: t.Pos, Kind: t.Kind}
}

// textAt is the spelling of token i.
func (p *parser) textAt(i int) string {
	t := &p.toks[i]
	return t.Spelling(p.text)
}

func (p *parser) tok() Token { return p.token(p.i) }

func (p *parser) peek(n int) Token {
	if p.i+n < len(p.toks) {
		return p.token(p.i + n)
	}
	return p.token(len(p.toks) - 1)
}

func (p *parser) at(i int) Token {
	if i < len(p.toks) {
		return p.token(i)
	}
	return p.token(len(p.toks) - 1)
}

func (p *parser) next() Token {
	t := p.token(p.i)
	if p.i < len(p.toks)-1 {
		p.i++
	}
	return t
}

// advance moves to the next token, as next does.
func (p *parser) advance() {
	if p.i < len(p.toks)-1 {
		p.i++
	}
}

// isTok reports whether t is the punctuator or identifier s. The text
// is compared first: it rejects almost every token by its length.
func isTok(t Token, s string) bool {
	return t.Text == s && (t.Kind == tPunct || t.Kind == tIdent)
}

// isAt reports whether token i (the last one, end of file, past the
// end) is the punctuator or identifier s. Unlike isTok(p.at(i), s) it
// makes no Token.
func (p *parser) isAt(i int, s string) bool {
	if i >= len(p.toks) {
		i = len(p.toks) - 1
	}
	t := &p.toks[i]
	return int(t.Len) == len(s) && t.Spelling(p.text) == s && (t.Kind == tPunct || t.Kind == tIdent)
}

// kindAt is the kind of token i (of the last one past the end), without
// making a Token.
func (p *parser) kindAt(i int) tokKind {
	if i >= len(p.toks) {
		i = len(p.toks) - 1
	}
	return p.toks[i].Kind
}

// isPeek is isAt(p.i+n, s).
func (p *parser) isPeek(n int, s string) bool { return p.isAt(p.i+n, s) }

func (p *parser) is(s string) bool {
	t := &p.toks[p.i]
	return int(t.Len) == len(s) && t.Spelling(p.text) == s && (t.Kind == tPunct || t.Kind == tIdent)
}

func (p *parser) accept(s string) bool {
	if p.is(s) {
		p.advance()
		return true
	}
	return false
}

// expect moves past the punctuator or identifier s, or fails.
func (p *parser) expect(s string) {
	if !p.is(s) {
		p.fail(p.toks[p.i].Pos, "expected '%s', found %s", s, p.describe(p.tok()))
	}
	p.advance()
}

// expectTok is expect returning the token.
func (p *parser) expectTok(s string) Token {
	t := p.tok()
	p.expect(s)
	return t
}

func (p *parser) describe(t Token) string {
	if t.Kind == tOther {
		if strings.HasPrefix(t.Text, "'") || strings.HasPrefix(t.Text, `"`) {
			return "unterminated literal " + t.Text
		}
		return "stray '" + t.Text + "'"
	}
	return t.String()
}

func (p *parser) errorf(pos token.Pos, format string, args ...any) {
	p.d.errorf(pos, format, args...)
}

// fail reports an error and unwinds to the enclosing declaration list.
func (p *parser) fail(pos token.Pos, format string, args ...any) {
	p.d.errorf(pos, format, args...)
	panic(syncPanic{})
}

func (p *parser) enter() {
	p.nest++
	if p.nest > maxNesting {
		p.fail(p.toks[p.i].Pos, "declaration or expression nested too deeply")
	}
}

func (p *parser) leave() { p.nest-- }

// isBuiltin reports whether pos lies in a built-in header.
func (p *parser) isBuiltin(pos token.Pos) bool {
	f := p.d.fset.File(pos)
	if f == nil {
		return false
	}
	b, ok := p.builtin[f.Base()]
	if !ok {
		b = strings.HasPrefix(f.Name(), builtinPrefix) || f.Name() == "<command-line>"
		p.builtin[f.Base()] = b
	}
	return b
}

// list adds a named type to the result, once, unless a built-in header
// declared it.
func (p *parser) list(t ctypes.Type, pos token.Pos) {
	if p.listed[t] || p.isBuiltin(pos) {
		return
	}
	p.listed[t] = true
	p.result.Types = append(p.result.Types, t)
}

// skipBalanced skips the bracketed group starting at the current token.
func (p *parser) skipBalanced() {
	open := p.tok()
	m := p.matchAt(p.i)
	if m < 0 {
		p.fail(open.Pos, "unbalanced '%s'", open.Text)
	}
	p.i = m
	p.advance()
}

// sync skips the rest of the declaration that began at token start.
func (p *parser) sync(start int) {
	if start >= len(p.toks) {
		start = len(p.toks) - 1
	}
	bdepth := p.braceDepths()
	level := bdepth[start]
	for p.toks[p.i].Kind != tEOF {
		d := bdepth[p.i]
		t := p.tok()
		if d < level {
			return
		}
		if d == level && t.Kind == tPunct {
			switch t.Text {
			case ";":
				p.advance()
				return
			case "}":
				return
			case "{":
				if p.matchAt(p.i) < 0 {
					p.i = len(p.toks) - 1
					return
				}
				p.i = p.matchAt(p.i)
				p.advance()
				p.accept(";")
				return
			}
		}
		p.advance()
	}
}

// declList parses declarations until end reports true, recovering from
// errors at the end of each declaration.
func (p *parser) declList(end func() bool, decl func()) {
	for {
		for p.toks[p.i].Kind == tPragma || p.toks[p.i].Kind == tPragmaUnroll {
			if p.toks[p.i].Kind == tPragmaUnroll {
				// Not before a loop: nvcc ignores it (with a warning).
				for p.toks[p.i].Kind != tPragmaEnd && p.toks[p.i].Kind != tEOF {
					p.advance()
				}
				if p.toks[p.i].Kind == tPragmaEnd {
					p.advance()
				}
				continue
			}
			p.pack, _ = strconv.ParseInt(p.next().Text, 10, 64)
		}
		if end() {
			return
		}
		start := p.i
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(syncPanic); !ok {
						panic(r)
					}
					p.nest = 0
					p.sync(start)
				}
			}()
			decl()
		}()
		if p.i == start && !end() {
			p.advance()
		}
	}
}

func (p *parser) parseFile() {
	p.declList(func() bool { return p.toks[p.i].Kind == tEOF }, func() {
		p.opStack = p.opStack[:0]
		p.externalDecl()
	})
}

// keepOps copies a declarator's ops or suffixes to p.opStack; the copy's
// capacity is its length, so appending to it copies. Empty x gives nil.
func (p *parser) keepOps(x []typeOp) []typeOp {
	if len(x) == 0 {
		return nil
	}
	n := len(p.opStack)
	p.opStack = append(p.opStack, x...)
	return p.opStack[n:len(p.opStack):len(p.opStack)]
}

// externalDecl parses one declaration at namespace scope.
func (p *parser) externalDecl() {
	t := p.tok()
	if t.Kind == tPunct {
		switch t.Text {
		case ";":
			p.advance()
			return
		case "}":
			p.fail(t.Pos, "unexpected '}'")
		}
	}
	if t.Kind == tIdent {
		switch t.Text {
		case "namespace":
			p.namespaceDecl(false)
			return
		case "inline":
			if p.isPeek(1, "namespace") {
				p.advance()
				p.namespaceDecl(true)
				return
			}
		case "extern":
			if p.kindAt(p.i+1) == tString {
				p.linkageSpec()
				return
			}
		case "template":
			p.templateDecl(nil)
			return
		case "using":
			p.usingDecl()
			return
		case "static_assert", "_Static_assert":
			p.staticAssert()
			return
		case "__ptxabi_builtin_type":
			p.builtinTypeDecl()
			return
		case "asm", "__asm__", "__asm":
			p.advance()
			if p.is("(") {
				p.skipBalanced()
			}
			p.expect(";")
			return
		}
	}
	p.declaration(nil)
}

func (p *parser) namespaceDecl(inline bool) {
	p.enter()
	defer p.leave()
	kw := p.expectTok("namespace")
	var names []Token
	for p.toks[p.i].Kind == tIdent {
		names = append(names, p.next())
		if !p.accept("::") {
			break
		}
	}
	p.skipAttributes()
	if p.is("=") { // namespace alias
		p.advance()
		_, ent := p.qualifiedName()
		if ent == nil || ent.kind != entNamespace {
			p.fail(kw.Pos, "expected a namespace name")
		}
		if len(names) == 1 {
			p.sc.names[names[0].Text] = ent
		}
		p.expect(";")
		return
	}
	anonymous := len(names) == 0
	if anonymous {
		names = []Token{{Text: ctypes.AnonymousNamespace, Pos: kw.Pos}}
	}
	open := p.tok()
	p.expect("{")
	outer := p.sc
	for _, n := range names {
		e := p.sc.names[n.Text]
		if e == nil {
			s := newScope(p.sc, n.Text)
			s.externC = p.sc.externC
			e = &entity{kind: entNamespace, members: s}
			p.sc.names[n.Text] = e
			if anonymous || inline {
				// Its names are visible in the enclosing namespace.
				p.sc.using = append(p.sc.using, s)
			}
		} else if e.kind != entNamespace {
			p.fail(n.Pos, "redefinition of '%s' as a namespace", n.Text)
		}
		p.sc = e.members
	}
	defer func() { p.sc = outer }()
	p.declList(func() bool { return p.is("}") || p.toks[p.i].Kind == tEOF }, p.externalDecl)
	if !p.accept("}") {
		p.fail(open.Pos, "expected '}' to close namespace")
	}
}

// linkageSpec is extern "C" decl or extern "C" { decls }.
func (p *parser) linkageSpec() {
	p.enter()
	defer p.leave()
	p.advance()
	lang := p.next()
	var c bool
	switch lang.Text {
	case `"C"`:
		c = true
	case `"C++"`:
	default:
		p.fail(lang.Pos, "unknown language linkage %s", lang.Text)
	}
	saved := p.sc.externC
	p.sc.externC = c
	defer func() { p.sc.externC = saved }()
	if p.is("{") {
		open := p.next()
		p.declList(func() bool { return p.is("}") || p.toks[p.i].Kind == tEOF }, p.externalDecl)
		if !p.accept("}") {
			p.fail(open.Pos, "expected '}' to close extern \"C\" block")
		}
		return
	}
	// extern "C" T x; declares (does not define) x, as extern does.
	p.linkageDecl = true
	defer func() { p.linkageDecl = false }()
	p.externalDecl()
}

// usingDecl is using X = T; (an alias) or a using-declaration or
// using-directive, which are accepted and ignored.
func (p *parser) usingDecl() {
	p.expect("using")
	if p.toks[p.i].Kind == tIdent && p.isPeek(1, "=") {
		name := p.next()
		p.advance()
		typ := p.typeName()
		p.expect(";")
		p.declareTypedef(name, typ, 0, name.Pos)
		return
	}
	if p.accept("namespace") {
		t := p.tok()
		_, ent := p.qualifiedName()
		if ent == nil || ent.kind != entNamespace {
			p.fail(t.Pos, "expected a namespace name after 'using namespace'")
		}
		p.sc.using = append(p.sc.using, ent.members)
		p.expect(";")
		return
	}
	// using ns::name; makes name visible here.
	t := p.tok()
	name, ent := p.qualifiedName()
	if ent == nil {
		p.fail(t.Pos, "use of undeclared identifier '%s'", name)
	}
	if i := strings.LastIndex(name, "::"); i >= 0 {
		name = name[i+2:]
	}
	p.sc.names[name] = ent
	p.expect(";")
}

// staticAssert is static_assert(constant-expression [, "message"]).
func (p *parser) staticAssert() {
	kw := p.next()
	p.expect("(")
	v := p.constExpr()
	msg := ""
	if p.accept(",") {
		for p.toks[p.i].Kind == tString {
			msg += strings.Trim(p.next().Text, `"`)
		}
	}
	p.expect(")")
	p.expect(";")
	if v.V == 0 {
		if msg != "" {
			p.errorf(kw.Pos, "static assertion failed: %s", msg)
		} else {
			p.errorf(kw.Pos, "static assertion failed")
		}
	}
}

// builtinTypeDecl declares CUDA's built-in types by name; only the
// built-in headers use it.
func (p *parser) builtinTypeDecl() {
	kw := p.next()
	if !p.isBuiltin(kw.Pos) {
		p.fail(kw.Pos, "use of undeclared identifier '%s'", kw.Text)
	}
	p.expect("(")
	for {
		n := p.next()
		typ := p.builtinType(n.Text)
		if typ == nil {
			p.fail(n.Pos, "internal error: unknown built-in type %s", n.Text)
		}
		e := p.ents.new()
		*e = entity{kind: entType, typ: typ}
		p.sc.names[n.Text] = e
		if !p.accept(",") {
			break
		}
	}
	p.expect(")")
	p.expect(";")
}

// qualifiedName reads [::] name (:: name)* and resolves it.
func (p *parser) qualifiedName() (string, *entity) {
	name, ent, n := p.resolveAt(p.i)
	p.i = n
	return name, ent
}

// resolveAt resolves the qualified name starting at token i without
// consuming it; n is the index after it.
func (p *parser) resolveAt(i int) (name string, ent *entity, n int) {
	sc := p.sc
	global := false
	if p.isAt(i, "::") {
		global = true
		i++
		for sc.parent != nil {
			sc = sc.parent
		}
		name = "::"
	}
	first := true
	for {
		t := p.at(i)
		if t.Kind != tIdent {
			return name, nil, i
		}
		name += t.Text
		var e *entity
		if first && !global {
			e = sc.lookup(t.Text)
		} else {
			e = sc.member(t.Text, 0)
		}
		first = false
		i++
		members := (*scope)(nil)
		if e != nil {
			members = e.members
			if members == nil && e.kind == entType {
				// A typedef of a class: its members.
				if st, ok := underlying(e.typ).(*ctypes.Struct); ok {
					members = p.classScopes[st]
				}
			}
		}
		if p.isAt(i, "::") && p.kindAt(i+1) == tIdent && members != nil {
			sc = members
			name += "::"
			i++
			continue
		}
		return name, e, i
	}
}

// angleAfterName reports whether a '<' follows the qualified name
// ([::] name (:: name)*) at token i: without it, no template-id begins
// there (resolveAt stops at one of these names).
func (p *parser) angleAfterName(i int) bool {
	if p.isAt(i, "::") {
		i++
	}
	if p.kindAt(i) != tIdent {
		return true // let the caller decide
	}
	for p.isAt(i+1, "::") && p.kindAt(i+2) == tIdent {
		i += 2
	}
	return p.isAt(i+1, "<")
}

// typeAt reports the type named at token i, if any, and the index after
// the name.
func (p *parser) typeAt(i int) (ctypes.Type, int) {
	if p.kindAt(i) != tIdent && !p.isAt(i, "::") {
		return nil, i
	}
	_, e, n := p.resolveAt(i)
	if e == nil || e.kind != entType {
		return nil, i
	}
	return e.typ, n
}

// typeKeywords start a type specifier.
var typeKeywords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"void": true, "bool": true, "_Bool": true, "char": true, "short": true, "int": true,
		"long": true, "signed": true, "__signed__": true, "__signed": true, "unsigned": true, "float": true, "double": true,
		"__int128": true, "wchar_t": true, "char16_t": true, "char32_t": true,
		"struct": true, "class": true, "union": true, "enum": true, "const": true, "volatile": true,
		"typename": true, "decltype": true,
	}
})

// isTypeKeyword is typeKeywords[s], without hashing s (the parser asks
// it of most identifiers).
func isTypeKeyword(s string) bool {
	switch s {
	case "void", "bool", "_Bool", "char", "short", "int",
		"long", "signed", "__signed__", "__signed", "unsigned", "float", "double",
		"__int128", "wchar_t", "char16_t", "char32_t",
		"struct", "class", "union", "enum", "const", "volatile",
		"typename", "decltype":
		return true
	}
	return false
}

// startsType reports whether the tokens at i begin a type-id.
func (p *parser) startsType(i int) bool {
	t := p.at(i)
	if t.Kind == tIdent && isTypeKeyword(t.Text) {
		return true
	}
	if t.Kind != tIdent && !isTok(t, "::") {
		return false
	}
	// typeAt, resolving the name once.
	_, e, n := p.resolveAt(i)
	if e.classTemplate() != nil && p.isAt(n, "<") {
		return true
	}
	return e != nil && e.kind == entType && e.typ != nil
}

// typeName parses a type-id: specifiers and an abstract declarator.
func (p *parser) typeName() ctypes.Type {
	s := p.declSpecs(nil, ctxTypeName)
	if !s.hasType() {
		p.fail(p.toks[p.i].Pos, "expected a type, found %s", p.describe(p.tok()))
	}
	if p.pendingGT {
		// A '>>' closed the type's template arguments and the list
		// around it (Q<Arr<float, 2>>): the type ends there.
		return p.baseType(s)
	}
	d := p.declarator(true, nil)
	if d.name != "" {
		p.fail(d.pos, "unexpected name '%s' in a type", d.name)
	}
	return d.wrap(p.baseType(s))
}

// typeSpecifierOnly parses the type of a functional cast: int(x), T(x).
func (p *parser) typeSpecifierOnly() ctypes.Type {
	s := p.declSpecs(nil, ctxTypeName)
	return p.baseType(s)
}

// isComplete reports whether objects of type t can be defined.
func isComplete(t ctypes.Type) bool {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		return u.Kind != ctypes.Void
	case *ctypes.Struct:
		return u.Complete
	case *ctypes.Enum:
		return u.Complete
	case *ctypes.Array:
		return !u.Unsized && isComplete(u.Elem)
	case *ctypes.Func:
		return false
	}
	return true
}

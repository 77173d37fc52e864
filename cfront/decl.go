package cfront

import (
	"go/token"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ctypes"
)

// declCtx is where a declaration appears.
type declCtx int

const (
	ctxNamespace declCtx = iota
	ctxMember
	ctxParam
	ctxTypeName
)

// attrs collects attributes and alignment requests.
type attrs struct {
	align    int64 // largest alignment requested; 0 if none
	packed   bool
	noinline bool
	forceInl bool
	noreturn bool
	bounds   ctypes.LaunchBounds // __launch_bounds__ and __maxnreg__
}

func (a *attrs) setAlign(n int64) {
	if n > a.align {
		a.align = n
	}
}

// merge adds b's attributes to a. It takes b by pointer: b is often a
// field that was just stored byte by byte, and copying it whole would
// stall the processor (its wide load cannot take the narrow stores).
func (a *attrs) merge(b *attrs) {
	a.setAlign(b.align)
	a.packed = a.packed || b.packed
	a.noinline = a.noinline || b.noinline
	a.forceInl = a.forceInl || b.forceInl
	a.noreturn = a.noreturn || b.noreturn
	a.bounds.Merge(b.bounds)
}

// declSpecs are the declaration specifiers of a declaration.
type declSpecs struct {
	pos                                    token.Pos
	typedef, extern, static, inline        bool
	constexpr, friend, virtual, explicit   bool
	device, global, host, constant, shared bool
	managed                                bool
	cnst, vol, restrict                    bool
	words                                  []string // basic type keywords
	wordBuf                                [3]string
	named                                  ctypes.Type
	anonDef                                bool // an unnamed struct or union was defined here
	attrs                                  attrs
	wordPos                                token.Pos
}

func (s *declSpecs) hasType() bool { return s.named != nil || len(s.words) > 0 }

// basicKinds maps the sorted basic type keywords (without a redundant
// int) to their kind.
var basicKinds = sync.OnceValue(func() map[string]ctypes.Kind {
	return map[string]ctypes.Kind{
		"void": ctypes.Void, "bool": ctypes.Bool, "char": ctypes.Char,
		"char signed": ctypes.SChar, "char unsigned": ctypes.UChar,
		"short": ctypes.Short, "short signed": ctypes.Short, "short unsigned": ctypes.UShort,
		"int": ctypes.Int, "signed": ctypes.Int, "unsigned": ctypes.UInt,
		"long": ctypes.Long, "long signed": ctypes.Long, "long unsigned": ctypes.ULong,
		"long long": ctypes.LongLong, "long long signed": ctypes.LongLong, "long long unsigned": ctypes.ULongLong,
		"float": ctypes.Float, "double": ctypes.Double, "double long": ctypes.LongDouble,
		"__int128": ctypes.Int128, "__int128 signed": ctypes.Int128, "__int128 unsigned": ctypes.UInt128,
		"wchar_t": ctypes.WChar, "char16_t": ctypes.Char16, "char32_t": ctypes.Char32,
	}
})

// isBasicWord reports whether s is a basic type keyword (basicWord).
func isBasicWord(s string) bool {
	_, ok := basicWord(s)
	return ok
}

// basicWord returns the basic type keyword that s spells (_Bool is
// bool, __signed__ is signed), or false.
func basicWord(s string) (string, bool) {
	switch s {
	case "void", "bool", "char", "short", "int", "long", "signed", "unsigned", "float", "double",
		"__int128", "wchar_t", "char16_t", "char32_t":
		return s, true
	case "_Bool":
		return "bool", true
	case "__signed__", "__signed":
		return "signed", true
	}
	return "", false
}

// oneBasicWord returns the kind of basic type that s names when it is one
// keyword alone (int, float).
func oneBasicWord(s *declSpecs) (ctypes.Kind, bool) {
	if len(s.words) != 1 || s.named != nil {
		return 0, false
	}
	// The one-word entries of basicKinds.
	switch s.words[0] {
	case "void":
		return ctypes.Void, true
	case "bool":
		return ctypes.Bool, true
	case "char":
		return ctypes.Char, true
	case "short":
		return ctypes.Short, true
	case "int", "signed":
		return ctypes.Int, true
	case "unsigned":
		return ctypes.UInt, true
	case "long":
		return ctypes.Long, true
	case "float":
		return ctypes.Float, true
	case "double":
		return ctypes.Double, true
	}
	k, ok := basicKinds()[s.words[0]]
	return k, ok
}

// baseType is the type the specifiers name, with their cv-qualifiers.
func (p *parser) baseType(s *declSpecs) ctypes.Type {
	var t ctypes.Type
	if k, ok := oneBasicWord(s); ok {
		t = ctypes.BasicOf(k) // the common case, without sorting words
	} else if len(s.words) > 0 {
		if s.named != nil {
			p.fail(s.wordPos, "cannot combine '%s' with a previous type specifier", strings.Join(s.words, " "))
		}
		w := append([]string(nil), s.words...)
		sort.Strings(w)
		if len(w) > 1 {
			var keep []string
			for _, x := range w {
				if x != "int" {
					keep = append(keep, x)
				}
			}
			if len(keep) < len(w)-1 {
				p.fail(s.wordPos, "duplicate 'int' in declaration specifiers")
			}
			if len(keep) == len(w)-1 && len(keep) > 0 && keep[0] != "char" && keep[0] != "double" && keep[0] != "float" && keep[0] != "void" && keep[0] != "bool" {
				w = keep
			}
		}
		k, ok := basicKinds()[strings.Join(w, " ")]
		if !ok {
			p.fail(s.wordPos, "invalid combination of type specifiers '%s'", strings.Join(s.words, " "))
		}
		t = ctypes.BasicOf(k)
	} else {
		t = s.named
	}
	if t == nil {
		p.fail(s.pos, "expected a type specifier")
	}
	if s.cnst || s.vol || s.restrict {
		q := p.quals.new()
		*q = ctypes.Qualified{Type: t, Const: s.cnst, Volatile: s.vol, Restrict: s.restrict}
		t = q
	}
	return t
}

// declSpecs parses declaration specifiers. cls is the class whose members
// are being parsed (to recognize constructors), or nil.
func (p *parser) declSpecs(cls *ctypes.Struct, ctx declCtx) *declSpecs {
	var s *declSpecs
	if n := len(p.freeSpecs); n > 0 {
		s = p.freeSpecs[n-1]
		p.freeSpecs = p.freeSpecs[:n-1]
		*s = declSpecs{}
	} else {
		s = p.specs.new()
	}
	s.pos = p.toks[p.i].Pos
	s.words = s.wordBuf[:0]
	for {
		t := p.tok()
		if isTok(t, "::") {
			if s.hasType() {
				return s
			}
			if typ, ok := p.templateTypeAt(); ok {
				s.named = typ
				continue
			}
			typ, n := p.typeAt(p.i)
			if typ == nil {
				return s
			}
			s.named, p.i = typ, n
			continue
		}
		if isTok(t, "[") && p.isPeek(1, "[") {
			p.cxxAttributes(&s.attrs)
			continue
		}
		if t.Kind != tIdent {
			return s
		}
		if w, ok := basicWord(t.Text); ok {
			if len(s.words) == 0 {
				s.wordPos = t.Pos
			}
			s.words = append(s.words, w)
			p.advance()
			continue
		}
		switch t.Text {
		case "typedef":
			s.typedef = true
		case "extern":
			s.extern = true
		case "static":
			s.static = true
		case "inline", "__inline", "__inline__":
			s.inline = true
		case "constexpr":
			s.constexpr = true
			s.cnst = true
		case "friend":
			s.friend = true
		case "virtual":
			s.virtual = true
		case "explicit":
			s.explicit = true
		case "register", "mutable", "thread_local", "__thread", "__device_builtin__", "typename", "__cudart_builtin__", "__extension__":
		case "__device__":
			s.device = true
		case "__global__":
			s.global = true
		case "__host__":
			s.host = true
		case "__constant__":
			s.constant = true
		case "__shared__":
			s.shared = true
		case "__managed__":
			s.managed = true
		case "__noinline__":
			s.attrs.noinline = true
		case "__forceinline__":
			s.attrs.forceInl = true
		case "__launch_bounds__", "__maxnreg__":
			p.advance()
			p.launchBounds(t, &s.attrs)
			continue
		case "const":
			s.cnst = true
		case "volatile":
			s.vol = true
		case "__restrict__", "__restrict", "restrict":
			s.restrict = true
		case "__attribute__", "__attribute", "alignas", "_Alignas", "__align__", "__builtin_align__", "__declspec":
			p.attribute(&s.attrs)
			continue
		case "struct", "class", "union":
			if s.hasType() {
				p.fail(t.Pos, "cannot combine '%s' with a previous type specifier", t.Text)
			}
			s.named = p.record(s, ctx)
			p.checkAfterDefinition()
			continue
		case "enum":
			if s.hasType() {
				p.fail(t.Pos, "cannot combine 'enum' with a previous type specifier")
			}
			s.named = p.enumSpec(ctx)
			p.checkAfterDefinition()
			continue
		case "decltype":
			if p.body != nil && p.body.Decltype != nil {
				// In a body: the body parser reads the operand, sema
				// types it.
				typ, next, err := p.body.Decltype(p.i - p.body.start)
				if err != nil {
					el, ok := err.(ErrorList)
					switch {
					case p.d.mute > 0:
						p.d.muted = true
					case ok:
						p.d.errs = append(p.d.errs, el...)
					default:
						p.d.errorf(t.Pos, "%v", err)
					}
					panic(syncPanic{})
				}
				p.i = p.body.start + next
				s.named = typ
				continue
			}
			p.advance()
			p.expect("(")
			if p.accept("nullptr") {
				p.expect(")")
				s.named = ctypes.BasicOf(ctypes.NullPtr)
				continue
			}
			// decltype of a variable, a member or a subscript or
			// dereference of one: its declared type. A parenthesized
			// operand (a reference type) and other expressions are
			// not supported.
			var typ ctypes.Type
			if p.is("(") || !p.muted(func() { typ = p.exprType() }) || !p.is(")") {
				p.fail(t.Pos, "decltype is supported only of nullptr, a variable or a member")
			}
			p.expect(")")
			s.named = typ
			continue
		case "auto":
			// A placeholder: a trailing return type replaces it;
			// anything else would need deduction (declarator's wrap).
			if s.hasType() {
				p.fail(t.Pos, "cannot combine 'auto' with a previous type specifier")
			}
			s.named = autoType
		case "template":
			p.fail(t.Pos, "'template' is not allowed here")
		default:
			if s.hasType() || p.templateCtorAt() {
				return s
			}
			if typ, ok := p.templateTypeAt(); ok {
				s.named = typ
				continue
			}
			if cls != nil && t.Text == cls.Tag && p.isPeek(1, "(") {
				return s // a constructor
			}
			if t.Text == "operator" {
				return s // a conversion function
			}
			typ, n := p.typeAt(p.i)
			if tp, ok := typ.(*ctypes.TemplateParam); ok && p.isAt(n, "::") {
				// typename T::value_type in a template's declared
				// signature: known in its instances only.
				if p.kindAt(n+1) != tIdent || p.isAt(n+2, "::") || p.isAt(n+2, "<") {
					p.fail(t.Pos, "a name that depends on template parameter '%s' (%s::%s) is not supported in a template's signature", tp.Name, tp.Name, p.at(n+1).Text)
				}
				s.named = &ctypes.DependentName{Qualifier: tp, Name: p.at(n + 1).Text}
				p.i = n + 2
				continue
			}
			if typ != nil && p.isAt(n, "::") && p.isAt(n+1, "~") {
				return s // S::~S, a destructor defined out of line
			}
			if typ == nil {
				if ctx != ctxTypeName && p.kindAt(p.i+1) == tIdent && !isDeclKeyword(p.peek(1).Text) {
					p.fail(t.Pos, "unknown type name '%s'", t.Text)
				}
				return s
			}
			if n < len(p.toks) && p.isAt(n, "<") {
				p.fail(t.Pos, "'%s' is not a template", t.Text)
			}
			s.named, p.i = typ, n
			continue
		}
		p.advance()
	}
}

// releaseSpecs gives back specifiers that nothing keeps, for declSpecs
// to use again.
func (p *parser) releaseSpecs(s *declSpecs) { p.freeSpecs = append(p.freeSpecs, s) }

// checkAfterDefinition reports a missing ';' after a class or enum
// definition followed by another declaration.
func (p *parser) checkAfterDefinition() {
	prev := p.at(p.i - 1)
	t := p.tok()
	if !isTok(prev, "}") || t.Kind != tIdent {
		return
	}
	_, kw := basicWord(t.Text)
	kw = kw || t.Text == "struct" || t.Text == "union" || t.Text == "class" || t.Text == "enum"
	if typ, n := p.typeAt(p.i); typ != nil && p.kindAt(n) == tIdent {
		kw = true
	}
	if kw {
		p.fail(prev.Pos, "expected ';' after %s definition", map[bool]string{true: "enum", false: "struct"}[false])
	}
}

// isDeclKeyword reports keywords that may follow a type name in a
// declaration.
func isDeclKeyword(s string) bool {
	switch s {
	case "const", "volatile", "__restrict__", "__restrict", "restrict", "__attribute__", "__align__",
		"alignas", "__device__", "__host__", "__global__", "__constant__", "__shared__", "operator",
		"__builtin_align__", "__forceinline__", "__noinline__", "inline", "static", "extern":
		return true
	}
	return false
}

// attribute parses one __attribute__((...)), alignas(...), __align__(...)
// or __declspec(...).
func (p *parser) attribute(a *attrs) {
	kw := p.next()
	switch kw.Text {
	case "alignas", "_Alignas", "__align__", "__builtin_align__":
		p.expect("(")
		var n int64
		if p.startsType(p.i) && kw.Text != "__align__" && kw.Text != "__builtin_align__" {
			typ := p.typeName()
			n = p.sizeQuery(Token{Text: "alignof", Pos: kw.Pos}, typ).V
		} else {
			n = p.constExpr().V
		}
		p.expect(")")
		p.checkAlign(kw, n)
		a.setAlign(n)
	case "__declspec":
		if p.is("(") {
			p.skipBalanced()
		}
	default: // __attribute__((list))
		p.expect("(")
		p.expect("(")
		for !p.is(")") {
			name := p.tok()
			if name.Kind != tIdent {
				p.fail(name.Pos, "expected an attribute name, found %s", p.describe(name))
			}
			p.advance()
			an := strings.Trim(name.Text, "_")
			switch an {
			case "aligned":
				n := int64(16) // __BIGGEST_ALIGNMENT__ of the host ABI
				if p.accept("(") {
					n = p.constExpr().V
					p.expect(")")
				}
				p.checkAlign(name, n)
				a.setAlign(n)
			case "packed":
				a.packed = true
			case "noinline":
				a.noinline = true
			case "always_inline":
				a.forceInl = true
			case "noreturn":
				a.noreturn = true
			default:
				if p.is("(") {
					p.skipBalanced()
				}
			}
			if !p.accept(",") {
				break
			}
		}
		p.expect(")")
		p.expect(")")
	}
}

func (p *parser) checkAlign(kw Token, n int64) {
	if n < 0 || n&(n-1) != 0 || (n == 0 && kw.Text != "alignas" && kw.Text != "_Alignas") {
		p.fail(kw.Pos, "requested alignment %d is not a positive power of 2", n)
	}
	if n > 1<<28 {
		p.fail(kw.Pos, "requested alignment %d is too large", n)
	}
}

// cxxAttributes parses [[...]].
func (p *parser) cxxAttributes(a *attrs) {
	open := p.tok()
	end := p.matchAt(p.i)
	if end < 0 {
		p.fail(open.Pos, "unbalanced '['")
	}
	for i := p.i + 2; i < end; i++ {
		if t := p.token(i); t.Kind == tIdent && t.Text == "noreturn" {
			a.noreturn = true
		}
	}
	p.i = end
	p.advance()
}

// mayStartAttribute is false where no attribute (nor asm label) starts:
// at a punctuator other than '['; most calls of skipAttributes and
// postDeclAttrs end with this test.
func (p *parser) mayStartAttribute() bool {
	t := &p.toks[p.i]
	return t.Kind == tIdent || t.Kind == tPunct && t.Len == 1 && t.Spelling(p.text)[0] == '['
}

// skipAttributes skips attributes where they have no meaning for us.
func (p *parser) skipAttributes() attrs {
	var a attrs
	if !p.mayStartAttribute() {
		return a
	}
	for {
		switch {
		case p.is("[") && p.isPeek(1, "["):
			p.cxxAttributes(&a)
		case p.toks[p.i].Kind == tIdent && (p.is("__attribute__") || p.is("__attribute") || p.is("__declspec") ||
			p.is("alignas") || p.is("_Alignas") || p.is("__align__") || p.is("__builtin_align__")):
			p.attribute(&a)
		case p.is("__device_builtin__") || p.is("__cudart_builtin__"):
			p.advance()
		default:
			return a
		}
	}
}

// declarator is a parsed declarator: wrap builds the declared type from
// the specifiers' type.
type declarator struct {
	name   string
	pos    token.Pos
	qual   bool // a qualified name (S::f): a member defined out of class
	attrs  attrs
	params []ctypes.Param // of the outermost function suffix, for constructors
	fn     bool           // the name is declared with a function suffix directly
	quals  funcQuals      // of the outermost function suffix
	// qualifier is the scope that a qualified name (S::f, ns::g) names,
	// nil when it names none.
	qualifier *scope
	// conv is the type of a conversion function (operator T).
	conv ctypes.Type
	// ops (pointers, references) and suffixes (arrays, functions) make
	// the declared type from the base type, then inner's (wrap).
	ops, suffixes []typeOp
	inner         *declarator
	p             *parser
	// templates and targs: the name is a function template's, followed by
	// template arguments (tmax<float>).
	templates []*template
	targs     []genArg
}

// wrap returns the type that d declares of base type base (base itself
// for a declarator that p.declarator did not make).
func (d *declarator) wrap(base ctypes.Type) ctypes.Type {
	t := base
	for i := range d.ops {
		t = d.ops[i].apply(d.p, t)
	}
	for i := len(d.suffixes) - 1; i >= 0; i-- {
		t = d.suffixes[i].apply(d.p, t)
	}
	if d.inner != nil {
		return d.inner.wrap(t)
	}
	if d.p != nil && usesAuto(t) {
		d.p.fail(d.pos, "'auto' type deduction is not supported (only with a trailing return type)")
	}
	return t
}

// typeOpKind is what a typeOp makes of the type it is applied to.
type typeOpKind uint8

const (
	opPointer       typeOpKind = iota // a pointer, then qual
	opReference                       // an lvalue or (rvalue) rvalue reference
	opMemberPointer                   // a pointer to a member of cls, then qual
	opArray                           // an array of n elements
	opUnsizedArray                    // an array of unknown bound
	opFunc                            // a function returning it
)

// typeOp is one part of a declarator (a pointer, reference, array or
// function suffix): it makes the declared type from the type it is
// applied to (declarator.wrap).
type typeOp struct {
	kind   typeOpKind
	rvalue bool             // opReference
	qual   ctypes.Qualified // opPointer, opMemberPointer: the qualifiers after it
	cls    ctypes.Type      // opMemberPointer
	n      int64            // opArray
	fn     *funcSuffix      // opFunc
	pos    token.Pos        // opFunc: where its parameter list starts
}

// funcSuffix is a function declarator's parameters and qualifiers.
type funcSuffix struct {
	params   []ctypes.Param
	variadic bool
	q        funcQuals
}

// apply makes the type; p (not nil: ops come from p.declarator) allocates
// it.
func (o *typeOp) apply(p *parser, e ctypes.Type) ctypes.Type {
	switch o.kind {
	case opPointer, opMemberPointer:
		var r ctypes.Type
		if o.kind == opPointer {
			ptr := p.ptrs.new()
			ptr.Elem = e
			r = ptr
		} else {
			r = &ctypes.MemberPointer{Class: o.cls, Elem: e}
		}
		if o.qual.Const || o.qual.Volatile || o.qual.Restrict {
			q := p.quals.new()
			*q = o.qual
			q.Type = r
			r = q
		}
		return r
	case opReference:
		return &ctypes.Reference{Elem: e, RValue: o.rvalue}
	case opArray, opUnsizedArray:
		a := p.arrays.new()
		*a = ctypes.Array{Elem: e, Len: o.n, Unsized: o.kind == opUnsizedArray}
		return a
	}
	f := o.fn
	if f.q.trailing != nil {
		if e != autoType {
			p.fail(o.pos, "a function with a trailing return type must be declared 'auto'")
		}
		e = f.q.trailing
	}
	ft := p.funcTypes.new()
	*ft = ctypes.Func{Result: e, Params: f.params, Variadic: f.variadic, Const: f.q.cnst, Volatile: f.q.vol, Ref: f.q.ref}
	return ft
}

// declarator parses a (possibly abstract) declarator.
func (p *parser) declarator(abstract bool, cls *ctypes.Struct) declarator {
	var d declarator
	p.declaratorTo(&d, abstract, cls)
	return d
}

// declaratorTo is declarator, storing the declarator in *d: the callers
// that parse one per declaration use it, to spare copying it back (it
// is some 250 bytes).
func (p *parser) declaratorTo(d *declarator, abstract bool, cls *ctypes.Struct) {
	p.enter()
	defer p.leave()
	*d = declarator{pos: p.toks[p.i].Pos}
	// ops and suffixes are gathered here, then kept in p.opStack.
	var opsBuf, suffixBuf [4]typeOp
	ops := opsBuf[:0]
	for {
		t := p.tok()
		if t.Kind == tPunct && (t.Text == "*" || t.Text == "&" || t.Text == "&&") {
			p.advance()
			var q ctypes.Qualified
			for {
				switch {
				case p.is("const"):
					q.Const = true
				case p.is("volatile"):
					q.Volatile = true
				case p.is("__restrict__") || p.is("__restrict") || p.is("restrict"):
					q.Restrict = true
				case p.is("__attribute__") || p.is("__attribute") || p.is("__align__"):
					p.attribute(&d.attrs)
					continue
				default:
					goto done
				}
				p.advance()
			}
		done:
			switch t.Text {
			case "*":
				ops = append(ops, typeOp{kind: opPointer, qual: q})
			default:
				if q.Const || q.Volatile {
					p.fail(t.Pos, "'const' or 'volatile' qualifiers cannot be applied to a reference")
				}
				rv := t.Text == "&&"
				ops = append(ops, typeOp{kind: opReference, rvalue: rv})
			}
			continue
		}
		if cls, ok := p.memberPointerClass(); ok {
			// S::* cv: a pointer to member of S.
			var q ctypes.Qualified
			for p.is("const") || p.is("volatile") {
				if p.next().Text == "const" {
					q.Const = true
				} else {
					q.Volatile = true
				}
			}
			ops = append(ops, typeOp{kind: opMemberPointer, cls: cls, qual: q})
			continue
		}
		break
	}
	var inner *declarator
	t := p.tok()
	switch {
	case t.Kind == tIdent && t.Text == "operator":
		p.advance()
		d.name, d.conv = p.operatorName(t)
	case t.Kind == tIdent && !isTypeKeyword(t.Text) && !isDeclKeyword(t.Text) || isTok(t, "::") || isTok(t, "~") && cls != nil:
		if abstract && !(p.isPeek(1, ",") || p.isPeek(1, ")") || p.isPeek(1, "=") || p.isPeek(1, "[")) && p.startsType(p.i) {
			break // a type, not a name (int dim3 names a parameter dim3)
		}
		if isTok(t, "~") {
			p.advance()
			d.name = "~" + p.expectIdent().Text
			break
		}
		if sc, ok := p.templateQualifier(); ok {
			// Array<float, 3>::get, Box<int>::set<char>: a member of a
			// class template's specialization.
			d.qual, d.qualifier = true, sc
			switch {
			case p.accept("~"):
				d.name = "~" + p.expectIdent().Text
			case p.is("operator"):
				kw := p.next()
				d.name, d.conv = p.operatorName(kw)
			default:
				id := p.expectIdent()
				d.name, d.pos = id.Text, id.Pos
			}
			if p.is("<") && !abstract {
				e := sc.member(d.name, 0)
				if ts := e.funcTemplates(); len(ts) > 0 {
					d.templates, d.targs = ts, p.templateArgList()
				}
			}
			break
		}
		global := p.accept("::")
		d.qual = global
		var path []Token
		path = append(path, p.expectIdent())
		d.name = path[0].Text
		for p.is("::") {
			p.advance()
			d.qual = true
			if p.accept("~") {
				d.name = "~" + p.expectIdent().Text
				break
			} else if p.is("operator") {
				kw := p.next()
				d.name, d.conv = p.operatorName(kw)
				break
			}
			path = append(path, p.expectIdent())
			d.name = path[len(path)-1].Text
		}
		if d.qual {
			if d.name == path[len(path)-1].Text {
				path = path[:len(path)-1]
			}
			d.qualifier = p.qualifierScope(global, path)
		}
		if p.is("<") && !abstract {
			// A specialization of a function template: tmax<float>.
			var e *entity
			if d.qualifier != nil {
				e = d.qualifier.member(d.name, 0)
			} else if !d.qual {
				e = p.sc.lookup(d.name)
			}
			if ts := e.funcTemplates(); len(ts) > 0 {
				d.templates = ts
				d.targs = p.templateArgList()
			} else if e.varTemplate() != nil {
				d.targs = p.templateArgList()
			}
		}
	case isTok(t, "(") && p.groupingParen(abstract):
		p.advance()
		in := p.declarator(abstract, cls)
		inner = &in
		p.expect(")")
		d.name, d.pos, d.qual = in.name, in.pos, in.qual
		d.attrs.merge(&in.attrs)
	}
	if d.name != "" && inner == nil {
		d.pos = t.Pos
	}
	// The parameters of a member declared out of its class are looked up
	// in the class.
	if d.qualifier != nil && inner == nil {
		saved := p.sc
		p.sc = d.qualifier
		defer func() { p.sc = saved }()
	}
	// Suffixes: arrays and function parameter lists, applied innermost
	// (rightmost) first.
	suffixes := suffixBuf[:0]
	for {
		t := p.tok()
		if isTok(t, "[") {
			if p.isPeek(1, "[") {
				break
			}
			p.advance()
			if p.accept("]") {
				suffixes = append(suffixes, typeOp{kind: opUnsizedArray})
				continue
			}
			n := p.constExpr()
			p.expect("]")
			if n.V < 0 && !n.Unsigned || n.Unsigned && uint64(n.V) > 1<<62 {
				p.fail(t.Pos, "array size %d is negative or too large", n.V)
			}
			suffixes = append(suffixes, typeOp{kind: opArray, n: n.V})
			continue
		}
		if isTok(t, "(") && !abstract && inner == nil && len(suffixes) == 0 && d.name != "" && p.directInit() {
			// T x(args): a variable's direct initializer, which the
			// caller skips.
			break
		}
		if isTok(t, "(") {
			params, variadic := p.params()
			if inner == nil && len(suffixes) == 0 {
				d.fn = true
				d.params = params
			}
			q := p.funcTrailer()
			if inner == nil && len(suffixes) == 0 {
				d.quals = q
			}
			fs := p.fnSuffix.new()
			*fs = funcSuffix{params: params, variadic: variadic, q: q}
			suffixes = append(suffixes, typeOp{kind: opFunc, pos: t.Pos, fn: fs})
			continue
		}
		break
	}
	d.ops, d.suffixes, d.inner, d.p = p.keepOps(ops), p.keepOps(suffixes), inner, p
}

// templateTypeAt is templateType where template arguments follow the
// name at the current token (angleAfterName), and false elsewhere.
func (p *parser) templateTypeAt() (ctypes.Type, bool) {
	if !p.angleAfterName(p.i) {
		return nil, false
	}
	return p.templateType()
}

// closingAngle returns the index of the '>' that closes the template
// arguments whose '<' is at n; false when there is none before a ';' or
// '{'.
func (p *parser) closingAngle(n int) (int, bool) {
	depth, j := 0, n
	for ; j < len(p.toks) && p.toks[j].Kind != tEOF; j++ {
		switch {
		case p.isAt(j, "(") || p.isAt(j, "["):
			if m := p.matchAt(j); m > 0 {
				j = m
			}
		case p.isAt(j, "<"):
			depth++
		case p.isAt(j, ">"):
			depth--
		case p.isAt(j, ">>"):
			depth -= 2
		case p.isAt(j, ";") || p.isAt(j, "{"):
			return 0, false
		}
		if depth <= 0 {
			break
		}
	}
	return j, depth == 0
}

// templateCtorAt reports whether the current tokens name a class
// template's constructor defined outside its class, W<T>::W(, which
// declares no type.
func (p *parser) templateCtorAt() bool {
	name := p.token(p.i)
	if name.Kind != tIdent || !p.isAt(p.i+1, "<") {
		return false
	}
	j, ok := p.closingAngle(p.i + 1)
	return ok && p.isAt(j+1, "::") && p.isAt(j+2, name.Text) && p.isAt(j+3, "(")
}

// templateQualifier parses, at the current token, a qualifier that is a
// class template's specialization followed by '::' (Box<int>::), and
// returns the instance's member scope. It consumes nothing and reports
// false when the tokens there are no such qualifier.
func (p *parser) templateQualifier() (*scope, bool) {
	if p.toks[p.i].Kind != tIdent || !p.angleAfterName(p.i) {
		return nil, false
	}
	_, e, n := p.resolveAt(p.i)
	ct := e.classTemplate()
	if ct == nil || ct.kind != tmplClass || !p.isAt(n, "<") {
		return nil, false
	}
	// The '>' that closes the arguments must be followed by '::'.
	j, ok := p.closingAngle(n)
	if !ok || !p.isAt(j+1, "::") || p.kindAt(j+2) != tIdent && !p.isAt(j+2, "~") {
		return nil, false
	}
	pos := p.toks[p.i].Pos
	p.i = n
	args := p.matchArgs(ct, p.templateArgList(), pos, true)
	st, ok := underlying(p.instantiateClass(ct, args, pos)).(*ctypes.Struct)
	if !ok || p.classScopes[st] == nil {
		p.fail(pos, "'%s%s' is incomplete: its members cannot be named", ct.name, describeArgs(args))
	}
	p.expect("::")
	return p.classScopes[st], true
}

// memberPointerClass parses, at the current token, the nested-name-specifier
// of a pointer to member (S::*, ns::S::*) and the '*' after it, returning
// the class. It consumes nothing and reports false when the tokens there
// are not one.
func (p *parser) memberPointerClass() (ctypes.Type, bool) {
	j := p.memberPointerAt(p.i)
	if j < 0 {
		return nil, false
	}
	t := p.tok()
	_, e, n := p.resolveAt(p.i)
	if e == nil || e.kind != entType || n != j-1 {
		p.fail(t.Pos, "'%s' before '::*' does not name a class", t.Text)
	}
	if _, ok := underlying(e.typ).(*ctypes.Struct); !ok {
		p.fail(t.Pos, "member pointer refers into non-class type '%s'", e.typ)
	}
	p.i = j + 1
	return e.typ, true
}

// memberPointerAt reports whether a pointer to member's S::* begins at
// token i, returning the index of its '*' (-1 if not).
func (p *parser) memberPointerAt(i int) int {
	j := i
	if p.isAt(j, "::") {
		j++
	}
	n := 0
	for p.kindAt(j) == tIdent && p.isAt(j+1, "::") {
		j += 2
		n++
	}
	if n == 0 || !p.isAt(j, "*") {
		return -1
	}
	return j
}

// operatorName parses what follows the keyword operator: an operator's
// spelling or a conversion's type. It returns the function's name
// ("operator+", "operator new[]", "operator int *") and, for a conversion
// function, its type.
func (p *parser) operatorName(kw Token) (string, ctypes.Type) {
	t := p.tok()
	var sp string
	switch {
	case t.Kind == tIdent && (t.Text == "new" || t.Text == "delete"):
		p.advance()
		sp = t.Text
		if p.is("[") && p.isPeek(1, "]") {
			p.advance()
			p.advance()
			sp += "[]"
		}
		return "operator " + sp, nil
	case isTok(t, "(") && p.isPeek(1, ")"), isTok(t, "[") && p.isPeek(1, "]"):
		p.advance()
		p.advance()
		sp = t.Text + p.at(p.i-1).Text
	case t.Kind == tString:
		// A literal operator: operator "" _x, operator ""_x.
		if !strings.HasPrefix(t.Text, `""`) {
			p.fail(t.Pos, "expected \"\" after 'operator', found %s", p.describe(t))
		}
		p.advance()
		suffix := strings.TrimSpace(strings.TrimPrefix(t.Text, `""`))
		if suffix == "" {
			suffix = p.expectIdent().Text
		}
		return `operator""` + suffix, nil
	case t.Kind == tPunct:
		p.advance()
		sp = t.Text
		if ctypes.OperatorFor(sp, 1) == ctypes.NoOperator && ctypes.OperatorFor(sp, 2) == ctypes.NoOperator {
			p.fail(t.Pos, "'%s' is not an overloadable operator", sp)
		}
	default:
		if t.Kind == tIdent && p.startsType(p.i) || t.Kind == tIdent && isBasicWord(t.Text) {
			// A conversion function: operator type-specifiers ptr-operators.
			s := p.declSpecs(nil, ctxTypeName)
			if !s.hasType() {
				p.fail(t.Pos, "expected a type after 'operator'")
			}
			typ := p.baseType(s)
			for p.is("*") || p.is("&") || p.is("&&") {
				op := p.next()
				switch op.Text {
				case "*":
					typ = &ctypes.Pointer{Elem: typ}
					var q ctypes.Qualified
					for p.is("const") || p.is("volatile") {
						if p.next().Text == "const" {
							q.Const = true
						} else {
							q.Volatile = true
						}
					}
					if q.Const || q.Volatile {
						q.Type = typ
						typ = &q
					}
				default:
					typ = &ctypes.Reference{Elem: typ, RValue: op.Text == "&&"}
				}
			}
			return "operator " + ctypes.CXXString(typ, ""), typ
		}
		p.fail(kw.Pos, "expected an operator or a type after 'operator', found %s", p.describe(t))
	}
	return "operator" + sp, nil
}

// qualifierScope is the scope that the qualifier path (a::b:: in
// a::b::f) names, or nil.
func (p *parser) qualifierScope(global bool, path []Token) *scope {
	sc := p.sc
	if global {
		sc = p.file
	}
	for i, t := range path {
		var e *entity
		if i == 0 && !global {
			e = sc.lookup(t.Text)
		} else {
			e = sc.member(t.Text, 0)
		}
		if e == nil || e.members == nil {
			return nil
		}
		sc = e.members
	}
	return sc
}

// directInit reports whether the '(' at the current token, after a
// declarator's name, opens a direct initializer (dim3 block(512);) rather
// than a parameter list: what follows cannot begin a parameter.
func (p *parser) directInit() bool {
	n := p.peek(1)
	switch n.Kind {
	case tNumber, tString, tChar:
		return true
	case tPunct:
		switch n.Text {
		case ")", "...", "[", "::":
			return false
		}
		return true
	case tIdent:
		if isTypeKeyword(n.Text) || isDeclKeyword(n.Text) || isBasicWord(n.Text) || p.startsType(p.i+1) {
			return false
		}
		switch n.Text {
		case "this", "true", "false", "nullptr", "sizeof", "alignof", "static_cast", "reinterpret_cast", "const_cast":
			return true
		case "__attribute__", "__attribute", "alignas", "__align__", "register":
			return false
		}
		// An undeclared name followed by a name is an unknown type
		// (reported as such); a declared non-type name is an argument.
		if e := p.sc.lookup(n.Text); e != nil && e.kind != entType && e.kind != entTemplate {
			return true
		}
		return false
	}
	return false
}

func (p *parser) expectIdent() Token {
	t := p.tok()
	if t.Kind != tIdent {
		p.fail(t.Pos, "expected an identifier, found %s", p.describe(t))
	}
	p.advance()
	return t
}

// groupingParen reports whether the '(' at the current token groups a
// declarator rather than opening a parameter list.
func (p *parser) groupingParen(abstract bool) bool {
	n := p.peek(1)
	if n.Kind == tPunct {
		switch n.Text {
		case "*", "&", "&&", "^":
			return true
		case "(", "::":
			return !abstract
		}
		return false
	}
	if (n.Kind == tIdent || isTok(n, "::")) && p.memberPointerAt(p.i+1) >= 0 {
		return true // (S::*pf)(int)
	}
	if n.Kind == tIdent {
		if isTypeKeyword(n.Text) || p.startsType(p.i+1) || n.Text == "__attribute__" {
			return false
		}
		return !abstract
	}
	return false
}

// funcQuals are what may follow a parameter list: the cv and ref
// qualifiers of a member function and the virt-specifiers.
type funcQuals struct {
	cnst, vol        bool
	ref              ctypes.RefQualifier
	override, final_ bool
	trailing         ctypes.Type // a trailing return type (-> T)
}

// autoType is the placeholder type that auto stands for until a trailing
// return type replaces it.
var autoType = &ctypes.Typedef{Name: "auto", Type: ctypes.BasicOf(ctypes.Int)}

// usesAuto reports whether t still holds the auto placeholder.
func usesAuto(t ctypes.Type) bool {
	for i := 0; i < 64; i++ {
		switch u := t.(type) {
		case *ctypes.Typedef:
			return u == autoType
		case *ctypes.Pointer:
			t = u.Elem
		case *ctypes.Reference:
			t = u.Elem
		case *ctypes.Qualified:
			t = u.Type
		case *ctypes.Array:
			t = u.Elem
		case *ctypes.MemberPointer:
			t = u.Elem
		case *ctypes.Func:
			for _, prm := range u.Params {
				if usesAuto(prm.Type) {
					return true
				}
			}
			t = u.Result
		default:
			return false
		}
	}
	return false
}

// funcTrailer parses what may follow a parameter list: cv and ref
// qualifiers of member functions, exception specifications, virt-specifiers.
func (p *parser) funcTrailer() (q funcQuals) {
	for {
		t := p.tok()
		switch {
		case t.Kind == tIdent && (t.Text == "const" || t.Text == "volatile" || t.Text == "override" || t.Text == "final"):
			switch t.Text {
			case "const":
				q.cnst = true
			case "volatile":
				q.vol = true
			case "override":
				q.override = true
			default:
				q.final_ = true
			}
			p.advance()
		case isTok(t, "&") || isTok(t, "&&"):
			q.ref = ctypes.LValueRef
			if t.Text == "&&" {
				q.ref = ctypes.RValueRef
			}
			p.advance()
		case t.Kind == tIdent && (t.Text == "noexcept" || t.Text == "throw"):
			p.advance()
			if p.is("(") {
				p.skipBalanced()
			}
		case isTok(t, "->"):
			p.advance()
			q.trailing = p.typeName()
		default:
			return q
		}
	}
}

// params parses a parameter list.
func (p *parser) params() (params []ctypes.Param, variadic bool) {
	open := p.expectTok("(")
	if p.accept(")") {
		return nil, false
	}
	if p.is("void") && p.isPeek(1, ")") {
		p.advance()
		p.advance()
		return nil, false
	}
	// The parameters are gathered here, then kept in p.paramLists.
	var buf [8]ctypes.Param
	list := buf[:0]
	for {
		if p.accept("...") {
			variadic = true
			break
		}
		pos := p.toks[p.i].Pos
		s := p.declSpecs(nil, ctxParam)
		if !s.hasType() {
			p.fail(p.toks[p.i].Pos, "expected a parameter type, found %s", p.describe(p.tok()))
		}
		if s.typedef || s.extern || s.static {
			p.fail(pos, "invalid storage class for a parameter")
		}
		if expansion, ok := p.packParam(s); ok {
			list = append(list, expansion...)
			if p.accept(",") {
				continue
			}
			break
		}
		var d declarator
		p.declaratorTo(&d, true, nil)
		p.skipAttributes()
		typ := adjustParam(d.wrap(p.baseType(s)))
		if ctypes.IsVoid(typ) {
			p.fail(pos, "parameter has incomplete type 'void'")
		}
		defAt := -1
		if p.accept("=") {
			defAt = p.i // for ParseUnit
			p.skipInitializer(true)
		}
		if d.name != "" {
			pos = d.pos
		}
		p.recordDefaultArg(pos, defAt) // for ParseUnit
		list = append(list, ctypes.Param{Name: d.name, Type: typ, Pos: pos})
		p.releaseSpecs(s) // nothing keeps a parameter's specifiers
		if p.accept(",") {
			continue
		}
		if p.accept("...") { // int x...
			variadic = true
		}
		break
	}
	if !p.is(")") {
		p.fail(p.toks[p.i].Pos, "expected ',' or ')' in the parameter list opened at %s, found %s", p.d.fset.Position(open.Pos), p.describe(p.tok()))
	}
	p.advance()
	return p.paramLists.clone(list), variadic
}

// adjustParam applies the array-to-pointer and function-to-pointer
// adjustments of parameter types.
func adjustParam(t ctypes.Type) ctypes.Type {
	switch u := t.(type) {
	case *ctypes.Array:
		return &ctypes.Pointer{Elem: u.Elem}
	case *ctypes.Func:
		return &ctypes.Pointer{Elem: u}
	case *ctypes.Qualified:
		if a, ok := u.Type.(*ctypes.Array); ok {
			return &ctypes.Pointer{Elem: &ctypes.Qualified{Type: a.Elem, Const: u.Const, Volatile: u.Volatile}}
		}
	}
	return t
}

// skipInitializer skips an initializer up to the ',' or ';' (or ')' in a
// parameter list) that ends it.
func (p *parser) skipInitializer(param bool) {
	for {
		t := p.tok()
		if t.Kind == tEOF {
			return
		}
		if t.Kind == tPunct {
			switch t.Text {
			case "(", "[", "{":
				p.skipBalanced()
				continue
			case ",", ";":
				return
			case ")", "]", "}":
				if param || t.Text != ")" {
					return
				}
			}
		}
		p.advance()
	}
}

// declaration parses a declaration at namespace scope (cls == nil).
func (p *parser) declaration(cls *ctypes.Struct) {
	s := p.declSpecs(nil, ctxNamespace)
	defer p.releaseSpecs(s) // nothing keeps them
	if s.virtual {
		p.fail(s.pos, "'virtual' outside a class")
	}
	if p.accept(";") {
		return
	}
	if !s.hasType() {
		t := p.tok()
		if t.Kind == tIdent && !p.isPeek(1, "::") && t.Text != "operator" {
			p.fail(t.Pos, "unknown type name '%s'", t.Text)
		}
		if !isTok(t, "::") && !(t.Kind == tIdent) {
			p.fail(t.Pos, "expected a declaration, found %s", p.describe(t))
		}
	}
	first := true
	for {
		var d declarator
		p.declaratorTo(&d, false, nil)
		{
			x := p.postDeclAttrs()
			d.attrs.merge(&x)
		}
		if d.name == "" {
			p.fail(p.toks[p.i].Pos, "expected a declarator name, found %s", p.describe(p.tok()))
		}
		if d.conv != nil && !d.qual {
			p.fail(d.pos, "a conversion function must be a member function")
		}
		if d.targs != nil {
			p.fail(d.pos, "an explicit specialization of '%s' needs 'template <>'", d.name)
		}
		if !s.hasType() && !d.qual {
			p.fail(d.pos, "a type specifier is required for '%s'", d.name)
		}
		if d.qual {
			// A member or namespace member defined out of line.
			p.outOfLine(s, &d)
			return
		}
		base := ctypes.Type(ctypes.BasicOf(ctypes.Int))
		if s.hasType() {
			base = p.baseType(s)
		}
		typ := d.wrap(base)
		attrs := s.attrs
		attrs.merge(&d.attrs)
		switch {
		case s.typedef:
			p.declareTypedef(Token{Text: d.name, Pos: d.pos}, typ, attrs.align, d.pos)
		case isFunc(typ):
			fd := p.declareFunc(s, &d, typ.(*ctypes.Func), attrs)
			if p.accept("=") {
				p.fail(p.toks[p.i].Pos, "'= default', '= delete' are allowed only on member functions")
			}
			if first && p.is("{") {
				p.funcBody(fd)
				return
			}
		default:
			p.declareVar(s, &d, typ, attrs)
		}
		first = false
		if p.accept(",") {
			continue
		}
		if !p.is(";") {
			p.fail(p.toks[p.i].Pos, "expected ';' after declaration, found %s", p.describe(p.tok()))
		}
		p.advance()
		return
	}
}

// postDeclAttrs parses attributes and asm labels after a declarator.
func (p *parser) postDeclAttrs() attrs {
	var a attrs
	if !p.mayStartAttribute() {
		return a
	}
	for {
		if p.is("asm") || p.is("__asm__") || p.is("__asm") {
			p.advance()
			if p.is("(") {
				p.skipBalanced()
			}
			continue
		}
		b := p.skipAttributes()
		if b == (attrs{}) && !(p.is("__attribute__") || p.is("alignas")) {
			a.merge(&b)
			return a
		}
		a.merge(&b)
	}
}

// skipOutOfLine skips the rest of an out-of-line member definition.
func (p *parser) skipOutOfLine() {
	for p.toks[p.i].Kind != tEOF {
		switch {
		case p.is(";"):
			p.advance()
			return
		case p.is("{"):
			p.skipBalanced()
			return
		case p.is("(") || p.is("["):
			p.skipBalanced()
		default:
			p.advance()
		}
	}
}

// funcBody skips a function body; a later compiler parses statements.
func (p *parser) funcBody(fd *ctypes.FuncDecl) {
	p.recordBody(fd) // for ParseUnit
	p.noteConstexpr(fd)
	if fd != nil && fd.Class != nil && p.sc.class == fd.Class && !fd.HasAttr("inline") {
		fd.Attrs = append(fd.Attrs, "inline") // defined in its class
	}
	body := p.toks[p.i].Pos
	p.bodyInstantiations(fd)
	p.skipBalanced()
	if fd != nil {
		if fd.Defined {
			p.errorf(body, "redefinition of '%s'", fd.QualifiedName())
		}
		fd.Defined = true
	}
}

func isFunc(t ctypes.Type) bool {
	_, ok := t.(*ctypes.Func)
	return ok
}

// declareTypedef declares name as an alias of typ.
func (p *parser) declareTypedef(name Token, typ ctypes.Type, align int64, pos token.Pos) {
	if e := p.sc.names[name.Text]; e != nil && e.kind == entType {
		if td, ok := e.typ.(*ctypes.Typedef); ok && (ctypes.TypeString(td.Type, "") == ctypes.TypeString(typ, "") ||
			ctypes.TypeString(resolveTypedefs(td.Type, 0), "") == ctypes.TypeString(resolveTypedefs(typ, 0), "")) {
			return // a compatible redeclaration (the same type, spelt through other typedefs)
		}
		if e.tag != nil && e.tag == ctypes.Unqualified(typ) && e.typ == e.tag {
			// typedef struct S S;
			td := &ctypes.Typedef{Name: name.Text, Scope: p.sc.path(), Type: typ, Pos: pos}
			e.typ = td
			p.list(td, pos)
			return
		}
		p.errorf(name.Pos, "redefinition of '%s' with a different type", name.Text)
		return
	} else if e != nil {
		p.errorf(name.Pos, "redefinition of '%s' as a different kind of symbol", name.Text)
		return
	}
	switch u := typ.(type) {
	case *ctypes.Struct:
		if u.Tag == "" && u.LinkageName == "" {
			u.LinkageName = name.Text
		}
	case *ctypes.Enum:
		if u.Tag == "" && u.LinkageName == "" {
			u.LinkageName = name.Text
		}
	}
	td := &ctypes.Typedef{Name: name.Text, Scope: p.sc.path(), Type: typ, Pos: pos, Align: align, Parent: p.sc.class}
	if p.sc.class != nil {
		p.sc.class.Nested = append(p.sc.class.Nested, td)
	}
	e := p.ents.new()
	*e = entity{kind: entType, typ: td}
	p.sc.names[name.Text] = e
	p.list(td, pos)
}

// declareFunc records a function declaration at namespace scope.
func (p *parser) declareFunc(s *declSpecs, d *declarator, ft *ctypes.Func, a attrs) *ctypes.FuncDecl {
	kind, fattrs := p.funcKind(s, d, ft, a)
	key := funcName{p.sc.pathKey(), d.name}
	if old := p.funcs.find(key, ft, p.curTemplate); old != nil {
		for _, x := range fattrs {
			if !old.HasAttr(x) {
				old.Attrs = append(old.Attrs, x)
			}
		}
		switch {
		case old.Kind == ctypes.DeviceFunc && kind == ctypes.HostFunc && p.isBuiltin(old.Pos) && !p.isBuiltin(d.pos):
			// A host header declaring what CUDA's own headers declare
			// for the device (malloc, printf): nvcc's are __host__
			// __device__.
			if !old.HasAttr("host") {
				old.Attrs = append(old.Attrs, "host")
			}
		case old.Kind == ctypes.HostFunc && kind == ctypes.DeviceFunc || old.Kind == ctypes.DeviceFunc && kind == ctypes.HostFunc && !old.HasAttr("host"):
			// nvcc: a __host__ function redeclared with __device__, or
			// a __device__ one without it, is __host__ __device__.
			if kind == ctypes.DeviceFunc {
				p.d.warnf(d.pos, "a __host__ function (\"%s\") redeclared with __device__, hence treated as a __host__ __device__ function", d.name)
			} else {
				p.d.warnf(d.pos, "a __device__ function (\"%s\") redeclared without __device__, hence treated as a __host__ __device__ function", d.name)
			}
			old.Kind = ctypes.DeviceFunc
			if !old.HasAttr("host") {
				old.Attrs = append(old.Attrs, "host")
			}
		case old.Kind == ctypes.DeviceFunc && kind == ctypes.HostFunc:
			// Declared __host__ __device__ before: nothing changes.
		case old.Kind != kind:
			p.errorf(d.pos, "conflicting execution space for '%s' (previously declared %s)", d.name, old.Kind)
		}
		if p.is("{") {
			adoptParamNames(old, ft)
		}
		old.Bounds.Merge(a.bounds)
		return old
	}
	if e := p.sc.names[d.name]; e != nil && e.kind == entType && e.tag != nil && e.typ == e.tag {
		// A function hides a class of the same name, which stays
		// reachable as struct stat ([basic.scope.hiding]).
		e.kind, e.typ = entFunc, ft
	} else if e != nil && e.kind != entFunc && e.kind != entTemplate {
		p.errorf(d.pos, "redefinition of '%s' as a different kind of symbol", d.name)
	} else if e != nil && e.kind == entTemplate && e.classTemplate() != nil {
		p.errorf(d.pos, "redefinition of '%s' as a different kind of symbol", d.name)
	} else if e == nil {
		e := p.ents.new()
		*e = entity{kind: entFunc, typ: ft}
		p.sc.names[d.name] = e
	}
	fd := &ctypes.FuncDecl{Name: d.name, Scope: p.sc.path(), Type: ft, Kind: kind,
		ExternC: p.sc.externC, Static: s.static, Attrs: fattrs, Pos: d.pos, Template: p.curTemplate}
	fd.Bounds.Merge(a.bounds)
	if d.name == "main" && len(fd.Scope) == 0 {
		fd.ExternC = true // ::main is not mangled ([basic.start.main])
	}
	if fd.Template != nil && fd.ExternC {
		p.errorf(d.pos, "a template cannot have C linkage")
	}
	if d.conv != nil || isOperatorName(d.name) {
		p.setOperator(fd, d, false)
	}
	p.funcs.add(key, ft, p.curTemplate, fd)
	if e := p.sc.names[d.name]; e != nil {
		e.overloads = append(e.overloads, fd)
	}
	if !p.isBuiltin(d.pos) {
		p.result.Funcs = append(p.result.Funcs, fd)
	}
	return fd
}

// isOperatorName reports whether a declarator's name is an operator
// function's (operator<, operator new), not an identifier that begins
// with "operator" (operator_templates).
func isOperatorName(name string) bool {
	rest, ok := strings.CutPrefix(name, "operator")
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	c := rest[0]
	return !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')
}

// inlineFrom makes fd inline where its out-of-line definition says so
// (inline, or constexpr, which implies it: [dcl.inline]), though its
// first declaration did not: the function has vague linkage (nvcc emits
// it .weak), as __nv_bfloat16's members defined after their class.
func inlineFrom(fd *ctypes.FuncDecl, s *declSpecs) {
	if (s.inline || s.constexpr) && !fd.HasAttr("inline") {
		fd.Attrs = append(fd.Attrs, "inline")
	}
}

// adoptParamNames gives fd, declared before, the parameter names of its
// definition's type ft: the names its body uses (int f(int, int); then
// int f(int a, int b) {...}).
func adoptParamNames(fd *ctypes.FuncDecl, ft *ctypes.Func) {
	if len(ft.Params) != len(fd.Type.Params) {
		return
	}
	nt := *fd.Type
	nt.Params = slices.Clone(fd.Type.Params)
	for i, prm := range ft.Params {
		nt.Params[i].Name, nt.Params[i].Pos = prm.Name, prm.Pos
	}
	fd.Type = &nt
}

// setOperator records which operator (or conversion) fd declares.
func (p *parser) setOperator(fd *ctypes.FuncDecl, d *declarator, member bool) {
	if d.conv != nil {
		if !member {
			p.fail(d.pos, "a conversion function must be a member function")
		}
		fd.Special = ctypes.ConversionFunc
		return
	}
	sp := strings.TrimSpace(strings.TrimPrefix(d.name, "operator"))
	if suffix, ok := strings.CutPrefix(sp, `""`); ok {
		// [over.literal]: a literal operator is a namespace-scope
		// function; its suffix is its name (mangled li).
		if member {
			p.fail(d.pos, "literal operator '%s' must be a namespace-scope function", d.name)
		}
		if !strings.HasPrefix(suffix, "_") {
			p.d.warnf(d.pos, "literal suffix '%s' does not start with '_': it is reserved for the standard library", suffix)
		}
		fd.Special, fd.LiteralSuffix = ctypes.LiteralOperator, suffix
		return
	}
	arity := len(fd.Type.Params)
	if member && !fd.StaticMember {
		arity++
	}
	op := ctypes.OperatorFor(sp, arity)
	if op == ctypes.NoOperator {
		p.fail(d.pos, "'%s' is not an overloadable operator", sp)
	}
	fd.Special, fd.Operator = ctypes.OperatorFunc, op
	switch op {
	case ctypes.OpNew, ctypes.OpNewArray, ctypes.OpDelete, ctypes.OpDeleteArray:
		// Class-specific allocation functions are static ([class.free]).
		if member {
			fd.StaticMember = true
		}
		return
	case ctypes.OpAssign, ctypes.OpCall, ctypes.OpIndex, ctypes.OpArrow:
		if !member {
			p.fail(d.pos, "'%s' must be a member function", d.name)
		}
	}
	if !member {
		// [over.oper]: a non-member operator function has a parameter
		// of class or enumeration type.
		ok := false
		for _, prm := range fd.Type.Params {
			t := prm.Type
			if r, isRef := t.(*ctypes.Reference); isRef {
				t = r.Elem
			}
			for {
				if td, isTD := ctypes.Unqualified(t).(*ctypes.Typedef); isTD {
					t = td.Type
					continue
				}
				break
			}
			switch ctypes.Unqualified(t).(type) {
			case *ctypes.Struct, *ctypes.Enum, *ctypes.Vector, *ctypes.Handle:
				ok = true
			}
		}
		if !ok {
			p.fail(d.pos, "nonmember operator '%s' requires a parameter with class or enum type", d.name)
		}
	}
}

// launchBounds reads the parenthesized arguments of kw, __launch_bounds__
// (the most threads of a block, and optionally the fewest blocks a
// multiprocessor runs at once and the most blocks of a cluster) or
// __maxnreg__ (the most registers a thread), into a.bounds: integral
// constant expressions. In a template, whose instances read them again
// with their arguments, an expression that names its parameters is
// skipped.
func (p *parser) launchBounds(kw Token, a *attrs) {
	if !p.is("(") {
		return
	}
	open := p.i
	var vals []int64
	if !p.muted(func() {
		p.advance()
		for {
			vals = append(vals, p.constExpr().V)
			if !p.accept(",") {
				break
			}
		}
		p.expect(")")
	}) {
		p.i = open
		p.skipBalanced()
		return
	}
	first, most := ctypes.MaxThreads, 3
	if kw.Text == "__maxnreg__" {
		first, most = ctypes.MaxRegs, 1
	}
	if len(vals) > most {
		p.errorf(kw.Pos, "%s takes at most %d arguments, has %d", kw.Text, most, len(vals))
		vals = vals[:most]
	}
	for i, v := range vals {
		if v <= 0 {
			p.errorf(kw.Pos, "%s: argument %d must be positive, is %d", kw.Text, i+1, v)
			continue
		}
		a.bounds[first+i] = v
	}
}

// funcKind is the execution space and the attributes that the
// specifiers give a function.
func (p *parser) funcKind(s *declSpecs, d *declarator, ft *ctypes.Func, a attrs) (ctypes.FuncKind, []string) {
	kind := ctypes.HostFunc
	var fattrs []string
	switch {
	case s.global:
		kind = ctypes.GlobalFunc
		if s.device || s.host {
			p.errorf(d.pos, "a __global__ function cannot also be __device__ or __host__")
		}
		if !ctypes.IsVoid(ft.Result) {
			p.errorf(d.pos, "a __global__ function must have a void return type")
		}
		if ft.Variadic {
			p.errorf(d.pos, "a __global__ function cannot have an ellipsis")
		}
	case s.device:
		kind = ctypes.DeviceFunc
		if s.host {
			fattrs = append(fattrs, "host")
		}
	}
	if s.constant || s.shared || s.managed {
		p.errorf(d.pos, "a function cannot be declared __constant__, __shared__ or __managed__")
	}
	if a.noinline {
		fattrs = append(fattrs, "noinline")
	}
	if a.forceInl {
		fattrs = append(fattrs, "forceinline")
	}
	if s.inline {
		fattrs = append(fattrs, "inline")
	}
	if s.constexpr {
		fattrs = append(fattrs, "constexpr")
	}
	if a.noreturn {
		fattrs = append(fattrs, "noreturn")
	}
	return kind, fattrs
}

// declareMethod records a member function of st (constructors and
// destructors included: special says which).
func (p *parser) declareMethod(st *ctypes.Struct, s *declSpecs, d *declarator, ft *ctypes.Func, a attrs, special ctypes.SpecialKind) *ctypes.FuncDecl {
	if st.Tag == "" {
		p.fail(d.pos, "member function '%s' of an unnamed class is not supported", d.name)
	}
	kind, fattrs := p.funcKind(s, d, ft, a)
	fd := &ctypes.FuncDecl{Name: d.name, Scope: p.sc.path(), Type: ft, Kind: kind, Attrs: fattrs,
		Class: st, Special: special, StaticMember: s.static, Access: p.sc.access, Pos: d.pos, Template: p.curTemplate}
	if d.conv != nil {
		ft.Result = d.conv
	}
	if special == ctypes.Ordinary && (d.conv != nil || isOperatorName(d.name)) {
		p.setOperator(fd, d, true)
	}
	if s.virtual || d.quals.override || d.quals.final_ || overridesVirtual(st, fd) {
		fd.Virtual = true
	}
	if fd.Virtual {
		switch {
		case fd.StaticMember:
			p.errorf(d.pos, "only nonstatic member functions may be virtual")
		case special == ctypes.Constructor:
			p.errorf(d.pos, "a constructor cannot be virtual")
		case kind == ctypes.GlobalFunc:
			// Reported below as for any member.
		case !st.Dynamic() && !p.isBuiltin(d.pos) && kind != ctypes.HostFunc:
			p.d.warnf(d.pos, "'%s' is virtual: objects of '%s' hold a vtable pointer, which is valid only on the side (host or device) that created them; they cannot be passed between host and device (guide chapter 7)", fd.QualifiedName(), st.Name())
		}
		if d.quals.override && !overridesVirtual(st, fd) {
			p.errorf(d.pos, "member function declared with 'override' does not override a base class member")
		}
	}
	if kind == ctypes.GlobalFunc {
		p.errorf(d.pos, "A __global__ function or function template cannot be a member function")
	}
	if fd.StaticMember && (ft.Const || ft.Volatile || ft.Ref != ctypes.NoRef) {
		p.errorf(d.pos, "static member function '%s' cannot have cv or ref qualifiers", d.name)
	}
	if fd.Operator == ctypes.OpAssign && len(ft.Params) == 1 {
		t := ft.Params[0].Type
		if r, ok := t.(*ctypes.Reference); ok {
			t = r.Elem
		}
		if ctypes.Unqualified(t) == ctypes.Type(st) {
			st.UserCopy = true // a copy or move assignment
		}
	}
	for _, m := range st.Methods {
		if m.Name == fd.Name && ctypes.SameSignature(m.Type, ft) && fd.Template == nil && m.Template == nil {
			p.errorf(d.pos, "class member '%s' cannot be redeclared", fd.QualifiedName())
			return m
		}
	}
	if e := p.sc.names[d.name]; e == nil && special == ctypes.Ordinary {
		e := p.ents.new()
		*e = entity{kind: entFunc, typ: ft}
		p.sc.names[d.name] = e
	}
	st.Methods = append(st.Methods, fd)
	if !p.isBuiltin(d.pos) {
		p.result.Funcs = append(p.result.Funcs, fd)
	}
	return fd
}

// overridesVirtual reports whether fd overrides a virtual function of a
// base of st: one of the same name and parameter types (any destructor
// overrides a virtual destructor).
func overridesVirtual(st *ctypes.Struct, fd *ctypes.FuncDecl) bool {
	for _, b := range st.Bases {
		for _, m := range b.Type.Methods {
			if !m.Virtual {
				continue
			}
			if fd.Special == ctypes.Destructor && m.Special == ctypes.Destructor ||
				fd.Special != ctypes.Destructor && m.Name == fd.Name && ctypes.SameSignature(m.Type, fd.Type) {
				return true
			}
		}
		if overridesVirtual(b.Type, fd) {
			return true
		}
	}
	return false
}

// outOfLine parses the rest of a declaration whose name is qualified
// (S::f, ns::g, S::count): a member defined outside its class or a
// namespace member defined outside its namespace. It must match a
// previous declaration.
func (p *parser) outOfLine(s *declSpecs, d *declarator) {
	if d.qualifier == nil {
		p.fail(d.pos, "the qualifier of '%s' names no class or namespace", d.name)
	}
	var typ ctypes.Type
	switch {
	case d.conv != nil || !s.hasType() && d.fn:
		typ = d.wrap(ctypes.BasicOf(ctypes.Void))
		ft, ok := typ.(*ctypes.Func)
		if !ok {
			p.fail(d.pos, "expected a parameter list after '%s'", d.name)
		}
		if d.conv != nil {
			ft.Result = d.conv
		}
	case s.hasType():
		typ = d.wrap(p.baseType(s))
	default:
		p.fail(d.pos, "a type specifier is required for '%s'", d.name)
	}
	qname := strings.Join(append(d.qualifier.path(), d.name), "::")
	cls := d.qualifier.class
	ft, isFn := typ.(*ctypes.Func)
	switch {
	case s.typedef:
		p.fail(d.pos, "a typedef name cannot be qualified ('%s')", qname)
	case isFn && cls != nil:
		var fd *ctypes.FuncDecl
		for _, m := range cls.Methods {
			if m.Name == d.name && ctypes.SameSignature(m.Type, ft) {
				fd = m
			}
		}
		if fd == nil {
			p.fail(d.pos, "out-of-line definition of '%s' does not match any declaration in '%s'", qname, cls)
		}
		if p.is("{") || p.is(":") {
			adoptParamNames(fd, ft)
		}
		inlineFrom(fd, s)
		p.memberBody(fd)
	case isFn:
		fd := p.funcs.find(funcName{d.qualifier.pathKey(), d.name}, ft, nil)
		if fd == nil {
			p.fail(d.pos, "out-of-line definition of '%s' does not match any declaration", qname)
		}
		if p.is("{") {
			adoptParamNames(fd, ft)
		}
		inlineFrom(fd, s)
		p.memberBody(fd)
	case cls != nil:
		var v *ctypes.VarDecl
		for _, x := range cls.StaticVars {
			if x.Name == d.name {
				v = x
			}
		}
		if v == nil {
			p.fail(d.pos, "'%s' is not a static data member of '%s'", qname, cls)
		}
		v.Extern = false
		p.skipOutOfLine()
	default:
		e := d.qualifier.names[d.name]
		if e == nil || e.kind != entVar && e.kind != entConst {
			p.fail(d.pos, "out-of-line definition of '%s' does not match any declaration", qname)
		}
		p.skipOutOfLine()
	}
}

// memberBody parses what follows the declarator of a function defined
// out of line: = default/delete, a constructor's initializers, the body.
func (p *parser) memberBody(fd *ctypes.FuncDecl) {
	if p.accept("=") {
		p.advance()
		p.expect(";")
		return
	}
	if p.accept(":") {
		p.ctorInitializers()
	}
	if p.is("{") {
		p.funcBody(fd)
		return
	}
	p.expect(";")
}

// ctorInitializers skips a constructor's member initializers, up to its
// body.
func (p *parser) ctorInitializers() {
	p.noteCtorInits() // for ParseUnit
	for !p.is("{") && p.toks[p.i].Kind != tEOF && !p.is(";") {
		if p.is("(") || p.is("[") {
			p.skipBalanced()
			continue
		}
		if (p.toks[p.i].Kind == tIdent || p.is(">")) && p.isPeek(1, "{") {
			p.advance()
			p.skipBalanced()
			continue
		}
		p.advance()
	}
}

// declareVar records a variable at namespace scope and skips its
// initializer; an integral const variable initialized by a constant
// expression becomes a constant.
func (p *parser) declareVar(s *declSpecs, d *declarator, typ ctypes.Type, a attrs) {
	space := varSpace(s)
	if s.global || s.host {
		p.errorf(d.pos, "__global__ and __host__ apply to functions, not to variable '%s'", d.name)
	}
	if s.shared && (s.constant || s.managed) || s.constant && s.managed {
		p.errorf(d.pos, "conflicting memory space qualifiers on '%s'", d.name)
	}
	if s.shared && p.is("=") {
		p.errorf(d.pos, "initializer not allowed for __shared__ variable '%s'", d.name)
	}
	if ctypes.IsVoid(typ) {
		p.fail(d.pos, "variable '%s' has incomplete type 'void'", d.name)
	}
	if !s.extern && !p.linkageDecl && !isComplete(typ) {
		if _, ok := ctypes.Unqualified(typ).(*ctypes.Array); !ok || !p.is("=") {
			if _, ref := typ.(*ctypes.Reference); !ref {
				p.errorf(d.pos, "variable '%s' has incomplete type '%s'", d.name, typ)
			}
		}
	}
	ent := &entity{kind: entVar, typ: typ}
	initAt := p.i // for ParseUnit
	if p.accept("=") {
		if arr, ok := typ.(*ctypes.Array); ok && arr.Unsized {
			if n, ok := p.initializerLen(); ok {
				typ = &ctypes.Array{Elem: arr.Elem, Len: n}
				ent.typ = typ
			}
		}
		start := p.i
		if q, ok := typ.(*ctypes.Qualified); ok && q.Const && ctypes.IsIntegral(q.Type) {
			if v, ok := p.tryConst(); ok && (p.is(",") || p.is(";")) {
				ent.kind, ent.val = entConst, v
			} else {
				p.i = start
			}
		}
		p.skipInitializer(false)
	} else if p.is("{") || p.is("(") {
		p.skipBalanced()
	}
	if a, ok := ctypes.Unqualified(typ).(*ctypes.Array); ok && space != ctypes.GenericSpace && !a.Unsized && a.Len == 0 {
		p.errorf(d.pos, "zero-sized variable '%s' is not allowed in device code", d.name)
	}
	if old := p.sc.names[d.name]; old != nil && old.kind != entVar && old.kind != entConst {
		p.errorf(d.pos, "redefinition of '%s' as a different kind of symbol", d.name)
	}
	p.sc.names[d.name] = ent
	ent.vdecl = &ctypes.VarDecl{Name: d.name, Scope: p.sc.path(), Type: typ,
		Space: space, ExternC: p.sc.externC, Extern: s.extern || p.linkageDecl, Static: s.static, Inline: s.inline, Pos: d.pos}
	p.recordVarInit(ent.vdecl, initAt) // for ParseUnit
	if p.isBuiltin(d.pos) {
		return
	}
	p.result.Vars = append(p.result.Vars, ent.vdecl)
}

// varSpace is the memory space that CUDA's specifiers give a variable.
func varSpace(s *declSpecs) ctypes.Space {
	switch {
	case s.constant:
		return ctypes.ConstSpace
	case s.shared:
		return ctypes.SharedSpace
	case s.device || s.managed:
		return ctypes.GlobalSpace
	}
	return ctypes.GenericSpace
}

// friendDecl parses a friend declaration in a class: a friend function
// is a member of the enclosing namespace (its parameter types are looked
// up in the class); a friend class declares nothing listed.
func (p *parser) friendDecl(s *declSpecs) {
	if p.accept(";") {
		return
	}
	d := p.declarator(false, nil)
	{
		x := p.postDeclAttrs()
		d.attrs.merge(&x)
	}
	if d.name == "" {
		p.fail(p.toks[p.i].Pos, "expected a declarator name, found %s", p.describe(p.tok()))
	}
	if !s.hasType() {
		p.fail(d.pos, "a type specifier is required for '%s'", d.name)
	}
	typ := d.wrap(p.baseType(s))
	ft, ok := typ.(*ctypes.Func)
	if !ok {
		p.fail(d.pos, "a friend declaration must name a function or a class")
	}
	if d.qual {
		// friend int T::f(); names a member of another class.
		p.skipOutOfLine()
		return
	}
	a := s.attrs
	a.merge(&d.attrs)
	outer := p.sc
	p.sc = p.sc.nonClass()
	fd := p.declareFunc(s, &d, ft, a)
	p.sc = outer
	if p.is("{") {
		p.funcBody(fd)
		return
	}
	p.expect(";")
}

// integralKind is the integral kind of t (an enum's underlying kind).
func integralKind(t ctypes.Type) (ctypes.Kind, bool) {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		return u.Kind, u.Kind.IsInteger()
	case *ctypes.Enum:
		return u.Underlying, true
	}
	return 0, false
}

// initializerLen is the number of elements an initializer gives an array
// of unknown bound: the items of a braced list or the characters of a
// string literal and its terminating NUL. It reports false for forms it
// does not count (designators).
func (p *parser) initializerLen() (int64, bool) {
	t := p.tok()
	if t.Kind == tString && !p.isPeek(1, "[") {
		n := int64(0)
		for i := p.i; p.kindAt(i) == tString; i++ {
			s, err := strconv.Unquote(strings.TrimLeft(p.at(i).Text, "LuU8"))
			if err != nil {
				return 0, false
			}
			n += int64(len(s))
		}
		return n + 1, true
	}
	if !isTok(t, "{") || p.matchAt(p.i) < 0 {
		return 0, false
	}
	end := p.matchAt(p.i)
	n := int64(0)
	item := false
	for i := p.i + 1; i < end; i++ {
		tk := p.token(i)
		if tk.Kind == tPunct {
			switch tk.Text {
			case "(", "[", "{":
				if tk.Text == "[" && !item || tk.Text == "." && !item {
					return 0, false
				}
				if p.matchAt(i) < 0 {
					return 0, false
				}
				i = p.matchAt(i)
				item = true
				continue
			case ",":
				if item {
					n++
				}
				item = false
				continue
			case ".":
				if !item {
					return 0, false
				}
			}
		}
		item = true
	}
	if item {
		n++
	}
	return n, true
}

// tryConst evaluates a constant expression, reporting false (and no
// error) if it is not one.
func (p *parser) tryConst() (v value, ok bool) {
	saved := p.d.errs
	savedSeen := p.d.seen
	p.d.seen = nil
	defer func() {
		if r := recover(); r != nil {
			if _, isSync := r.(syncPanic); !isSync {
				panic(r)
			}
			ok = false
		}
		p.d.errs = saved
		p.d.seen = savedSeen
	}()
	n := p.nest
	v = p.constExpr()
	p.nest = n
	return v, true
}

// record parses a struct, class or union specifier.
func (p *parser) record(s *declSpecs, ctx declCtx) ctypes.Type {
	p.enter()
	defer p.leave()
	kw := p.next()
	a := p.skipAttributes()
	var name Token
	var preset *ctypes.Struct // an instance or explicit specialization to define
	var presetEnt *entity
	if p.toks[p.i].Kind == tIdent && !isDeclKeyword(p.textAt(p.i)) {
		name = p.next()
		if p.is("::") {
			p.fail(p.toks[p.i].Pos, "qualified class names are not supported")
		}
		switch {
		case p.inst != nil && p.inst.t.name == name.Text && (!p.is("<") || p.inst.primary != nil):
			// Instantiating a class template or, with the
			// arguments written after the name, one of its partial
			// specializations (template.go).
			in := p.inst
			p.inst = nil
			t := in.t
			if in.primary != nil {
				p.skipAngles()
				t = in.primary
			}
			preset = &ctypes.Struct{Tag: name.Text, Scope: t.scope.path(), Union: kw.Text == "union",
				Class: kw.Text == "class", Template: &ctypes.TemplateInst{Args: in.args}, Pos: name.Pos}
			if t.instances == nil {
				t.instances = map[string]*ctypes.Struct{}
			}
			t.instances[argsKey(in.args)] = preset
			// The injected class name: the instance, also as a template.
			presetEnt = &entity{kind: entType, typ: preset, tag: preset, tmpls: []*template{t}}
			p.sc.names[name.Text] = presetEnt
			p.list(preset, t.pos)
		case p.is("<"):
			ct := p.sc.lookup(name.Text).classTemplate()
			if ct == nil || ct.kind != tmplClass {
				p.fail(name.Pos, "'%s' is not a class template", name.Text)
			}
			args := p.matchArgs(ct, p.templateArgList(), name.Pos, true)
			if !p.specializing {
				// An elaborated type specifier: struct Array<float, 3>.
				return p.instantiateClass(ct, args, name.Pos)
			}
			p.specializing = false
			key := argsKey(args)
			if old := ct.instances[key]; old != nil && old.Complete {
				p.fail(name.Pos, "explicit specialization of '%s' after its instantiation or a previous specialization", old.Name())
			}
			preset = &ctypes.Struct{Tag: name.Text, Scope: ct.scope.path(), Union: kw.Text == "union",
				Class: kw.Text == "class", Template: &ctypes.TemplateInst{Args: args}, Pos: name.Pos}
			if ct.instances == nil {
				ct.instances = map[string]*ctypes.Struct{}
			}
			ct.instances[key] = preset
			p.list(preset, name.Pos)
			if !p.is("{") && !(p.is(":") && !p.isPeek(1, ":")) {
				return preset // a declaration; ':' starts its bases
			}
		}
	}
	for p.is("final") {
		p.advance()
	}
	{
		x := p.skipAttributes()
		a.merge(&x)
	}
	union := kw.Text == "union"
	var st *ctypes.Struct
	var ent *entity
	hasBases := p.is(":") && !p.isPeek(1, ":")
	if name.Text != "" && (p.is("{") || hasBases) {
		// A definition: its name is declared from here, so that its
		// bases may name it (struct A : Base<A>, the curiously
		// recurring template pattern).
		st, ent = p.defineTag(kw, name, union, preset, presetEnt)
	}
	var bases []*ctypes.Base
	if hasBases {
		if union {
			p.fail(p.toks[p.i].Pos, "a union cannot have base classes")
		}
		bases = p.baseClauses()
	}
	if !p.is("{") {
		if name.Text == "" {
			p.fail(p.toks[p.i].Pos, "expected a name or '{' after '%s', found %s", kw.Text, p.describe(p.tok()))
		}
		if a.align != 0 || a.packed {
			p.errorf(kw.Pos, "attributes on a reference to '%s %s' have no effect here; put them on the definition", kw.Text, name.Text)
		}
		var e *entity
		if p.is(";") && ctx != ctxParam && ctx != ctxTypeName {
			e = p.sc.names[name.Text]
		} else {
			e = p.sc.lookup(name.Text)
		}
		if e != nil && e.tag != nil {
			st, ok := e.tag.(*ctypes.Struct)
			if !ok || st.Union != union {
				p.fail(name.Pos, "use of '%s' with a tag type that does not match the previous declaration", name.Text)
			}
			return st
		}
		sc := p.sc
		if !p.is(";") {
			sc = sc.nonClass()
		}
		st := &ctypes.Struct{Tag: name.Text, Scope: sc.path(), Union: union, Class: kw.Text == "class", Pos: name.Pos}
		p.declareTag(sc, name, st)
		return st
	}
	// A definition.
	if st == nil {
		st = &ctypes.Struct{Tag: name.Text, Scope: p.sc.path(), Union: union, Class: kw.Text == "class", Pos: kw.Pos}
		s.anonDef = true
	}
	body := newScope(p.sc, name.Text)
	if name.Text == "" {
		body.name = "(anonymous)"
	}
	body.class = st
	p.classScopes[st] = body
	st.Bases = bases
	for _, b := range bases {
		// A base's members are found in the derived class.
		if bs := p.classScopes[b.Type]; bs != nil {
			body.using = append(body.using, bs)
		}
	}
	if ent != nil {
		ent.members = body
	}
	st.Pack = p.pack
	open := p.next()
	outer := p.sc
	p.sc = body
	func() {
		defer func() { p.sc = outer }()
		p.declList(func() bool { return p.is("}") || p.toks[p.i].Kind == tEOF }, func() { p.memberDecl(st) })
	}()
	closing := p.toks[p.i].Pos
	if !p.accept("}") {
		p.fail(open.Pos, "expected '}' to close '%s'", st)
	}
	if needsImplicitCtor(st) {
		fd := &ctypes.FuncDecl{Name: st.Tag, Scope: body.path(), Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)},
			Kind: ctypes.DeviceFunc, Attrs: []string{"host", "inline"}, Class: st, Special: ctypes.Constructor,
			Defaulted: true, Implicit: true, Defined: true, Access: ctypes.Public, Pos: name.Pos}
		st.Methods = append(st.Methods, fd)
		p.recordImplicitCtor(fd, open.Pos, closing, body) // for ParseUnit
	}
	if name.Text == "" {
		// An unnamed class's members (anonymous union/struct) are found
		// through the enclosing scope.
		for k, v := range body.names {
			if _, ok := outer.names[k]; !ok && v.kind == entConst {
				outer.names[k] = v
			}
		}
	}
	{
		x := p.skipAttributes()
		a.merge(&x)
	}
	st.Align = max(st.Align, a.align)
	if a.packed {
		st.Packed = true
	}
	for i, f := range st.Fields {
		if arr, ok := f.Type.(*ctypes.Array); ok && arr.Unsized && i != len(st.Fields)-1 {
			p.errorf(f.Pos, "flexible array member '%s' must be the last member", f.Name)
		}
	}
	st.Complete = true
	return st
}

// needsImplicitCtor reports whether st, a named class just defined that
// declares no constructor, needs an implicitly defined default
// constructor that does something (C++ [class.default.ctor]): a member
// has a default initializer, or a base or a member of class type declares
// a constructor (one that does something, or none callable with no
// argument, which makes st's deleted), or has an implicit one in turn.
func needsImplicitCtor(st *ctypes.Struct) bool {
	if st.Tag == "" {
		return false
	}
	for _, m := range st.Methods {
		if m.Special == ctypes.Constructor {
			return false
		}
	}
	acts := func(t ctypes.Type) bool {
		x, ok := ctypes.ElemClass(t)
		if !ok {
			return false
		}
		for _, m := range x.Methods {
			if m.Special != ctypes.Constructor || m.Defaulted && !m.Implicit {
				continue
			}
			// A constructor that acts, or one that is no default
			// constructor, or a deleted one: then st's default
			// constructor is deleted ([class.default.ctor]/2), which
			// the implicit one's check says where it is used.
			return true
		}
		return false
	}
	for _, b := range st.Bases {
		if acts(b.Type) {
			return true
		}
	}
	for _, f := range st.Fields {
		if f.DefaultInit || f.Name != "" && acts(f.Type) || ctypes.UnnamedWithDefaultInits(f.Type) {
			return true
		}
	}
	return false
}

// defineTag returns the class that the definition of name (after kw)
// defines, and its entity: preset (an instance being made), the class a
// previous declaration in this scope declared, or a new one, declared.
func (p *parser) defineTag(kw, name Token, union bool, preset *ctypes.Struct, presetEnt *entity) (*ctypes.Struct, *entity) {
	if preset != nil {
		return preset, presetEnt
	}
	if e := p.sc.names[name.Text]; e != nil && e.tag != nil {
		old, ok := e.tag.(*ctypes.Struct)
		if !ok || old.Union != union {
			p.fail(name.Pos, "use of '%s' with a tag type that does not match the previous declaration", name.Text)
		}
		if old.Complete {
			p.fail(name.Pos, "redefinition of '%s'", old)
		}
		old.Pos = name.Pos
		return old, e
	}
	st := &ctypes.Struct{Tag: name.Text, Scope: p.sc.path(), Union: union, Class: kw.Text == "class", Pos: name.Pos}
	return st, p.declareTag(p.sc, name, st)
}

// baseClauses parses a base-clause: ':' base-specifier {',' base-specifier},
// each [virtual] [access] [virtual] class-name.
func (p *parser) baseClauses() []*ctypes.Base {
	p.expect(":")
	var bases []*ctypes.Base
	for {
		p.skipAttributes()
		b := &ctypes.Base{Pos: p.toks[p.i].Pos}
		for {
			switch {
			case p.is("virtual"):
				b.Virtual = true
			case p.is("public"):
				b.Access = ctypes.Public
			case p.is("protected"):
				b.Access = ctypes.Protected
			case p.is("private"):
				b.Access = ctypes.Private
			default:
				goto name
			}
			p.advance()
		}
	name:
		p.accept("typename")
		b.Pos = p.toks[p.i].Pos
		typ, n := p.typeAt(p.i)
		if tt, ok := p.templateType(); ok {
			typ, n = tt, p.i
		}
		if typ == nil {
			if p.toks[p.i].Kind == tIdent {
				p.fail(b.Pos, "unknown base class '%s'", p.textAt(p.i))
			}
			p.fail(b.Pos, "expected a base class name, found %s", p.describe(p.tok()))
		}
		if p.isAt(n, "<") {
			p.fail(p.at(n).Pos, "'%s' is not a template", typ)
		}
		p.i = n
		st, ok := underlying(typ).(*ctypes.Struct)
		if !ok || st.Union {
			p.fail(b.Pos, "base class '%s' is not a class", typ)
		}
		if !st.Complete {
			p.fail(b.Pos, "base class '%s' has incomplete type", typ)
		}
		for _, o := range bases {
			if o.Type == st {
				p.fail(b.Pos, "base class '%s' specified more than once as a direct base class", typ)
			}
		}
		b.Type = st
		bases = append(bases, b)
		if p.accept("...") {
			p.fail(b.Pos, "pack expansions are not supported")
		}
		if !p.accept(",") {
			return bases
		}
	}
}

// underlying is t without typedefs and cv-qualifiers.
func underlying(t ctypes.Type) ctypes.Type {
	for {
		switch u := t.(type) {
		case *ctypes.Typedef:
			t = u.Type
		case *ctypes.Qualified:
			t = u.Type
		default:
			return t
		}
	}
}

// declareTag declares a class or enum tag in sc.
func (p *parser) declareTag(sc *scope, name Token, t ctypes.Type) *entity {
	e := sc.names[name.Text]
	if e == nil {
		e = p.ents.new()
		*e = entity{kind: entType, typ: t, tag: t}
		sc.names[name.Text] = e
	} else if e.kind == entType && e.tag == nil {
		e.tag = t // a typedef of the same name came first
	} else {
		p.fail(name.Pos, "redefinition of '%s' as a different kind of symbol", name.Text)
	}
	if cls := sc.class; cls != nil {
		switch u := t.(type) {
		case *ctypes.Struct:
			u.Parent = cls
		case *ctypes.Enum:
			u.Parent = cls
		}
		cls.Nested = append(cls.Nested, t)
	}
	p.list(t, name.Pos)
	return e
}

// memberDecl parses one member declaration of class st.
func (p *parser) memberDecl(st *ctypes.Struct) {
	t := p.tok()
	switch {
	case isTok(t, ";"):
		p.advance()
		return
	case t.Kind == tIdent && (t.Text == "public" || t.Text == "private" || t.Text == "protected") && p.isPeek(1, ":"):
		p.sc.access = map[string]ctypes.Access{"public": ctypes.Public, "private": ctypes.Private, "protected": ctypes.Protected}[t.Text]
		p.advance()
		p.advance()
		return
	case isTok(t, "using") && p.usingOfTemplateBase():
		// using base<T>::member; names a member of a base, which
		// lookup finds through the base anyway: skipped.
		p.noteUsingBase(st)
		p.skipTo(";")
		p.expect(";")
		return
	case isTok(t, "using"):
		p.noteUsingBase(st)
		p.usingDecl()
		return
	case isTok(t, "static_assert") || isTok(t, "_Static_assert"):
		p.staticAssert()
		return
	case isTok(t, "template"):
		p.templateDecl(st)
		return
	case isTok(t, "friend") && (p.isPeek(1, "class") || p.isPeek(1, "struct") || p.isPeek(1, "union")) &&
		p.kindAt(p.i+2) == tIdent && p.isPeek(3, ";"):
		// friend class X; grants access and declares nothing we list.
		p.i += 4
		return
	case isTok(t, "friend") && p.kindAt(p.i+1) == tIdent && p.isPeek(2, ";"):
		p.i += 3
		return
	case isTok(t, "~"):
		p.specialMember(st, &declSpecs{}, true)
		return
	}
	s := p.declSpecs(st, ctxMember)
	defer p.releaseSpecs(s) // nothing keeps them
	if s.friend {
		p.friendDecl(s)
		return
	}
	if !s.hasType() && (p.is(st.Tag) && st.Tag != "" && p.isPeek(1, "(") || p.is("~")) {
		p.specialMember(st, s, p.is("~"))
		return
	}
	if p.accept(";") {
		if s.anonDef && !s.typedef {
			u := ctypes.Unqualified(s.named).(*ctypes.Struct)
			st.Fields = append(st.Fields, &ctypes.Field{Type: s.named, Pos: u.Pos, Align: s.attrs.align})
		}
		return
	}
	if !s.hasType() && !p.is("operator") {
		if p.toks[p.i].Kind == tIdent {
			p.fail(p.toks[p.i].Pos, "unknown type name '%s'", p.textAt(p.i))
		}
		p.fail(p.toks[p.i].Pos, "expected a member declaration, found %s", p.describe(p.tok()))
	}
	for {
		var d declarator
		if p.is(":") {
			d = declarator{pos: p.toks[p.i].Pos} // wraps nothing
		} else {
			p.declaratorTo(&d, false, st)
			if d.name == "" {
				p.fail(p.toks[p.i].Pos, "expected a member name, found %s", p.describe(p.tok()))
			}
		}
		{
			x := p.postDeclAttrs()
			d.attrs.merge(&x)
		}
		base := ctypes.Type(ctypes.BasicOf(ctypes.Int))
		if s.hasType() {
			base = p.baseType(s)
		}
		typ := d.wrap(base)
		a := s.attrs
		a.merge(&d.attrs)
		switch {
		case s.typedef:
			p.declareTypedef(Token{Text: d.name, Pos: d.pos}, typ, a.align, d.pos)
		case isFunc(typ):
			fd := p.declareMethod(st, s, &d, typ.(*ctypes.Func), a, ctypes.Ordinary)
			if p.accept("=") {
				v := p.next() // 0, default, delete
				if v.Text == "0" {
					fd.Pure = true
				}
			}
			if p.is("{") {
				p.funcBody(fd)
				return
			}
		case s.static:
			v := &ctypes.VarDecl{Name: d.name, Scope: p.sc.path(), Class: st, Type: typ, Space: varSpace(s),
				Extern: !s.constexpr && !s.inline, Pos: d.pos}
			if st.Tag == "" {
				p.fail(d.pos, "static data member '%s' of an unnamed class", d.name)
			}
			if s.device || s.constant || s.shared || s.managed {
				p.errorf(d.pos, "memory qualifier on data member is not allowed")
			}
			st.StaticVars = append(st.StaticVars, v)
			ent := &entity{kind: entVar, typ: typ}
			if p.accept("=") {
				start := p.i
				if q, ok := typ.(*ctypes.Qualified); ok && q.Const && ctypes.IsIntegral(q.Type) {
					if v, ok := p.tryConst(); ok {
						ent.kind, ent.val = entConst, v
					} else {
						p.i = start
					}
				}
				p.skipInitializer(false)
			}
			p.sc.names[d.name] = ent
		default:
			f := p.fields.new()
			*f = ctypes.Field{Name: d.name, Type: typ, Pos: d.pos, Align: a.align, Access: p.sc.access}
			if a.packed {
				f.Packed = true
			}
			if p.is(":") {
				colon := p.next()
				w := p.constExpr()
				f.BitField = true
				f.BitWidth = int(w.V)
				if !ctypes.IsIntegral(typ) {
					p.errorf(d.pos, "bit field '%s' has non-integral type '%s'", d.name, typ)
				}
				if w.V < 0 {
					p.errorf(colon.Pos, "bit field '%s' has negative width", d.name)
				} else if w.V == 0 && d.name != "" {
					p.errorf(colon.Pos, "named bit field '%s' has zero width", d.name)
				} else if w.V > 1<<16 {
					p.errorf(colon.Pos, "bit field '%s' is too wide", d.name)
				}
				// A width above the type's is kept: nvcc warns that the
				// value is truncated ("declared size for bit field is
				// larger than the size of the bit field type") but
				// allocates the declared width, the rest being padding.
				// Package layout allocates it and gives the warning.
				if f.Name == "" {
					f.Pos = colon.Pos
				}
				// GCC syntax allows attributes after the width too:
				// int f : 3 __attribute__((packed));
				if after := p.postDeclAttrs(); after.packed || after.align != 0 {
					f.Packed = f.Packed || after.packed
					f.Align = max(f.Align, after.align)
				}
			} else if !isComplete(typ) {
				if arr, ok := typ.(*ctypes.Array); !(ok && arr.Unsized && isComplete(arr.Elem)) {
					p.errorf(d.pos, "field '%s' has incomplete type '%s'", d.name, typ)
				}
			}
			if s.extern || s.device || s.constant || s.shared || s.global || s.host {
				p.errorf(d.pos, "invalid storage class or execution space on member '%s'", d.name)
			}
			if p.is("=") || p.is("{") {
				// A default member initializer (C++11).
				start := p.i
				if p.accept("=") {
					p.skipInitializer(false)
				} else {
					p.skipBalanced()
				}
				if f.BitField {
					p.errorf(p.toks[start].Pos, "a default member initializer for bit field '%s' is not supported (C++20)", f.Name)
				}
				f.DefaultInit = true
				p.recordFieldInit(f, start) // for ParseUnit
			}
			if f.Name != "" {
				for _, g := range st.Fields {
					if g.Name == f.Name {
						p.errorf(d.pos, "duplicate member '%s'", f.Name)
					}
				}
			}
			st.Fields = append(st.Fields, f)
		}
		if p.accept(",") {
			continue
		}
		if !p.is(";") {
			p.fail(p.toks[p.i].Pos, "expected ';' at the end of the member declaration, found %s", p.describe(p.tok()))
		}
		p.advance()
		return
	}
}

// specialMember parses a constructor or destructor of st. A
// user-provided copy or move constructor or destructor makes st
// non-trivial for the purpose of calls (Itanium C++ ABI §3.1.2).
func (p *parser) specialMember(st *ctypes.Struct, s *declSpecs, dtor bool) {
	if dtor {
		p.expect("~")
	}
	name := p.expectIdent()
	if name.Text != st.Tag {
		p.fail(name.Pos, "expected the class name '%s', found '%s'", st.Tag, name.Text)
	}
	params, variadic := p.params()
	q := p.funcTrailer()
	special := dtor
	if !dtor && len(params) >= 1 {
		if r, ok := params[0].Type.(*ctypes.Reference); ok && ctypes.Unqualified(r.Elem) == ctypes.Type(st) {
			special = true
		}
	}
	d := declarator{name: name.Text, pos: name.Pos, fn: true, params: params, quals: q}
	kind := ctypes.Constructor
	if dtor {
		d.name = "~" + name.Text
		kind = ctypes.Destructor
	}
	ft := &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void), Params: params, Variadic: variadic, Const: q.cnst, Volatile: q.vol, Ref: q.ref}
	fd := p.declareMethod(st, s, &d, ft, s.attrs, kind)
	if dtor {
		st.UserCopy = true
	} else {
		st.UserCtor = true
		if special {
			st.UserCopy = true
		}
	}
	provided := true
	if p.accept("=") {
		v := p.next()
		switch v.Text {
		case "default":
			provided = false
			fd.Defaulted = true
			if fd.Kind == ctypes.HostFunc && !s.host {
				// Defined by the compiler, it is __host__ __device__
				// (CUDA's rule for implicitly defined members).
				fd.Kind = ctypes.DeviceFunc
				fd.Attrs = append(fd.Attrs, "host")
			}
		case "delete":
			fd.Deleted = true
		}
	}
	if special && provided {
		st.NonTrivial = true
	}
	if p.accept(":") {
		p.ctorInitializers()
	}
	if p.is("{") {
		p.funcBody(fd)
		return
	}
	p.expect(";")
}

// enumSpec parses an enum specifier.
func (p *parser) enumSpec(ctx declCtx) ctypes.Type {
	kw := p.next()
	scoped := p.accept("class") || p.accept("struct")
	p.skipAttributes()
	var name Token
	if p.toks[p.i].Kind == tIdent && !isDeclKeyword(p.textAt(p.i)) {
		name = p.next()
	}
	if scoped && name.Text == "" {
		p.fail(kw.Pos, "a scoped enumeration must have a name")
	}
	fixed := false
	under := ctypes.Int
	if p.is(":") {
		colon := p.next()
		s := p.declSpecs(nil, ctxTypeName)
		t := p.baseType(s)
		b, ok := ctypes.Unqualified(t).(*ctypes.Basic)
		if !ok || !b.Kind.IsInteger() {
			p.fail(colon.Pos, "underlying type '%s' of an enumeration is not an integral type", t)
		}
		fixed, under = true, b.Kind
	}
	if !p.is("{") {
		if name.Text == "" {
			p.fail(p.toks[p.i].Pos, "expected a name or '{' after 'enum', found %s", p.describe(p.tok()))
		}
		e := p.sc.lookup(name.Text)
		if p.is(";") || fixed {
			e = p.sc.names[name.Text]
		}
		if e != nil && e.tag != nil {
			en, ok := e.tag.(*ctypes.Enum)
			if !ok {
				p.fail(name.Pos, "use of '%s' with a tag type that does not match the previous declaration", name.Text)
			}
			return en
		}
		if !fixed && !scoped {
			p.fail(name.Pos, "use of undeclared enum '%s' (an opaque enum declaration needs an underlying type)", name.Text)
		}
		en := &ctypes.Enum{Tag: name.Text, Scope: p.sc.path(), Underlying: under, Fixed: fixed || scoped, Scoped: scoped, Pos: name.Pos, Complete: true}
		ent := p.declareTag(p.sc, name, en)
		ent.members = newScope(p.sc, name.Text)
		ent.members.isEnum = true
		return en
	}
	var en *ctypes.Enum
	var ent *entity
	if name.Text != "" {
		if e := p.sc.names[name.Text]; e != nil && e.tag != nil {
			old, ok := e.tag.(*ctypes.Enum)
			if !ok {
				p.fail(name.Pos, "use of '%s' with a tag type that does not match the previous declaration", name.Text)
			}
			if len(old.Values) > 0 || !old.Fixed {
				p.fail(name.Pos, "redefinition of '%s'", old)
			}
			en, ent = old, e
		}
	}
	if en == nil {
		en = &ctypes.Enum{Tag: name.Text, Scope: p.sc.path(), Underlying: under, Fixed: fixed || scoped, Scoped: scoped, Pos: kw.Pos}
		if name.Text != "" {
			en.Pos = name.Pos
			ent = p.declareTag(p.sc, name, en)
		}
	}
	members := newScope(p.sc, name.Text)
	members.isEnum = true
	if ent != nil {
		ent.members = members
	}
	open := p.next()
	next := value{}
	var lo, hi int64
	for !p.is("}") {
		id := p.expectIdent()
		p.skipAttributes()
		if p.accept("=") {
			next = p.constExpr()
		}
		if fixed {
			p.checkRange(id, next, under)
		}
		en.Values = append(en.Values, ctypes.Enumerator{Name: id.Text, Value: next.V})
		if len(en.Values) == 1 || next.V < lo {
			lo = next.V
		}
		if len(en.Values) == 1 || next.V > hi {
			hi = next.V
		}
		c := p.ents.new()
		*c = entity{kind: entConst, typ: en, val: next}
		if members.names[id.Text] != nil {
			p.errorf(id.Pos, "redefinition of enumerator '%s'", id.Text)
		}
		members.names[id.Text] = c
		if !scoped {
			if old := p.sc.names[id.Text]; old != nil {
				p.errorf(id.Pos, "redefinition of '%s'", id.Text)
			}
			p.sc.names[id.Text] = c
		}
		next.V++
		if !p.accept(",") {
			break
		}
	}
	if !p.accept("}") {
		p.fail(p.toks[p.i].Pos, "expected ',' or '}' in the enumerator list opened at %s, found %s", p.d.fset.Position(open.Pos), p.describe(p.tok()))
	}
	if !en.Fixed {
		en.Underlying = p.enumUnderlying(lo, hi)
	}
	en.Complete = true
	return en
}

// enumUnderlying is the underlying type nvcc gives an enum without a
// fixed one: int if the values fit, else unsigned int, then the 64-bit
// types.
func (p *parser) enumUnderlying(lo, hi int64) ctypes.Kind {
	switch {
	case lo >= -1<<31 && hi <= 1<<31-1:
		return ctypes.Int
	case lo >= 0 && hi <= 1<<32-1:
		return ctypes.UInt
	case p.t.AddressSize == 64 && lo < 0:
		return ctypes.Long
	case p.t.AddressSize == 64:
		return ctypes.ULong
	case lo < 0:
		return ctypes.LongLong
	}
	return ctypes.ULongLong
}

// checkRange reports an enumerator outside its fixed underlying type.
func (p *parser) checkRange(id Token, v value, k ctypes.Kind) {
	w := p.kindBits(k)
	if w >= 64 {
		return
	}
	var lo, hi int64
	if k.IsSigned() {
		lo, hi = -1<<(w-1), 1<<(w-1)-1
	} else {
		lo, hi = 0, 1<<w-1
	}
	if k == ctypes.Bool {
		lo, hi = 0, 1
	}
	if v.V < lo || v.V > hi || v.Unsigned && v.V < 0 {
		p.errorf(id.Pos, "enumerator value %d of '%s' is outside the range of its underlying type '%s'", v.V, id.Text, k)
	}
}

// builtinType is CUDA's built-in type called name (vector types, texture
// and surface objects, __half, __nv_bfloat16).
func (p *parser) builtinType(name string) ctypes.Type {
	switch name {
	case "cudaTextureObject_t":
		return &ctypes.Handle{Kind: ctypes.Texture, Name: name}
	case "cudaSurfaceObject_t":
		return &ctypes.Handle{Kind: ctypes.Surface, Name: name}
	case "__half":
		return ctypes.BasicOf(ctypes.Half)
	case "__nv_bfloat16":
		return ctypes.BasicOf(ctypes.BFloat16)
	}
	n := len(name) - 1
	if n < 1 || name[n] < '1' || name[n] > '4' {
		return nil
	}
	l := int(name[n] - '0')
	for _, v := range vectorElems {
		if v.prefix == name[:n] {
			return &ctypes.Vector{Name: name, Elem: v.elem, Len: l, Align: p.vectorAlign(v.elem, l)}
		}
	}
	return nil
}

// vectorElems are the element types of CUDA's vector types.
var vectorElems = []struct {
	prefix string
	elem   ctypes.Kind
}{
	{"char", ctypes.SChar}, {"uchar", ctypes.UChar}, {"short", ctypes.Short}, {"ushort", ctypes.UShort},
	{"int", ctypes.Int}, {"uint", ctypes.UInt}, {"long", ctypes.Long}, {"ulong", ctypes.ULong},
	{"longlong", ctypes.LongLong}, {"ulonglong", ctypes.ULongLong}, {"float", ctypes.Float}, {"double", ctypes.Double},
}

// vectorAlign is the alignment CUDA 11.8's vector_types.h gives a vector
// of n elements of kind k: the element's for 1 and 3 elements, 2*size for 2
// and 4*size for 4, at most 16 (guide §1.2); long2 is __align__(2*sizeof(long)).
func (p *parser) vectorAlign(k ctypes.Kind, n int) int64 {
	size := int64(p.kindBits(k) / 8)
	if n == 1 || n == 3 {
		return size
	}
	return min(int64(n)*size, 16)
}

// resolveTypedefs is t with every typedef in it replaced by its type (at
// any depth of pointers, references, qualifiers and arrays), for comparing
// types that are spelt differently.
func resolveTypedefs(t ctypes.Type, depth int) ctypes.Type {
	if depth > 32 {
		return t
	}
	switch u := t.(type) {
	case *ctypes.Typedef:
		return resolveTypedefs(u.Type, depth+1)
	case *ctypes.Pointer:
		return &ctypes.Pointer{Elem: resolveTypedefs(u.Elem, depth+1), Space: u.Space}
	case *ctypes.Reference:
		return &ctypes.Reference{Elem: resolveTypedefs(u.Elem, depth+1), RValue: u.RValue}
	case *ctypes.Qualified:
		c := *u
		c.Type = resolveTypedefs(u.Type, depth+1)
		return &c
	case *ctypes.Array:
		return &ctypes.Array{Elem: resolveTypedefs(u.Elem, depth+1), Len: u.Len, Unsized: u.Unsized}
	}
	return t
}

// usingOfTemplateBase reports whether the using-declaration at the
// current token names a member of a class template specialization
// (using detail::base<T>::current;), not an alias (using X = T;).
// noteUsingBase records, at using Base::name; (or using Base<T>::name;)
// in the definition of st, that st's overload sets of name include
// Base's member functions (Struct.UsingBases).
func (p *parser) noteUsingBase(st *ctypes.Struct) {
	if p.kindAt(p.i+1) != tIdent {
		return
	}
	end := p.i + 1
	for end < len(p.toks) && !p.isAt(end, ";") && !p.isAt(end, "{") && !p.isAt(end, "}") {
		end++
	}
	if !p.isAt(end, ";") || end < p.i+4 || p.kindAt(end-1) != tIdent || !p.isAt(end-2, "::") {
		return
	}
	base, name := p.textAt(p.i+1), p.textAt(end-1)
	for _, b := range st.Bases {
		if b.Type.Tag == base {
			if st.UsingBases == nil {
				st.UsingBases = map[string][]*ctypes.Struct{}
			}
			st.UsingBases[name] = append(st.UsingBases[name], b.Type)
		}
	}
}

func (p *parser) usingOfTemplateBase() bool {
	if p.kindAt(p.i+1) == tIdent && p.isPeek(2, "=") {
		return false
	}
	for i := p.i + 1; i < len(p.toks) && !p.isAt(i, ";") && !p.isAt(i, "{") && !p.isAt(i, "}"); i++ {
		if p.isAt(i, "<") {
			return true
		}
	}
	return false
}

package mangle

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Demangle returns the source form of an Itanium C++ ABI mangled name
// (guide chapter 7), as binutils' c++filt prints it. A name that is not a
// valid mangled name is an error that gives the byte offset where parsing
// stopped.
//
// The parser has one method per production of the Itanium C++ ABI grammar
// (§5.1), the production quoted in its doc comment; it builds a tree of
// nodes that print themselves.
//
// It agrees with binutils 2.38 c++filt on every name nvcc emitted in the
// tests, on the 5,864 symbols of libstdc++ and on the 66,839 of LLVM 14,
// Clang 14 and Boost.Regex 1.74. Documented
// deviations from c++filt:
//
//   - The form is binutils c++filt's, not cu++filt's: cu++filt (EDG's
//     demangler) prints "T1 f<int>(T1)" where c++filt prints
//     "int f<int>(int)", and "operator -" for "operator-".
//   - A name that does not parse is an error here; c++filt prints it
//     unchanged, as "ptxabi demangle" does.
func Demangle(name string) (s string, err error) {
	d := &demangler{s: name}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*DemangleError)
			if ok && e.Name == "" {
				e.Name, e.Offset = name, len(name) // from the printer
			}
			if !ok {
				err = &DemangleError{Name: name, Offset: d.pos, Msg: fmt.Sprintf("internal error: %v", r)}
				return
			}
			s, err = "", e
		}
	}()
	n := d.mangledName()
	if d.pos < len(d.s) {
		d.fail("unexpected trailing characters")
	}
	s = print(n)
	return s, nil
}

// DemangleError is a name that does not parse: Offset is the byte offset
// in Name where parsing stopped.
type DemangleError struct {
	Name   string
	Offset int
	Msg    string
}

func (e *DemangleError) Error() string {
	return fmt.Sprintf("demangle %s: offset %d: %s", e.Name, e.Offset, e.Msg)
}

// maxDepth bounds the recursion of the parser and printer on hostile input.
const maxDepth = 400

type demangler struct {
	s     string
	pos   int
	subs  []node
	depth int
	// lambda and unnamed-type numbering is per name: nothing to track.
}

func (d *demangler) fail(msg string) {
	panic(&DemangleError{Name: d.s, Offset: d.pos, Msg: msg})
}

func (d *demangler) enter() {
	d.depth++
	if d.depth > maxDepth {
		d.fail("name nested too deeply")
	}
}

func (d *demangler) leave() { d.depth-- }

func (d *demangler) peek() byte {
	if d.pos < len(d.s) {
		return d.s[d.pos]
	}
	return 0
}

func (d *demangler) peekAt(i int) byte {
	if d.pos+i < len(d.s) {
		return d.s[d.pos+i]
	}
	return 0
}

func (d *demangler) has(prefix string) bool { return strings.HasPrefix(d.s[d.pos:], prefix) }

// eat consumes prefix if it is next.
func (d *demangler) eat(prefix string) bool {
	if d.has(prefix) {
		d.pos += len(prefix)
		return true
	}
	return false
}

func (d *demangler) expect(prefix string) {
	if !d.eat(prefix) {
		d.fail(fmt.Sprintf("expected %q", prefix))
	}
}

func (d *demangler) addSub(n node) { d.subs = append(d.subs, n) }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// mangledName parses
//
//	<mangled-name> ::= _Z <encoding> [ . <vendor-specific suffix> ]
func (d *demangler) mangledName() node {
	if !d.eat("_Z") {
		d.fail("not a mangled name: expected _Z")
	}
	n := d.encoding()
	return d.cloneSuffixes(n)
}

// cloneSuffixes parses the vendor suffixes GCC gives clones
// (.constprop.0, .isra.0, .part.1, .cold): c++filt prints each as
// " [clone .suffix]".
func (d *demangler) cloneSuffixes(n node) node {
	for d.peek() == '.' && (isLower(d.peekAt(1)) || d.peekAt(1) == '_' || isDigit(d.peekAt(1))) {
		start := d.pos
		d.pos++
		if isLower(d.peek()) || d.peek() == '_' {
			for isLower(d.peek()) || d.peek() == '_' {
				d.pos++
			}
		}
		for d.peek() == '.' && isDigit(d.peekAt(1)) {
			d.pos++
			for isDigit(d.peek()) {
				d.pos++
			}
		}
		if d.pos == start+1 {
			for isDigit(d.peek()) {
				d.pos++
			}
		}
		n = &cloneNode{n, d.s[start:d.pos]}
	}
	return n
}

// encoding parses
//
//	<encoding> ::= <name> <bare-function-type>
//	           ::= <name>
//	           ::= <special-name>
func (d *demangler) encoding() node {
	d.enter()
	defer d.leave()
	if c := d.peek(); c == 'T' || c == 'G' && d.peekAt(1) != 0 && strings.IndexByte("VRTA", d.peekAt(1)) >= 0 {
		return d.specialName()
	}
	name, mq := d.name()
	if d.pos >= len(d.s) || d.peek() == 'E' || d.peek() == '.' {
		return name
	}
	return d.bareFunctionType(name, mq, hasReturnType(name))
}

// hasReturnType: a function template's encoding mangles its return type
// first, except for constructors, destructors and conversion operators.
func hasReturnType(n node) bool {
	switch n := n.(type) {
	case *templateNode:
		switch last(n.name).(type) {
		case *ctorNode, *convNode:
			return false
		}
		return true
	case *qualNode:
		return hasReturnType(n.name)
	case *localNode:
		return hasReturnType(n.entity)
	case *abiTagNode:
		return hasReturnType(n.n)
	}
	return false
}

// last returns the innermost unqualified name of n.
func last(n node) node {
	for {
		switch m := n.(type) {
		case *qualNode:
			n = m.name
		case *abiTagNode:
			n = m.n
		default:
			return n
		}
	}
}

// templateArgsOf returns the template arguments of a function's name.
func templateArgsOf(n node) ([]node, bool) {
	switch n := n.(type) {
	case *templateNode:
		return n.args, true
	case *qualNode:
		return templateArgsOf(n.name)
	case *localNode:
		return templateArgsOf(n.entity)
	case *abiTagNode:
		return templateArgsOf(n.n)
	}
	return nil, false
}

// bareFunctionType parses
//
//	<bare-function-type> ::= <signature type>+
//
// the return type first when the function is a template.
func (d *demangler) bareFunctionType(name node, mq string, withReturn bool) node {
	f := &funcNode{name: name, quals: mq}
	if withReturn {
		f.ret = d.typ()
	}
	f.params = d.paramTypes()
	return f
}

// paramTypes parses the parameter types of a <bare-function-type>: a lone
// v is an empty list.
func (d *demangler) paramTypes() []node {
	if d.peek() == 'v' {
		d.pos++
		return nil
	}
	var ps []node
	for d.pos < len(d.s) && d.peek() != 'E' && d.peek() != '.' {
		if d.peek() == 'R' && d.peekAt(1) == 'E' || d.peek() == 'O' && d.peekAt(1) == 'E' {
			break // ref-qualifier of a function type
		}
		ps = append(ps, d.typ())
	}
	if len(ps) == 0 {
		d.fail("expected a parameter type")
	}
	return ps
}

// specialName parses
//
//	<special-name> ::= TV <type>  # virtual table
//	               ::= TT <type>  # VTT structure
//	               ::= TI <type>  # typeinfo structure
//	               ::= TS <type>  # typeinfo name
//	               ::= Th <call-offset> <encoding>  # non-virtual thunk
//	               ::= Tv <call-offset> <encoding>  # virtual thunk
//	               ::= Tc <call-offset> <call-offset> <encoding>
//	               ::= TC <type> <number> _ <type>  # construction vtable
//	               ::= TH <name> | TW <name>        # TLS init, wrapper
//	               ::= GV <name>  # guard variable
//	               ::= GR <name> [<seq-id>] _  # reference temporary
//	               ::= GTt <encoding>  # transaction clone
func (d *demangler) specialName() node {
	switch {
	case d.eat("TV"):
		return &specialNode{"vtable for ", d.typ()}
	case d.eat("TT"):
		return &specialNode{"VTT for ", d.typ()}
	case d.eat("TI"):
		return &specialNode{"typeinfo for ", d.typ()}
	case d.eat("TS"):
		return &specialNode{"typeinfo name for ", d.typ()}
	case d.eat("Th"):
		d.callOffset('h')
		return &specialNode{"non-virtual thunk to ", d.encoding()}
	case d.eat("Tv"):
		d.callOffset('v')
		return &specialNode{"virtual thunk to ", d.encoding()}
	case d.eat("Tc"):
		d.callOffset(0)
		d.callOffset(0)
		return &specialNode{"covariant return thunk to ", d.encoding()}
	case d.eat("TC"):
		derived := d.typ()
		d.number()
		d.expect("_")
		base := d.typ()
		return &ctorVtableNode{base, derived}
	case d.eat("TH"):
		n, _ := d.name()
		return &specialNode{"TLS init function for ", n}
	case d.eat("TW"):
		n, _ := d.name()
		return &specialNode{"TLS wrapper function for ", n}
	case d.eat("GV"):
		n, _ := d.name()
		return &specialNode{"guard variable for ", n}
	case d.eat("GR"):
		n, _ := d.name()
		num := 0
		if d.peek() != '_' {
			num = d.seqID() + 1
		}
		d.expect("_")
		return &specialNode{fmt.Sprintf("reference temporary #%d for ", num), n}
	case d.eat("GTt"):
		return &specialNode{"transaction clone for ", d.encoding()}
	case d.eat("GA"):
		return &specialNode{"hidden alias for ", d.encoding()}
	}
	d.fail("unknown special name")
	return nil
}

// callOffset parses
//
//	<call-offset> ::= h <nv-offset> _ | v <v-offset> _
//	<nv-offset> ::= <offset number>
//	<v-offset> ::= <offset number> _ <virtual offset number>
//
// kind is the letter already consumed (h or v), or 0 to read it.
func (d *demangler) callOffset(kind byte) {
	if kind == 0 {
		kind = d.peek()
		d.pos++
	}
	switch kind {
	case 'h':
		d.number()
		d.expect("_")
	case 'v':
		d.number()
		d.expect("_")
		d.number()
		d.expect("_")
	default:
		d.fail("expected a call offset")
	}
}

// number parses <number> ::= [n] <non-negative decimal integer>.
func (d *demangler) number() int64 {
	neg := d.eat("n")
	start := d.pos
	for isDigit(d.peek()) {
		d.pos++
	}
	if d.pos == start {
		d.fail("expected a number")
	}
	v, err := strconv.ParseInt(d.s[start:d.pos], 10, 64)
	if err != nil {
		d.fail("number out of range")
	}
	if neg {
		v = -v
	}
	return v
}

// seqID parses <seq-id> ::= <0-9A-Z>+ (base 36).
func (d *demangler) seqID() int {
	start := d.pos
	for isDigit(d.peek()) || isUpper(d.peek()) {
		d.pos++
	}
	if d.pos == start {
		d.fail("expected a sequence id")
	}
	v, err := strconv.ParseInt(d.s[start:d.pos], 36, 32)
	if err != nil {
		d.fail("sequence id out of range")
	}
	return int(v)
}

// name parses
//
//	<name> ::= <nested-name>
//	       ::= <unscoped-name>
//	       ::= <unscoped-template-name> <template-args>
//	       ::= <local-name>
//
// It also returns the cv- and ref-qualifiers of a member function's
// nested name.
func (d *demangler) name() (node, string) {
	d.enter()
	defer d.leave()
	switch d.peek() {
	case 'N':
		return d.nestedName()
	case 'Z':
		return d.localName()
	}
	if d.has("St") || d.peek() != 'S' {
		n := d.unscopedName()
		if d.peek() == 'I' {
			d.addSub(n) // <unscoped-template-name>
			n = &templateNode{n, d.templateArgs()}
		}
		return n, ""
	}
	// <unscoped-template-name> ::= <substitution>
	n := d.substitution()
	if d.peek() != 'I' {
		d.fail("expected template arguments after a substitution")
	}
	return &templateNode{n, d.templateArgs()}, ""
}

// unscopedName parses
//
//	<unscoped-name> ::= <unqualified-name>
//	                ::= St <unqualified-name>   # ::std::
func (d *demangler) unscopedName() node {
	if d.eat("St") {
		return &qualNode{&nameNode{"std"}, d.unqualifiedName(nil)}
	}
	return d.unqualifiedName(nil)
}

// nestedName parses
//
//	<nested-name> ::= N [<CV-qualifiers>] [<ref-qualifier>] <prefix> <unqualified-name> E
//	              ::= N [<CV-qualifiers>] [<ref-qualifier>] <template-prefix> <template-args> E
func (d *demangler) nestedName() (node, string) {
	d.expect("N")
	q := d.cvQualifiers()
	mq := q.methodString()
	if d.eat("R") {
		mq += " &"
	} else if d.eat("O") {
		mq += " &&"
	}
	n := d.prefix()
	d.expect("E")
	return n, mq
}

// prefix parses
//
//	<prefix> ::= <unqualified-name>                 # global class or namespace
//	         ::= <prefix> <unqualified-name>        # nested class or namespace
//	         ::= <template-prefix> <template-args>  # class template specialization
//	         ::= <template-param> | <decltype> | <substitution>
//	<template-prefix> ::= <template unqualified-name> | <prefix> <template unqualified-name>
//	                  ::= <template-param> | <substitution>
//
// Every prefix but the whole name is a substitution candidate.
func (d *demangler) prefix() node {
	var n node
	for {
		d.enter()
		c := d.peek()
		if c == 'E' {
			d.leave()
			break
		}
		if c == 0 {
			d.fail("unterminated nested name")
		}
		fromSub := false
		switch {
		case c == 'S' && d.peekAt(1) == 't':
			d.pos += 2
			n = &nameNode{"std"}
			d.leave()
			continue // St is not a candidate
		case c == 'S':
			n = d.substitution()
			fromSub = true
		case c == 'I':
			if n == nil {
				d.fail("template arguments without a template name")
			}
			n = &templateNode{n, d.templateArgs()}
		case c == 'T':
			if n != nil {
				d.fail("template parameter inside a nested name")
			}
			n = d.templateParam()
		case c == 'D' && (d.peekAt(1) == 't' || d.peekAt(1) == 'T'):
			if n != nil {
				d.fail("decltype inside a nested name")
			}
			n = d.decltype()
		case c == 'M':
			// <data-member-prefix> ::= <member source-name> [<template-args>] M
			d.pos++
			d.leave()
			continue
		default:
			u := d.unqualifiedName(n)
			if n != nil {
				n = &qualNode{n, u}
			} else {
				n = u
			}
		}
		d.leave()
		if d.peek() != 'E' && !fromSub {
			d.addSub(n)
		}
	}
	if n == nil {
		d.fail("empty nested name")
	}
	return n
}

// unqualifiedName parses
//
//	<unqualified-name> ::= <operator-name> [<abi-tags>]
//	                   ::= <ctor-dtor-name>
//	                   ::= <source-name> [<abi-tags>]
//	                   ::= <unnamed-type-name>
//	                   ::= DC <source-name>+ E   # structured binding
//
// scope is the enclosing name, which constructors and destructors need.
func (d *demangler) unqualifiedName(scope node) node {
	var n node
	c := d.peek()
	switch {
	case isDigit(c):
		n = d.sourceName()
	case isLower(c):
		n = d.operatorName()
	case c == 'C' || c == 'D' && d.peekAt(1) != 'C':
		n = d.ctorDtorName(scope)
	case c == 'U':
		n = d.unnamedTypeName()
	case c == 'L':
		// Internal-linkage names may carry an L prefix (GCC).
		d.pos++
		n = d.sourceName()
		d.discriminator()
	case c == 'D' && d.peekAt(1) == 'C':
		d.pos += 2
		var parts []string
		for d.peek() != 'E' {
			parts = append(parts, print(d.sourceName()))
		}
		d.pos++
		n = &nameNode{"[" + strings.Join(parts, ", ") + "]"}
	default:
		d.fail("expected an unqualified name")
	}
	return d.abiTags(n)
}

// abiTags parses
//
//	<abi-tags> ::= <abi-tag>*
//	<abi-tag> ::= B <source-name>
func (d *demangler) abiTags(n node) node {
	for d.peek() == 'B' {
		d.pos++
		n = &abiTagNode{n, print(d.sourceName())}
	}
	return n
}

// sourceName parses
//
//	<source-name> ::= <positive length number> <identifier>
func (d *demangler) sourceName() node {
	start := d.pos
	for isDigit(d.peek()) {
		d.pos++
	}
	n, err := strconv.Atoi(d.s[start:d.pos])
	if err != nil || n <= 0 {
		d.pos = start
		d.fail("expected a source name")
	}
	if n > len(d.s)-d.pos {
		d.fail("source name longer than the rest of the name")
	}
	id := d.s[d.pos : d.pos+n]
	d.pos += n
	if strings.HasPrefix(id, "_GLOBAL_") && len(id) > 9 && (id[8] == '.' || id[8] == '_' || id[8] == '$') && id[9] == 'N' {
		return &nameNode{"(anonymous namespace)"}
	}
	return &nameNode{id}
}

// An operator of <operator-name>: its source spelling and, for
// expressions, its arity.
type operator struct {
	name  string
	arity int
}

// operators is the <operator-name> table of Itanium C++ ABI §5.1.4.1.
var operators = sync.OnceValue(func() map[string]operator {
	return map[string]operator{
		"nw": {"new", 3}, "na": {"new[]", 3}, "dl": {"delete", 1}, "da": {"delete[]", 1},
		"aw": {"co_await", 1}, "ps": {"+", 1}, "ng": {"-", 1}, "ad": {"&", 1}, "de": {"*", 1},
		"co": {"~", 1}, "pl": {"+", 2}, "mi": {"-", 2}, "ml": {"*", 2}, "dv": {"/", 2},
		"rm": {"%", 2}, "an": {"&", 2}, "or": {"|", 2}, "eo": {"^", 2}, "aS": {"=", 2},
		"pL": {"+=", 2}, "mI": {"-=", 2}, "mL": {"*=", 2}, "dV": {"/=", 2}, "rM": {"%=", 2},
		"aN": {"&=", 2}, "oR": {"|=", 2}, "eO": {"^=", 2}, "ls": {"<<", 2}, "rs": {">>", 2},
		"lS": {"<<=", 2}, "rS": {">>=", 2}, "eq": {"==", 2}, "ne": {"!=", 2}, "lt": {"<", 2},
		"gt": {">", 2}, "le": {"<=", 2}, "ge": {">=", 2}, "ss": {"<=>", 2}, "nt": {"!", 1},
		"aa": {"&&", 2}, "oo": {"||", 2}, "pp": {"++", 1}, "mm": {"--", 1}, "cm": {",", 2},
		"pm": {"->*", 2}, "pt": {"->", 2}, "cl": {"()", 2}, "ix": {"[]", 2}, "qu": {"?", 3},
		"dt": {".", 2},
	}
})

// operatorName parses
//
//	<operator-name> ::= nw | na | dl | ... (the two-letter codes)
//	                ::= cv <type>        # (cast)
//	                ::= li <source-name> # operator ""
//	                ::= v <digit> <source-name>  # vendor extended operator
func (d *demangler) operatorName() node {
	if d.eat("cv") {
		return &convNode{d.typ()}
	}
	if d.eat("li") {
		return &nameNode{`operator"" ` + print(d.sourceName())}
	}
	if d.peek() == 'v' && isDigit(d.peekAt(1)) {
		d.pos += 2
		return &nameNode{"operator " + print(d.sourceName())}
	}
	if d.pos+2 <= len(d.s) {
		if op, ok := operators()[d.s[d.pos:d.pos+2]]; ok {
			d.pos += 2
			if isLower(op.name[0]) {
				return &nameNode{"operator " + op.name}
			}
			return &nameNode{"operator" + op.name}
		}
	}
	d.fail("unknown operator")
	return nil
}

// ctorDtorName parses
//
//	<ctor-dtor-name> ::= C1 | C2 | C3 | CI1 <type> | CI2 <type>
//	                 ::= D0 | D1 | D2
func (d *demangler) ctorDtorName(scope node) node {
	if scope == nil {
		d.fail("constructor or destructor outside a class")
	}
	if d.eat("C") {
		inherit := d.eat("I")
		if c := d.peek(); c < '1' || c > '5' {
			d.fail("unknown constructor kind")
		}
		d.pos++
		if inherit {
			d.typ()
		}
		return &ctorNode{scope, false}
	}
	d.expect("D")
	if c := d.peek(); c < '0' || c > '5' {
		d.fail("unknown destructor kind")
	}
	d.pos++
	return &ctorNode{scope, true}
}

// unnamedTypeName parses
//
//	<unnamed-type-name> ::= Ut [ <nonnegative number> ] _
//	                    ::= <closure-type-name>
//	<closure-type-name> ::= Ul <lambda-sig> E [ <nonnegative number> ] _
//	<lambda-sig> ::= <parameter type>+
func (d *demangler) unnamedTypeName() node {
	switch {
	case d.eat("Ut"):
		return &nameNode{fmt.Sprintf("{unnamed type#%d}", d.optNumber()+1)}
	case d.eat("Ul"):
		ps := d.paramTypes()
		d.expect("E")
		return &lambdaNode{ps, d.optNumber() + 1}
	}
	d.fail("expected an unnamed type name")
	return nil
}

// optNumber parses [ <nonnegative number> ] _ : 0 for a lone _, n+1 for n_.
func (d *demangler) optNumber() int {
	if d.eat("_") {
		return 0
	}
	n := d.number()
	if n < 0 || n > 1<<30 {
		d.fail("bad number")
	}
	d.expect("_")
	return int(n) + 1
}

// localName parses
//
//	<local-name> ::= Z <function encoding> E <entity name> [<discriminator>]
//	             ::= Z <function encoding> E s [<discriminator>]
//	             ::= Z <function encoding> Ed [ <parameter number> ] _ <entity name>
//
// It also returns the cv- and ref-qualifiers of a local member function.
func (d *demangler) localName() (node, string) {
	d.expect("Z")
	fn := d.encoding()
	d.expect("E")
	if d.eat("s") {
		d.discriminator()
		return &localNode{fn, &nameNode{"string literal"}}, ""
	}
	if d.eat("d") {
		num := 1
		if d.peek() != '_' {
			num = int(d.number()) + 2
		}
		d.expect("_")
		n, mq := d.name()
		return &localNode{&localNode{fn, &nameNode{fmt.Sprintf("{default arg#%d}", num)}}, n}, mq
	}
	n, mq := d.name()
	d.discriminator()
	return &localNode{fn, n}, mq
}

// discriminator parses
//
//	<discriminator> ::= _ <non-negative number>      # when number < 10
//	                ::= __ <non-negative number> _   # when number >= 10
//
// c++filt does not print it.
func (d *demangler) discriminator() {
	if d.peek() != '_' {
		return
	}
	if d.peekAt(1) == '_' && isDigit(d.peekAt(2)) {
		d.pos += 2
		d.number()
		d.expect("_")
		return
	}
	if isDigit(d.peekAt(1)) {
		d.pos++
		d.pos++
	}
}

// cvQualifiers parses <CV-qualifiers> ::= [r] [V] [K].
func (d *demangler) cvQualifiers() cv {
	var q cv
	q.r = d.eat("r")
	q.v = d.eat("V")
	q.k = d.eat("K")
	return q
}

// cv is a set of cv-qualifiers.
type cv struct{ r, v, k bool }

// String is the qualifiers as c++filt writes them after a type.
func (q cv) String() string {
	s := ""
	if q.k {
		s += " const"
	}
	if q.v {
		s += " volatile"
	}
	if q.r {
		s += " restrict"
	}
	return s
}

func (q cv) methodString() string { return q.String() }

// builtinTypes are the <builtin-type> codes and c++filt's names for them.
var builtinTypes = sync.OnceValue(func() map[byte]string {
	return map[byte]string{
		'v': "void", 'w': "wchar_t", 'b': "bool", 'c': "char", 'a': "signed char",
		'h': "unsigned char", 's': "short", 't': "unsigned short", 'i': "int",
		'j': "unsigned int", 'l': "long", 'm': "unsigned long", 'x': "long long",
		'y': "unsigned long long", 'n': "__int128", 'o': "unsigned __int128",
		'f': "float", 'd': "double", 'e': "long double", 'g': "__float128", 'z': "...",
	}
})

// builtinDTypes are the D-prefixed <builtin-type> codes.
var builtinDTypes = sync.OnceValue(func() map[byte]string {
	return map[byte]string{
		'd': "decimal64", 'e': "decimal128", 'f': "decimal32", 'h': "half",
		'i': "char32_t", 's': "char16_t", 'u': "char8_t", 'a': "auto",
		'c': "decltype(auto)", 'n': "decltype(nullptr)",
	}
})

// typ parses
//
//	<type> ::= <builtin-type>
//	       ::= <qualified-type>
//	       ::= <function-type>
//	       ::= <class-enum-type>
//	       ::= <array-type>
//	       ::= <pointer-to-member-type>
//	       ::= <template-param>
//	       ::= <template-template-param> <template-args>
//	       ::= <decltype>
//	       ::= P <type> | R <type> | O <type>
//	       ::= C <type> | G <type>   # complex, imaginary
//	       ::= Dp <type>             # pack expansion
//	       ::= <substitution>
//
// Every type but a builtin one (and a substitution) is a substitution
// candidate.
func (d *demangler) typ() node {
	d.enter()
	defer d.leave()
	c := d.peek()
	if s, ok := builtinTypes()[c]; ok {
		d.pos++
		return &nameNode{s}
	}
	var n node
	switch c {
	case 'u':
		d.pos++
		n = d.sourceName()
	case 'r', 'V', 'K':
		return d.qualifiedType()
	case 'U':
		// <extended-qualifier> ::= U <source-name> [<template-args>]
		d.pos++
		q := print(d.sourceName())
		t := d.typ()
		n = &vendorQualNode{t, q}
	case 'P':
		d.pos++
		n = &ptrNode{d.typ(), "*"}
	case 'R':
		d.pos++
		n = &ptrNode{d.typ(), "&"}
	case 'O':
		d.pos++
		n = &ptrNode{d.typ(), "&&"}
	case 'C':
		d.pos++
		n = &vendorQualNode{d.typ(), "_Complex"}
	case 'G':
		d.pos++
		n = &vendorQualNode{d.typ(), "_Imaginary"}
	case 'F':
		n = d.functionType()
	case 'A':
		n = d.arrayType()
	case 'M':
		n = d.pointerToMemberType()
	case 'T':
		n = d.templateParam()
		if d.peek() == 'I' {
			d.addSub(n)
			n = &templateNode{n, d.templateArgs()}
		}
	case 'S':
		if d.peekAt(1) != 't' {
			n = d.substitution()
			if d.peek() != 'I' {
				return n
			}
			n = &templateNode{n, d.templateArgs()}
			break
		}
		n = d.classEnumType()
	case 'D':
		switch d.peekAt(1) {
		case 't', 'T':
			n = d.decltype()
		case 'p':
			d.pos += 2
			n = &packExpNode{d.typ()}
		case 'v':
			// Dv <number> _ <type>: a vector type.
			d.pos += 2
			var dim string
			if d.eat("_") {
				dim = print(d.expression())
			} else {
				dim = strconv.FormatInt(d.number(), 10)
			}
			d.expect("_")
			n = &vendorQualNode{d.typ(), "__vector(" + dim + ")"}
		case 'F':
			// DF <number> _ : _FloatN.
			d.pos += 2
			bits := d.number()
			suffix := ""
			if d.eat("x") {
				suffix = "x"
			} else {
				d.expect("_")
			}
			return &nameNode{fmt.Sprintf("_Float%d%s", bits, suffix)}
		default:
			s, ok := builtinDTypes()[d.peekAt(1)]
			if !ok {
				d.fail("unknown type")
			}
			d.pos += 2
			return &nameNode{s}
		}
	default:
		if isDigit(c) || c == 'N' || c == 'Z' {
			n = d.classEnumType()
			break
		}
		d.fail("expected a type")
	}
	d.addSub(n)
	return n
}

// qualifiedType parses
//
//	<qualified-type> ::= <CV-qualifiers> <type>
//
// A qualified function type is a member function's type: the qualifiers
// print after its parameters.
func (d *demangler) qualifiedType() node {
	q := d.cvQualifiers()
	t := d.typ()
	var n node
	if f, ok := t.(*funcTypeNode); ok {
		g := *f
		g.quals = q.String() + g.quals
		n = &g
	} else {
		n = &qualTypeNode{t, q}
	}
	d.addSub(n)
	return n
}

// classEnumType parses
//
//	<class-enum-type> ::= <name>
//	                  ::= Ts <name> | Tu <name> | Te <name>
func (d *demangler) classEnumType() node {
	n, _ := d.name()
	return n
}

// functionType parses
//
//	<function-type> ::= [<CV-qualifiers>] [Dx] F [Y] <bare-function-type> [<ref-qualifier>] E
func (d *demangler) functionType() node {
	d.expect("F")
	d.eat("Y")
	f := &funcTypeNode{ret: d.typ()}
	f.params = d.paramTypes()
	if d.eat("R") {
		f.quals = " &"
	} else if d.eat("O") {
		f.quals = " &&"
	}
	d.expect("E")
	return f
}

// arrayType parses
//
//	<array-type> ::= A <positive dimension number> _ <element type>
//	             ::= A [<dimension expression>] _ <element type>
func (d *demangler) arrayType() node {
	d.expect("A")
	dim := ""
	if isDigit(d.peek()) {
		dim = strconv.FormatInt(d.number(), 10)
	} else if d.peek() != '_' {
		dim = print(d.expression())
	}
	d.expect("_")
	return &arrayNode{d.typ(), dim}
}

// pointerToMemberType parses
//
//	<pointer-to-member-type> ::= M <class type> <member type>
func (d *demangler) pointerToMemberType() node {
	d.expect("M")
	class := d.typ()
	member := d.typ()
	return &memPtrNode{class, member}
}

// templateParam parses
//
//	<template-param> ::= T_ | T <parameter-2 non-negative number> _
//
// It stands for the argument it names, looked up when it is printed (as
// c++filt does): in the arguments of the innermost function template whose
// encoding is being printed.
func (d *demangler) templateParam() node {
	d.expect("T")
	return &tparamNode{d.optNumber()}
}

// decltype parses
//
//	<decltype> ::= Dt <expression> E  # decltype of an id-expression or member access
//	           ::= DT <expression> E  # decltype of an expression
func (d *demangler) decltype() node {
	d.expect("D")
	if !d.eat("t") {
		d.expect("T")
	}
	e := d.expression()
	d.expect("E")
	return &decltypeNode{e}
}

// templateArgs parses
//
//	<template-args> ::= I <template-arg>+ E
func (d *demangler) templateArgs() []node {
	d.expect("I")
	var args []node
	for !d.eat("E") {
		if d.pos >= len(d.s) {
			d.fail("unterminated template arguments")
		}
		args = append(args, d.templateArg())
	}
	return args
}

// templateArg parses
//
//	<template-arg> ::= <type>
//	               ::= X <expression> E
//	               ::= <expr-primary>
//	               ::= J <template-arg>* E  # argument pack
func (d *demangler) templateArg() node {
	d.enter()
	defer d.leave()
	switch d.peek() {
	case 'X':
		d.pos++
		e := d.expression()
		d.expect("E")
		return e
	case 'L':
		return d.exprPrimary()
	case 'J':
		d.pos++
		p := &packNode{}
		for !d.eat("E") {
			if d.pos >= len(d.s) {
				d.fail("unterminated argument pack")
			}
			p.elems = append(p.elems, d.templateArg())
		}
		return p
	}
	return d.typ()
}

// exprPrimary parses
//
//	<expr-primary> ::= L <type> <value number> E
//	               ::= L <type> <value float> E
//	               ::= L <mangled-name> E      # external name
//	               ::= L _Z <encoding> E
func (d *demangler) exprPrimary() node {
	d.expect("L")
	if d.eat("_Z") || d.eat("Z") {
		n := d.encoding()
		d.expect("E")
		return n
	}
	t := d.typ()
	start := d.pos
	for d.pos < len(d.s) && d.peek() != 'E' {
		d.pos++
	}
	val := d.s[start:d.pos]
	d.expect("E")
	return literal(t, val)
}

// literalSuffixes are the integer types c++filt writes with a suffix
// rather than a cast.
var literalSuffixes = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"int": "", "unsigned int": "u", "long": "l", "unsigned long": "ul",
		"long long": "ll", "unsigned long long": "ull",
	}
})

func literal(t node, val string) node {
	neg := strings.HasPrefix(val, "n")
	if neg {
		val = "-" + val[1:]
	}
	if b, ok := t.(*nameNode); ok {
		switch b.s {
		case "bool":
			switch val {
			case "0":
				return &nameNode{"false"}
			case "1":
				return &nameNode{"true"}
			}
		case "decltype(nullptr)":
			if val == "" {
				return &nameNode{"nullptr"}
			}
		}
		if suf, ok := literalSuffixes()[b.s]; ok {
			return &litNode{val + suf}
		}
	}
	return &litNode{"(" + print(t) + ")" + val}
}

// expression parses the <expression>s that appear in names (decltype,
// array bounds, non-type template arguments):
//
//	<expression> ::= <unary operator-name> <expression>
//	             ::= <binary operator-name> <expression> <expression>
//	             ::= <ternary operator-name> <expression> <expression> <expression>
//	             ::= cv <type> <expression>        # conversion with one argument
//	             ::= cl <expression>+ E            # call
//	             ::= st <type> | sz <expression>   # sizeof
//	             ::= at <type> | az <expression>   # alignof
//	             ::= sp <expression>               # pack expansion
//	             ::= sZ <template-param>           # sizeof...(T)
//	             ::= <template-param>
//	             ::= fp <top-level CV-qualifiers> _ | fp <CV-qualifiers> <number> _
//	             ::= <unresolved-name> | <expr-primary>
func (d *demangler) expression() node {
	d.enter()
	defer d.leave()
	c := d.peek()
	switch {
	case c == 'L':
		return d.exprPrimary()
	case c == 'T':
		return d.templateParam()
	case d.eat("fp"):
		d.cvQualifiers()
		n := d.optNumber()
		return &nameNode{fmt.Sprintf("{parm#%d}", n+1)}
	case d.eat("st"):
		return &nameNode{"sizeof (" + print(d.typ()) + ")"}
	case d.eat("sz"):
		return &nameNode{"sizeof (" + print(d.expression()) + ")"}
	case d.eat("at"):
		return &nameNode{"alignof (" + print(d.typ()) + ")"}
	case d.eat("az"):
		return &nameNode{"alignof (" + print(d.expression()) + ")"}
	case d.eat("sZ"):
		return &nameNode{"sizeof...(" + print(d.templateParam()) + ")"}
	case d.eat("sp"):
		return &packExpNode{d.expression()}
	case d.eat("cv"):
		t := d.typ()
		var args []node
		if d.eat("_") {
			for !d.eat("E") {
				if d.pos >= len(d.s) {
					d.fail("unterminated conversion")
				}
				args = append(args, d.expression())
			}
		} else {
			args = []node{d.expression()}
		}
		return &castNode{t, args}
	case d.eat("cl"):
		fn := d.expression()
		var args []node
		for !d.eat("E") {
			if d.pos >= len(d.s) {
				d.fail("unterminated call")
			}
			args = append(args, d.expression())
		}
		return &callNode{fn, args}
	case d.has("sr") || d.has("gs"):
		return d.unresolvedName()
	case isDigit(c) || d.has("on") || d.has("dn"):
		return d.baseUnresolvedName()
	}
	if d.pos+2 <= len(d.s) {
		if op, ok := operators()[d.s[d.pos:d.pos+2]]; ok {
			d.pos += 2
			var args []node
			for i := 0; i < op.arity; i++ {
				args = append(args, d.expression())
			}
			return &opExprNode{op.name, args}
		}
	}
	d.fail("unsupported expression")
	return nil
}

// standardSubs are the abbreviations of <substitution> for std::
// entities: c++filt's expansion, and the name a constructor of it takes.
var standardSubs = sync.OnceValue(func() map[byte]struct{ full, ctor string } {
	return map[byte]struct{ full, ctor string }{
		'a': {"std::allocator", "allocator"},
		'b': {"std::basic_string", "basic_string"},
		's': {"std::basic_string<char, std::char_traits<char>, std::allocator<char> >", "basic_string"},
		'i': {"std::basic_istream<char, std::char_traits<char> >", "basic_istream"},
		'o': {"std::basic_ostream<char, std::char_traits<char> >", "basic_ostream"},
		'd': {"std::basic_iostream<char, std::char_traits<char> >", "basic_iostream"},
	}
})

// substitution parses
//
//	<substitution> ::= S_ | S <seq-id> _
//	               ::= St # ::std::
//	               ::= Sa # ::std::allocator
//	               ::= Sb # ::std::basic_string
//	               ::= Ss # ::std::basic_string<char, ::std::char_traits<char>, ::std::allocator<char> >
//	               ::= Si # ::std::basic_istream<char, std::char_traits<char> >
//	               ::= So # ::std::basic_ostream<char, std::char_traits<char> >
//	               ::= Sd # ::std::basic_iostream<char, std::char_traits<char> >
func (d *demangler) substitution() node {
	d.expect("S")
	if s, ok := standardSubs()[d.peek()]; ok {
		d.pos++
		return &stdNode{s.full, s.ctor}
	}
	i := 0
	if !d.eat("_") {
		i = d.seqID() + 1
		d.expect("_")
	}
	if i >= len(d.subs) {
		d.fail("substitution out of range")
	}
	return d.subs[i]
}

// unresolvedName parses
//
//	<unresolved-name> ::= [gs] <base-unresolved-name>
//	                  ::= sr <unresolved-type> <base-unresolved-name>
//	                  ::= srN <unresolved-type> <unresolved-qualifier-level>+ E <base-unresolved-name>
//	                  ::= [gs] sr <unresolved-qualifier-level>+ E <base-unresolved-name>
//	<unresolved-type> ::= <template-param> [<template-args>] | <decltype> | <substitution>
//	<unresolved-qualifier-level> ::= <simple-id>
func (d *demangler) unresolvedName() node {
	global := d.eat("gs")
	var n node
	switch {
	case d.eat("srN"):
		// The qualifier levels after an unresolved type are substitution
		// candidates, as the components of a <prefix> are.
		n = d.typ()
		for !d.eat("E") {
			if d.pos >= len(d.s) {
				d.fail("unterminated unresolved name")
			}
			n = &qualNode{n, d.sourceName()}
			if d.peek() == 'I' {
				d.addSub(n)
				n = &templateNode{n, d.templateArgs()}
			}
			d.addSub(n)
		}
	case d.eat("sr"):
		if isDigit(d.peek()) {
			n = d.simpleID()
			for !d.eat("E") {
				if d.pos >= len(d.s) {
					d.fail("unterminated unresolved name")
				}
				n = &qualNode{n, d.simpleID()}
			}
		} else {
			n = d.typ()
		}
	default:
		n = d.baseUnresolvedName()
		if global {
			n = &nameNode{"::" + print(n)}
		}
		return n
	}
	base := d.baseUnresolvedName()
	if t, ok := base.(*templateNode); ok {
		n = &templateNode{&qualNode{n, t.name}, t.args} // std::declval<T>, not std::(declval<T>)
	} else {
		n = &qualNode{n, base}
	}
	if global {
		n = &nameNode{"::" + print(n)}
	}
	return n
}

// simpleID parses <simple-id> ::= <source-name> [ <template-args> ].
func (d *demangler) simpleID() node {
	n := d.sourceName()
	if d.peek() == 'I' {
		n = &templateNode{n, d.templateArgs()}
	}
	return n
}

// baseUnresolvedName parses
//
//	<base-unresolved-name> ::= <simple-id>
//	                       ::= on <operator-name> [<template-args>]
//	                       ::= dn <destructor-name>
func (d *demangler) baseUnresolvedName() node {
	switch {
	case d.eat("on"):
		n := d.operatorName()
		if d.peek() == 'I' {
			n = &templateNode{n, d.templateArgs()}
		}
		return n
	case d.eat("dn"):
		if isDigit(d.peek()) {
			return &nameNode{"~" + print(d.simpleID())}
		}
		return &nameNode{"~" + print(d.typ())}
	}
	return d.simpleID()
}

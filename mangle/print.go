package mangle

import "strings"

// The nodes the demangler builds. Each prints itself as c++filt does.
type node interface{}

type (
	nameNode     struct{ s string }         // an identifier, builtin type or fixed text
	litNode      struct{ s string }         // a literal in an expression
	qualNode     struct{ scope, name node } // scope::name
	templateNode struct {
		name node
		args []node
	}
	ctorNode struct {
		scope node
		dtor  bool
	}
	convNode   struct{ t node } // operator T
	lambdaNode struct {
		params []node
		num    int
	}
	localNode  struct{ fn, entity node }
	abiTagNode struct {
		n   node
		tag string
	}
	specialNode struct {
		prefix string
		n      node
	}
	ctorVtableNode struct{ base, derived node }
	cloneNode      struct {
		n      node
		suffix string
	}
	funcNode struct {
		name   node
		ret    node // nil unless a template's
		params []node
		quals  string
	}
	qualTypeNode struct {
		t node
		q cv
	}
	vendorQualNode struct {
		t node
		q string
	}
	ptrNode struct {
		t   node
		tok string // *, & or &&
	}
	funcTypeNode struct {
		ret    node
		params []node
		quals  string
	}
	arrayNode struct {
		t   node
		dim string
	}
	memPtrNode   struct{ class, member node }
	tparamNode   struct{ idx int } // T_, T0_, ...
	packNode     struct{ elems []node }
	packExpNode  struct{ pattern node }
	decltypeNode struct{ e node }
	stdNode      struct{ full, ctor string }
	castNode     struct {
		t    node
		args []node
	}
	callNode struct {
		fn   node
		args []node
	}
	opExprNode struct {
		op   string
		args []node
	}
)

// printer carries the element of an argument pack being expanded.
type printer struct {
	pack    *packNode // the argument pack being expanded, or nil
	tmpls   [][]node  // the template arguments T_ refers to, innermost last
	packIdx int       // the element of pack being printed
	depth   int
	steps   int
}

func print(n node) string {
	p := &printer{}
	return p.str(n)
}

// maxSteps bounds the work of printing: substitutions can make a short
// name stand for an exponentially long one.
const maxSteps = 1 << 20

func (p *printer) enter() {
	p.depth++
	p.steps++
	if p.depth > 4*maxDepth || p.steps > maxSteps {
		panic(&DemangleError{Msg: "name too long or nested too deeply to print"})
	}
}

// str prints a name, expression or type.
func (p *printer) str(n node) string {
	p.enter()
	defer func() { p.depth-- }()
	switch n := n.(type) {
	case *nameNode:
		return n.s
	case *litNode:
		return n.s
	case *stdNode:
		return n.full
	case *qualNode:
		return p.str(n.scope) + "::" + p.str(n.name)
	case *templateNode:
		s := p.str(n.name)
		if strings.HasSuffix(s, "<") {
			s += " " // operator<< <T>
		}
		s += "<" + p.join(n.args)
		// c++filt decides on the space before '>' by the last character
		// it wrote, which is the space of ", " when a trailing argument
		// pack is empty.
		trailingEmpty := len(n.args) > 1 && p.join(n.args[len(n.args)-1:]) == ""
		if strings.HasSuffix(s, ">") && !trailingEmpty {
			s += " "
		}
		return s + ">"
	case *ctorNode:
		name := ctorName(n.scope, p)
		if n.dtor {
			return "~" + name
		}
		return name
	case *convNode:
		return "operator " + p.str(n.t)
	case *lambdaNode:
		return "{lambda(" + p.join(n.params) + ")#" + itoa(n.num) + "}"
	case *localNode:
		fn := n.fn
		if f, ok := fn.(*funcNode); ok && f.ret != nil {
			g := *f
			g.ret = nil // c++filt omits the return type of the enclosing function
			fn = &g
		}
		return p.str(fn) + "::" + p.str(n.entity)
	case *abiTagNode:
		return p.str(n.n) + "[abi:" + n.tag + "]"
	case *specialNode:
		return n.prefix + p.str(n.n)
	case *ctorVtableNode:
		return "construction vtable for " + p.str(n.base) + "-in-" + p.str(n.derived)
	case *cloneNode:
		return p.str(n.n) + " [clone " + n.suffix + "]"
	case *tparamNode:
		arg, pop := p.lookup(n)
		defer pop()
		return p.str(arg)
	case *funcNode:
		if args, ok := templateArgsOf(n.name); ok {
			p.tmpls = append(p.tmpls, args)
			defer func() { p.tmpls = p.tmpls[:len(p.tmpls)-1] }()
		}
		s := p.str(n.name) + "(" + p.join(n.params) + ")" + n.quals
		if n.ret != nil {
			// nameMark stands for the space between the return type's
			// declarators and the name, which goes inside parentheses.
			return strings.Replace(p.typ(n.ret, nameMark+s, false), nameMark, " ", 1)
		}
		return s
	case *packNode:
		if n == p.pack {
			if p.packIdx < len(n.elems) {
				return p.str(n.elems[p.packIdx])
			}
			return ""
		}
		return p.join(n.elems)
	case *packExpNode:
		return p.join([]node{n})
	case *decltypeNode:
		return "decltype (" + p.str(n.e) + ")"
	case *castNode:
		if len(n.args) == 1 {
			return "(" + p.str(n.t) + ")" + p.sub(n.args[0])
		}
		return p.str(n.t) + "(" + p.join(n.args) + ")"
	case *callNode:
		return p.sub(n.fn) + "(" + p.join(n.args) + ")"
	case *opExprNode:
		switch len(n.args) {
		case 1:
			if f, ok := n.args[0].(*funcNode); ok && n.op == "&" {
				if _, ok := f.name.(*qualNode); ok {
					// The address of a function is printed without its
					// parameters when the name is qualified.
					return "&" + p.str(f.name)
				}
			}
			return n.op + p.sub(n.args[0])
		case 2:
			s := p.sub(n.args[0]) + n.op + p.sub(n.args[1])
			if n.op == ">" {
				s = "(" + s + ")"
			}
			return s
		case 3:
			return p.sub(n.args[0]) + "?" + p.sub(n.args[1]) + " : " + p.sub(n.args[2])
		}
	case *qualTypeNode, *vendorQualNode, *ptrNode, *funcTypeNode, *arrayNode, *memPtrNode:
		return p.typ(n, "", false)
	}
	panic(&DemangleError{Msg: "internal error: cannot print node"})
}

// sub prints an operand of an expression, parenthesized unless it is a
// name.
func (p *printer) sub(n node) string {
	switch n.(type) {
	case *nameNode, *qualNode:
		return p.str(n)
	}
	return "(" + p.str(n) + ")"
}

// list prints a list of types or arguments, expanding pack expansions
// into as many items as their pack has elements.
func (p *printer) list(ns []node) []string {
	var out []string
	for _, n := range ns {
		switch m := n.(type) {
		case *packExpNode:
			pk := p.findPack(m.pattern, 0)
			if pk == nil {
				out = append(out, p.str(m.pattern)+"...")
				continue
			}
			if len(pk.elems) == 0 {
				out = append(out, "") // an empty pack still takes a place
				continue
			}
			savedPack, savedIdx := p.pack, p.packIdx
			p.pack = pk
			for i := range pk.elems {
				p.packIdx = i
				out = append(out, p.str(m.pattern))
			}
			p.pack, p.packIdx = savedPack, savedIdx
		case *packNode:
			if m == p.pack {
				out = append(out, p.str(m))
				continue
			}
			if len(m.elems) == 0 {
				out = append(out, "")
				continue
			}
			out = append(out, p.list(m.elems)...)
		default:
			out = append(out, p.str(n))
		}
	}
	return out
}

// join prints a list as c++filt does: an empty argument pack leaves its
// ", " behind ("f(A, , B)") unless nothing follows it.
func (p *printer) join(ns []node) string {
	items := p.list(ns)
	for len(items) > 0 && items[len(items)-1] == "" {
		items = items[:len(items)-1]
	}
	return strings.Join(items, ", ")
}

// findPack returns the first argument pack inside a pack expansion's
// pattern.
func (p *printer) findPack(n node, depth int) *packNode {
	if depth > maxDepth {
		return nil
	}
	depth++
	switch n := n.(type) {
	case *packNode:
		return n
	case *tparamNode:
		if i := len(p.tmpls) - 1; i >= 0 && n.idx < len(p.tmpls[i]) {
			if pk, ok := p.tmpls[i][n.idx].(*packNode); ok {
				return pk
			}
		}
	case *qualTypeNode:
		return p.findPack(n.t, depth)
	case *vendorQualNode:
		return p.findPack(n.t, depth)
	case *ptrNode:
		return p.findPack(n.t, depth)
	case *arrayNode:
		return p.findPack(n.t, depth)
	case *memPtrNode:
		if pk := p.findPack(n.class, depth); pk != nil {
			return pk
		}
		return p.findPack(n.member, depth)
	case *funcTypeNode:
		if pk := p.findPack(n.ret, depth); pk != nil {
			return pk
		}
		for _, q := range n.params {
			if pk := p.findPack(q, depth); pk != nil {
				return pk
			}
		}
	case *templateNode:
		for _, q := range n.args {
			if pk := p.findPack(q, depth); pk != nil {
				return pk
			}
		}
	case *qualNode:
		if pk := p.findPack(n.scope, depth); pk != nil {
			return pk
		}
		return p.findPack(n.name, depth)
	case *decltypeNode:
		return p.findPack(n.e, depth)
	case *opExprNode:
		for _, q := range n.args {
			if pk := p.findPack(q, depth); pk != nil {
				return pk
			}
		}
	case *castNode:
		for _, q := range n.args {
			if pk := p.findPack(q, depth); pk != nil {
				return pk
			}
		}
	case *callNode:
		for _, q := range n.args {
			if pk := p.findPack(q, depth); pk != nil {
				return pk
			}
		}
	}
	return nil
}

// ctorName is the name a constructor of the class scope takes: the class's
// own name without template arguments.
func ctorName(scope node, p *printer) string {
	for {
		switch s := scope.(type) {
		case *qualNode:
			scope = s.name
		case *templateNode:
			scope = s.name
		case *abiTagNode:
			scope = s.n
		case *stdNode:
			return s.ctor
		default:
			return p.str(scope)
		}
	}
}

// typ prints type n declaring decl, in c++filt's style: qualifiers after
// what they qualify ("char const*"), declarators in parentheses where C++
// needs them ("int (*) [3]", "void (*)(int)"). arr is set when decl ends in
// an array declarator, so that a further dimension follows directly.
func (p *printer) typ(n node, decl string, arr bool) string {
	p.enter()
	defer func() { p.depth-- }()
	if tp, ok := n.(*tparamNode); ok {
		arg, pop := p.lookup(tp)
		defer pop()
		n = arg
	}
	n = p.resolve(n)
	switch t := n.(type) {
	case *ptrNode:
		tok, inner := t.tok, t.t
		// Reference collapsing: a reference to a reference is an lvalue
		// reference unless both are rvalue references.
		for tok != "*" {
			r, ok := p.resolve(inner).(*ptrNode)
			if !ok || r.tok == "*" {
				break
			}
			if r.tok == "&" {
				tok = "&"
			}
			inner = r.t
		}
		return p.typ(inner, tok+decl, false)
	case *qualTypeNode:
		// Qualifiers of a substituted type merge with its own; those of
		// an array qualify its elements.
		q, inner := t.q, p.resolve(t.t)
		for {
			if u, ok := inner.(*qualTypeNode); ok {
				q = cv{q.r || u.q.r, q.v || u.q.v, q.k || u.q.k}
				inner = p.resolve(u.t)
				continue
			}
			break
		}
		if a, ok := inner.(*arrayNode); ok {
			return p.typ(&arrayNode{&qualTypeNode{a.t, q}, a.dim}, decl, arr)
		}
		return p.typ(inner, q.String()+decl, false)
	case *vendorQualNode:
		return p.typ(t.t, " "+t.q+decl, false)
	case *memPtrNode:
		return p.typ(t.member, p.str(t.class)+"::*"+decl, false)
	case *arrayNode:
		switch {
		case arr:
			decl += "[" + t.dim + "]"
		case decl == "":
			decl = " [" + t.dim + "]"
		default:
			decl = " (" + unmark(decl) + ") [" + t.dim + "]"
		}
		return p.typ(t.t, decl, true)
	case *funcTypeNode:
		params := "(" + p.join(t.params) + ")" + t.quals
		if decl == "" {
			decl = " " + params
		} else {
			decl = " (" + unmark(decl) + ")" + params
		}
		return p.typ(t.ret, decl, false)
	}
	base := p.str(n)
	if decl == "" {
		return base
	}
	switch decl[0] {
	case ' ', '*', '&', nameMark[0]:
		return base + decl
	}
	return base + " " + decl
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for i > 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	return string(b)
}

// nameMark marks where a function's name starts in a declarator.
const nameMark = "\x00"

// unmark prepares a declarator for parentheses: no space inside them.
// Pointer declarators before a parenthesized function declarator join it:
// "(*(*)(int))", but "(* (*) [3])".
func unmark(decl string) string {
	decl = strings.TrimLeft(strings.Replace(decl, nameMark, "", 1), " ")
	i := strings.Index(decl, " (")
	if i <= 0 || strings.IndexAny(decl[:i], "()[") >= 0 || decl[i-1] != '*' && decl[i-1] != '&' {
		return decl
	}
	// Only a function declarator joins; an array one keeps its space.
	level := 0
	for j := i + 1; j < len(decl); j++ {
		switch decl[j] {
		case '(':
			level++
		case ')':
			level--
			if level == 0 {
				if j+1 < len(decl) && decl[j+1] == '(' {
					return decl[:i] + decl[i+1:]
				}
				return decl
			}
		}
	}
	return decl
}

// resolve returns the element of an argument pack being expanded.
func (p *printer) resolve(n node) node {
	if tp, ok := n.(*tparamNode); ok {
		if i := len(p.tmpls) - 1; i >= 0 && tp.idx < len(p.tmpls[i]) {
			n = p.tmpls[i][tp.idx]
		}
	}
	if pk, ok := n.(*packNode); ok && pk == p.pack && p.packIdx < len(pk.elems) {
		return pk.elems[p.packIdx]
	}
	return n
}

// lookup returns the argument a template parameter stands for, and a
// function that restores the template context: the argument itself is
// printed in the context around the template it belongs to.
func (p *printer) lookup(tp *tparamNode) (node, func()) {
	i := len(p.tmpls) - 1
	if i < 0 || tp.idx >= len(p.tmpls[i]) {
		panic(&DemangleError{Msg: "template parameter out of range"})
	}
	arg := p.tmpls[i][tp.idx]
	saved := p.tmpls
	p.tmpls = p.tmpls[:i:i] // a push inside must not overwrite saved
	return arg, func() { p.tmpls = saved }
}

package cfront

import (
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/ctypes"
)

// value is the value of an integer constant expression, computed in 64
// bits (pp.Value: one representation for #if and the parser).
type value = pp.Value

func boolValue(b bool) value {
	if b {
		return value{V: 1}
	}
	return value{}
}

// constExpr parses and evaluates a conditional-expression (C++ [expr.const]).
func (p *parser) constExpr() value {
	p.enter()
	defer p.leave()
	c := p.binary(0)
	if p.is("?") {
		// Only the operand chosen is evaluated (a recursive constexpr
		// function's base case ends it).
		p.advance()
		var x value
		if c.V != 0 {
			x = p.constExpr()
		} else {
			p.skipOperand(true)
		}
		p.expect(":")
		if c.V == 0 {
			x = p.constExpr()
		} else {
			p.skipOperand(false)
		}
		return x
	}
	return c
}

// skipOperand skips an operand of ?: without evaluating it: the middle
// one (to its ':') or the last one (to what ends the expression).
func (p *parser) skipOperand(middle bool) {
	conds := 0
	for p.i < len(p.toks)-1 {
		t := p.tok()
		if t.Kind == tPunct {
			switch t.Text {
			case "(", "[", "{":
				p.skipBalanced()
				continue
			case ")", "]", "}", ",", ";":
				return
			case "?":
				conds++
			case ":":
				if conds == 0 {
					return
				}
				conds--
			case ">", ">>":
				if p.noGT && !middle {
					return
				}
			}
		}
		p.advance()
	}
}

// binaryPrec is the precedence of binary operator op (pp.BinaryPrec),
// and whether op is one.
func binaryPrec(op string) (int, bool) {
	n := pp.BinaryPrec(op)
	return n, n > 0
}

// binary parses operators of precedence above min (precedence climbing).
func (p *parser) binary(min int) value {
	x := p.unary()
	for {
		t := p.tok()
		prec, ok := binaryPrec(t.Text)
		if t.Kind != tPunct || !ok || prec <= min || p.noGT && (t.Text == ">" || t.Text == ">>") {
			return x
		}
		p.advance()
		y := p.binary(prec)
		x = p.binop(t, x, y)
	}
}

func (p *parser) binop(op Token, x, y value) value {
	v, err := pp.Binary(op.Text, x, y)
	if err != nil {
		p.fail(op.Pos, "%v", err)
	}
	return v
}

func (p *parser) unary() value {
	p.enter()
	defer p.leave()
	t := p.tok()
	if t.Kind == tPunct {
		if _, ok := pp.Unary(t.Text, pp.Value{}); ok {
			p.advance()
			x := p.unary()
			v, _ := pp.Unary(t.Text, x)
			return v
		}
		switch t.Text {
		case "(":
			if p.startsType(p.i + 1) {
				p.advance()
				typ := p.typeName()
				p.expect(")")
				return p.convert(t, p.unary(), typ)
			}
		}
	}
	if t.Kind == tIdent {
		switch t.Text {
		case "sizeof", "alignof", "_Alignof", "__alignof__", "__alignof":
			p.advance()
			if p.is("...") {
				p.fail(t.Pos, "sizeof... needs a template parameter pack")
			}
			if !(p.is("(") && p.startsType(p.i+1)) {
				return p.sizeQuery(t, p.exprType())
			}
			p.advance()
			typ := p.typeName()
			p.expect(")")
			return p.sizeQuery(t, typ)
		}
	}
	return p.postfix()
}

// exprType is the type of the operand of sizeof or alignof when it is an
// expression: a variable, possibly dereferenced, subscripted or with
// members selected (sizeof a / sizeof a[0], sizeof *p, sizeof s.m).
func (p *parser) exprType() ctypes.Type {
	p.enter()
	defer p.leave()
	t := p.tok()
	var typ ctypes.Type
	switch {
	case p.accept("*"):
		switch u := ctypes.Unqualified(p.exprType()).(type) {
		case *ctypes.Pointer:
			return u.Elem
		case *ctypes.Array:
			return u.Elem
		}
		p.fail(t.Pos, "indirection requires a pointer operand")
	case p.is("("):
		p.advance()
		typ = p.exprType()
		p.expect(")")
	case t.Kind == tString:
		n := int64(0)
		for p.toks[p.i].Kind == tString {
			s, err := strconv.Unquote(strings.TrimLeft(p.next().Text, "LuU8"))
			if err != nil {
				p.fail(t.Pos, "unsupported string literal in sizeof")
			}
			n += int64(len(s))
		}
		return &ctypes.Array{Elem: ctypes.BasicOf(ctypes.Char), Len: n + 1}
	case t.Kind == tIdent || isTok(t, "::"):
		name, ent := p.qualifiedName()
		if ent == nil {
			p.fail(t.Pos, "use of undeclared identifier '%s'", name)
		}
		if ent.kind != entVar && ent.kind != entConst || ent.typ == nil {
			p.fail(t.Pos, "'%s' is not a variable", name)
		}
		typ = ent.typ
	default:
		p.fail(t.Pos, "expected an expression or a parenthesized type after sizeof, found %s", p.describe(t))
	}
	for {
		switch {
		case p.is("["):
			open := p.tok()
			p.skipBalanced()
			switch u := ctypes.Unqualified(typ).(type) {
			case *ctypes.Array:
				typ = u.Elem
			case *ctypes.Pointer:
				typ = u.Elem
			default:
				p.fail(open.Pos, "subscripted value is not an array or pointer")
			}
		case p.is(".") || p.is("->"):
			op := p.next()
			m := p.expectIdent()
			u := ctypes.Unqualified(typ)
			if op.Text == "->" {
				pt, ok := u.(*ctypes.Pointer)
				if !ok {
					p.fail(op.Pos, "member reference type is not a pointer")
				}
				u = ctypes.Unqualified(pt.Elem)
			}
			st, ok := u.(*ctypes.Struct)
			if !ok {
				p.fail(op.Pos, "member reference base type is not a structure or union")
			}
			f := findField(st, m.Text)
			if f == nil {
				p.fail(m.Pos, "no member named '%s' in '%s'", m.Text, st)
			}
			typ = f.Type
		default:
			return typ
		}
	}
}

// findField finds a member by name, looking into anonymous members.
func findField(st *ctypes.Struct, name string) *ctypes.Field {
	for _, f := range st.Fields {
		if f.Name == name {
			return f
		}
		if f.Anonymous() {
			if g := findField(ctypes.Unqualified(f.Type).(*ctypes.Struct), name); g != nil {
				return g
			}
		}
	}
	return nil
}

// sizeQuery asks Config.Sizes for sizeof or alignof of typ.
func (p *parser) sizeQuery(op Token, typ ctypes.Type) value {
	if p.cfg.Sizes == nil {
		p.fail(op.Pos, "%s needs a layout", op.Text)
	}
	if op.Text == "sizeof" && !isComplete(typ) {
		p.fail(op.Pos, "invalid application of sizeof to an incomplete type '%s'", typ)
	}
	var n int64
	var err error
	if op.Text == "sizeof" {
		n, err = p.cfg.Sizes.Sizeof(typ)
	} else {
		n, err = p.cfg.Sizes.Alignof(typ)
	}
	if err != nil {
		p.fail(op.Pos, "%s(%s): %v", op.Text, typ, err)
	}
	return value{V: n, Unsigned: true}
}

// convert is a cast of x to typ.
func (p *parser) convert(at Token, x value, typ ctypes.Type) value {
	u := ctypes.Unqualified(typ)
	if e, ok := u.(*ctypes.Enum); ok {
		u = ctypes.BasicOf(e.Underlying)
	}
	b, ok := u.(*ctypes.Basic)
	if !ok || !b.Kind.IsInteger() {
		p.fail(at.Pos, "cast to '%s' in an integer constant expression", typ)
	}
	if b.Kind == ctypes.Bool {
		return boolValue(x.V != 0)
	}
	w := p.kindBits(b.Kind)
	if w < 64 {
		if b.Kind.IsSigned() {
			x.V = x.V << (64 - w) >> (64 - w)
		} else {
			x.V = int64(uint64(x.V) << (64 - w) >> (64 - w))
		}
	}
	return value{V: x.V, Unsigned: !b.Kind.IsSigned()}
}

// kindBits is the width of an integral kind on the target.
func (p *parser) kindBits(k ctypes.Kind) uint {
	switch k {
	case ctypes.Bool, ctypes.Char, ctypes.SChar, ctypes.UChar:
		return 8
	case ctypes.Short, ctypes.UShort, ctypes.Char16, ctypes.Half, ctypes.BFloat16:
		return 16
	case ctypes.Int, ctypes.UInt, ctypes.WChar, ctypes.Char32, ctypes.Float:
		return 32
	case ctypes.Long, ctypes.ULong:
		return uint(p.t.AddressSize)
	case ctypes.Int128, ctypes.UInt128:
		return 128
	}
	return 64
}

func (p *parser) postfix() value {
	t := p.tok()
	switch t.Kind {
	case tNumber:
		p.advance()
		return p.intLiteral(t)
	case tChar:
		p.advance()
		return p.charLiteral(t)
	case tPunct:
		if t.Text == "(" {
			p.advance()
			saved := p.noGT
			p.noGT = false
			x := p.constExpr()
			p.noGT = saved
			p.expect(")")
			return x
		}
		if t.Text == "::" {
			return p.idExpr()
		}
	case tIdent:
		switch t.Text {
		case "true":
			p.advance()
			return value{V: 1}
		case "false", "nullptr":
			p.advance()
			return value{}
		case "__builtin_offsetof", "offsetof":
			return p.offsetof()
		case "static_cast", "reinterpret_cast", "const_cast":
			p.advance()
			p.expect("<")
			typ := p.typeName()
			p.expect(">")
			p.expect("(")
			x := p.constExpr()
			p.expect(")")
			return p.convert(t, x, typ)
		}
		if _, e, n := p.resolveAt(p.i); e.classTemplate() != nil && p.isAt(n, "<") {
			save := p.i
			if _, ok := p.templateType(); ok && p.is("::") {
				p.i = save
				return p.scopedConst()
			}
			p.i = save
		}
		if p.startsType(p.i) {
			// Functional cast: int(x), T(x).
			typ := p.typeSpecifierOnly()
			p.expect("(")
			x := p.constExpr()
			p.expect(")")
			return p.convert(t, x, typ)
		}
		return p.idExpr()
	}
	p.fail(t.Pos, "expected a constant expression, found %s", t.String())
	return value{}
}

// idExpr is a (qualified) name in a constant expression.
func (p *parser) idExpr() value {
	t := p.tok()
	name, ent := p.qualifiedName()
	if ent == nil {
		p.fail(t.Pos, "use of undeclared identifier '%s'", name)
	}
	if ent.kind == entDependent {
		p.fail(t.Pos, "'%s' is a template parameter: its value is not known here", name)
	}
	if ent.kind == entFunc && p.is("(") {
		return p.constexprCall(t, name, ent)
	}
	if ent.kind == entVar && p.is(".") && p.kindAt(p.i+1) == tIdent {
		// A static constant member through an object: c.value.
		if st, ok := underlying(ent.typ).(*ctypes.Struct); ok {
			if m := p.classScopes[st].member(p.peek(1).Text, 0); m != nil && m.kind == entConst {
				p.advance()
				p.advance()
				return m.val
			}
		}
	}
	if ent.kind != entConst {
		p.fail(t.Pos, "'%s' is not an integral constant", name)
	}
	return ent.val
}

// offsetof(type, member.designator).
func (p *parser) offsetof() value {
	op := p.next()
	p.expect("(")
	typ := p.typeName()
	p.expect(",")
	var b strings.Builder
	for {
		id := p.tok()
		if id.Kind != tIdent {
			p.fail(id.Pos, "expected a member name, found %s", id.String())
		}
		b.WriteString(p.next().Text)
		if p.is(".") {
			p.advance()
			b.WriteByte('.')
			continue
		}
		if p.is("[") {
			p.advance()
			i := p.constExpr()
			p.expect("]")
			b.WriteString("[" + strconv.FormatInt(i.V, 10) + "]")
			if p.is(".") {
				p.advance()
				b.WriteByte('.')
				continue
			}
		}
		break
	}
	p.expect(")")
	if p.cfg.Sizes == nil {
		p.fail(op.Pos, "offsetof needs a layout")
	}
	n, err := p.cfg.Sizes.Offsetof(typ, b.String())
	if err != nil {
		p.fail(op.Pos, "offsetof(%s, %s): %v", typ, b.String(), err)
	}
	return value{V: n, Unsigned: true}
}

// intLiteral evaluates an integer literal (decimal, octal, hex, binary,
// with u/l suffixes and ' separators).
func (p *parser) intLiteral(t Token) value {
	n, base, suffix, err := pp.ParseInt(t.Text)
	if err != nil {
		p.fail(t.Pos, "%v", err)
	}
	u := strings.Contains(suffix, "u") || n > 1<<63-1
	// Unsuffixed decimal literals that do not fit int are long/long long;
	// an unsigned int hex literal is unsigned.
	if !u && base != 10 && n > 1<<31-1 && n <= 1<<32-1 && !strings.Contains(suffix, "l") {
		u = true
	}
	return value{V: int64(n), Unsigned: u}
}

// charLiteral evaluates a character literal.
func (p *parser) charLiteral(t Token) value {
	s := t.Text
	prefix := s[:strings.IndexByte(s, '\'')]
	s = s[len(prefix)+1 : len(s)-1]
	var vals []int64
	for len(s) > 0 {
		if s[0] != '\\' {
			r, n := rune(s[0]), 1
			if s[0] >= 0x80 {
				r, n = decodeRune(s)
			}
			vals = append(vals, int64(r))
			s = s[n:]
			continue
		}
		if len(s) < 2 {
			p.fail(t.Pos, "invalid escape in character constant")
		}
		c := s[1]
		s = s[2:]
		switch c {
		case 'n':
			vals = append(vals, '\n')
		case 't':
			vals = append(vals, '\t')
		case 'r':
			vals = append(vals, '\r')
		case 'a':
			vals = append(vals, 7)
		case 'b':
			vals = append(vals, 8)
		case 'f':
			vals = append(vals, 12)
		case 'v':
			vals = append(vals, 11)
		case 'e':
			vals = append(vals, 27)
		case '\\', '\'', '"', '?':
			vals = append(vals, int64(c))
		case 'x':
			j := 0
			for j < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
				j++
			}
			n, err := strconv.ParseUint(s[:j], 16, 32)
			if err != nil {
				p.fail(t.Pos, "invalid hexadecimal escape in character constant")
			}
			vals = append(vals, int64(n))
			s = s[j:]
		case 'u', 'U':
			n := 4
			if c == 'U' {
				n = 8
			}
			if len(s) < n {
				p.fail(t.Pos, "invalid universal character name")
			}
			v, err := strconv.ParseUint(s[:n], 16, 32)
			if err != nil {
				p.fail(t.Pos, "invalid universal character name")
			}
			vals = append(vals, int64(v))
			s = s[n:]
		default:
			if c >= '0' && c <= '7' {
				j := 0
				s = string(c) + s
				for j < len(s) && j < 3 && s[j] >= '0' && s[j] <= '7' {
					j++
				}
				n, _ := strconv.ParseUint(s[:j], 8, 32)
				vals = append(vals, int64(n))
				s = s[j:]
			} else {
				p.fail(t.Pos, "unknown escape sequence '\\%c'", c)
			}
		}
	}
	if len(vals) == 0 {
		p.fail(t.Pos, "empty character constant")
	}
	if prefix != "" {
		return value{V: vals[len(vals)-1], Unsigned: prefix != "L"}
	}
	if len(vals) == 1 {
		return value{V: int64(int8(vals[0])), Unsigned: false} // plain char is signed
	}
	var v int64
	for _, c := range vals {
		v = v<<8 | c&0xff
	}
	return value{V: int64(int32(v)), Unsigned: false}
}

func decodeRune(s string) (rune, int) {
	for i, r := range s {
		_ = i
		return r, len(string(r))
	}
	return 0, 1
}

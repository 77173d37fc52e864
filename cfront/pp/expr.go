package pp

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file evaluates the controlling expression of #if and #elif (C11
// 6.10.1): integer constants and character constants, the unary operators
// + - ~ !, the binary operators of C by their precedence, ?: and
// parentheses, in 64 bits, unsigned where an operand is (C11 6.10.1p4).
// By the time it runs, defined and __has_include have been replaced and
// macros expanded; an identifier left is 0, except true, which is 1 in
// C++.

// Value is the value of a constant expression in #if, computed in 64
// bits; Unsigned selects unsigned arithmetic.
type Value struct {
	V        int64
	Unsigned bool
}

func boolValue(b bool) Value {
	if b {
		return Value{V: 1}
	}
	return Value{}
}

// evalError unwinds an evaluation after its error has been reported.
type evalError struct{}

// evaluator parses and evaluates one #if expression.
type evaluator struct {
	p    *Preprocessor
	toks []Token // ending with EOF
	i    int
	nest int
}

func (e *evaluator) tok() Token { return e.toks[e.i] }

func (e *evaluator) next() Token {
	t := e.toks[e.i]
	if e.i < len(e.toks)-1 {
		e.i++
	}
	return t
}

func (e *evaluator) fail(t Token, format string, args ...any) {
	e.p.errorf(t.Pos, format, args...)
	panic(evalError{})
}

func (e *evaluator) enter() {
	e.nest++
	if e.nest > maxNesting {
		e.fail(e.tok(), "declaration or expression nested too deeply")
	}
}

func (e *evaluator) leave() { e.nest-- }

// cond parses a conditional-expression.
func (e *evaluator) cond() Value {
	e.enter()
	defer e.leave()
	c := e.binary(0)
	if t := e.tok(); t.Kind == Punct && t.Text == "?" {
		e.next()
		a := e.cond()
		if t := e.next(); t.Kind != Punct || t.Text != ":" {
			e.fail(t, "expected ':', found %s", describe(t))
		}
		b := e.cond()
		if c.V != 0 {
			return a
		}
		return b
	}
	return c
}

// BinaryPrec returns the precedence of C's binary operator op in an
// integer constant expression, lowest 1 (||) to highest 10 (* / %), or 0
// when op is none of them.
func BinaryPrec(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "|":
		return 3
	case "^":
		return 4
	case "&":
		return 5
	case "==", "!=":
		return 6
	case "<", ">", "<=", ">=":
		return 7
	case "<<", ">>":
		return 8
	case "+", "-":
		return 9
	case "*", "/", "%":
		return 10
	}
	return 0
}

// binary parses operators of precedence above min (precedence climbing).
func (e *evaluator) binary(min int) Value {
	x := e.unary()
	for {
		t := e.tok()
		prec := BinaryPrec(t.Text)
		if t.Kind != Punct || prec == 0 || prec <= min {
			return x
		}
		e.next()
		y := e.binary(prec)
		x = e.binop(t, x, y)
	}
}

func (e *evaluator) binop(op Token, x, y Value) Value {
	v, err := Binary(op.Text, x, y)
	if err != nil {
		e.fail(op, "%v", err)
	}
	return v
}

// Binary applies C's binary operator op (one BinaryPrec knows) to integer
// constants x and y after the usual arithmetic conversions, which make
// the result unsigned when either operand is (C11 6.3.1.8; comparisons and
// && || give int). A shift count out of range, a division by zero and
// the one overflowing division are errors.
func Binary(op string, x, y Value) (Value, error) {
	u := x.Unsigned || y.Unsigned
	switch op {
	case "||":
		return boolValue(x.V != 0 || y.V != 0), nil
	case "&&":
		return boolValue(x.V != 0 && y.V != 0), nil
	case "|":
		return Value{x.V | y.V, u}, nil
	case "^":
		return Value{x.V ^ y.V, u}, nil
	case "&":
		return Value{x.V & y.V, u}, nil
	case "==":
		return boolValue(x.V == y.V), nil
	case "!=":
		return boolValue(x.V != y.V), nil
	case "<", ">", "<=", ">=":
		var lt bool
		if u {
			lt = uint64(x.V) < uint64(y.V)
		} else {
			lt = x.V < y.V
		}
		eq := x.V == y.V
		switch op {
		case "<":
			return boolValue(lt), nil
		case ">":
			return boolValue(!lt && !eq), nil
		case "<=":
			return boolValue(lt || eq), nil
		}
		return boolValue(!lt), nil
	case "<<", ">>":
		if y.V < 0 || y.V >= 64 {
			return Value{}, fmt.Errorf("shift count %d is out of range", y.V)
		}
		if op == "<<" {
			return Value{x.V << uint(y.V), x.Unsigned}, nil
		}
		if x.Unsigned {
			return Value{int64(uint64(x.V) >> uint(y.V)), true}, nil
		}
		return Value{x.V >> uint(y.V), false}, nil
	case "+":
		return Value{x.V + y.V, u}, nil
	case "-":
		return Value{x.V - y.V, u}, nil
	case "*":
		return Value{x.V * y.V, u}, nil
	case "/", "%":
		if y.V == 0 {
			return Value{}, fmt.Errorf("division by zero in constant expression")
		}
		if u {
			a, b := uint64(x.V), uint64(y.V)
			if op == "/" {
				return Value{int64(a / b), true}, nil
			}
			return Value{int64(a % b), true}, nil
		}
		if x.V == -1<<63 && y.V == -1 {
			return Value{}, fmt.Errorf("overflow in constant expression")
		}
		if op == "/" {
			return Value{x.V / y.V, false}, nil
		}
		return Value{x.V % y.V, false}, nil
	}
	return Value{}, fmt.Errorf("internal error: operator %s", op)
}

func (e *evaluator) unary() Value {
	e.enter()
	defer e.leave()
	t := e.tok()
	if t.Kind == Punct {
		if _, ok := Unary(t.Text, Value{}); ok {
			e.next()
			v, _ := Unary(t.Text, e.unary())
			return v
		}
	}
	return e.primary()
}

// Unary applies C's unary operator op (+ - ~ !) to integer constant x; ok
// is false when op is none of them.
func Unary(op string, x Value) (v Value, ok bool) {
	switch op {
	case "+":
		return x, true
	case "-":
		return Value{-x.V, x.Unsigned}, true
	case "~":
		return Value{^x.V, x.Unsigned}, true
	case "!":
		return boolValue(x.V == 0), true
	}
	return Value{}, false
}

func (e *evaluator) primary() Value {
	t := e.tok()
	switch {
	case t.Kind == Number:
		e.next()
		v, err := IntValue(t.Text)
		if err != nil {
			e.fail(t, "%s", err)
		}
		return v
	case t.Kind == Char:
		e.next()
		v, err := CharValue(t.Text)
		if err != nil {
			e.fail(t, "%s", err)
		}
		return v
	case t.Kind == Punct && t.Text == "(":
		e.next()
		x := e.cond()
		if r := e.tok(); r.Kind != Punct || r.Text != ")" {
			e.fail(r, "expected ')', found %s", describe(r))
		}
		e.next()
		return x
	}
	e.fail(t, "expected a constant expression, found %s", t.String())
	return Value{}
}

// describe names t in "found ..." of an error.
func describe(t Token) string {
	if t.Kind == Other {
		if strings.HasPrefix(t.Text, "'") || strings.HasPrefix(t.Text, `"`) {
			return "unterminated literal " + t.Text
		}
		return "stray '" + t.Text + "'"
	}
	return t.String()
}

// IntValue evaluates an integer constant as #if reads it (C11 6.4.4.1,
// with C++14's digit separators and binary constants): unsigned when it
// has a u suffix or does not fit in int64. A floating constant is an
// error.
func IntValue(text string) (Value, error) {
	n, _, suffix, err := ParseInt(text)
	if err != nil {
		return Value{}, err
	}
	return Value{int64(n), strings.Contains(suffix, "u") || n > 1<<63-1}, nil
}

// ParseInt reads an integer constant (C11 6.4.4.1, with C++14's digit
// separators and binary constants): its value, its base (2, 8, 10 or 16)
// and its suffix in lower case ("", "u", "l", "ul", "ll", ...), from which
// each reader derives the constant's type. A floating constant, a bad
// suffix or digit and a value beyond 64 bits are errors.
func ParseInt(text string) (n uint64, base int, suffix string, err error) {
	if n, ok := plainDecimal(text); ok {
		return n, 10, "", nil
	}
	s := strings.ReplaceAll(text, "'", "")
	lower := strings.ToLower(s)
	body := strings.TrimRight(lower, "ul")
	suffix = lower[len(body):]
	switch suffix {
	case "", "u", "l", "ul", "lu", "ll", "ull", "llu":
	default:
		return 0, 0, "", errorf("invalid suffix on integer constant %s", text)
	}
	base = 10
	digits := body
	switch {
	case strings.HasPrefix(body, "0x"):
		base, digits = 16, body[2:]
	case strings.HasPrefix(body, "0b"):
		base, digits = 2, body[2:]
	case len(body) > 1 && body[0] == '0':
		base, digits = 8, body[1:]
	}
	if base == 10 && strings.ContainsAny(body, ".e") || base == 16 && strings.Contains(body, "p") || strings.HasSuffix(lower, "f") && base != 16 {
		return 0, 0, "", errorf("floating constant %s in an integer constant expression", text)
	}
	n, err = strconv.ParseUint(digits, base, 64)
	if err != nil || digits == "" {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, 0, "", errorf("integer constant %s is too large", text)
		}
		return 0, 0, "", errorf("invalid integer constant %s", text)
	}
	return n, base, suffix, nil
}

// plainDecimal reads the commonest integer constant quickly: decimal
// digits without a suffix, a separator or a leading 0, 18 at most (so
// that the value fits); false for any other text.
func plainDecimal(text string) (uint64, bool) {
	if len(text) == 0 || len(text) > 18 || text[0] == '0' && len(text) > 1 {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}

// CharValue evaluates a character constant (C11 6.4.4.4): a plain one of
// one character is a signed char, of several an int of their bytes (as
// GCC does); L, u and U ones are the last character's code, unsigned but
// for L.
func CharValue(text string) (Value, error) {
	q := strings.IndexByte(text, '\'')
	if q < 0 || len(text) < q+2 || text[len(text)-1] != '\'' {
		return Value{}, errorf("invalid character constant %s", text)
	}
	prefix := text[:q]
	s := text[q+1 : len(text)-1]
	var vals []int64
	for len(s) > 0 {
		if s[0] != '\\' {
			r, n := rune(s[0]), 1
			if s[0] >= 0x80 {
				r, n = utf8.DecodeRuneInString(s)
			}
			vals = append(vals, int64(r))
			s = s[n:]
			continue
		}
		if len(s) < 2 {
			return Value{}, errorf("invalid escape in character constant")
		}
		c := s[1]
		s = s[2:]
		if v, ok := simpleEscape(c); ok {
			vals = append(vals, v)
			continue
		}
		switch {
		case c == 'x':
			j := 0
			for j < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
				j++
			}
			n, err := strconv.ParseUint(s[:j], 16, 32)
			if err != nil {
				return Value{}, errorf("invalid hexadecimal escape in character constant")
			}
			vals = append(vals, int64(n))
			s = s[j:]
		case c == 'u' || c == 'U':
			n := 4
			if c == 'U' {
				n = 8
			}
			if len(s) < n {
				return Value{}, errorf("invalid universal character name")
			}
			v, err := strconv.ParseUint(s[:n], 16, 32)
			if err != nil {
				return Value{}, errorf("invalid universal character name")
			}
			vals = append(vals, int64(v))
			s = s[n:]
		case '0' <= c && c <= '7':
			s = string(c) + s
			j := 0
			for j < len(s) && j < 3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[:j], 8, 32)
			vals = append(vals, int64(n))
			s = s[j:]
		default:
			return Value{}, errorf("unknown escape sequence '\\%c'", c)
		}
	}
	if len(vals) == 0 {
		return Value{}, errorf("empty character constant")
	}
	if prefix != "" {
		return Value{vals[len(vals)-1], prefix != "L"}, nil
	}
	if len(vals) == 1 {
		return Value{int64(int8(vals[0])), false}, nil // plain char is signed
	}
	var v int64
	for _, c := range vals {
		v = v<<8 | c&0xff
	}
	return Value{int64(int32(v)), false}, nil
}

// simpleEscape returns the value of the escape sequence of one character
// c after the backslash.
func simpleEscape(c byte) (int64, bool) {
	switch c {
	case 'n':
		return '\n', true
	case 't':
		return '\t', true
	case 'r':
		return '\r', true
	case 'a':
		return 7, true
	case 'b':
		return 8, true
	case 'f':
		return 12, true
	case 'v':
		return 11, true
	case 'e':
		return 27, true
	case '\\', '\'', '"', '?':
		return int64(c), true
	}
	return 0, false
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

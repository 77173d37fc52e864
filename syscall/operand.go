package syscall

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// opKind is the kind of an argument's operand.
type opKind int

const (
	opReg   opKind = iota // "%r1"
	opInt                 // "42", "-1", "0x2A", "017", "0b101", "7U"
	opFloat               // "1.5", "1e3", "0f3FC00000", "0d3FF8000000000000"
	opSym                 // "buf": the address of a variable
	opPair                // "{%rd1, %rd2}": an __int128, low half first
)

// operand is a parsed Arg.Operand.
type operand struct {
	kind opKind
	text string   // the register or symbol name; a literal as written
	ival *big.Int // opInt
	// opFloat: the value, and whether the literal is an exact single
	// (0f) or double (0d) bit pattern rather than a decimal.
	fval         float64
	hex32, hex64 bool
	pair         []operand // opPair: low, high
}

// parseOperand reads an Arg's operand.
func parseOperand(s string) (operand, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return operand{}, fmt.Errorf("no operand")
	case strings.HasPrefix(s, "{"):
		if !strings.HasSuffix(s, "}") {
			return operand{}, fmt.Errorf("operand %q: a pair is written {lo, hi}", s)
		}
		lo, hi, ok := strings.Cut(s[1:len(s)-1], ",")
		if !ok || strings.Contains(hi, ",") {
			return operand{}, fmt.Errorf("operand %q: a pair is written {lo, hi}", s)
		}
		p := operand{kind: opPair, text: s, pair: make([]operand, 2)}
		for i, h := range []string{lo, hi} {
			x, err := parseOperand(h)
			if err != nil {
				return operand{}, err
			}
			if x.kind != opReg && x.kind != opInt {
				return operand{}, fmt.Errorf("operand %q: each half of a pair is a 64-bit register or an integer", s)
			}
			p.pair[i] = x
		}
		return p, nil
	case s[0] == '%':
		if len(s) < 2 || !isIdent(s[1:]) {
			return operand{}, fmt.Errorf("operand %q is not a register name", s)
		}
		return operand{kind: opReg, text: s}, nil
	case s[0] == '-' || (s[0] >= '0' && s[0] <= '9') || s[0] == '.':
		if v, ok := parseIntLit(s); ok {
			return operand{kind: opInt, text: s, ival: v}, nil
		}
		if f, ok := parseFloatLit(&operand{kind: opFloat, text: s}); ok {
			return *f, nil
		}
		return operand{}, fmt.Errorf("operand %q is not a PTX immediate", s)
	case isIdent(s) && (s[0] != '_' && s[0] != '$' || len(s) > 1):
		return operand{kind: opSym, text: s}, nil
	}
	return operand{}, fmt.Errorf("operand %q is not a register, an immediate or a symbol", s)
}

// isIdent reports whether s is made of the characters of PTX identifiers
// and does not begin with a digit.
func isIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '$':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return s != ""
}

// parseIntLit reads a PTX integer literal: an optional minus sign, then
// decimal, 0x hexadecimal, 0b binary or 0-prefixed octal digits, then an
// optional U.
func parseIntLit(s string) (*big.Int, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	s = strings.TrimSuffix(strings.TrimSuffix(s, "U"), "u")
	base := 10
	switch {
	case len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base, s = 16, s[2:]
	case len(s) > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'):
		base, s = 2, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, s = 8, s[1:]
	}
	if s == "" || s[0] == '+' || s[0] == '-' {
		return nil, false
	}
	v, ok := new(big.Int).SetString(s, base)
	if !ok {
		return nil, false
	}
	if neg {
		v.Neg(v)
	}
	return v, true
}

// parseFloatLit reads a PTX floating-point literal into x: 0f followed by
// 8 hex digits (a single's bits), 0d followed by 16 (a double's), or a
// decimal number with a point or an exponent, maybe negated.
func parseFloatLit(x *operand) (*operand, bool) {
	s := x.text
	neg := strings.HasPrefix(s, "-")
	body := strings.TrimPrefix(s, "-")
	if len(body) > 2 && body[0] == '0' && strings.ContainsRune("fFdD", rune(body[1])) {
		n := 8
		if body[1] == 'd' || body[1] == 'D' {
			n = 16
		}
		if len(body) != 2+n {
			return nil, false
		}
		bits, err := strconv.ParseUint(body[2:], 16, 64)
		if err != nil {
			return nil, false
		}
		if n == 8 {
			x.fval, x.hex32 = float64(math.Float32frombits(uint32(bits))), true
		} else {
			x.fval, x.hex64 = math.Float64frombits(bits), true
		}
		if neg {
			x.fval = -x.fval
		}
		return x, true
	}
	for _, c := range body {
		if !strings.ContainsRune("0123456789.eE+-", c) {
			return nil, false
		}
	}
	if !strings.ContainsAny(body, ".eE") {
		return nil, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, false
	}
	x.fval = v
	return x, true
}

// fits reports whether v is a value of a bits-wide integer, signed or
// unsigned.
func fits(v *big.Int, bits int) bool {
	lo := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(bits-1)))
	hi := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	return v.Cmp(lo) >= 0 && v.Cmp(hi) < 0
}

// wrap is v reduced to a bits-wide integer, read as signed or unsigned.
func wrap(v *big.Int, bits int, signed bool) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	r := new(big.Int).Mod(v, m)
	if signed && r.Bit(bits-1) == 1 {
		r.Sub(r, m)
	}
	return r
}

// intLit is v as a PTX integer literal.
func intLit(v *big.Int) ast.Expr {
	if v.Sign() < 0 {
		return &ast.Unary{Op: "-", X: &ast.Lit{Kind: ast.Int, Value: new(big.Int).Neg(v).String()}}
	}
	return &ast.Lit{Kind: ast.Int, Value: v.String()}
}

// doubleLit is v as a PTX double literal, 0d and its bits.
func doubleLit(v float64) ast.Expr {
	return &ast.Lit{Kind: ast.Float, Value: fmt.Sprintf("0d%016X", math.Float64bits(v))}
}

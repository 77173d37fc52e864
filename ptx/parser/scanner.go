package parser

import "strings"

// The scanner works on the source as a string, so that token texts are
// substrings of it and cost no allocation. The current token is its kind
// and offsets; its text is sliced from the source only when needed.

type tokKind uint8

const (
	tEOF    tokKind = iota
	tWord           // ld.param.u32, %r1, %tid.x, $L__BB0_1, _
	tDir            // .reg, .b32, .shared::cta
	tInt            // 12, 0x1F
	tFloat          // 1.5, 0f3F800000
	tString         // "text"
	tPunct          // ; , : { } [ ] ( ) < > @ ! + - * / % | & ^ ~ = and << >> <= >= == != && ||
	tBad            // a character that starts no token
)

// Character classes.
const (
	cIdent = 1 << iota // may continue an identifier
	cStart             // may start an identifier
	cDigit
	cHex
	cSpace
)

var class [256]uint8

func init() {
	for c := 0; c < 256; c++ {
		var k uint8
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '$':
			k = cIdent | cStart
		case c >= '0' && c <= '9':
			k = cIdent | cDigit | cHex
		}
		if c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' {
			k |= cHex
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' {
			k |= cSpace
		}
		class[c] = k
	}
}

// A comment is held as offsets until it joins the tree: the scanner
// stores no pointers, which would cost write barriers while the garbage
// collector runs.
type comment struct {
	off, end int
	line     int // of its start
}

// scan reads the next token into p.tok, p.off and p.end.
func (p *parser) scan() {
	src := p.src
	i := p.rd
	for {
		for uint(i) < uint(len(src)) && class[src[i]]&cSpace != 0 { // uint: no bounds check
			if src[i] == '\n' {
				p.line++
				if !p.noLines {
					p.lines = append(p.lines, i+1)
				}
			}
			i++
		}
		if i+1 < len(src) && src[i] == '/' {
			if src[i+1] == '/' {
				j := len(src)
				if k := strings.IndexByte(src[i+2:], '\n'); k >= 0 {
					j = i + 2 + k
				}
				e := j
				for e > i && (src[e-1] == ' ' || src[e-1] == '\t' || src[e-1] == '\r') {
					e--
				}
				p.comments = append(p.comments, comment{off: i, end: e, line: p.line})
				i = j
				continue
			}
			if src[i+1] == '*' {
				start, line := i, p.line
				j := i + 2
				for {
					if j+1 >= len(src) {
						p.errorAt(i, "comment not terminated")
						j = len(src)
						break
					}
					if src[j] == '*' && src[j+1] == '/' {
						j += 2
						break
					}
					if src[j] == '\n' {
						p.line++
						if !p.noLines {
							p.lines = append(p.lines, j+1)
						}
					}
					j++
				}
				p.comments = append(p.comments, comment{off: start, end: j, line: line})
				i = j
				continue
			}
		}
		break
	}
	p.off = i
	p.tokLine = p.line
	if uint(i) >= uint(len(src)) {
		p.tok, p.end = tEOF, i
		p.rd = i
		return
	}
	if j := p.wordEnd(i); j >= 0 {
		p.tok, p.end, p.rd = tWord, j, j
		return
	}
	c := src[i]
	j := i + 1
	switch {
	case c == '.' && j < len(src) && class[src[j]]&cStart != 0:
		p.tok = tDir
		for j < len(src) && class[src[j]]&cIdent != 0 {
			j++
		}
		j = p.scanColons(j)
	case class[c]&cDigit != 0:
		p.tok = tInt
		if c == '0' && j < len(src) && (src[j] == 'f' || src[j] == 'F' || src[j] == 'd' || src[j] == 'D') && j+1 < len(src) && class[src[j+1]]&cHex != 0 {
			p.tok = tFloat
			j++
			for j < len(src) && class[src[j]]&cHex != 0 {
				j++
			}
			break
		}
		if c == '0' && j < len(src) && (src[j] == 'x' || src[j] == 'X') {
			j++
			for j < len(src) && class[src[j]]&cHex != 0 {
				j++
			}
		} else {
			for j < len(src) && class[src[j]]&cDigit != 0 {
				j++
			}
			if j+1 < len(src) && src[j] == '.' && class[src[j+1]]&cDigit != 0 {
				p.tok = tFloat
				j++
				for j < len(src) && class[src[j]]&cDigit != 0 {
					j++
				}
			}
			if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
				k := j + 1
				if k < len(src) && (src[k] == '+' || src[k] == '-') {
					k++
				}
				if k < len(src) && class[src[k]]&cDigit != 0 {
					p.tok = tFloat
					j = k
					for j < len(src) && class[src[j]]&cDigit != 0 {
						j++
					}
				}
			}
		}
		if p.tok == tInt {
			// Binary literals (0b101) and the U suffix.
			for j < len(src) && class[src[j]]&cIdent != 0 {
				j++
			}
		}
	case c == '"':
		p.tok = tString
		for {
			if j >= len(src) || src[j] == '\n' {
				p.errorAt(i, "string literal not terminated")
				break
			}
			if src[j] == '\\' && j+1 < len(src) && src[j+1] != '\n' {
				j += 2
				continue
			}
			j++
			if src[j-1] == '"' {
				break
			}
		}
	default:
		p.tok = tPunct
		switch c {
		case ';', ',', ':', '{', '}', '[', ']', '(', ')', '@', '+', '-', '*', '/', '%', '^', '~':
		case '<', '>':
			if j < len(src) && (src[j] == c || src[j] == '=') {
				j++
			}
		case '!', '=':
			if j < len(src) && src[j] == '=' {
				j++
			}
		case '&', '|':
			if j < len(src) && src[j] == c {
				j++
			}
		default:
			p.tok = tBad
		}
	}
	p.end = j
	p.rd = j
}

// lit returns the text of the current token.
func (p *parser) lit() string { return p.src[p.off:p.end] }

// scanColons continues a directive over "::name" parts (.shared::cta).
func (p *parser) scanColons(j int) int {
	src := p.src
	for j+2 < len(src) && src[j] == ':' && src[j+1] == ':' && class[src[j+2]]&cIdent != 0 {
		j += 3
		for j < len(src) && class[src[j]]&cIdent != 0 {
			j++
		}
	}
	return j
}

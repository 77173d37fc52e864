package pp

import (
	"bytes"
	"go/token"
	"strconv"
	"strings"
)

// Kind classifies a preprocessing token (C11 6.4).
type Kind uint8

// The kinds of tokens.
const (
	EOF    Kind = iota // end of the input; Pos is the end of the main file
	Ident              // identifier or keyword
	Number             // preprocessing number
	Char               // character literal, with its prefix (L'x')
	String             // string literal, with its prefix (u8"x")
	Punct              // punctuator
	Other              // a character that is no token, or an unterminated literal
	Pragma             // #pragma pack: Text is the packing now in effect ("0": none)
)

var kindNames = [...]string{EOF: "EOF", Ident: "Ident", Number: "Number", Char: "Char", String: "String",
	Punct: "Punct", Other: "Other", Pragma: "Pragma"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// hideset is the set of macro names whose expansion produced a token (the
// classic rescanning rule): an immutable list.
type hideset struct {
	name string
	next *hideset
}

func (h *hideset) has(name string) bool {
	for ; h != nil; h = h.next {
		if h.name == name {
			return true
		}
	}
	return false
}

func (h *hideset) add(name string) *hideset {
	if h.has(name) {
		return h
	}
	return &hideset{name, h}
}

func (h *hideset) union(o *hideset) *hideset {
	for ; o != nil; o = o.next {
		h = h.add(o.name)
	}
	return h
}

func (h *hideset) intersect(o *hideset) *hideset {
	var r *hideset
	for ; h != nil; h = h.next {
		if o.has(h.name) {
			r = &hideset{h.name, r}
		}
	}
	return r
}

// Token is a preprocessing token. Text is its spelling as written (a
// macro's expansion keeps the spelling of the body's tokens); Pos is where
// it was read, or, for a token that a macro expansion produced, the
// position of the macro's invocation.
type Token struct {
	Kind  Kind
	Text  string
	Pos   token.Pos
	Space bool // white space precedes it
	BOL   bool // first token of a line (in the file it was read from)
	hide  *hideset
	// noExpand marks an identifier that named a disabled macro when it was
	// first seen: it is never expanded again (C11 6.10.3.4p2).
	noExpand bool
}

// String describes t for a diagnostic: "end of file", a literal or
// number as written, anything else quoted ('int').
func (t Token) String() string {
	switch t.Kind {
	case EOF:
		return "end of file"
	case String, Char, Number, Other:
		return t.Text
	}
	return "'" + t.Text + "'"
}

// puncts are the punctuators, longest first for maximal munch.
var puncts = []string{
	"...", "<<=", ">>=", "->*",
	"##", "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ".*",
	"#", "(", ")", "[", "]", "{", "}", ";", ":", ",", ".", "?", "~", "!", "+", "-",
	"*", "/", "%", "&", "|", "^", "<", ">", "=",
}

// punctsByFirst are the punctuators by their first byte, longest first.
var punctsByFirst = func() (t [256][]string) {
	for _, p := range puncts {
		t[p[0]] = append(t[p[0]], p)
	}
	return t
}()

// srcFile is a source file prepared for lexing: line splices removed, with
// a map back to the original offsets.
type srcFile struct {
	file    *token.File
	orig    []byte
	text    []byte
	splices []int // text offsets where a backslash-newline was removed, ascending
	removed []int // bytes removed up to and including each splice
	builtin bool
}

func newSrcFile(fset *token.FileSet, name string, src []byte, builtin bool) *srcFile {
	f := &srcFile{orig: src, builtin: builtin}
	f.file = fset.AddFile(name, -1, len(src))
	f.file.SetLinesForContent(src)
	text := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		if src[i] == '\\' {
			j := i + 1
			if j < len(src) && src[j] == '\r' {
				j++
			}
			if j < len(src) && src[j] == '\n' {
				f.splices = append(f.splices, len(text))
				f.removed = append(f.removed, j+1-len(text))
				i = j
				continue
			}
		}
		text = append(text, src[i])
	}
	f.text = text
	return f
}

// origOffset maps an offset in text to one in the original source.
func (f *srcFile) origOffset(off int) int {
	removed := 0
	for k, at := range f.splices {
		if at > off {
			break
		}
		removed = f.removed[k]
	}
	return off + removed
}

func (f *srcFile) pos(off int) token.Pos {
	if len(f.splices) == 0 || off < f.splices[0] {
		return f.file.Pos(off)
	}
	return f.file.Pos(f.origOffset(off))
}

// lex splits f into preprocessing tokens. It returns the position of an
// unterminated comment, if there is one, which ends the tokens; other
// malformed input becomes Other tokens that the parser reports if they
// survive preprocessing.
func lex(f *srcFile) (toks []Token, unterminated token.Pos) {
	s := f.text
	bol, space := true, false
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\n':
			bol, space = true, false
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			space = true
			i++
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			space = true
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := bytes.Index(s[i+2:], []byte("*/"))
			if end < 0 {
				return toks, f.pos(i)
			}
			i += end + 4
			space = true
			continue
		}
		start := i
		kind := Other
		switch {
		case isIdentStart(c):
			// String and character prefixes.
			j := i
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			id := s[i:j]
			if j < len(s) && (s[j] == '"' || s[j] == '\'') && (string(id) == "L" || string(id) == "u" || string(id) == "U" || string(id) == "u8") {
				i = j
				kind = lexQuoted(s, &i)
			} else {
				i = j
				kind = Ident
			}
		case isDigit(c) || c == '.' && i+1 < len(s) && isDigit(s[i+1]):
			i++
			for i < len(s) {
				c := s[i]
				if (c == '+' || c == '-') && strings.ContainsRune("eEpP", rune(s[i-1])) {
					i++
				} else if isIdentChar(c) || c == '.' {
					i++
				} else if c == '\'' && i+1 < len(s) && isIdentChar(s[i+1]) {
					i++
				} else {
					break
				}
			}
			kind = Number
		case c == '"' || c == '\'':
			kind = lexQuoted(s, &i)
		default:
			rest := s[i:min(i+3, len(s))]
			for _, p := range punctsByFirst[c] {
				if len(rest) >= len(p) && string(rest[:len(p)]) == p {
					i += len(p)
					kind = Punct
					break
				}
			}
			if kind != Punct {
				i++
				for i < len(s) && s[i]&0xC0 == 0x80 {
					i++
				}
			}
		}
		toks = append(toks, Token{Kind: kind, Text: string(s[start:i]), Pos: f.pos(start), Space: space, BOL: bol})
		bol, space = false, false
	}
	return toks, token.NoPos
}

// lexQuoted scans a string or character literal starting at the quote
// s[*i]; an unterminated one ends at the end of the line and is Other.
func lexQuoted(s []byte, i *int) Kind {
	q := s[*i]
	j := *i + 1
	for j < len(s) && s[j] != q && s[j] != '\n' {
		if s[j] == '\\' && j+1 < len(s) && s[j+1] != '\n' {
			j++
		}
		j++
	}
	if j >= len(s) || s[j] != q {
		*i = j
		return Other
	}
	*i = j + 1
	if q == '"' {
		return String
	}
	return Char
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

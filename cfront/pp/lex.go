package pp

import (
	"bytes"
	"go/token"
	"strconv"
	"strings"
	"unsafe"
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
	// #pragma unroll [COUNT] is a PragmaUnroll token, the tokens of
	// COUNT (macros expanded), and a PragmaEnd token.
	PragmaUnroll
	PragmaEnd
)

var kindNames = [...]string{EOF: "EOF", Ident: "Ident", Number: "Number", Char: "Char", String: "String",
	Punct: "Punct", Other: "Other", Pragma: "Pragma", PragmaUnroll: "PragmaUnroll", PragmaEnd: "PragmaEnd"}

// String returns the name of k ("Ident").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// hideset is the set of macro names whose expansion produced a token (the
// classic rescanning rule): an immutable list, kept in its preprocessor's
// table (a number, so that a Token holds no pointer for it). 0 is the
// empty set; h > 0 is the list at hides[h-1].
type hideset uint32

// hideNode is one element of a hide set list.
type hideNode struct {
	name string
	next hideset
}

func (p *Preprocessor) hideHas(h hideset, name string) bool {
	for h != 0 {
		n := &p.hides[h-1]
		if n.name == name {
			return true
		}
		h = n.next
	}
	return false
}

func (p *Preprocessor) hideCons(name string, h hideset) hideset {
	p.hides = append(p.hides, hideNode{name, h})
	return hideset(len(p.hides))
}

func (p *Preprocessor) hideAdd(h hideset, name string) hideset {
	if p.hideHas(h, name) {
		return h
	}
	return p.hideCons(name, h)
}

// hideAddMacro is hideAdd(h, m.name), with m's own set {m.name} made
// once.
func (p *Preprocessor) hideAddMacro(h hideset, m *macro) hideset {
	if h != 0 {
		return p.hideAdd(h, m.name)
	}
	if m.self == 0 {
		m.self = p.hideCons(m.name, 0)
	}
	return m.self
}

func (p *Preprocessor) hideUnion(h, o hideset) hideset {
	for o != 0 {
		n := p.hides[o-1]
		h = p.hideAdd(h, n.name)
		o = n.next
	}
	return h
}

func (p *Preprocessor) hideIntersect(h, o hideset) hideset {
	var r hideset
	for h != 0 {
		n := p.hides[h-1]
		if p.hideHas(o, n.name) {
			r = p.hideCons(n.name, r)
		}
		h = n.next
	}
	return r
}

// Token is a preprocessing token. Text is its spelling as written (a
// macro's expansion keeps the spelling of the body's tokens); Pos is where
// it was read, or, for a token of a macro's body, the position of the
// macro's invocation.
type Token struct {
	Text  string
	Pos   token.Pos
	hide  hideset
	Kind  Kind
	Space bool // white space precedes it
	BOL   bool // first token of a line (in the file it was read from)
	// noExpand marks an identifier that named a disabled macro when it was
	// first seen: it is never expanded again (C11 6.10.3.4p2).
	noExpand bool
}

// set copies *u to *t field by field. Where u's fields were just
// stored one by one, copying u whole would stall the processor: its wide
// loads cannot take the narrow stores (store forwarding fails).
func (t *Token) set(u *Token) {
	t.Text, t.Pos, t.hide = u.Text, u.Pos, u.hide
	t.Kind, t.Space, t.BOL, t.noExpand = u.Kind, u.Space, u.BOL, u.noExpand
}

// FromMacro reports whether t is the product of a macro expansion (its
// hide set is not empty), rather than a token as its file spells it.
func (t Token) FromMacro() bool { return t.hide != 0 }

// String describes t for a diagnostic: "end of file", a literal or
// number as written, anything else quoted ('int').
func (t Token) String() string {
	switch t.Kind {
	case EOF:
		return "end of file"
	case PragmaUnroll:
		return "#pragma unroll"
	case PragmaEnd:
		return "the end of the #pragma"
	case String, Char, Number, Other:
		return t.Text
	}
	return "'" + t.Text + "'"
}

// Tok is a Token as Preprocessor.Tokens returns it: without pointers, its
// spelling at Off in the Text of its Tokens.
type Tok struct {
	Pos      token.Pos
	Off, Len uint32
	Kind     Kind
	Space    bool // white space precedes it
	BOL      bool // first token of a line (in the file it was read from)
	Macro    bool // the product of a macro expansion (Token.FromMacro)
}

// Tokens are the tokens of a translation unit after preprocessing.
type Tokens struct {
	List []Tok  // the last one EOF
	Text string // the spellings of the tokens (Tok.Spelling) that are not a built-in header's
}

// inBuiltin marks the Off of a Tok whose spelling lies in the text of
// the built-in headers (at Off less the mark), which Tokens does not
// copy, rather than in the Text of its Tokens.
const inBuiltin = 1 << 31

// Spelling returns the text of t, one of ts.List.
func (ts *Tokens) Spelling(t *Tok) string { return t.Spelling(ts.Text) }

// Spelling returns the text of t, given the Text of its Tokens.
func (t *Tok) Spelling(text string) string {
	if t.Off&inBuiltin != 0 {
		o := t.Off &^ inBuiltin
		return builtinText[o : o+t.Len]
	}
	return text[t.Off : t.Off+t.Len]
}

// Token returns ts.List[i] as a Token (FromMacro where it is Macro).
func (ts *Tokens) Token(i int) Token {
	t := &ts.List[i]
	var h hideset
	if t.Macro {
		h = fromMacro
	}
	return Token{Text: ts.Spelling(t), Pos: t.Pos, hide: h, Kind: t.Kind, Space: t.Space, BOL: t.BOL}
}

// fromMacro is the hide set of a Token made from a Tok of a macro's
// expansion: it names no list (Tokens.Token's tokens are never
// preprocessed again), it only makes FromMacro true.
const fromMacro = ^hideset(0)

// srcFile is a source file prepared for lexing: line splices removed, with
// a map back to the original offsets.
type srcFile struct {
	file    *token.File
	orig    []byte // nil for a header of lexedHeaders (readOrig reads it)
	size    int    // len(orig)
	text    string // orig without its line splices: the tokens' Text are slices of it
	splices []int  // text offsets where a backslash-newline was removed, ascending
	removed []int  // bytes removed up to and including each splice
	builtin bool
	lexed   *lexedHeader // the header of lexedHeaders f is, whose text lies in builtinText
}

// readOrig returns the text of f as read, reading a header of
// lexedHeaders (for a #line directive in it).
func (f *srcFile) readOrig() []byte {
	if f.orig == nil && f.lexed != nil {
		f.orig, _ = readBuiltin(f.lexed.name[len(BuiltinPrefix):])
	}
	return f.orig
}

// textOffset returns the offset in f.text of the byte at offset o of
// the file as read (f.orig), which no line splice removed. k is a
// cursor among the splices, for o ascending from call to call (it
// starts again from the first splice when o goes back).
func (f *srcFile) textOffset(o int, k *int) int {
	i := *k
	if i > 0 && f.splices[i-1]+f.removed[i-1] > o {
		i = 0
	}
	for i < len(f.splices) && f.splices[i]+f.removed[i] <= o {
		i++
	}
	*k = i
	if i == 0 {
		return o
	}
	return o - f.removed[i-1]
}

func newSrcFile(fset *token.FileSet, name string, src []byte, builtin bool) *srcFile {
	f := &srcFile{orig: src, size: len(src), builtin: builtin}
	f.file = fset.AddFile(name, -1, len(src))
	setLines(f.file, src)
	i := bytes.IndexByte(src, '\\')
	if i < 0 {
		f.text = string(src)
		return f
	}
	text := make([]byte, 0, len(src))
	for i >= 0 {
		// src[:i] has no backslash; src[i] is one.
		text = append(text, src[:i]...)
		j := i + 1
		if j < len(src) && src[j] == '\r' {
			j++
		}
		if j < len(src) && src[j] == '\n' {
			f.splices = append(f.splices, len(text))
			f.removed = append(f.removed, len(f.orig)-len(src)+j+1-len(text))
			src = src[j+1:]
		} else {
			text = append(text, '\\')
			src = src[i+1:]
		}
		i = bytes.IndexByte(src, '\\')
	}
	text = append(text, src...)
	if len(text) > 0 {
		f.text = unsafe.String(&text[0], len(text)) // text is ours and never written again
	}
	return f
}

// setLines records in file the line starts of its content src, as
// token.File.SetLinesForContent does, faster: the newlines are counted
// first, for one allocation, and found with bytes.IndexByte.
func setLines(file *token.File, src []byte) {
	if len(src) == 0 {
		file.SetLines(nil)
		return
	}
	lines := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for off := 0; ; {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
		if off == len(src) {
			break
		}
		lines = append(lines, off)
	}
	file.SetLines(lines)
}

// lexer splits a file into preprocessing tokens on demand. Its tokens'
// Text are slices of the file's text: lexing allocates nothing.
type lexer struct {
	f     *srcFile
	s     string
	i     int
	base  int
	bol   bool
	space bool
	// sp is the next splice after the current token, removed the bytes
	// removed before it: positions follow the tokens forward.
	sp, removed int
	// unterminated is the position of an unterminated comment, which
	// ends the tokens.
	unterminated token.Pos
}

func newLexer(f *srcFile) lexer {
	return lexer{f: f, s: f.text, base: f.file.Base(), bol: true}
}

func (l *lexer) pos(off int) token.Pos {
	for l.sp < len(l.f.splices) && l.f.splices[l.sp] <= off {
		l.removed = l.f.removed[l.sp]
		l.sp++
	}
	return token.Pos(l.base + off + l.removed)
}

// next returns the next token, or one of Kind EOF at the end.
func (l *lexer) next() (t Token) {
	l.nextTo(&t)
	return t
}

// nextTo stores the next token in *t (as next returns it), field by
// field: a Token has too many fields to live in registers, and building
// one apart to copy it whole stalls the processor, whose wide loads
// cannot take the narrow stores just made (store forwarding fails).
func (l *lexer) nextTo(t *Token) {
	s := l.s
	i := l.i
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\n':
			l.bol, l.space = true, false
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.space = true
			i++
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			if end := strings.IndexByte(s[i:], '\n'); end >= 0 {
				i += end
			} else {
				i = len(s)
			}
			l.space = true
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				l.unterminated = l.pos(i)
				i = len(s)
				continue
			}
			i += end + 4
			l.space = true
			continue
		}
		start := i
		kind := Other
		switch {
		case isIdentStart(c):
			// String and character prefixes.
			j := i + 1
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			if j < len(s) && (s[j] == '"' || s[j] == '\'') && j-i <= 2 {
				if id := s[i:j]; id == "L" || id == "u" || id == "U" || id == "u8" {
					i = j
					kind = lexQuoted(s, &i)
					break
				}
			}
			i = j
			kind = Ident
		case isDigit(c) || c == '.' && i+1 < len(s) && isDigit(s[i+1]):
			i++
			for i < len(s) {
				c := s[i]
				if (c == '+' || c == '-') && (s[i-1]|0x20 == 'e' || s[i-1]|0x20 == 'p') {
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
			if n := punctLen(s[i:]); n > 0 {
				i += n
				kind = Punct
			} else {
				i++
				for i < len(s) && s[i]&0xC0 == 0x80 {
					i++
				}
			}
		}
		l.i = i
		t.Text, t.Pos, t.hide = s[start:i], l.pos(start), 0
		t.Kind, t.Space, t.BOL, t.noExpand = kind, l.space, l.bol, false
		l.bol, l.space = false, false
		return
	}
	l.i = i
	t.Text, t.Pos, t.hide = "", token.Pos(l.base+l.f.size), 0
	t.Kind, t.Space, t.BOL, t.noExpand = EOF, false, true, false
}

// lexOne reports the kind of the one preprocessing token that text
// (without line splices) spells, or false when it spells none or more
// than one (the ## operator's check).
func lexOne(text string) (Kind, bool) {
	l := lexer{f: &srcFile{}, s: text, base: 1, bol: true}
	t := l.next()
	if t.Kind == EOF || l.next().Kind != EOF || l.unterminated.IsValid() {
		return 0, false
	}
	return t.Kind, true
}

// lex splits f into preprocessing tokens (without the EOF). It returns
// the position of an unterminated comment, if there is one, which ends
// the tokens; other malformed input becomes Other tokens that the parser
// reports if they survive preprocessing.
func lex(f *srcFile) (toks []Token, unterminated token.Pos) {
	l := newLexer(f)
	for {
		t := l.next()
		if t.Kind == EOF {
			return toks, l.unterminated
		}
		toks = append(toks, t)
	}
}

// punctLen returns the length of the punctuator that s (not empty)
// starts with, the longest one (maximal munch), or 0. The punctuators
// are those of C11 6.4.6 and C++'s :: .* ->* (digraphs are not read).
func punctLen(s string) int {
	at := func(i int) byte {
		if i < len(s) {
			return s[i]
		}
		return 0
	}
	c, d := s[0], at(1)
	switch c {
	case '(', ')', '[', ']', '{', '}', ';', ',', '?', '~':
		return 1
	case '.':
		if d == '.' && at(2) == '.' {
			return 3
		}
		if d == '*' {
			return 2
		}
		return 1
	case '#':
		if d == '#' {
			return 2
		}
		return 1
	case ':':
		if d == ':' {
			return 2
		}
		return 1
	case '-':
		if d == '>' {
			if at(2) == '*' {
				return 3
			}
			return 2
		}
		if d == '-' || d == '=' {
			return 2
		}
		return 1
	case '+', '&', '|':
		if d == c || d == '=' {
			return 2
		}
		return 1
	case '<', '>':
		if d == c {
			if at(2) == '=' {
				return 3
			}
			return 2
		}
		if d == '=' {
			return 2
		}
		return 1
	case '*', '/', '%', '^', '=', '!':
		if d == '=' {
			return 2
		}
		return 1
	}
	return 0
}

// lexQuoted scans a string or character literal starting at the quote
// s[*i]; an unterminated one ends at the end of the line and is Other.
func lexQuoted(s string, i *int) Kind {
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

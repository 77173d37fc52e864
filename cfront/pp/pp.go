package pp

import (
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// macro is a #define.
type macro struct {
	name     string
	funcLike bool
	params   []string
	variadic bool // the last param is __VA_ARGS__ (or a GNU named variadic)
	body     []Token
	builtin  func(t *Token) Token // __FILE__, __LINE__
	// self is the hide set {name} in its preprocessor's table, made on
	// the first expansion of a token that had none (0 until then): the
	// common case shares one list.
	self hideset
}

// cond is an open #if group.
type cond struct {
	pos    token.Pos
	taken  bool // some branch of the group was taken
	inElse bool
}

// ppFile is a file being read.
type ppFile struct {
	src  *srcFile
	name string // the path it was opened by
	dir  string
	// cur is the current token; the next ones come from lex, or, for a
	// built-in header, from cached (positions relative to base) at i.
	cur    Token
	lex    lexer
	cached []Token
	base   token.Pos
	i      int
	// splice is where Tokens's look-up of cached tokens in the text is
	// among the file's line splices (srcFile.textOffset).
	splice int
	// unterminated is set once an unterminated comment was reported.
	unterminated bool
	conds        []cond
}

// advance moves to the file's next token.
func (f *ppFile) advance() {
	if f.cached == nil {
		f.lex.nextTo(&f.cur)
		return
	}
	if f.i < len(f.cached) {
		t := f.cached[f.i]
		t.Pos += f.base
		f.cur = t
		f.i++
		return
	}
	f.cur = Token{Kind: EOF, Pos: f.base + token.Pos(f.src.size), BOL: true}
}

// maxIncludeDepth and maxExpansion bound recursion and macro blow-up;
// maxNesting bounds nested macro invocations and #if expressions.
const (
	maxIncludeDepth = 200
	maxExpansion    = 4 << 20
	maxNesting      = 500
)

// stop is the panic value that ends preprocessing at a fatal error; the
// exported methods recover it.
type stop struct{}

// Config configures a Preprocessor.
type Config struct {
	// IncludeDirs are searched, in order, for #include files (-I).
	IncludeDirs []string
	// SystemIncludeDirs are searched, after the built-in headers and
	// IncludeDirs, for an #include <file> that neither has: where the
	// host's C++ compiler and an installed CUDA toolkit keep their headers
	// (HostIncludeDirs finds them), as nvcc does. Each header read from
	// them is named in a warning and listed by HostHeaders: results then
	// depend on the host. They are not searched when FS is set.
	SystemIncludeDirs []string
	// FS, when set, is where #include files are read from instead of the
	// operating system.
	FS fs.FS
	// Error receives each error. When it is nil, errors are collected
	// and returned by Err.
	Error func(pos token.Pos, msg string)
	// Warn, when set, receives warnings (#warning, a header read from the
	// host).
	Warn func(pos token.Pos, msg string)
}

// Preprocessor is the C preprocessor of one translation unit (C11 6.10,
// with the GNU and C++20 extensions that CUDA headers use: , ##
// __VA_ARGS__, __VA_OPT__, #include_next, __has_include, #pragma once,
// _Pragma). Files are pushed onto it (Push, PushBuiltin) and read, the
// last pushed first, as Next returns their tokens after macro expansion
// and directives. A Preprocessor is not safe for concurrent use; many may
// run at the same time.
type Preprocessor struct {
	cfg      Config
	fset     *token.FileSet
	errs     scanner.ErrorList
	macros   map[string]*macro
	files    []*ppFile
	pending  []Token // pushed-back tokens, top at the end
	once     map[string]bool
	expanded int
	depth    int     // nesting of macro expansions
	packs    []int64 // #pragma pack(push) stack
	pack     int64
	stopped  bool
	// fromHost is set by find for a header read from
	// Config.SystemIncludeDirs; hostRead are those already reported.
	fromHost bool
	hostRead map[string]bool
	hostList []string
	includes []Include
	lineBuf  []Token // the directive line being run
	// ifToks and ifExp are the tokens of an #if expression and their
	// expansion (evalIf).
	ifToks, ifExp []Token
	hides         []hideNode
	// substFree is a buffer for subst; listFree are listSources for
	// expandList: both are used again.
	substFree []Token
	listFree  []*listSource
	// maybe has the bit of macroBit(name) set for every name ever
	// defined: most identifiers are no macro, and this tells so without
	// a map look-up.
	maybe [1 << 12 / 64]uint64
}

// macroBit hashes a macro name to a bit of Preprocessor.maybe (name is
// not empty).
func macroBit(name string) uint {
	return (uint(len(name))*31 + uint(name[0])*7 + uint(name[len(name)-1])) & (1<<12 - 1)
}

func (p *Preprocessor) setMacro(m *macro) {
	p.macros[m.name] = m
	b := macroBit(m.name)
	p.maybe[b/64] |= 1 << (b % 64)
}

// mayBeMacro reports whether name may be a macro: false means it is not.
func (p *Preprocessor) mayBeMacro(name string) bool {
	b := macroBit(name)
	return p.maybe[b/64]&(1<<(b%64)) != 0
}

// New returns a preprocessor that records the files it reads in fset.
// __FILE__ and __LINE__ are its only macros: add nvcc's with Predefined
// and Define, and -D/-U options with Apply.
func New(cfg *Config, fset *token.FileSet) *Preprocessor {
	p := &Preprocessor{fset: fset, macros: map[string]*macro{}, once: map[string]bool{}}
	if cfg != nil {
		p.cfg = *cfg
	}
	p.setMacro(&macro{name: "__FILE__", builtin: func(t *Token) Token {
		return Token{Kind: String, Text: strconv.Quote(p.fset.Position(t.Pos).Filename), Pos: t.Pos}
	}})
	p.setMacro(&macro{name: "__LINE__", builtin: func(t *Token) Token {
		return Token{Kind: Number, Text: strconv.Itoa(p.fset.Position(t.Pos).Line), Pos: t.Pos}
	}})
	return p
}

func (p *Preprocessor) errorf(pos token.Pos, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if p.cfg.Error != nil {
		p.cfg.Error(pos, msg)
		return
	}
	p.errs.Add(p.fset.Position(pos), msg)
}

func (p *Preprocessor) warnf(pos token.Pos, format string, args ...any) {
	if p.cfg.Warn != nil {
		p.cfg.Warn(pos, fmt.Sprintf(format, args...))
	}
}

// Err returns the errors found so far, sorted by position, as a
// scanner.ErrorList, when Config.Error is nil; nil when there are none.
func (p *Preprocessor) Err() error {
	if len(p.errs) == 0 {
		return nil
	}
	l := append(scanner.ErrorList(nil), p.errs...)
	l.Sort()
	return l
}

// Stopped reports whether preprocessing ended early at a fatal error (a
// limit on macro expansion or nesting): Next then returns EOF.
func (p *Preprocessor) Stopped() bool { return p.stopped }

// HostHeaders returns the files read from Config.SystemIncludeDirs so
// far, in the order they were first read.
func (p *Preprocessor) HostHeaders() []string { return append([]string(nil), p.hostList...) }

// An Include is a file that an #include read.
type Include struct {
	// Name is the file's name as the token.FileSet records it: the path
	// it was found at, or BuiltinPrefix and the name for a built-in header.
	Name string
	// Pos is the header name in the #include directive.
	Pos token.Pos
	// Builtin is set for a built-in header, Host for a header read from
	// Config.SystemIncludeDirs.
	Builtin, Host bool
}

// Includes returns the files that #include directives have read so far,
// in the order they were read (a file once for each time it was read:
// not again after #pragma once).
func (p *Preprocessor) Includes() []Include { return append([]Include(nil), p.includes...) }

// Define defines the object-like macro name with body, as -D name=body
// does ("" defines it as empty).
func (p *Preprocessor) Define(name, body string) {
	f := newSrcFile(p.fset, CommandLine, []byte(body), true)
	toks, _ := lex(f)
	for i := range toks {
		toks[i].BOL = false
	}
	if len(toks) > 0 {
		toks[0].Space = false
	}
	p.setMacro(&macro{name: name, body: toks})
}

// DefineAll defines each of ms as Define does (their Undef is ignored),
// lexing their bodies as one text: a unit's hundred predefined macros
// then cost one file of the FileSet, not one each. Each body's tokens
// are positioned as Define positions them, at <command-line>:1:1 on.
func (p *Preprocessor) DefineAll(ms []Macro) {
	var b strings.Builder
	for _, m := range ms {
		if strings.ContainsAny(m.Body, "\n\r\\") {
			for _, m := range ms { // a body of more than one line
				p.Define(m.Name, m.Body)
			}
			return
		}
		b.WriteString(m.Body)
		b.WriteByte('\n')
	}
	text := b.String()
	f := newSrcFile(p.fset, CommandLine, unsafe.Slice(unsafe.StringData(text), len(text)), true)
	toks, _ := lex(f)
	base := f.file.Base()
	off, k := 0, 0
	for _, m := range ms {
		f.file.AddLineColumnInfo(off, CommandLine, 1, 1)
		end := off + len(m.Body)
		i := k
		for k < len(toks) && int(toks[k].Pos)-base < end {
			toks[k].BOL = false
			k++
		}
		body := toks[i:k:k]
		if len(body) > 0 {
			body[0].Space = false
		} else {
			body = nil
		}
		p.setMacro(&macro{name: m.Name, body: body})
		off = end + 1
	}
}

// IsDefined reports whether name is a macro.
func (p *Preprocessor) IsDefined(name string) bool { return p.macros[name] != nil }

// Push starts reading the file called name whose text is src: its tokens
// come next, before the rest of the files pushed earlier.
func (p *Preprocessor) Push(name string, src []byte) {
	p.pushFile(newSrcFile(p.fset, name, src, false), name)
}

// PushBuiltin starts reading the built-in header name (as Push does), for
// example "cuda_runtime.h", which nvcc includes before the source.
func (p *Preprocessor) PushBuiltin(name string) error {
	f, err := builtinFile(p.fset, BuiltinPrefix+name)
	if err != nil {
		return err
	}
	p.pushFile(f, BuiltinPrefix+name)
	return nil
}

// Next returns the next token after macro expansion, running the
// directives it meets; at the end of the files, and after a fatal error,
// it returns EOF.
func (p *Preprocessor) Next() (t Token) {
	if p.stopped {
		return p.eof()
	}
	defer func() {
		p.recoverStop()
		if p.stopped {
			t = p.eof()
		}
	}()
	return p.next(p)
}

// recoverStop ends preprocessing at a fatal error.
func (p *Preprocessor) recoverStop() {
	if r := recover(); r != nil {
		if _, ok := r.(stop); !ok {
			panic(r)
		}
		p.stopped = true
	}
}

// All returns the rest of the tokens, the last one EOF, as Tokens reads
// them.
func (p *Preprocessor) All() []Token {
	ts := p.Tokens()
	out := make([]Token, len(ts.List))
	for i := range ts.List {
		out[i] = ts.Token(i)
	}
	return out
}

// Tokens returns the rest of the tokens, the last one EOF, stored without
// pointers (Tok): a front end keeps them while it parses, and the
// garbage collector need not scan them.
func (p *Preprocessor) Tokens() Tokens {
	out := make([]Tok, 0, p.sizeHint())
	text := spellings{b: make([]byte, 0, p.textHint())}
	func() {
		defer p.recoverStop()
		for !p.stopped {
			// The common case first: tokens of the file being read
			// that start no directive and name no macro. The lexer
			// stores them in lexed, whose text is the file's at an
			// offset known from the lexer; the first other one
			// becomes the file's current token, for p.next.
			if len(p.pending) == 0 && len(p.files) > 0 {
				f := p.files[len(p.files)-1]
				if !p.plain(&f.cur) {
					goto slow
				}
				out = appendTok(out, text.tok(p, &f.cur))
				if f.cached != nil {
					// A built-in header's tokens, lexed before: their
					// spellings are located in its text by position.
					base := text.file(p, f.src)
					for ; f.i < len(f.cached); f.i++ {
						c := &f.cached[f.i]
						if !p.plain(c) {
							break
						}
						if len(out) == cap(out) {
							out = slices.Grow(out, len(out)+16)
						}
						out = out[:len(out)+1]
						t := &out[len(out)-1]
						t.Pos, t.Off, t.Len = f.base+c.Pos, base+uint32(f.src.textOffset(int(c.Pos), &f.splice)), uint32(len(c.Text))
						t.Kind, t.Space, t.BOL, t.Macro = c.Kind, c.Space, c.BOL, false
					}
					f.advance()
					continue
				}
				base := text.file(p, f.src)
				var lexed Token
				for {
					f.lex.nextTo(&lexed)
					if !p.plain(&lexed) {
						f.cur.set(&lexed)
						break
					}
					if len(out) == cap(out) {
						out = slices.Grow(out, len(out)+16)
					}
					out = out[:len(out)+1]
					t := &out[len(out)-1]
					t.Pos, t.Off, t.Len = lexed.Pos, base+uint32(f.lex.i-len(lexed.Text)), uint32(len(lexed.Text))
					t.Kind, t.Space, t.BOL, t.Macro = lexed.Kind, lexed.Space, lexed.BOL, false
				}
				continue
			}
		slow:
			t := p.next(p)
			if t.Kind == EOF {
				break
			}
			out = appendTok(out, text.tok(p, &t))
		}
	}()
	eof := p.eof()
	out = appendTok(out, text.tok(p, &eof))
	return Tokens{List: out, Text: text.string()}
}

// appendTok appends t to out, doubling out's capacity when it is full:
// the first guess (sizeHint) counts only the files being read when
// Tokens starts, and a small unit's #includes bring in many times more
// (append's growth by a quarter would copy the tokens over and over).
func appendTok(out []Tok, t Tok) []Tok {
	if len(out) == cap(out) {
		out = slices.Grow(out, len(out)+16)
	}
	return append(out, t)
}

// spellings builds the Text of Tokens: the text of each file that tokens
// are read from by the lexer (whose tokens are then located by offset),
// and the spelling of each other token.
type spellings struct {
	b []byte
	// files are the offsets in b of the files' texts; last and lastOff
	// the file asked for last.
	files   map[*srcFile]uint32
	last    *srcFile
	lastOff uint32
}

// add appends s and returns its offset, stopping the preprocessor when
// the text would outgrow a Tok's offsets.
func (x *spellings) add(p *Preprocessor, pos token.Pos, s string) uint32 {
	off := len(x.b)
	if uint64(off)+uint64(len(s)) > inBuiltin {
		p.errorf(pos, "translation unit too large: more than 2 GiB of tokens")
		panic(stop{})
	}
	if len(x.b)+len(s) > cap(x.b) {
		x.b = slices.Grow(x.b, max(len(s), len(x.b))) // double, as appendTok does
	}
	x.b = append(x.b, s...)
	return uint32(off)
}

// file returns the offset of f's text, adding it the first time; a
// header of lexedHeaders is not added, its text lies in builtinText.
func (x *spellings) file(p *Preprocessor, f *srcFile) uint32 {
	if f == x.last {
		return x.lastOff
	}
	if f.lexed != nil {
		x.last, x.lastOff = f, inBuiltin|uint32(f.lexed.start)
		return x.lastOff
	}
	off, ok := x.files[f]
	if !ok {
		if x.files == nil {
			x.files = map[*srcFile]uint32{}
		}
		off = x.add(p, f.file.Pos(0), f.text)
		x.files[f] = off
	}
	x.last, x.lastOff = f, off
	return off
}

// tok returns t as a Tok, its spelling added to x unless it lies in the
// text of the file last added (a token of the file, or of a macro
// defined there), as most do.
func (x *spellings) tok(p *Preprocessor, t *Token) Tok {
	var off uint32
	if i, ok := sliceOffset(t.Text, x.last); ok {
		off = x.lastOff + uint32(i)
	} else if i, ok := inBuiltinText(t.Text); ok {
		off = inBuiltin | i
	} else {
		off = x.add(p, t.Pos, t.Text)
	}
	return Tok{Pos: t.Pos, Off: off, Len: uint32(len(t.Text)),
		Kind: t.Kind, Space: t.Space, BOL: t.BOL, Macro: t.hide != 0}
}

// sliceOffset returns where s lies in the text of f when s is a slice
// of it (shares its memory), and false when it is not (or is empty, or
// f nil).
func sliceOffset(s string, f *srcFile) (int, bool) {
	if f == nil || len(s) == 0 || len(s) > len(f.text) {
		return 0, false
	}
	d := uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.StringData(f.text)))
	if d > uintptr(len(f.text)-len(s)) {
		return 0, false
	}
	return int(d), true
}

// string returns the text built; x is not used again.
func (x *spellings) string() string {
	if len(x.b) == 0 {
		return ""
	}
	return unsafe.String(&x.b[0], len(x.b)) // never written again
}

// plain reports whether t is a token that preprocessing passes on as it
// is: no end of file, no '#' that starts a directive, no name that may
// be a macro or _Pragma.
func (p *Preprocessor) plain(t *Token) bool {
	if t.Kind == Ident {
		return t.noExpand || !p.mayBeMacro(t.Text) && t.Text != "_Pragma"
	}
	return t.Kind != EOF && !(t.BOL && t.Text == "#") // only a Punct is spelled #
}

// sizeHint guesses the number of tokens left: about one every 4 bytes
// of the files being read.
func (p *Preprocessor) sizeHint() int {
	n := len(p.pending)
	for _, f := range p.files {
		if f.cached != nil {
			n += len(f.cached) - f.i
		} else {
			n += (len(f.lex.s) - f.lex.i) / 4
		}
	}
	return n + 16
}

// textHint guesses the size of the spellings of the tokens left: the
// text of the files being read, and an eighth more for those of macro
// expansions.
func (p *Preprocessor) textHint() int {
	n := 0
	for _, f := range p.files {
		n += len(f.src.text)
	}
	return n + n/8 + 64
}

// push starts reading a file.
// pushFile starts reading f, called name.
func (p *Preprocessor) pushFile(f *srcFile, name string) {
	builtin := f.builtin
	dir := path.Dir(name)
	if !builtin && p.cfg.FS == nil {
		dir = filepath.Dir(name)
	}
	pf := &ppFile{src: f, name: name, dir: dir}
	if builtin {
		pf.cached, pf.base = lexBuiltin(f, name), token.Pos(f.file.Base())
	} else {
		pf.lex = newLexer(f)
	}
	pf.advance()
	p.files = append(p.files, pf)
}

// builtinToks caches the tokens of the built-in headers, with positions
// relative to their file's base: every translation unit reads them, and
// lexing them again each time would be most of the work for small files.
var builtinToks sync.Map // name -> []Token

// lexBuiltin returns the tokens of built-in header f (which lexes without
// errors), positions relative to the file's base: from lexed_headers.go,
// or, for a header added since it was written, from the cache when they
// are there.
func lexBuiltin(f *srcFile, name string) []Token {
	if f.lexed != nil {
		return f.lexed.toks
	}
	if c, ok := builtinToks.Load(name); ok {
		return c.([]Token)
	}
	base := token.Pos(f.file.Base())
	toks, _ := lex(f)
	for i := range toks {
		toks[i].Pos -= base
	}
	c, _ := builtinToks.LoadOrStore(name, toks)
	return c.([]Token)
}

func (p *Preprocessor) eof() Token {
	var pos token.Pos
	if n := len(p.files); n > 0 {
		f := p.files[n-1].src.file
		pos = f.Pos(f.Size())
	}
	return Token{Kind: EOF, Pos: pos}
}

// raw returns the next token before macro expansion, running directives.
func (p *Preprocessor) raw() Token {
	for len(p.files) > 0 {
		if n := len(p.pending); n > 0 {
			t := p.pending[n-1]
			p.pending = p.pending[:n-1]
			return t
		}
		f := p.files[len(p.files)-1]
		t := f.cur
		if t.Kind == EOF {
			if pos := f.lex.unterminated; pos.IsValid() && !f.unterminated {
				f.unterminated = true
				p.errorf(pos, "unterminated comment")
			}
			for _, c := range f.conds {
				p.errorf(c.pos, "unterminated conditional directive")
			}
			if len(p.files) == 1 {
				return p.eof()
			}
			p.files = p.files[:len(p.files)-1]
			continue
		}
		if t.BOL && t.Kind == Punct && t.Text == "#" {
			p.directive(f)
			continue
		}
		f.advance()
		return t
	}
	return Token{Kind: EOF}
}

func (p *Preprocessor) unget(t Token) { p.pending = append(p.pending, t) }

// line returns the tokens of the directive line whose '#' is f's
// current token and moves past it. They are valid until the next call.
func (p *Preprocessor) line(f *ppFile) []Token {
	l := p.lineBuf[:0]
	for f.advance(); !f.cur.BOL; f.advance() {
		l = append(l, f.cur)
	}
	p.lineBuf = l
	return l
}

// tokSource is where expansion reads tokens: the files, or a token list.
type tokSource interface {
	raw() Token
	unget(Token)
}

// listSource reads a token list (a macro argument, a directive line).
type listSource struct {
	toks    []Token
	i       int
	pending []Token
	end     token.Pos
}

func (s *listSource) raw() Token {
	if n := len(s.pending); n > 0 {
		t := s.pending[n-1]
		s.pending = s.pending[:n-1]
		return t
	}
	if s.i < len(s.toks) {
		s.i++
		return s.toks[s.i-1]
	}
	return Token{Kind: EOF, Pos: s.end}
}

func (s *listSource) unget(t Token) { s.pending = append(s.pending, t) }

// next returns the next token after macro expansion.
func (p *Preprocessor) next(src tokSource) Token {
	for {
		t := src.raw()
		if t.Kind != Ident || t.noExpand {
			return t
		}
		var m *macro
		if p.mayBeMacro(t.Text) {
			m = p.macros[t.Text]
		}
		if m == nil {
			if t.Text == "_Pragma" {
				p.skipPragmaOp(src, t)
				continue
			}
			return t
		}
		if p.hideHas(t.hide, t.Text) {
			t.noExpand = true
			return t
		}
		if !p.expand(src, t, m) {
			return t
		}
	}
}

// skipPragmaOp drops a _Pragma("...") operator, but for
// _Pragma("unroll ..."), which becomes the tokens of #pragma unroll
// (CUTLASS's CUTLASS_PRAGMA_UNROLL is one), at the string's position.
func (p *Preprocessor) skipPragmaOp(src tokSource, t Token) {
	if l := src.raw(); l.Text != "(" {
		p.errorf(t.Pos, "_Pragma takes a parenthesized string literal")
		src.unget(l)
		return
	}
	s := p.next(src)
	if s.Kind != String {
		p.errorf(s.Pos, "_Pragma takes a parenthesized string literal")
	}
	if r := p.next(src); r.Text != ")" {
		p.errorf(r.Pos, "expected ')' after _Pragma string")
		return
	}
	if s.Kind != String || !strings.HasPrefix(s.Text, `"unroll`) {
		return
	}
	// Destringized (C11 6.10.9): the quotes removed, \" and \\ unescaped.
	text := strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(s.Text[1 : len(s.Text)-1])
	toks, _ := lex(newSrcFile(p.fset, "_Pragma", []byte(text), true))
	if len(toks) == 0 || toks[0].Text != "unroll" {
		return
	}
	// src is a stack: pushed last token first.
	src.unget(Token{Kind: PragmaEnd, Pos: s.Pos})
	for i := len(toks) - 1; i >= 1; i-- {
		c := toks[i]
		c.Pos, c.BOL, c.noExpand = s.Pos, false, true
		src.unget(c)
	}
	src.unget(Token{Kind: PragmaUnroll, Text: "#pragma unroll", Pos: s.Pos})
}

// expand replaces the macro invocation starting with t by its expansion,
// pushed back onto src. It reports false if t is a function-like macro
// name not followed by '('.
func (p *Preprocessor) expand(src tokSource, t Token, m *macro) bool {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxNesting {
		p.errorf(t.Pos, "macro invocations nested too deeply")
		panic(stop{})
	}
	if m.builtin != nil {
		inv := t // only this copy escapes (to the builtin), not t
		r := m.builtin(&inv)
		r.Space = t.Space
		src.unget(r)
		return true
	}
	var body []Token
	if !m.funcLike {
		body = p.subst(m, nil, p.hideAddMacro(t.hide, m), t)
	} else {
		l := src.raw()
		if l.Kind != Punct || l.Text != "(" {
			src.unget(l)
			return false
		}
		args, rparen, ok := p.args(src, t, m)
		if !ok {
			return true
		}
		body = p.subst(m, args, p.hideAddMacro(p.hideIntersect(t.hide, rparen.hide), m), t)
	}
	p.expanded += len(body)
	if p.expanded > maxExpansion {
		p.errorf(t.Pos, "macro expansion too large")
		panic(stop{})
	}
	for i := len(body) - 1; i >= 0; i-- {
		src.unget(body[i])
	}
	if cap(body) > cap(p.substFree) {
		p.substFree = body[:0] // copied: subst may use it again
	}
	return true
}

// args reads the arguments of a function-like macro invocation, after
// the '('.
func (p *Preprocessor) args(src tokSource, name Token, m *macro) (args [][]Token, rparen Token, ok bool) {
	// The arguments' tokens are gathered here, copied to one slice
	// and cut where each ends (one allocation, not one for each
	// argument).
	var buf [8]Token
	toks := buf[:0]
	var endBuf [8]int
	ends := endBuf[:0]
	depth := 0
	for {
		t := src.raw()
		if t.Kind == EOF {
			p.errorf(name.Pos, "unterminated argument list invoking macro %q", m.name)
			src.unget(t)
			return nil, t, false
		}
		if t.Kind == Punct {
			switch t.Text {
			case "(":
				depth++
			case ")":
				if depth == 0 {
					ends = append(ends, len(toks))
					rparen = t
					goto done
				}
				depth--
			case ",":
				if depth == 0 && !(m.variadic && len(ends) == len(m.params)-1) {
					ends = append(ends, len(toks))
					continue
				}
			}
		}
		t.BOL = false
		toks = append(toks, t)
	}
done:
	if len(m.params) == 0 && len(ends) == 1 && ends[0] == 0 {
		ends = ends[:0]
	}
	n := len(ends)
	if m.variadic && n == len(m.params)-1 {
		n++ // no variable arguments: an empty one
	}
	if n != len(m.params) {
		p.errorf(name.Pos, "macro %q takes %d arguments, given %d", m.name, len(m.params), n)
		return nil, rparen, false
	}
	if n == 0 {
		return nil, rparen, true
	}
	all := make([]Token, len(toks))
	copy(all, toks)
	args = make([][]Token, n)
	start := 0
	for i, end := range ends {
		if end > start {
			args[i] = all[start:end:end]
		}
		start = end
	}
	return args, rparen, true
}

func (m *macro) param(name string) int {
	for i, n := range m.params {
		if n == name {
			return i
		}
	}
	return -1
}

// subst is the replacement list of m with args substituted (C11 6.10.3.1
// to 6.10.3.3); every token gets hide set hs and, if it comes from the
// body, the position of the invocation.
func (p *Preprocessor) subst(m *macro, args [][]Token, hs hideset, inv Token) []Token {
	out := p.substFree
	p.substFree = nil
	if cap(out) < len(m.body) {
		out = make([]Token, 0, len(m.body)+8)
	}
	var memo [8][]Token
	var done [8]bool
	body := m.body
	argIndex := func(t Token) int {
		if t.Kind != Ident || !m.funcLike {
			return -1
		}
		return m.param(t.Text)
	}
	fromBody := func(t Token) Token {
		t.Pos = inv.Pos
		t.BOL = false
		return t
	}
	vaEmpty := m.variadic && len(args) > 0 && len(args[len(args)-1]) == 0
	for i := 0; i < len(body); i++ {
		t := body[i]
		// # param
		if m.funcLike && t.Kind == Punct && t.Text == "#" && i+1 < len(body) {
			if a := argIndex(body[i+1]); a >= 0 {
				s := fromBody(t)
				s.Kind, s.Text = String, stringize(args[a])
				out = append(out, s)
				i++
				continue
			}
		}
		// x ## y
		if i+1 < len(body) && body[i+1].Kind == Punct && body[i+1].Text == "##" {
			// GNU: , ## __VA_ARGS__ drops the comma when there are no
			// variable arguments.
			if t.Text == "," && i+2 < len(body) && body[i+2].Text == "__VA_ARGS__" && m.variadic {
				if vaEmpty {
					i += 2
					continue
				}
				out = append(out, fromBody(t))
				i++
				continue
			}
			var lhs []Token
			if a := argIndex(t); a >= 0 {
				lhs = append(lhs, args[a]...)
			} else {
				lhs = []Token{fromBody(t)}
			}
			i++ // at ##
			for i+1 < len(body) {
				r := body[i+1]
				var rhs []Token
				if a := argIndex(r); a >= 0 {
					rhs = args[a]
				} else {
					rhs = []Token{fromBody(r)}
				}
				i++
				if len(lhs) == 0 {
					lhs = append(lhs, rhs...)
				} else if len(rhs) > 0 {
					lhs[len(lhs)-1] = p.paste(lhs[len(lhs)-1], rhs[0])
					lhs = append(lhs, rhs[1:]...)
				}
				if i+1 < len(body) && body[i+1].Text == "##" && body[i+1].Kind == Punct {
					i++
					continue
				}
				break
			}
			out = append(out, lhs...)
			continue
		}
		if t.Text == "__VA_OPT__" && m.variadic && i+1 < len(body) && body[i+1].Text == "(" {
			depth, j := 0, i+1
			for ; j < len(body); j++ {
				if body[j].Text == "(" {
					depth++
				} else if body[j].Text == ")" {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if !vaEmpty && j < len(body) {
				inner := &macro{name: m.name, funcLike: true, params: m.params, variadic: true, body: body[i+2 : j]}
				out = append(out, p.subst(inner, args, 0, inv)...)
			}
			i = j
			continue
		}
		if a := argIndex(t); a >= 0 {
			// An argument is expanded once, however often it is used.
			var exp []Token
			if a < len(memo) {
				if !done[a] {
					memo[a], done[a] = p.expandList(args[a], inv.Pos), true
				}
				exp = memo[a]
			} else {
				exp = p.expandList(args[a], inv.Pos)
			}
			n := len(out)
			out = append(out, exp...)
			if len(out) > n {
				out[n].Space = t.Space
			}
			continue
		}
		out = append(out, fromBody(t))
	}
	// Tokens from one expansion share a hide set: the union is made once
	// for them.
	var lastIn, lastOut hideset
	for i := range out {
		switch h := out[i].hide; {
		case h == 0:
			out[i].hide = hs // shared: hide sets are immutable
		case h == lastIn:
			out[i].hide = lastOut
		default:
			lastIn, lastOut = h, p.hideUnion(h, hs)
			out[i].hide = lastOut
		}
		out[i].BOL = false
	}
	if len(out) > 0 {
		out[0].Space = inv.Space
	}
	return out
}

// expandList fully macro-expands a token list in isolation.
// The result is toks itself when nothing in it can expand.
func (p *Preprocessor) expandList(toks []Token, end token.Pos) []Token {
	return p.expandListTo(nil, toks, end)
}

// expandListTo is expandList, appending the expansion to dst[:0] (when
// something in toks expands).
func (p *Preprocessor) expandListTo(dst, toks []Token, end token.Pos) []Token {
	i := 0
	for i < len(toks) && (toks[i].Kind != Ident || toks[i].noExpand || !p.mayBeMacro(toks[i].Text) && toks[i].Text != "_Pragma") {
		i++
	}
	if i == len(toks) {
		return toks
	}
	var src *listSource
	if n := len(p.listFree); n > 0 {
		src = p.listFree[n-1]
		p.listFree = p.listFree[:n-1]
		*src = listSource{toks: toks, end: end, pending: src.pending[:0]}
	} else {
		src = &listSource{toks: toks, end: end}
	}
	out := dst[:0]
	if cap(out) < len(toks)+8 {
		out = make([]Token, 0, len(toks)+8)
	}
	out = append(out, toks[:i]...)
	src.i = i
	for {
		t := p.next(src)
		if t.Kind == EOF {
			src.toks = nil
			p.listFree = append(p.listFree, src)
			return out
		}
		out = append(out, t)
	}
}

// stringize is the # operator (C11 6.10.3.2).
func stringize(toks []Token) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, t := range toks {
		if i > 0 && t.Space {
			b.WriteByte(' ')
		}
		if t.Kind == String || t.Kind == Char {
			for _, c := range t.Text {
				if c == '"' || c == '\\' {
					b.WriteByte('\\')
				}
				b.WriteRune(c)
			}
		} else {
			b.WriteString(t.Text)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// paste is the ## operator.
func (p *Preprocessor) paste(a, b Token) Token {
	text := a.Text + b.Text
	kind, ok := lexOne(text)
	if !ok {
		p.errorf(a.Pos, "pasting %q and %q does not give a valid preprocessing token", a.Text, b.Text)
		return a
	}
	r := a
	r.Kind, r.Text = kind, text
	r.noExpand = false
	return r
}

// directive runs the directive whose '#' is f's current token.
func (p *Preprocessor) directive(f *ppFile) {
	hash := f.cur
	line := p.line(f)
	if len(line) == 0 {
		return // null directive
	}
	name := line[0]
	args := line[1:]
	if name.Kind != Ident {
		if name.Kind == Number { // GNU line marker: # 12 "file"
			p.lineDirective(f, hash, line)
			return
		}
		p.errorf(name.Pos, "invalid preprocessing directive")
		return
	}
	switch name.Text {
	case "define":
		p.defineDirective(args, name)
	case "undef":
		if len(args) == 0 || args[0].Kind != Ident {
			p.errorf(name.Pos, "expected a macro name after #undef")
			return
		}
		delete(p.macros, args[0].Text)
	case "include", "include_next", "import":
		p.include(f, name, args)
	case "if":
		p.ifGroup(f, hash, p.evalIf(name, args))
	case "ifdef", "ifndef":
		if len(args) == 0 || args[0].Kind != Ident {
			p.errorf(name.Pos, "expected a macro name after #%s", name.Text)
			p.ifGroup(f, hash, false)
			return
		}
		_, def := p.macros[args[0].Text]
		p.ifGroup(f, hash, def == (name.Text == "ifdef"))
	case "elif", "else":
		n := len(f.conds)
		if n == 0 {
			p.errorf(name.Pos, "#%s without #if", name.Text)
			return
		}
		if f.conds[n-1].inElse {
			p.errorf(name.Pos, "#%s after #else", name.Text)
		}
		if name.Text == "else" {
			f.conds[n-1].inElse = true
		}
		// We were in a taken group: skip the rest.
		p.skip(f, true)
	case "endif":
		if len(f.conds) == 0 {
			p.errorf(name.Pos, "#endif without #if")
			return
		}
		f.conds = f.conds[:len(f.conds)-1]
	case "error":
		p.errorf(name.Pos, "#error %s", lineText(args))
	case "warning":
		p.warnf(name.Pos, "#warning %s", lineText(args))
	case "pragma":
		if len(args) > 0 && args[0].Text == "once" {
			p.once[f.name] = true
		}
		if len(args) > 0 && args[0].Text == "pack" {
			p.pragmaPack(name, args[1:])
		}
		if len(args) > 0 && args[0].Text == "unroll" {
			// For the loop that follows: the parser reads the count.
			// Its names are not macros, as nvcc does not expand them
			// ("identifier is undefined"). pending is a stack: pushed
			// last token first.
			count := args[1:]
			p.pending = append(p.pending, Token{Kind: PragmaEnd, Pos: args[len(args)-1].Pos})
			for i := len(count) - 1; i >= 0; i-- {
				t := count[i]
				t.noExpand = true
				p.pending = append(p.pending, t)
			}
			p.pending = append(p.pending, Token{Kind: PragmaUnroll, Text: "#pragma unroll", Pos: args[0].Pos})
		}
	case "line":
		p.lineDirective(f, hash, args)
	case "ident", "sccs", "assert", "unassert":
	default:
		p.errorf(name.Pos, "invalid preprocessing directive #%s", name.Text)
	}
}

// pragmaPack runs #pragma pack(N), pack(), pack(push[, N]), pack(pop[, N])
// and passes the packing now in effect to the parser as a Pragma token.
func (p *Preprocessor) pragmaPack(dir Token, args []Token) {
	args = p.expandList(args, dir.Pos)
	var words []string
	for _, a := range args {
		if a.Text != "(" && a.Text != ")" && a.Text != "," {
			words = append(words, a.Text)
		}
	}
	num := func(s string) (int64, bool) {
		n, err := strconv.ParseInt(s, 0, 64)
		if err != nil || n < 0 || n > 1<<16 || n&(n-1) != 0 {
			p.errorf(dir.Pos, "invalid #pragma pack value %q: expected a power of 2", s)
			return 0, false
		}
		return n, true
	}
	switch {
	case len(words) == 0:
		p.pack = 0
	case words[0] == "push":
		p.packs = append(p.packs, p.pack)
		if len(words) > 1 {
			if n, ok := num(words[len(words)-1]); ok {
				p.pack = n
			}
		}
	case words[0] == "pop":
		if n := len(p.packs); n > 0 {
			p.pack = p.packs[n-1]
			p.packs = p.packs[:n-1]
		}
		if len(words) > 1 {
			if n, ok := num(words[len(words)-1]); ok {
				p.pack = n
			}
		}
	case words[0] == "show":
		return
	default:
		n, ok := num(words[0])
		if !ok {
			return
		}
		p.pack = n
	}
	p.pending = append(p.pending, Token{Kind: Pragma, Text: strconv.FormatInt(p.pack, 10), Pos: dir.Pos})
}

func lineText(toks []Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.Space {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

func (p *Preprocessor) defineDirective(args []Token, dir Token) {
	if len(args) == 0 || args[0].Kind != Ident {
		p.errorf(dir.Pos, "expected a macro name after #define")
		return
	}
	name := args[0]
	if name.Text == "defined" {
		p.errorf(name.Pos, "\"defined\" cannot be used as a macro name")
		return
	}
	m := &macro{name: name.Text}
	rest := args[1:]
	if len(rest) > 0 && rest[0].Text == "(" && !rest[0].Space {
		m.funcLike = true
		i := 1
		for {
			if i >= len(rest) {
				p.errorf(name.Pos, "missing ')' in macro parameter list")
				return
			}
			t := rest[i]
			if t.Text == ")" && len(m.params) == 0 {
				i++
				break
			}
			switch {
			case t.Text == "...":
				m.params = append(m.params, "__VA_ARGS__")
				m.variadic = true
			case t.Kind == Ident:
				if m.param(t.Text) >= 0 {
					p.errorf(t.Pos, "duplicate macro parameter %q", t.Text)
					return
				}
				m.params = append(m.params, t.Text)
				if i+1 < len(rest) && rest[i+1].Text == "..." {
					m.variadic = true
					i++
				}
			default:
				p.errorf(t.Pos, "expected a parameter name, found %s", t.String())
				return
			}
			i++
			if i < len(rest) && rest[i].Text == ")" {
				i++
				break
			}
			if i >= len(rest) || rest[i].Text != "," || m.variadic {
				pos := name.Pos
				if i < len(rest) {
					pos = rest[i].Pos
				}
				p.errorf(pos, "expected ',' or ')' in macro parameter list")
				return
			}
			i++
		}
		rest = rest[i:]
	}
	m.body = append([]Token(nil), rest...)
	for i := range m.body {
		m.body[i].BOL = false
	}
	if len(m.body) > 0 {
		m.body[0].Space = false
		if m.body[0].Text == "##" || m.body[len(m.body)-1].Text == "##" {
			p.errorf(name.Pos, "'##' cannot appear at either end of a macro expansion")
			return
		}
	}
	if m.funcLike {
		for i, t := range m.body {
			if t.Text == "#" && t.Kind == Punct && (i+1 >= len(m.body) || m.param(m.body[i+1].Text) < 0) {
				p.errorf(t.Pos, "'#' is not followed by a macro parameter")
				return
			}
		}
	}
	p.setMacro(m)
}

// ifGroup opens a conditional group; when v is false it skips to the next
// branch.
func (p *Preprocessor) ifGroup(f *ppFile, hash Token, v bool) {
	f.conds = append(f.conds, cond{pos: hash.Pos, taken: v})
	if !v {
		p.skip(f, false)
	}
}

// skip skips lines of the innermost group of f until a branch is taken or
// the group ends. done is set when a branch was already taken.
func (p *Preprocessor) skip(f *ppFile, done bool) {
	depth := 0
	for f.cur.Kind != EOF {
		t := f.cur
		if !(t.BOL && t.Kind == Punct && t.Text == "#") {
			if f.cached != nil {
				// A built-in header's stored tokens: find the next
				// line's '#' without making each token the current one.
				i := f.i
				for i < len(f.cached) && !startsDirective(&f.cached[i]) {
					i++
				}
				f.i = i
			}
			f.advance()
			continue
		}
		hash := t
		line := p.line(f)
		if len(line) == 0 || line[0].Kind != Ident {
			continue
		}
		name, args := line[0], line[1:]
		switch name.Text {
		case "if", "ifdef", "ifndef":
			depth++
		case "endif":
			if depth > 0 {
				depth--
				continue
			}
			f.conds = f.conds[:len(f.conds)-1]
			return
		case "elif", "else":
			if depth > 0 {
				continue
			}
			c := &f.conds[len(f.conds)-1]
			if c.inElse {
				p.errorf(name.Pos, "#%s after #else", name.Text)
			}
			if name.Text == "else" {
				c.inElse = true
				if !done && !c.taken {
					c.taken = true
					return
				}
				continue
			}
			if !done && !c.taken && p.evalIf(name, args) {
				c.taken = true
				return
			}
		}
		_ = hash
	}
}

// startsDirective reports whether t is a '#' that starts a line.
func startsDirective(t *Token) bool { return t.BOL && t.Kind == Punct && t.Text == "#" }

// evalIf evaluates the expression of #if or #elif.
func (p *Preprocessor) evalIf(dir Token, args []Token) (v bool) {
	if len(args) == 0 {
		p.errorf(dir.Pos, "#%s with no expression", dir.Text)
		return false
	}
	// defined X, defined(X) and __has_include before expansion. The
	// tokens and their expansion go to buffers used again for each #if.
	toks := p.ifToks[:0]
	defer func() { p.ifToks = toks[:0] }()
	for i := 0; i < len(args); i++ {
		t := args[i]
		if t.Kind == Ident && (t.Text == "defined" || t.Text == "__has_include" || t.Text == "__has_include_next") {
			var val bool
			if t.Text == "defined" {
				j := i + 1
				paren := j < len(args) && args[j].Text == "("
				if paren {
					j++
				}
				if j >= len(args) || args[j].Kind != Ident {
					p.errorf(t.Pos, "expected a macro name after defined")
					return false
				}
				_, val = p.macros[args[j].Text]
				if paren {
					j++
					if j >= len(args) || args[j].Text != ")" {
						p.errorf(t.Pos, "expected ')' after defined(%s", args[j-1].Text)
						return false
					}
				}
				i = j
			} else {
				j := i + 1
				if j >= len(args) || args[j].Text != "(" {
					p.errorf(t.Pos, "expected '(' after %s", t.Text)
					return false
				}
				k := j + 1
				for k < len(args) && args[k].Text != ")" {
					k++
				}
				if k >= len(args) {
					p.errorf(t.Pos, "expected ')' after %s(", t.Text)
					return false
				}
				name, angled, ok := headerName(args[j+1 : k])
				if !ok {
					p.errorf(t.Pos, "expected a header name in %s", t.Text)
					return false
				}
				_, _, _, err := p.find(p.files[len(p.files)-1], name, angled)
				val = err == nil
				i = k
			}
			n := Token{Kind: Number, Text: "0", Pos: t.Pos, Space: t.Space}
			if val {
				n.Text = "1"
			}
			toks = append(toks, n)
			continue
		}
		toks = append(toks, t)
	}
	end := args[len(args)-1].Pos
	exp := p.expandListTo(p.ifExp, toks, end)
	if len(exp) > 0 && (len(toks) == 0 || &exp[0] != &toks[0]) {
		defer func() { p.ifExp = exp[:0] }()
	}
	for i := range exp {
		if exp[i].Kind == Ident {
			switch exp[i].Text {
			case "true":
				exp[i].Kind, exp[i].Text = Number, "1"
			default:
				exp[i].Kind, exp[i].Text = Number, "0"
			}
		}
	}
	exp = append(exp, Token{Kind: EOF, Pos: end})
	e := &evaluator{p: p, toks: exp}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(evalError); !ok {
				panic(r)
			}
			v = false
		}
	}()
	x := e.cond()
	if e.tok().Kind != EOF {
		p.errorf(e.tok().Pos, "unexpected %s in #%s expression", e.tok(), dir.Text)
		return false
	}
	return x.V != 0
}

// headerName reads <a/b.h> or "a/b.h" from tokens.
func headerName(toks []Token) (name string, angled, ok bool) {
	if len(toks) == 1 && toks[0].Kind == String && strings.HasPrefix(toks[0].Text, `"`) {
		return toks[0].Text[1 : len(toks[0].Text)-1], false, true
	}
	if len(toks) >= 2 && toks[0].Text == "<" && toks[len(toks)-1].Text == ">" {
		var b strings.Builder
		for i, t := range toks[1 : len(toks)-1] {
			if i > 0 && t.Space {
				b.WriteByte(' ')
			}
			b.WriteString(t.Text)
		}
		return b.String(), true, b.Len() > 0
	}
	return "", false, false
}

func (p *Preprocessor) include(f *ppFile, dir Token, args []Token) {
	name, angled, ok := headerName(args)
	if !ok {
		// #include MACRO
		exp := p.expandList(args, dir.Pos)
		name, angled, ok = headerName(exp)
		if !ok {
			p.errorf(dir.Pos, "expected \"FILENAME\" or <FILENAME> after #%s", dir.Text)
			return
		}
	}
	if len(p.files) >= maxIncludeDepth {
		p.errorf(dir.Pos, "#include nested too deeply")
		return
	}
	p.fromHost = false
	full, src, builtin, err := p.find(f, name, angled)
	if err != nil {
		p.errorf(args[0].Pos, "%v", err)
		return
	}
	if p.fromHost && !p.hostRead[full] {
		if p.hostRead == nil {
			p.hostRead = map[string]bool{}
		}
		p.hostRead[full] = true
		p.hostList = append(p.hostList, full)
		p.warnf(args[0].Pos, "<%s> is not a built-in header: read the host's %s", name, full)
	}
	if p.once[full] {
		return
	}
	var nf *srcFile
	if builtin {
		if nf, err = builtinFile(p.fset, full); err != nil {
			p.errorf(args[0].Pos, "%v", err)
			return
		}
	} else {
		nf = newSrcFile(p.fset, full, src, false)
	}
	p.includes = append(p.includes, Include{Name: full, Pos: args[0].Pos, Builtin: builtin, Host: p.fromHost})
	p.pushFile(nf, full)
}

// lineDirective runs #line N ["file"] (args start at the number).
func (p *Preprocessor) lineDirective(f *ppFile, hash Token, args []Token) {
	if len(args) == 0 || args[0].Kind != Number {
		p.errorf(hash.Pos, "#line expects a line number")
		return
	}
	n, err := strconv.Atoi(args[0].Text)
	if err != nil || n <= 0 {
		p.errorf(args[0].Pos, "invalid line number %q in #line", args[0].Text)
		return
	}
	file := p.fset.Position(args[0].Pos).Filename
	if len(args) > 1 {
		if args[1].Kind != String {
			p.errorf(args[1].Pos, "invalid filename %s in #line", args[1].Text)
			return
		}
		if s, err := strconv.Unquote(args[1].Text); err == nil {
			file = s
		}
	}
	// The next line starts after the newline that ends this directive.
	off := f.src.file.Offset(args[len(args)-1].Pos)
	orig := f.src.readOrig()
	for off < len(orig) && orig[off] != '\n' {
		off++
	}
	if off < len(orig) {
		f.src.file.AddLineColumnInfo(off+1, file, n, 1)
	}
}

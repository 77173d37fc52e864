// Package parser reads PTX source into the syntax tree of package ptx/ast.
//
// The parser accepts the whole of what nvcc and clang emit: module
// directives, DWARF sections (guide §5), variables in every state space,
// functions with their parameter lists (guide §3), call prototypes, and
// instructions with any opcode. It recovers from errors, reporting several
// per file with their file:line:col, and never panics.
//
// Most lines of nvcc's output (plain instructions, labels, .loc, register
// and parameter declarations, DWARF data of integers and labels) go
// through fast paths
// (fast.go) that read an item straight from the source; they build the
// tree the general rules build, which the tests and the fuzz target check.
package parser

import (
	"fmt"
	"go/token"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/isa"
)

// Error is one syntax error.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.IsValid() || e.Pos.Filename != "" {
		return e.Pos.String() + ": " + e.Msg
	}
	return e.Msg
}

// ErrorList is a list of errors sorted by position; its Error method
// gives one "file:line:col: message" per line.
type ErrorList []*Error

func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i].Pos, l[j].Pos
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Column < b.Column
}

// Sort sorts the list by position.
func (l ErrorList) Sort() { sort.Stable(l) }

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns l as an error, or nil if l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// maxErrors is how many errors a file reports before the parser stops.
const maxErrors = 10

// maxDepth bounds the nesting of scopes and expressions.
const maxDepth = 500

// ParseFile parses the PTX source src of the file filename, adding the
// file to fset. It returns the module, complete or partial, and an
// ErrorList when src has errors.
func ParseFile(fset *token.FileSet, filename string, src []byte) (m *ast.Module, err error) {
	return parse(fset, filename, string(src), nil)
}

// ParseString is ParseFile for a source held in a string.
func ParseString(fset *token.FileSet, filename, src string) (*ast.Module, error) {
	return parse(fset, filename, src, nil)
}

// A Handler receives a module from Stream piece by piece, in the order of
// the module's Decls: each top-level declaration but a section goes to
// Decl; a section goes to Section (its Items empty), then each of its
// items to SectionItem, then the section, with its Rbrace, to EndSection.
type Handler interface {
	Decl(d ast.Decl)
	Section(s *ast.Section)
	SectionItem(it ast.SectionItem)
	EndSection(s *ast.Section)
}

// A PrintHandler is a Handler that prints what it is handed and looks at
// nothing else, as package printer's Format does. Stream (and
// StreamPart) hand it what is written as the printer writes it in a form
// that costs fewer nodes or none, and prints the same:
//   - the Opcode of an instruction is its whole dotted name
//     ("ld.param.u32", Mods nil), and an operand list written with its
//     operands separated by ", " and no other blank ("%r1, [%rd2+8]")
//     comes as one *ast.Ident holding the list;
//   - where the parser notes no lines (Stream without a FileSet, and
//     StreamPart), a run of a section's data directives
//     of decimal integers and labels (words: $L__info_string0, not
//     label+offset), each alone on its line ("\t.b8 1,2\n": blanks,
//     the directive, blanks, the values separated by commas with blanks
//     or none around them, a newline; no comment), comes as its text to
//     SectionData, between the calls of SectionItem and in their place.
//     The printer writes each of those lines as a tab, the directive, a
//     blank and the values separated by ", ".
type PrintHandler interface {
	Handler
	SectionData(text string)
}

// A DataTextHandler is a Handler that takes the runs of a section's data
// directives that a PrintHandler takes as text (see PrintHandler: where
// the parser notes no lines, decimal integers and words, each directive
// alone on its line) as their text, to SectionDataText, in place of
// their items; it is handed everything else as a Handler is. A reader of
// big DWARF sections so skips a node for each byte.
type DataTextHandler interface {
	Handler
	SectionDataText(text string)
}

// Stream parses src as ParseString does, but instead of building a module
// it hands the module to h piece by piece as it is parsed, and it reuses
// the memory of the nodes it handed over once h has returned: h must not
// keep a node, nor a slice of the tree, past the call that gave it (the
// strings, substrings of src, it may keep). It suits a tool that looks at
// each declaration once, such as a formatter: it needs memory for one
// declaration or section item at a time rather than for the whole tree.
//
// Stream returns the errors that ParseString would, and it hands over what
// ParseString's module would hold, with one difference where src has
// errors: ParseString drops a section that an error cuts short, while
// Stream has handed over its start and the items before the error, and
// calls no EndSection for it. Positions may be resolved with fset once
// Stream has returned. fset may be nil where positions are not wanted:
// Stream then keeps no table of the lines of src (8 bytes a line), and
// its errors still give their lines and columns.
func Stream(fset *token.FileSet, filename, src string, h Handler) error {
	_, err := parse(fset, filename, src, h)
	return err
}

// ParsePart parses the part src[start:end] of the PTX source src of file,
// as ParseString parses a whole file, into the module of the declarations
// in it; positions are file's, which src's text fills (its size is
// len(src) and its lines are set: token.File.SetLinesForContent). The
// part should start and end between top-level declarations, as Cuts
// cuts: a declaration that it cuts short is an error. A program can so
// parse a big file a part at a time, each tree dropped before the next
// is built, with positions and errors as the whole file's.
func ParsePart(file *token.File, src string, start, end int) (*ast.Module, error) {
	return parsePart(file, src, start, end, nil)
}

// StreamPart is Stream of the part src[start:end] of the source src of
// file, as ParsePart parses it.
func StreamPart(file *token.File, src string, start, end int, h Handler) error {
	_, err := parsePart(file, src, start, end, h)
	return err
}

func parsePart(file *token.File, src string, start, end int, h Handler) (*ast.Module, error) {
	if start < 0 || end > len(src) || start > end || file.Size() != len(src) {
		return nil, ErrorList{{Pos: token.Position{Filename: file.Name()}, Msg: fmt.Sprintf("part [%d, %d) of a file of %d bytes", start, end, file.Size())}}
	}
	p := &parser{src: src[start:end], h: h, itemEnd: -1, itemEndLine: -1, file: file, base: file.Base() + start, noLines: true, part: true}
	return p.run()
}

type bailout struct{}

// syncError unwinds to the enclosing item so that parsing goes on after an
// error.
type syncError struct{}

type parser struct {
	src      string
	h        Handler // for Stream; nil for a module
	file     *token.File
	base     int
	lines    []int // offsets of the line starts, unless noLines
	noLines  bool
	part     bool // ParsePart: the file's lines are set, src is a part of its text
	skim     bool // SkimPart: bodies and sections are skimmed (skim.go)
	text     bool // the handler is a PrintHandler
	stmtText bool // the handler is a TextHandler
	rawData  bool // the handler takes data as text: a PrintHandler or a DataTextHandler
	nlines   int  // lines in src

	// Scanner state.
	rd   int // read offset
	line int // current line, from 0

	// The current token.
	tok     tokKind
	off     int // the token is src[off:end]
	end     int
	tokLine int

	prevEnd     int // end offset of the last consumed token
	prevEndLine int
	itemEnd     int // end of the last complete item, for trailing comments
	itemEndLine int

	comments []comment
	errors   ErrorList
	depth    int

	// Nodes and lists are allocated from chunks (see slab).
	slabs
	stack []ast.Expr // long lists, see exprList
	fast  fastScratch
	stmts []ast.Stmt
	// The open run of statements as text (TextHandler): its place in
	// stmts plus one (0: none), its start in raw and in src.
	textRun, runText, runOff int
	// Lists being read, before they are copied to a slab: linkage,
	// parameters, array sizes.
	strList   []string
	paramList []*ast.Variable
	intList   []int64
}

// slabs are the parser's chunks of nodes and lists (see slab).
type slabs struct {
	lits    slab[ast.Lit]
	idents  slab[ast.Ident]
	datas   slab[ast.Data]
	instrs  slab[ast.Instruction]
	addrs   slab[ast.Address]
	bins    slab[ast.Binary]
	vars    slab[ast.Variable]
	decls   slab[ast.Declarator]
	names   slab[*ast.Declarator]
	labels  slab[ast.Label]
	locs    slab[ast.Loc]
	cmts    slab[ast.Comment]
	dirs    slab[ast.Directive]
	braces  slab[ast.Braces]
	parens  slab[ast.Paren]
	unaries slab[ast.Unary]
	blocks  slab[ast.Block]
	exprs   slab[ast.Expr]
	strs    slab[string]
	stmtOut slab[ast.Stmt]
	funcs   slab[ast.Function]
	varList slab[*ast.Variable]
	ints    slab[int64]
	raw     []byte // runs of statements as text (TextHandler)
}

// streamSlabs keeps the slabs of streams that have ended, for the next:
// a big file parsed in pieces, a stream each (printer.FormatPieces), so
// needs the memory of a stream for each processor rather than for each
// piece. A stream's nodes are dead when it ends (see Stream).
var streamSlabs sync.Pool

// reuse makes the memory of the nodes handed to Stream's handler
// available again.
func (p *slabs) reuse() {
	p.lits.reset()
	p.idents.reset()
	p.datas.reset()
	p.instrs.reset()
	p.addrs.reset()
	p.bins.reset()
	p.vars.reset()
	p.decls.reset()
	p.names.reset()
	p.labels.reset()
	p.locs.reset()
	p.cmts.reset()
	p.dirs.reset()
	p.braces.reset()
	p.parens.reset()
	p.unaries.reset()
	p.blocks.reset()
	p.exprs.reset()
	p.strs.reset()
	p.stmtOut.reset()
	p.funcs.reset()
	p.varList.reset()
	p.ints.reset()
	p.raw = p.raw[:0]
}

// faultIn reports whether r, what a recover returned, is a fault in
// reading src: src is a mapping of a file that shrank, and the caller
// turned faults into panics (runtime/debug.SetPanicOnFault) to handle
// them, as package ptx/printer's FormatPieces does. It is the caller's to
// report, not an error of the parser.
func faultIn(r any, src string) bool {
	f, ok := r.(interface{ Addr() uintptr })
	if !ok || len(src) == 0 {
		return false
	}
	start := uintptr(unsafe.Pointer(unsafe.StringData(src)))
	return f.Addr() >= start && f.Addr() < start+uintptr(len(src))
}

// parse parses src into a module, or with a handler h hands it over to h
// (see Stream) and returns no module.
func parse(fset *token.FileSet, filename, src string, h Handler) (m *ast.Module, err error) {
	p := &parser{src: src, h: h, itemEnd: -1, itemEndLine: -1}
	if fset == nil {
		// Only Stream's caller may go without positions.
		p.noLines = h != nil
		fset = token.NewFileSet()
	}
	if !p.noLines {
		// The count sizes the table of lines (and a tree's section items)
		// at once; a stream without positions needs neither.
		p.nlines = strings.Count(src, "\n") + 1
	}
	p.file = fset.AddFile(filename, -1, len(src))
	p.base = p.file.Base()
	if !p.noLines {
		p.lines = make([]int, 1, p.nlines)
	}
	return p.run()
}

// run parses p.src; p.file and p.base are set, and p.lines unless
// p.noLines. A part (ParsePart) has its file's lines already: p.base is
// then past the file's base.
func (p *parser) run() (m *ast.Module, err error) {
	src, filename := p.src, p.file.Name()
	if _, ok := p.h.(PrintHandler); ok {
		p.text, p.rawData = true, true
		_, p.stmtText = p.h.(TextHandler)
		p.stmtText = p.stmtText && p.noLines
	} else if _, ok := p.h.(DataTextHandler); ok {
		p.rawData = true
	}
	defer func() {
		if r := recover(); r != nil {
			if faultIn(r, src) {
				panic(r)
			}
			if _, ok := r.(bailout); !ok {
				p.errors = append(p.errors, &Error{Pos: p.position(p.off), Msg: fmt.Sprintf("internal error: %v", r)})
			}
		}
		switch {
		case p.part:
			for _, e := range p.errors {
				e.Pos = p.file.Position(token.Pos(p.base + int(e.Pos.Offset)))
			}
		case p.noLines:
			for _, e := range p.errors {
				e.Pos = position(filename, src, e.Pos.Offset)
			}
		default:
			for len(p.lines) > 1 && p.lines[len(p.lines)-1] >= len(src) {
				p.lines = p.lines[:len(p.lines)-1]
			}
			if len(src) > 0 && !p.file.SetLines(p.lines) {
				p.errors = append(p.errors, &Error{Msg: "internal error: bad line table"})
			}
			for _, e := range p.errors {
				e.Pos = p.file.Position(token.Pos(p.base + int(e.Pos.Offset)))
			}
		}
		p.errors.Sort()
		err = p.errors.Err()
	}()
	p.scan()
	if p.h != nil {
		if s, ok := streamSlabs.Get().(*slabs); ok {
			p.slabs = *s
			defer func() {
				p.reuse()
				*s = p.slabs
				streamSlabs.Put(s)
			}()
		} else {
			defer func() {
				p.reuse()
				s := p.slabs
				streamSlabs.Put(&s)
			}()
		}
		p.stream()
		return nil, nil
	}
	m = &ast.Module{Decls: make([]ast.Decl, 0, 16)}
	for p.tok != tEOF {
		m.Decls = appendComments(p, m.Decls)
		if p.tok == tEOF {
			break
		}
		if d := p.decl(); d != nil {
			m.Decls = append(m.Decls, d)
		}
	}
	m.Decls = appendComments(p, m.Decls)
	return m, nil
}

// stream is the loop of parse for Stream: each declaration goes to the
// handler and its memory is reused for the next. A section hands itself
// over item by item.
func (p *parser) stream() {
	for {
		p.handComments(false)
		if p.tok == tEOF {
			return
		}
		d := p.decl()
		if _, ok := d.(*ast.Section); !ok && d != nil {
			p.h.Decl(d)
		}
		p.reuse()
	}
}

// handComments hands the pending comments to the handler, as declarations
// or as section items, as appendComments would append them.
func (p *parser) handComments(inSection bool) {
	for i := range p.comments {
		x := p.comment(i)
		if inSection {
			p.h.SectionItem(x)
		} else {
			p.h.Decl(x)
		}
	}
	p.comments = p.comments[:0]
}

// position returns the position of offset off in src as a token.File
// with the lines of src would give it. parse ends its line table where the
// source ends, so an offset at the end of a source that ends in a newline
// is on the last line, not on a line of its own.
func position(filename, src string, off int) token.Position {
	start := strings.LastIndexByte(src[:off], '\n') + 1
	if start == len(src) && start > 0 {
		start = strings.LastIndexByte(src[:start-1], '\n') + 1
	}
	return token.Position{Filename: filename, Offset: off, Line: 1 + strings.Count(src[:start], "\n"), Column: off - start + 1}
}

// position is a placeholder position holding an offset; parse turns it
// into a full one at the end, when all lines are known.
func (p *parser) position(off int) token.Position { return token.Position{Offset: off} }

func (p *parser) pos(off int) token.Pos { return token.Pos(p.base + off) }

func (p *parser) errorAt(off int, format string, args ...any) {
	// One error per position: the first says what went wrong.
	if n := len(p.errors); n > 0 && p.errors[n-1].Pos.Offset == off {
		return
	}
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	p.errors = append(p.errors, &Error{Pos: p.position(off), Msg: msg})
	if len(p.errors) >= maxErrors {
		p.errors = append(p.errors, &Error{Pos: p.position(off), Msg: "too many errors"})
		panic(bailout{})
	}
}

// fail reports an error at the current token and unwinds to the item.
func (p *parser) fail(format string, args ...any) {
	p.errorAt(p.off, format, args...)
	panic(syncError{})
}

// describe names the current token for an error message.
func (p *parser) describe() string {
	switch p.tok {
	case tEOF:
		return "end of file"
	case tString:
		if len(p.lit()) > 20 {
			return "string " + p.lit()[:20] + "...\""
		}
		return "string " + p.lit()
	}
	lit := p.lit()
	if len(lit) > 40 {
		lit = lit[:40] + "..."
	}
	return "'" + lit + "'"
}

func (p *parser) next() {
	p.prevEnd, p.prevEndLine = p.end, p.tokLine
	p.scan()
}

func (p *parser) is(s string) bool { return p.tok == tPunct && p.lit() == s }

func (p *parser) got(s string) bool {
	if p.tok == tPunct && p.lit() == s {
		p.next()
		return true
	}
	return false
}

func (p *parser) expect(s, context string) int {
	off := p.off
	if !p.got(s) {
		p.fail("expected '%s' %s, found %s", s, context, p.describe())
	}
	return off
}

func (p *parser) endItem() {
	p.itemEnd, p.itemEndLine = p.prevEnd, p.prevEndLine
}

// sync skips to just after the next ';' or to the next '}' or line-start
// directive that begins an item, whichever comes first.
func (p *parser) sync(start int) {
	for p.tok != tEOF {
		if p.is(";") {
			p.next()
			break
		}
		if p.is("}") || p.is("{") {
			if p.off == start {
				p.next()
			}
			break
		}
		if p.off != start && p.tokLine != p.prevEndLine && (p.tok == tDir || p.tok == tWord || p.is("@")) {
			break
		}
		p.next()
	}
	p.endItem()
}

// comment returns the node of the i-th pending comment: a trailing one if
// it follows the last item on its line, or starts on the line where the
// comment before it ends (the printer keeps such a pair on one line, so
// the flag must survive a round trip).
func (p *parser) comment(i int) *ast.Comment {
	c := p.comments[i]
	trailing := c.line == p.itemEndLine && c.off >= p.itemEnd
	if !trailing && i > 0 {
		prev := p.comments[i-1]
		trailing = c.line == prev.line+strings.Count(p.src[prev.off:prev.end], "\n")
	}
	x := p.cmts.new()
	x.Slash, x.Text, x.Trailing = p.pos(c.off), p.src[c.off:c.end], trailing
	return x
}

func appendComments[T ast.Node](p *parser, list []T) []T {
	for i := range p.comments {
		var n ast.Node = p.comment(i)
		list = append(list, n.(T))
	}
	p.comments = p.comments[:0]
	return list
}

// intLit reads an integer literal.
func (p *parser) intLit(context string) int64 {
	if p.tok != tInt {
		p.fail("expected integer %s, found %s", context, p.describe())
	}
	v, ok := ast.ParseInt(p.lit())
	if !ok || v > 1<<62 {
		p.fail("bad integer %s %s", context, p.lit())
	}
	p.next()
	return int64(v)
}

func (p *parser) smallInt(context string) int {
	off := p.off
	v := p.intLit(context)
	if v > 1<<31-1 {
		p.errorAt(off, "%s %d out of range", context, v)
	}
	return int(v)
}

// isLinkage reports whether name is a linkage directive.
func isLinkage(name string) bool {
	switch name {
	case ".extern", ".visible", ".weak", ".common":
		return true
	}
	return false
}

// isSpace reports whether name is a state space, maybe with a "::"
// qualifier (.shared::cta).
func isSpace(name string) bool {
	if i := strings.Index(name, "::"); i >= 0 {
		name = name[:i]
	}
	switch name {
	case ".reg", ".sreg", ".global", ".const", ".shared", ".local", ".param", ".tex":
		return true
	}
	return false
}

// dataSize is ast.DataSize by a switch rather than a map.
func dataSize(typ string) int {
	switch typ {
	case ".b8":
		return 1
	case ".b16":
		return 2
	case ".b32":
		return 4
	case ".b64":
		return 8
	}
	return 0
}

// decl parses one top-level item.
func (p *parser) decl() (d ast.Decl) {
	start := p.off
	nstack, nstmts := len(p.stack), len(p.stmts)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(syncError); !ok {
				panic(r)
			}
			p.unwind(nstack, nstmts)
			p.sync(start)
			d = nil
		}
	}()
	if p.tok != tDir {
		p.fail("expected directive, found %s", p.describe())
	}
	pos := p.pos(p.off)
	switch p.lit() {
	case ".version":
		p.next()
		x := &ast.Version{Directive: pos}
		if p.tok != tFloat || !strings.Contains(p.lit(), ".") {
			p.fail("expected version number MAJOR.MINOR after .version, found %s", p.describe())
		}
		maj, min, _ := strings.Cut(p.lit(), ".")
		a, err1 := strconv.Atoi(maj)
		b, err2 := strconv.Atoi(min)
		if err1 != nil || err2 != nil {
			p.fail("bad version number %s", p.lit())
		}
		x.Major, x.Minor = a, b
		p.next()
		d = x
	case ".target":
		p.next()
		x := &ast.Target{Directive: pos}
		for {
			if p.tok != tWord {
				p.fail("expected target name, found %s", p.describe())
			}
			x.Names = append(x.Names, p.lit())
			p.next()
			if !p.got(",") {
				break
			}
		}
		d = x
	case ".address_size":
		p.next()
		x := &ast.AddressSize{Directive: pos}
		x.Size = p.smallInt("after .address_size")
		d = x
	case ".file":
		p.next()
		x := &ast.File{Directive: pos}
		x.Index = p.smallInt("file number after .file")
		x.Name = p.stringLit("file name")
		if p.got(",") {
			x.HasInfo = true
			x.Timestamp = uint64(p.intLit("timestamp"))
			p.expect(",", "after .file timestamp")
			x.Size = uint64(p.intLit("file size"))
		}
		d = x
	case ".section":
		d = p.section()
	default:
		if isLinkage(p.lit()) || p.lit() == ".func" || p.lit() == ".entry" || isSpace(p.lit()) {
			d = p.declaration()
		} else {
			d = p.directive()
		}
	}
	p.got(";")
	p.endItem()
	return d
}

func (p *parser) stringLit(context string) string {
	if p.tok != tString {
		p.fail("expected %s, found %s", context, p.describe())
	}
	s, err := strconv.Unquote(p.lit())
	if err != nil {
		s = p.lit()[1 : len(p.lit())-1]
		if len(p.lit()) < 2 {
			p.fail("bad string %s", p.lit())
		}
	}
	p.next()
	return s
}

// declaration parses a function or a variable after optional linkage.
func (p *parser) declaration() ast.Decl {
	start := p.pos(p.off)
	var linkage []string
	base := len(p.strList)
	for p.tok == tDir && isLinkage(p.lit()) {
		p.strList = append(p.strList, p.lit())
		p.next()
	}
	if n := len(p.strList) - base; n > 0 {
		linkage = p.strs.slice(n)
		copy(linkage, p.strList[base:])
		p.strList = p.strList[:base]
	}
	if p.tok == tDir && (p.lit() == ".func" || p.lit() == ".entry") {
		return p.function(start, linkage)
	}
	v := p.variable(start, linkage, true)
	p.expect(";", "after variable declaration")
	return v
}

func (p *parser) function(start token.Pos, linkage []string) *ast.Function {
	f := p.funcs.new()
	f.Start, f.Linkage, f.Entry = start, linkage, p.lit() == ".entry"
	p.next()
	if !f.Entry && p.is("(") {
		f.Return = p.params()
		if f.Return == nil {
			f.Return = []*ast.Variable{}
		}
	}
	if p.tok != tWord {
		p.fail("expected function name, found %s", p.describe())
	}
	f.Name = p.lit()
	p.next()
	if p.is("(") {
		f.HasParams = true
		f.Params = p.params()
	}
	for p.tok == tDir {
		f.Directives = append(f.Directives, p.directiveNoSemi())
	}
	if p.is("{") {
		f.Body = p.block()
	} else if !p.is(";") {
		p.fail("expected '{' or ';' after function header, found %s", p.describe())
	}
	return f
}

// params parses "( param, ... )".
func (p *parser) params() []*ast.Variable {
	p.expect("(", "")
	// A failure leaves its parameters on p.paramList, after the base of
	// any list read later: they are only not dropped.
	base := len(p.paramList)
	for !p.is(")") {
		if p.tok != tDir {
			p.fail("expected parameter, found %s", p.describe())
		}
		p.paramList = append(p.paramList, p.variable(p.pos(p.off), nil, false))
		if !p.got(",") {
			break
		}
	}
	p.expect(")", "after parameter list")
	var list []*ast.Variable
	if n := len(p.paramList) - base; n > 0 {
		list = p.varList.slice(n)
		copy(list, p.paramList[base:])
		p.paramList = p.paramList[:base]
	}
	return list
}

// variable parses "space attrs type names" (many names if multi).
func (p *parser) variable(start token.Pos, linkage []string, multi bool) *ast.Variable {
	v := p.vars.new()
	v.Start, v.Linkage = start, linkage
	if p.tok != tDir || !isSpace(p.lit()) {
		p.fail("expected state space, found %s", p.describe())
	}
	v.Space = p.lit()
	p.next()
	for p.tok == tDir {
		switch name := p.lit(); {
		case name == ".attribute":
			p.next()
			p.expect("(", "after .attribute")
			for {
				start := p.off
				if p.tok != tDir {
					p.fail("expected attribute such as .managed, found %s", p.describe())
				}
				p.next()
				if p.is("(") {
					p.list("(", ")")
				}
				v.Attributes = append(v.Attributes, p.src[start:p.prevEnd])
				if !p.got(",") {
					break
				}
			}
			p.expect(")", "after attributes")
			continue
		case name == ".align":
			p.next()
			n := p.smallInt("alignment after .align")
			if v.Ptr {
				v.PtrAlign = n
			} else {
				v.Align = n
			}
			continue
		case name == ".v2" || name == ".v4" || name == ".v8":
			v.Vector = int(name[2] - '0')
		case name == ".ptr":
			v.Ptr = true
		case v.Ptr && isSpace(name):
			v.PtrSpace = name
		default:
			if v.Type != "" {
				p.fail("unexpected %s after type %s", p.describe(), v.Type)
			}
			v.Type = name
		}
		p.next()
	}
	if v.Type == "" {
		p.fail("expected type in variable declaration, found %s", p.describe())
	}
	for {
		d := p.declarator()
		if v.Names == nil {
			v.Names = p.names.slice(1)
			v.Names[0] = d
		} else {
			v.Names = append(v.Names, d)
		}
		if !multi || !p.got(",") {
			break
		}
	}
	return v
}

func (p *parser) declarator() *ast.Declarator {
	if p.tok != tWord {
		p.fail("expected variable name, found %s", p.describe())
	}
	d := p.decls.new()
	d.NamePos, d.Name = p.pos(p.off), p.lit()
	p.next()
	if p.got("<") {
		d.Range = p.smallInt("register count")
		p.expect(">", "after register count")
	}
	base := len(p.intList)
	for p.got("[") {
		if p.got("]") {
			p.intList = append(p.intList, -1)
			continue
		}
		p.intList = append(p.intList, p.intLit("array size"))
		p.expect("]", "after array size")
	}
	if n := len(p.intList) - base; n > 0 {
		d.Dims = p.ints.slice(n)
		copy(d.Dims, p.intList[base:])
		p.intList = p.intList[:base]
	}
	if p.got("=") {
		d.Init = p.expr()
	}
	return d
}

// directive parses ".name [args]" with an optional ';'.
func (p *parser) directive() *ast.Directive {
	d := p.directiveNoSemi()
	if p.got(";") {
		d.Semi = true
	}
	return d
}

// directiveNoSemi parses ".name [args]".
func (p *parser) directiveNoSemi() *ast.Directive {
	d := p.dirs.new()
	d.Directive, d.Name = p.pos(p.off), p.lit()
	line := p.tokLine
	p.next()
	// Arguments follow on the same line.
	if p.tokLine == line && (p.tok == tInt || p.tok == tFloat || p.tok == tString || p.tok == tWord) {
		d.Args = p.exprList()
	}
	return d
}

func (p *parser) section() *ast.Section {
	s := &ast.Section{Directive: p.pos(p.off)}
	p.next()
	if p.tok != tDir && p.tok != tWord {
		p.fail("expected section name, found %s", p.describe())
	}
	s.Name = p.lit()
	p.next()
	p.expect("{", "after section name")
	p.endItem()
	if p.skim {
		p.skimSection(s)
		return s
	}
	if p.h != nil {
		p.streamSection(s)
		return s
	}
	// A section holds about an item a line, and no '}' but its end: the
	// lines up to the next '}' size the list of items at once, sparing a
	// scratch list and a copy. (A wrong guess costs only growing it.)
	n := len(p.src) - p.off
	if k := strings.IndexByte(p.src[p.off:], '}'); k >= 0 {
		n = k
	}
	items := make([]ast.SectionItem, 0, strings.Count(p.src[p.off:p.off+n], "\n")+1)
	for {
		items = appendComments(p, items)
		if p.is("}") || p.tok == tEOF {
			break
		}
		it := p.intData()
		if it == nil {
			it = p.sectionItem()
		}
		if it != nil {
			items = append(items, it)
		}
	}
	s.Items = items
	s.Rbrace = p.pos(p.off)
	p.expect("}", "at end of section")
	return s
}

// streamSection is the rest of section for Stream.
func (p *parser) streamSection(s *ast.Section) {
	p.h.Section(s)
	for n := 0; ; {
		p.handComments(true)
		if p.is("}") || p.tok == tEOF {
			break
		}
		if p.rawData && p.noLines && p.dataRun() {
			continue
		}
		it := p.intData()
		if it == nil {
			it = p.sectionItem()
		}
		if it != nil {
			p.h.SectionItem(it)
		}
		// The items are small and many: their memory is reused a batch
		// at a time.
		if n++; n%128 == 0 {
			p.reuse()
		}
	}
	s.Rbrace = p.pos(p.off)
	p.expect("}", "at end of section")
	p.h.EndSection(s)
}

func (p *parser) sectionItem() (it ast.SectionItem) {
	start := p.off
	nstack, nstmts := len(p.stack), len(p.stmts)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(syncError); !ok {
				panic(r)
			}
			p.unwind(nstack, nstmts)
			p.sync(start)
			it = nil
		}
	}()
	switch {
	case p.tok == tWord:
		l := p.labels.new()
		l.NamePos, l.Name = p.pos(p.off), p.lit()
		p.next()
		p.expect(":", "after label")
		it = l
	case p.tok == tDir && dataSize(p.lit()) != 0:
		d := p.datas.new()
		d.Directive, d.Type = p.pos(p.off), p.lit()
		p.next()
		d.Values = p.dataList()
		p.got(";")
		it = d
	default:
		p.fail("expected data directive (.b8, .b16, .b32, .b64) or label in section, found %s", p.describe())
	}
	p.endItem()
	return it
}

func (p *parser) block() *ast.Block {
	if p.skim {
		return p.skimBlock()
	}
	b := p.blocks.new()
	b.Lbrace = p.pos(p.off)
	p.expect("{", "")
	p.depth++
	if p.depth > maxDepth {
		p.errorAt(p.prevEnd-1, "scopes nested too deeply")
		panic(bailout{})
	}
	p.endItem()
	// The statements grow on a stack shared with nested blocks, then
	// move to their own slice.
	base := len(p.stmts)
	for {
		if len(p.comments) > 0 {
			p.closeRun()
			p.stmts = appendComments(p, p.stmts)
		}
		if p.is("}") || p.tok == tEOF {
			break
		}
		if p.stmtText && p.textStmt() {
			continue
		}
		p.closeRun()
		if x := p.fastStmt(); x != nil {
			p.stmts = append(p.stmts, x)
		} else if s := p.stmt(); s != nil {
			p.stmts = append(p.stmts, s)
		}
	}
	p.closeRun()
	b.Stmts = p.stmtOut.slice(len(p.stmts) - base)
	copy(b.Stmts, p.stmts[base:])
	p.stmts = p.stmts[:base]
	p.depth--
	b.Rbrace = p.pos(p.off)
	if p.tok == tEOF {
		// Keep what was parsed of an unclosed scope.
		p.errorAt(p.off, "expected '}' at end of scope, found end of file")
		return b
	}
	p.expect("}", "at end of scope")
	return b
}

func (p *parser) stmt() (s ast.Stmt) {
	start := p.off
	nstack, nstmts := len(p.stack), len(p.stmts)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(syncError); !ok {
				panic(r)
			}
			p.unwind(nstack, nstmts)
			p.sync(start)
			s = nil
		}
	}()
	switch p.tok {
	case tPunct:
		switch p.lit() {
		case "{":
			s = p.block()
		case "@":
			s = p.instruction()
		default:
			p.fail("expected instruction, found %s", p.describe())
		}
	case tWord:
		name, off := p.lit(), p.off
		p.next()
		if p.is(":") {
			p.next()
			if p.tok == tDir && p.lit() == ".callprototype" {
				s = p.prototype(off, name)
				p.expect(";", "after .callprototype")
			} else {
				l := p.labels.new()
				l.NamePos, l.Name = p.pos(off), name
				s = l
			}
		} else {
			s = p.instructionAfter(off, "", false, name)
		}
	case tDir:
		switch {
		case p.lit() == ".loc":
			s = p.loc()
			p.got(";")
		case isSpace(p.lit()) || isLinkage(p.lit()):
			start := p.pos(p.off)
			var linkage []string
			for p.tok == tDir && isLinkage(p.lit()) {
				linkage = append(linkage, p.lit())
				p.next()
			}
			v := p.variable(start, linkage, true)
			p.expect(";", "after variable declaration")
			s = v
		default:
			s = p.directive()
		}
	default:
		p.fail("expected instruction, found %s", p.describe())
	}
	p.endItem()
	return s
}

func (p *parser) prototype(off int, name string) *ast.Prototype {
	x := &ast.Prototype{NamePos: p.pos(off), Name: name}
	p.next()
	if p.is("(") {
		x.Return = p.params()
		if x.Return == nil {
			x.Return = []*ast.Variable{}
		}
	}
	if p.tok != tWord || p.lit() != "_" {
		p.fail("expected '_' in .callprototype, found %s", p.describe())
	}
	p.next()
	if p.is("(") {
		x.HasParams = true
		x.Params = p.params()
	}
	if p.tok == tDir && p.lit() == ".noreturn" {
		x.NoReturn = true
		p.next()
	}
	return x
}

func (p *parser) loc() *ast.Loc {
	x := p.locs.new()
	x.Directive = p.pos(p.off)
	p.next()
	x.File = p.smallInt("file number after .loc")
	x.Line = p.smallInt("line number after .loc")
	x.Column = p.smallInt("column number after .loc")
	for p.got(",") {
		if p.tok != tWord {
			p.fail("expected function_name or inlined_at in .loc, found %s", p.describe())
		}
		switch p.lit() {
		case "function_name":
			p.next()
			x.FunctionName = p.expr()
		case "inlined_at":
			p.next()
			at := &ast.LocPos{}
			at.File = p.smallInt("file number after inlined_at")
			at.Line = p.smallInt("line number after inlined_at")
			at.Column = p.smallInt("column number after inlined_at")
			x.InlinedAt = at
		default:
			p.fail("expected function_name or inlined_at in .loc, found %s", p.describe())
		}
	}
	return x
}

// instruction parses a guarded instruction: "@p op ...;" or "@!p op ...;".
func (p *parser) instruction() ast.Stmt {
	off := p.off
	p.next()
	neg := p.got("!")
	if p.tok != tWord {
		p.fail("expected predicate after '@', found %s", p.describe())
	}
	guard := p.lit()
	p.next()
	if p.tok != tWord {
		p.fail("expected instruction after predicate %s, found %s", guard, p.describe())
	}
	name := p.lit()
	p.next()
	return p.instructionAfter(off, guard, neg, name)
}

func (p *parser) instructionAfter(off int, guard string, neg bool, name string) *ast.Instruction {
	x := p.instrs.new()
	x.Start, x.Guard, x.GuardNeg = p.pos(off), guard, neg
	x.Opcode, x.Mods = p.splitOpcode(name)
	if !isa.KnownOpcode(x.Opcode) {
		if s := isa.Suggest(x.Opcode); s != "" {
			p.errorAt(off+len(guardText(p.src, off)), "unknown instruction '%s' (did you mean '%s'?)", x.Opcode, s)
		} else {
			p.errorAt(off+len(guardText(p.src, off)), "unknown instruction '%s'", x.Opcode)
		}
	}
	if p.text {
		x.Opcode, x.Mods = name, nil
	}
	if !p.is(";") && p.startsOperand() {
		if x.Operands = p.operands(); x.Operands != nil {
			return x
		}
		x.Operands = p.exprList()
	}
	if !p.is(";") {
		p.fail("expected ';' after instruction, found %s", p.describe())
	}
	p.next()
	return x
}

// guardText returns the "@p " or "@!p " prefix of the instruction at off.
func guardText(src string, off int) string {
	if off >= len(src) || src[off] != '@' {
		return ""
	}
	i := off + 1
	for i < len(src) && class[src[i]]&cSpace == 0 {
		i++
	}
	for i < len(src) && class[src[i]]&cSpace != 0 {
		i++
	}
	return src[off:i]
}

// splitOpcode is ast.SplitOpcode without allocation.
func (p *parser) splitOpcode(name string) (string, []string) {
	i := strings.IndexByte(name, '.')
	if i < 0 {
		return name, nil
	}
	n := strings.Count(name[i:], ".")
	mods := p.strs.slice(n)[:0]
	op, rest := name[:i], name[i:]
	for {
		j := strings.IndexByte(rest[1:], '.')
		if j < 0 {
			mods = append(mods, rest)
			break
		}
		mods = append(mods, rest[:j+1])
		rest = rest[j+1:]
	}
	return op, mods
}

// startsOperand reports whether the current token may begin an operand.
func (p *parser) startsOperand() bool {
	switch p.tok {
	case tEOF, tBad:
		return false
	case tPunct:
		switch p.lit() {
		case "-", "!", "~", "(", "{", "[", ",":
			return true
		}
		return false
	}
	return true
}

func (p *parser) exprList() []ast.Expr {
	var l exprList
	for {
		l.add(p, p.expr())
		if !p.got(",") {
			break
		}
	}
	return l.done(p)
}

// An exprList gathers the items of a list: the first few in an array on
// the goroutine's stack, where a store needs no write barrier, the rest on
// the parser's shared stack. done copies them once to their own slice.
type exprList struct {
	buf  [8]ast.Expr
	n    int
	base int // where the list starts on p.stack, once it spills there
}

func (l *exprList) add(p *parser, x ast.Expr) {
	if l.n < len(l.buf) {
		l.buf[l.n] = x
	} else {
		if l.n == len(l.buf) {
			l.base = len(p.stack)
		}
		p.stack = append(p.stack, x)
	}
	l.n++
}

func (l *exprList) done(p *parser) []ast.Expr {
	out := p.exprs.slice(l.n)
	k := copy(out, l.buf[:min(l.n, len(l.buf))])
	if l.n > k {
		copy(out[k:], p.stack[l.base:])
		p.stack = p.stack[:l.base]
	}
	return out
}

// Binary operator precedences, as in C.
func precedence(op string) int {
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

func (p *parser) expr() ast.Expr { return p.binary(1) }

// dataList is exprList with a fast path for the integers that make up
// most of a DWARF section.
func (p *parser) dataList() []ast.Expr {
	var l exprList
	for {
		var x ast.Expr
		if p.tok == tInt {
			lit := p.lits.new()
			lit.ValuePos, lit.Kind, lit.Value = p.pos(p.off), ast.Int, p.lit()
			p.next()
			x = p.binaryRest(lit, 1)
		} else {
			x = p.expr()
		}
		l.add(p, x)
		if !p.got(",") {
			break
		}
	}
	return l.done(p)
}

func (p *parser) binary(prec int) ast.Expr {
	return p.binaryRest(p.unary(), prec)
}

// binaryRest parses the operators and operands that follow x.
func (p *parser) binaryRest(x ast.Expr, prec int) ast.Expr {
	for p.tok == tPunct {
		q := precedence(p.lit())
		if q < prec {
			break
		}
		b := p.bins.new()
		b.X, b.OpPos, b.Op = x, p.pos(p.off), p.lit()
		p.next()
		b.Y = p.binary(q + 1)
		x = b
	}
	return x
}

func (p *parser) unary() ast.Expr {
	switch p.tok {
	case tWord:
		id := p.idents.new()
		id.NamePos, id.Name = p.pos(p.off), p.lit()
		p.next()
		if p.is("(") && p.prevEnd == p.off {
			c := &ast.CallExpr{Fun: id}
			c.Args = p.list("(", ")").Elems
			return c
		}
		return id
	case tDir:
		id := p.idents.new()
		id.NamePos, id.Name = p.pos(p.off), p.lit()
		p.next()
		return id
	case tInt:
		x := p.lits.new()
		x.ValuePos, x.Kind, x.Value = p.pos(p.off), ast.Int, p.lit()
		p.next()
		return x
	case tFloat:
		x := p.lits.new()
		x.ValuePos, x.Kind, x.Value = p.pos(p.off), ast.Float, p.lit()
		p.next()
		return x
	case tString:
		x := &ast.Lit{ValuePos: p.pos(p.off), Kind: ast.String, Value: p.lit()}
		p.next()
		return x
	case tPunct:
		switch p.lit() {
		case "-", "!", "~":
			u := p.unaries.new()
			u.OpPos, u.Op = p.pos(p.off), p.lit()
			p.next()
			p.enter()
			u.X = p.unary()
			p.depth--
			return u
		case "(":
			l := p.list("(", ")")
			x := p.parens.new()
			x.Lparen, x.Elems = l.Lbrace, l.Elems
			return x
		case "{":
			l := p.list("{", "}")
			x := p.braces.new()
			*x = l
			return x
		case "[":
			l := p.list("[", "]")
			if len(l.Elems) == 0 {
				p.errorAt(p.prevEnd-1, "empty address")
			}
			a := p.addrs.new()
			a.Lbrack, a.Elems = l.Lbrace, l.Elems
			return a
		}
	}
	p.fail("expected operand, found %s", p.describe())
	return nil
}

// unwind drops what an abandoned item left on the scratch stacks. Like
// the rest of the parser it leaves the entries above a stack's length as
// they are: clearing them would cost a write barrier each while the
// collector marks, and they only point into the tree being built, which
// lives as long as the parser.
func (p *parser) unwind(nstack, nstmts int) {
	p.stack = p.stack[:nstack]
	p.stmts = p.stmts[:nstmts]
}

// enter counts one more level of expression nesting.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.errorAt(p.off, "expression nested too deeply")
		panic(bailout{})
	}
}

// list parses "open expr, ... close", maybe empty.
func (p *parser) list(open, close string) ast.Braces {
	b := ast.Braces{Lbrace: p.pos(p.off)}
	p.expect(open, "")
	p.enter()
	if !p.is(close) {
		b.Elems = p.exprList()
	}
	p.depth--
	p.expect(close, "after list")
	return b
}

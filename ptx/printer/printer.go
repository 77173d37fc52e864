// Package printer prints a PTX syntax tree (package ptx/ast) in one
// canonical format, as gofmt does for Go: module directives first at the
// left margin, a blank line around functions and sections, one statement
// per line indented by a tab per scope, labels at the left margin,
// operands separated by ", ". Literals are printed as written, so that
// printing never changes what ptxas makes of a module.
package printer

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// Fprint prints m to w.
func Fprint(w io.Writer, m *ast.Module) error {
	p := &printer{buf: make([]byte, 0, 2*flushSize), w: w}
	if err := p.module(m); err != nil {
		return err
	}
	p.flush()
	return p.err
}

// flushSize is how much Fprint buffers before writing.
const flushSize = 64 << 10

// Append appends m printed to dst and returns the extended slice: no
// copy between a writer's buffer and the output, and with room enough in
// dst, no growing either.
func Append(dst []byte, m *ast.Module) ([]byte, error) {
	p := &printer{buf: dst}
	if err := p.module(m); err != nil {
		return dst, err
	}
	return p.buf, nil
}

// String returns m printed.
func String(m *ast.Module) string {
	p := &printer{}
	if err := p.module(m); err != nil {
		return "<" + err.Error() + ">"
	}
	return string(p.buf)
}

// Format parses src as a PTX file named filename and returns it printed
// in the canonical format, or the parser's errors.
func Format(filename string, src []byte) ([]byte, error) {
	return AppendFormat(nil, filename, src)
}

// AppendFormat is Format appending the output to dst, which it returns
// (extended, or nil with the parser's errors).
func AppendFormat(dst []byte, filename string, src []byte) ([]byte, error) {
	size := len(dst)
	var outs [][]byte
	err := FormatPieces(nil, filename, src, func(b []byte) error {
		outs = append(outs, b)
		size += len(b)
		return nil
	})
	if err != nil {
		return nil, err
	}
	dst = slices.Grow(dst, size-len(dst))
	for _, o := range outs {
		dst = append(dst, o...)
	}
	return dst, nil
}

// FormatPieces is Format handing its output to emit, in pieces whose
// concatenation is Format's output, in order, each as soon as it and the
// pieces before it are printed: a program can so write the first pieces
// while the next are formatted. Where FormatPieces returns an error, what
// it emitted is not the output (the file does not parse, or emit failed):
// a program that must not show a partial output keeps the pieces until
// FormatPieces returns. emit is called by one goroutine at a time, not
// always the same.
//
// The pieces print into chunks of dst's room (dst[len(dst):cap(dst)]),
// and where that is used up, into memory of their own; they stay valid as
// long as dst. A caller may so give memory it manages: ptxabi fmt gives
// memory in huge pages, about len(src)+len(src)/8 bytes. src must not
// change while FormatPieces runs, as for any function reading a slice:
// its pieces of text are printed from it, with no copy. It may be a
// mapping of a file (internal/bigmem.MapFile): where the file shrinks
// meanwhile, reading src past the file's new end faults, and FormatPieces
// reports that as an error rather than crash.
func FormatPieces(dst []byte, filename string, src []byte, emit func([]byte) error) (err error) {
	// Format needs no tree: parser.Stream hands it the module piece by
	// piece, each printed as it comes and then dropped, so that memory
	// holds one declaration or section item at a time besides src and the
	// output. No positions are wanted, so no FileSet: the parser keeps no
	// table of the lines. A file of some megabytes is cut into pieces
	// formatted at the same time, one a processor (formatPieces).
	text := unsafe.String(unsafe.SliceData(src), len(src))
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if err = faultError(r, filename, text); err == nil {
				panic(r)
			}
		}
	}()
	a := &arena{room: dst[len(dst):cap(dst)]}
	emitted, done, err := formatPieces(a, filename, text, emit)
	if done || err != nil {
		return err
	}
	p := &printer{arena: a, buf: a.take(firstChunk(len(src)))}
	f := &formatter{p: p}
	if err := parser.Stream(nil, filename, text, f); err != nil {
		return err
	}
	f.q.end(p)
	outs := p.output()
	if len(emitted) > 0 {
		// The pieces emitted had parsed, and so had every piece before
		// them: each cut up to the end of the last of them is at the top
		// level (a cut that is not ends a piece at or before it inside an
		// unclosed scope or comment, an error), so they are the start of
		// the output.
		var out, prefix []byte
		for _, o := range outs {
			out = append(out, o...)
		}
		for _, o := range emitted {
			prefix = append(prefix, o...)
		}
		if !bytes.HasPrefix(out, prefix) {
			return fmt.Errorf("%s: printer: pieces printed differently from the whole file", filename)
		}
		outs = [][]byte{out[len(prefix):]}
	}
	for _, o := range outs {
		if err := emit(o); err != nil {
			return err
		}
	}
	return nil
}

// faultError returns the error of r, what a recover returned, where it is
// a fault in reading src (a mapping of a file that shrank, see
// FormatPieces), or nil.
func faultError(r any, filename string, src string) error {
	if fe, ok := r.(interface{ Addr() uintptr }); ok && len(src) > 0 {
		start := uintptr(unsafe.Pointer(unsafe.StringData(src)))
		if a := fe.Addr(); a >= start && a < start+uintptr(len(src)) {
			return fmt.Errorf("%s: the file changed while it was read", filename)
		}
	}
	return nil
}

// A big file is formatted in pieces of at least minPiece bytes, many for
// each processor (piecesPer), taken in turn, the biggest first, by as
// many goroutines as processors (maxProcs). The costs of pieces differ (a
// byte of DWARF data costs half a byte of instructions, and a big
// section is one piece): with small pieces, and the big ones started
// first, the goroutines end at about the same time.
var (
	minPiece  = 256 << 10
	maxProcs  = runtime.GOMAXPROCS
	piecesPer = 16
)

// formatPieces is FormatPieces of a big src cut into pieces (parser.Cuts),
// each streamed and printed by one of the goroutines into chunks of the
// arena a. A piece after a cut follows the "}" of a function or section,
// so its printer starts as after one: the next group of declarations
// opens with a blank line whatever its kind. The chunks of a piece are
// emitted once it and every piece before it have printed with no error. Where some piece has an error (maybe because a cut is
// not at the top level, see parser.Cuts), or src is too small to cut, it
// reports done false and what it emitted, and FormatPieces goes through
// src whole; err is emit's, or a fault's.
func formatPieces(a *arena, filename, src string, emit func([]byte) error) (emitted [][]byte, done bool, err error) {
	procs := maxProcs(0)
	n := min(piecesPer*procs, len(src)/minPiece)
	if n < 2 || procs < 2 {
		return nil, false, nil
	}
	// The other goroutines start first, so that the threads they need are
	// started while the cuts are sought; they wait for them (ready).
	var wg sync.WaitGroup
	ready := make(chan struct{})
	var worker func()
	for range min(procs, n) - 1 {
		wg.Go(func() {
			<-ready
			worker()
		})
	}
	started := false
	defer func() {
		// Where no piece is formatted (no cuts, or a fault in seeking
		// them), the goroutines are let go with nothing to do.
		if !started {
			worker = func() {}
			close(ready)
		}
		wg.Wait()
	}()
	cuts := parser.Cuts(src, n)
	if len(cuts) == 0 {
		return nil, false, nil
	}
	bounds := append(append([]int{0}, cuts...), len(src))
	outs := make([][][]byte, len(bounds)-1)
	var mu sync.Mutex
	next := 0 // the next piece to emit
	failed := false
	work := func(i int) {
		size := bounds[i+1] - bounds[i]
		p := &printer{arena: a, buf: a.take(firstChunk(size))}
		f := &formatter{p: p}
		if i > 0 {
			f.q = declSeq{prevKind: kindFunc, n: 1}
		}
		perr := parser.Stream(nil, filename, src[bounds[i]:bounds[i+1]], f)
		f.q.end(p)
		mu.Lock()
		defer mu.Unlock()
		outs[i] = p.output()
		if perr != nil {
			failed = true
		}
		for !failed && next < len(outs) && outs[next] != nil {
			for _, o := range outs[next] {
				if eerr := emit(o); eerr != nil {
					failed, err = true, eerr
					break
				}
				emitted = append(emitted, o)
			}
			next++
		}
	}
	// The order in which the pieces are taken: the biggest first.
	order := make([]int, len(outs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return (bounds[b+1] - bounds[b]) - (bounds[a+1] - bounds[a])
	})
	var fault error
	var taken atomic.Int64
	worker = func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if r := recover(); r != nil {
				ferr := faultError(r, filename, src)
				if ferr == nil {
					panic(r)
				}
				mu.Lock()
				failed, fault = true, ferr
				mu.Unlock()
			}
		}()
		for {
			k := int(taken.Add(1) - 1)
			if k >= len(order) {
				return
			}
			work(order[k])
		}
	}
	started = true
	close(ready)
	worker()
	wg.Wait()
	if fault != nil {
		return emitted, false, fault
	}
	return emitted, !failed, err
}

// A formatter prints the module that parser.Stream hands it, as module
// would print the whole tree. The parser hands over only nodes that the
// printer knows, so the printer's internal errors cannot arise.
type formatter struct {
	p     *printer
	q     declSeq
	items int // of the current section
}

func (f *formatter) Decl(d ast.Decl) { f.q.decl(f.p, d) }

// StmtText makes the formatter a parser.TextHandler: it is handed runs
// of statements as the text it prints for them, as comments.
func (f *formatter) StmtText() {}

// SectionData makes the formatter a parser.PrintHandler: it is handed
// instructions with their names and operand lists as text where that
// prints the same, and runs of section data as their text, each line a
// data directive of decimal integers and labels, which it prints as
// sectionItem prints a *ast.Data.
func (f *formatter) SectionData(text string) {
	if n := printedData(text); n > 0 {
		// Written as it prints: copied whole.
		f.p.str(text)
		f.items += n
		return
	}
	// Each line grows by at most its tab and a blank after each comma:
	// the output of a block of lines takes at most three times its text,
	// written in place once the room is there.
	p := f.p
	buf, n := p.buf[:cap(p.buf)], len(p.buf)
	lines := 0
	for i := 0; i < len(text); {
		end := len(text)
		if end-i > dataBlock {
			// The block's lines end before dataBlock bytes, or it is one
			// line.
			if k := strings.LastIndexByte(text[i:i+dataBlock], '\n'); k >= 0 {
				end = i + k + 1
			} else {
				end = i + strings.IndexByte(text[i:], '\n') + 1
			}
		}
		if len(buf)-n < 3*(end-i) {
			p.buf = buf[:n]
			p.grow(3 * (end - i))
			buf, n = p.buf[:cap(p.buf)], len(p.buf)
		}
		for ; i < end; i++ {
			// A line: blanks, the directive, blanks, the values separated
			// by commas with blanks or none around them, a newline.
			for text[i] == ' ' || text[i] == '\t' {
				i++
			}
			buf[n] = '\t'
			n++
			for ; text[i] != ' ' && text[i] != '\t'; i++ {
				buf[n] = text[i]
				n++
			}
			buf[n] = ' '
			n++
			for ; ; i++ {
				c := text[i]
				if c > ',' {
					// Most bytes: digits and letters.
					buf[n] = c
					n++
					continue
				}
				if c == '\n' {
					break
				}
				switch c {
				case ' ', '\t':
				case ',':
					buf[n], buf[n+1] = ',', ' '
					n += 2
				default:
					buf[n] = c
					n++
				}
			}
			buf[n] = '\n'
			n++
			lines++
		}
	}
	f.items += lines
	p.buf = buf[:n]
}

// dataBlock is the most bytes of lines for which SectionData makes room
// at once.
const dataBlock = 16 << 10

// printedData returns the number of lines of text, section data as
// SectionData is handed it, where each is written as SectionData prints
// it: a tab, the directive, one blank, and the values separated by ", "
// with no other blank. Where some line is not, it returns 0.
func printedData(text string) int {
	lines := 0
	for i := 0; i < len(text); i++ {
		if text[i] != '\t' {
			return 0
		}
		i++
		for i < len(text) && text[i] > ' ' {
			i++
		}
		if i+1 >= len(text) || text[i] != ' ' {
			return 0
		}
	values:
		for i++; ; i++ {
			if i >= len(text) {
				return 0
			}
			c := text[i]
			if c > ',' {
				continue // most bytes: digits, letters, '.'
			}
			switch c {
			case '\n':
				break values
			case ' ', '\t':
				return 0 // a blank out of place
			case ',':
				if i+1 >= len(text) || text[i+1] != ' ' {
					return 0
				}
				i++
			}
		}
		lines++
	}
	return lines
}

func (f *formatter) Section(s *ast.Section) {
	f.q.flush(f.p, kindSection)
	f.q.step(f.p, s, kindSection)
	f.p.sectionStart(s)
	f.items = 0
}

func (f *formatter) SectionItem(it ast.SectionItem) {
	f.p.sectionItem(it, f.items)
	f.items++
}

func (f *formatter) EndSection(*ast.Section) { f.p.sectionEnd() }

type printer struct {
	buf []byte
	w   io.Writer // nil: keep everything in buf
	err error
	// A printer of FormatPieces prints into chunks of an arena (grow).
	arena  *arena
	chunks [][]byte // the chunks filled, before buf
}

// flush writes out the buffer up to its last full line.
func (p *printer) flush() {
	if p.w == nil || len(p.buf) == 0 {
		return
	}
	if p.err == nil {
		_, p.err = p.w.Write(p.buf)
	}
	p.buf = p.buf[:0]
}

// maybeFlush flushes a full buffer when at the start of a line, where no
// trailing comment can still need to join the line before.
func (p *printer) maybeFlush() {
	if p.w != nil && len(p.buf) >= flushSize {
		// Keep the last line: a trailing comment may yet join it.
		i := bytes.LastIndexByte(p.buf[:len(p.buf)-1], '\n')
		if i < 0 {
			return
		}
		if p.err == nil {
			_, p.err = p.w.Write(p.buf[:i+1])
		}
		n := copy(p.buf, p.buf[i+1:])
		p.buf = p.buf[:n]
	}
}

type internalError struct{ msg string }

func (p *printer) module(m *ast.Module) (err error) {
	defer func() {
		if r := recover(); r != nil {
			ie, ok := r.(internalError)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("printer: %s", ie.msg)
		}
	}()
	if m == nil {
		return nil
	}
	var q declSeq
	for _, d := range m.Decls {
		q.decl(p, d)
	}
	q.end(p)
	return nil
}

// A declSeq prints the declarations of a module one at a time, as module
// and Format's formatter come to them, with a blank line between groups
// of declarations of different kinds and around each function and
// section. Whether a group opens with a blank line depends on the kind of
// its first declaration that is not a comment, so comments wait, as
// copies, for the next declaration (or the end).
type declSeq struct {
	prevKind int
	n        int  // declarations stepped over
	leading  bool // the last of them was a leading comment
	pending  []ast.Comment
}

// decl prints d, or if d is a comment keeps it for later.
func (q *declSeq) decl(p *printer, d ast.Decl) {
	if c, ok := d.(*ast.Comment); ok {
		q.pending = append(q.pending, *c)
		return
	}
	kind := kindOf(d)
	q.flush(p, kind)
	if q.step(p, d, kind) {
		p.decl(d)
	}
}

// end prints the comments left at the end of the module.
func (q *declSeq) end(p *printer) { q.flush(p, kindOther) }

// flush prints the pending comments, which come before a declaration of
// the given kind.
func (q *declSeq) flush(p *printer, kind int) {
	for i := range q.pending {
		if c := &q.pending[i]; q.step(p, c, kind) {
			p.decl(c)
		}
	}
	q.pending = q.pending[:0]
}

// step prints what comes before the declaration d, a trailing comment
// included, and reports whether d itself remains to be printed. The group
// kind of d is that of the first declaration at or after d that is not a
// comment.
func (q *declSeq) step(p *printer, d ast.Decl, groupKind int) bool {
	if c, ok := d.(*ast.Comment); ok && c.Trailing && q.n > 0 {
		p.trailing(c)
		q.n++
		q.leading = false
		return false
	}
	if q.n == 0 || !q.leading {
		// The first item of a group.
		if q.prevKind != kindNone && (groupKind != q.prevKind || groupKind == kindFunc || groupKind == kindSection) {
			p.nl()
		}
		q.prevKind = groupKind
	}
	q.n++
	q.leading = isLeadingComment(d)
	return true
}

// Kinds of top-level groups, for blank lines between them.
const (
	kindNone = iota
	kindHeader
	kindFile
	kindVar
	kindFunc
	kindSection
	kindOther
)

func isLeadingComment(d ast.Decl) bool {
	c, ok := d.(*ast.Comment)
	return ok && !c.Trailing
}

// kindOf is the kind of the declaration d, not a comment.
func kindOf(d ast.Decl) int {
	switch d.(type) {
	case *ast.Version, *ast.Target, *ast.AddressSize:
		return kindHeader
	case *ast.File:
		return kindFile
	case *ast.Variable:
		return kindVar
	case *ast.Function:
		return kindFunc
	case *ast.Section:
		return kindSection
	}
	return kindOther
}

func (p *printer) nl() {
	p.byte('\n')
	if p.w != nil && len(p.buf) >= flushSize {
		p.maybeFlush()
	}
	if p.arena != nil && cap(p.buf)-len(p.buf) < lineRoom {
		p.grow(lineRoom)
	}
}

// lineRoom is the room that the printer of a piece of FormatPieces keeps
// after each line for the next: a longer line grows the buffer by
// append, out of the arena, until the line's end.
var lineRoom = 4 << 10

// str appends s to the buffer. Where s fits, only the buffer's length is
// updated: storing the slice's pointer anew would cost a write barrier
// while the garbage collector is marking, and str runs for every token.
// Where it does not, append grows the buffer; the printer of a piece of
// FormatPieces sees to it at each line's end (nl) that the next line
// most likely fits.
func (p *printer) str(s string) {
	n := len(p.buf)
	if cap(p.buf)-n >= len(s) {
		p.buf = p.buf[:n+len(s)]
		copy(p.buf[n:], s)
		return
	}
	p.buf = append(p.buf, s...)
}

// bytes is str for a byte slice.
func (p *printer) bytes(b []byte) {
	n := len(p.buf)
	if cap(p.buf)-n >= len(b) {
		p.buf = p.buf[:n+len(b)]
		copy(p.buf[n:], b)
		return
	}
	p.buf = append(p.buf, b...)
}

// byte is str for one byte.
func (p *printer) byte(c byte) {
	n := len(p.buf)
	if n < cap(p.buf) {
		p.buf = p.buf[:n+1]
		p.buf[n] = c
		return
	}
	p.buf = append(p.buf, c)
}

// grow makes room for n more bytes after p.buf's length: where the
// printer prints into an arena (FormatPieces), in a new chunk of it,
// p.buf so far going to p.chunks but for its last line, which moves
// along, as a trailing comment may yet join it; else by append's growth.
func (p *printer) grow(n int) {
	if p.arena == nil {
		p.buf = slices.Grow(p.buf, n)
		return
	}
	keep := len(p.buf)
	if keep > 0 {
		keep -= bytes.LastIndexByte(p.buf[:len(p.buf)-1], '\n') + 1
	}
	next := append(p.arena.take(keep+n), p.buf[len(p.buf)-keep:]...)
	if len(p.buf) > keep {
		p.chunks = append(p.chunks, p.buf[:len(p.buf)-keep])
	}
	p.buf = next
}

// An arena hands out chunks of memory for the printers of FormatPieces,
// from its room as long as that lasts, then from the Go heap.
type arena struct {
	room []byte
	used atomic.Int64
}

// chunkSize is the least size of a chunk; a piece's first is as big as
// the piece and a little more (firstChunk: nvcc's output prints to about
// its size).
var (
	chunkSize  = 64 << 10
	firstChunk = func(size int) int { return size + size/32 }
)

// take returns a chunk of room for at least n bytes, empty.
func (a *arena) take(n int) []byte {
	n = max(n, chunkSize)
	if end := a.used.Add(int64(n)); end <= int64(len(a.room)) {
		return a.room[end-int64(n) : end-int64(n) : end]
	}
	return make([]byte, 0, n)
}

// output returns what p printed: its chunks and its buffer.
func (p *printer) output() [][]byte {
	return append(p.chunks, p.buf)
}

func (p *printer) int(v int64) {
	var tmp [20]byte
	p.bytes(strconv.AppendInt(tmp[:0], v, 10))
}

func (p *printer) uint(v uint64) {
	var tmp [20]byte
	p.bytes(strconv.AppendUint(tmp[:0], v, 10))
}

func (p *printer) indent(depth int) {
	for range depth {
		p.byte('\t')
	}
}

// trailing puts a comment at the end of the line just printed.
func (p *printer) trailing(c *ast.Comment) {
	if n := len(p.buf); n > 0 && p.buf[n-1] == '\n' {
		p.buf = p.buf[:n-1]
	}
	p.byte(' ')
	p.str(c.Text)
	p.nl()
}

func (p *printer) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.Comment:
		p.str(d.Text)
	case *ast.Version:
		p.str(".version ")
		p.int(int64(d.Major))
		p.byte('.')
		p.int(int64(d.Minor))
	case *ast.Target:
		p.str(".target ")
		for i, n := range d.Names {
			if i > 0 {
				p.str(", ")
			}
			p.str(n)
		}
	case *ast.AddressSize:
		p.str(".address_size ")
		p.int(int64(d.Size))
	case *ast.File:
		p.str(".file ")
		p.int(int64(d.Index))
		p.byte(' ')
		p.str(strconv.Quote(d.Name))
		if d.HasInfo {
			p.str(", ")
			p.uint(d.Timestamp)
			p.str(", ")
			p.uint(d.Size)
		}
	case *ast.Section:
		p.section(d)
		return
	case *ast.Variable:
		p.variable(d)
		p.byte(';')
	case *ast.Function:
		p.function(d)
		return
	case *ast.Directive:
		p.directive(d)
	case nil:
		panic(internalError{"nil declaration"})
	default:
		panic(internalError{fmt.Sprintf("unexpected declaration %T", d)})
	}
	p.nl()
}

func (p *printer) section(s *ast.Section) {
	p.sectionStart(s)
	for i, it := range s.Items {
		p.sectionItem(it, i)
	}
	p.sectionEnd()
}

func (p *printer) sectionStart(s *ast.Section) {
	p.str(".section ")
	p.str(s.Name)
	p.str("\n{\n")
}

// sectionItem prints it, the item at index i of its section.
func (p *printer) sectionItem(it ast.SectionItem, i int) {
	switch it := it.(type) {
	case *ast.Comment:
		if it.Trailing {
			p.trailing(it)
			return
		}
		p.indent(1)
		p.str(it.Text)
	case *ast.Label:
		p.str(it.Name)
		p.byte(':')
	case *ast.Data:
		p.indent(1)
		p.str(it.Type)
		p.byte(' ')
		p.exprs(it.Values)
	default:
		panic(internalError{fmt.Sprintf("unexpected section item %T at %d", it, i)})
	}
	p.nl()
}

func (p *printer) sectionEnd() { p.str("}\n") }

func (p *printer) function(f *ast.Function) {
	for _, l := range f.Linkage {
		p.str(l)
		p.byte(' ')
	}
	if f.Entry {
		p.str(".entry ")
	} else {
		p.str(".func ")
	}
	if f.Return != nil {
		p.params(f.Return, false)
		p.byte(' ')
	}
	p.str(f.Name)
	if f.HasParams || len(f.Params) > 0 {
		p.params(f.Params, true)
	}
	for _, d := range f.Directives {
		p.nl()
		p.directive(d)
	}
	if f.Body == nil {
		p.str(";\n")
		return
	}
	p.nl()
	p.block(f.Body, 0)
}

// params prints a parameter list, one per line if long.
func (p *printer) params(list []*ast.Variable, long bool) {
	if !long || len(list) == 0 {
		p.byte('(')
		for i, v := range list {
			if i > 0 {
				p.str(", ")
			}
			p.variable(v)
		}
		p.byte(')')
		return
	}
	p.str("(\n")
	for i, v := range list {
		p.indent(1)
		p.variable(v)
		if i < len(list)-1 {
			p.byte(',')
		}
		p.nl()
	}
	p.byte(')')
}

func (p *printer) directive(d *ast.Directive) {
	p.str(d.Name)
	if len(d.Args) > 0 {
		p.byte(' ')
		p.exprs(d.Args)
	}
	if d.Semi {
		p.byte(';')
	}
}

func (p *printer) variable(v *ast.Variable) {
	for _, l := range v.Linkage {
		p.str(l)
		p.byte(' ')
	}
	p.str(v.Space)
	if len(v.Attributes) > 0 {
		p.str(" .attribute(")
		for i, a := range v.Attributes {
			if i > 0 {
				p.str(", ")
			}
			p.str(a)
		}
		p.byte(')')
	}
	if v.Align != 0 {
		p.str(" .align ")
		p.int(int64(v.Align))
	}
	if v.Vector != 0 {
		p.str(" .v")
		p.int(int64(v.Vector))
	}
	p.byte(' ')
	p.str(v.Type)
	if v.Ptr {
		p.str(" .ptr")
		if v.PtrSpace != "" {
			p.byte(' ')
			p.str(v.PtrSpace)
		}
		if v.PtrAlign != 0 {
			p.str(" .align ")
			p.int(int64(v.PtrAlign))
		}
	}
	for i, d := range v.Names {
		if i > 0 {
			p.byte(',')
		}
		p.byte(' ')
		p.str(d.Name)
		if d.Range != 0 {
			p.byte('<')
			p.int(int64(d.Range))
			p.byte('>')
		}
		for _, n := range d.Dims {
			p.byte('[')
			if n >= 0 {
				p.int(n)
			}
			p.byte(']')
		}
		if d.Init != nil {
			p.str(" = ")
			p.expr(d.Init)
		}
	}
}

func (p *printer) block(b *ast.Block, depth int) {
	p.indent(depth)
	p.str("{\n")
	for _, s := range b.Stmts {
		p.stmt(s, depth+1)
	}
	p.indent(depth)
	p.str("}\n")
}

func (p *printer) stmt(s ast.Stmt, depth int) {
	switch s := s.(type) {
	case *ast.Comment:
		if s.Trailing {
			p.trailing(s)
			return
		}
		if p.arena != nil && cap(p.buf)-len(p.buf) < len(s.Text)+lineRoom {
			// Statements as text (parser.TextHandler) may be long.
			p.grow(len(s.Text) + lineRoom)
		}
		p.indent(depth)
		p.str(s.Text)
	case *ast.Block:
		p.block(s, depth)
		return
	case *ast.Label:
		p.str(s.Name)
		p.byte(':')
	case *ast.Instruction:
		if p.instruction(s, depth) {
			return
		}
		p.indent(depth)
		if s.Guard != "" {
			p.byte('@')
			if s.GuardNeg {
				p.byte('!')
			}
			p.str(s.Guard)
			p.byte(' ')
		}
		p.str(s.Opcode)
		for _, m := range s.Mods {
			p.str(m)
		}
		if len(s.Operands) > 0 {
			p.byte(' ')
			p.exprs(s.Operands)
		}
		p.byte(';')
	case *ast.Variable:
		p.indent(depth)
		p.variable(s)
		p.byte(';')
	case *ast.Loc:
		p.indent(depth)
		p.str(".loc ")
		p.int(int64(s.File))
		p.byte(' ')
		p.int(int64(s.Line))
		p.byte(' ')
		p.int(int64(s.Column))
		if s.FunctionName != nil {
			p.str(", function_name ")
			p.expr(s.FunctionName)
		}
		if at := s.InlinedAt; at != nil {
			p.str(", inlined_at ")
			p.int(int64(at.File))
			p.byte(' ')
			p.int(int64(at.Line))
			p.byte(' ')
			p.int(int64(at.Column))
		}
	case *ast.Prototype:
		p.indent(depth)
		p.str(s.Name)
		p.str(": .callprototype ")
		if s.Return != nil {
			p.params(s.Return, false)
			p.byte(' ')
		}
		p.byte('_')
		if s.HasParams || len(s.Params) > 0 {
			p.byte(' ')
			p.params(s.Params, false)
		}
		if s.NoReturn {
			p.str(" .noreturn")
		}
		p.byte(';')
	case *ast.Directive:
		p.indent(depth)
		p.directive(s)
	case nil:
		panic(internalError{"nil statement"})
	default:
		panic(internalError{fmt.Sprintf("unexpected statement %T", s)})
	}
	p.nl()
}

// instruction prints s, its line and its newline, as stmt does, in one
// store, where it is an instruction as Format's parser hands it over most
// often (the opcode whole, the operand list as its text, no guard) and
// the buffer has room for it and the next line; else it reports false
// and prints nothing.
func (p *printer) instruction(s *ast.Instruction, depth int) bool {
	if s.Guard != "" || len(s.Mods) > 0 || len(s.Operands) > 1 || p.w != nil {
		return false
	}
	var ops string
	if len(s.Operands) == 1 {
		id, ok := s.Operands[0].(*ast.Ident)
		if !ok {
			return false
		}
		ops = id.Name
	}
	n := len(p.buf)
	size := depth + len(s.Opcode) + 1 + len(ops) + 2
	if cap(p.buf)-n < size+lineRoom {
		return false
	}
	b := p.buf[n : n+size]
	for i := range depth {
		b[i] = '\t'
	}
	k := depth + copy(b[depth:], s.Opcode)
	if ops != "" {
		b[k] = ' '
		k += 1 + copy(b[k+1:], ops)
	}
	b[k], b[k+1] = ';', '\n'
	p.buf = p.buf[:n+k+2]
	return true
}

func (p *printer) exprs(list []ast.Expr) {
	for i, x := range list {
		if i > 0 {
			p.byte(',')
			p.byte(' ')
		}
		p.expr(x)
	}
}

func (p *printer) expr(x ast.Expr) {
	switch x := x.(type) {
	case *ast.Ident:
		p.str(x.Name)
	case *ast.Lit:
		p.str(x.Value)
	case *ast.Unary:
		p.str(x.Op)
		p.expr(x.X)
	case *ast.Binary:
		p.expr(x.X)
		switch x.Op {
		case "+", "-", "|":
			p.str(x.Op)
		default:
			p.byte(' ')
			p.str(x.Op)
			p.byte(' ')
		}
		p.expr(x.Y)
	case *ast.Paren:
		p.byte('(')
		p.exprs(x.Elems)
		p.byte(')')
	case *ast.Braces:
		p.byte('{')
		p.exprs(x.Elems)
		p.byte('}')
	case *ast.Address:
		p.byte('[')
		p.exprs(x.Elems)
		p.byte(']')
	case *ast.CallExpr:
		p.str(x.Fun.Name)
		p.byte('(')
		p.exprs(x.Args)
		p.byte(')')
	case nil:
		panic(internalError{"nil expression"})
	default:
		panic(internalError{fmt.Sprintf("unexpected expression %T", x)})
	}
}

package vet

import (
	"errors"
	"fmt"
	"go/token"
	"math"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"unsafe"

	"github.com/ptxabi/ptxabi/internal/strcopy"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// A big file is checked in parts, so that memory holds the tree of one
// declaration at a time rather than the whole file's, which is some ten
// times the file's size. LoadParts first skims the file (parser.SkimPart,
// which skips instructions and data unread), a part (parser.Cuts) a
// processor, into a skeleton: every top-level declaration but the
// function bodies and the sections, the names that the bodies and the
// sections define, and where the sections lie. Run then streams each
// part (parser.StreamPart), on as many processors as there are, less its
// sections (whose text it does not read), and runs every check on each
// declaration with the skeleton as the module: pass.Module.AST holds that
// declaration, whole, and Funcs, Vars and Files the whole module's; the
// parser reuses the declaration's nodes once the checks have run. A check
// reports what it finds in the declarations of its AST; a finding about
// the module at large it reports with the declaration that holds its
// position (Pass.InPart). The sections are handed, streamed, to the check
// that asks for them (Pass.StreamSections) once. Each processor reads
// its parts into memory of its own, and parses them with a parser.Reader
// of its own, which keeps the memory of its nodes from one part to the
// next (scratch), of any module.

// partSize is the size of the parts of a file that LoadFiles checks in
// parts: files of at least twice that size.
const partSize = 256 << 10

// LoadParts parses src, the PTX file filename, into a Module to be
// checked in parts of about size bytes (Run streams them), as LoadFiles
// does for a big file: its AST is the skeleton of the module (every
// top-level declaration but comments and sections, each function that
// has a body with an empty one). Where src cannot be cut, the module is
// parsed whole, as ParseFile parses it. src must not change while the
// module is in use.
//
// The skeleton is read by parser.SkimPart, which leaves instructions and
// section data unread: LoadParts returns the syntax errors of what it
// reads (the top level, the scopes of the bodies, declarations), and Run
// those of the instructions and data, when it parses the parts.
//
// The file's table of lines (8 bytes a line) is not made until a
// position must be resolved: Run makes it when it returns diagnostics or
// errors in the file, and Pass.NeedPositions when a check asks for it.
func LoadParts(fset *token.FileSet, filename string, src []byte, size int) (*Module, error) {
	if err := checkSize(filename, int64(len(src))); err != nil {
		return nil, err
	}
	text := unsafe.String(unsafe.SliceData(src), len(src))
	file := fset.AddFile(filename, -1, len(src))
	ps := &parts{file: file, src: source{name: filename, text: text, size: len(text)}}
	cuts := parser.Cuts(text, max(len(src)/max(size, 1), 1))
	if len(cuts) == 0 {
		return ps.whole(src)
	}
	bounds := append(append([]int{0}, cuts...), len(text))
	// The skeleton of each part, at the same time.
	sks := make([]*skeleton, len(bounds)-1)
	errs := make([]error, len(sks))
	lines := make([]int, len(sks))
	parallel(len(sks), func(i int) {
		sc := getScratch()
		sks[i], errs[i] = skim(&sc.rd, file, text[bounds[i]:bounds[i+1]], bounds[i])
		putScratch(sc)
		lines[i] = strings.Count(text[bounds[i]:bounds[i+1]], "\n")
	})
	return ps.load(src, bounds, sks, errs, lines)
}

// LoadPartsFile is LoadParts of the file filename, which it reads a
// window at a time, never whole: the module holds the skeleton, not the
// file's text (its Src is nil), and Run reads each part again when it
// checks it. The file must not change while the module is in use; Run
// reports an error where it finds that it did.
func LoadPartsFile(fset *token.FileSet, filename string, size int) (*Module, error) {
	info, err := os.Stat(filename)
	if err != nil {
		return nil, err
	}
	if err := checkSize(filename, info.Size()); err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		src, err := os.ReadFile(filename)
		if err != nil {
			return nil, err
		}
		return LoadParts(fset, filename, src, size)
	}
	n := int(info.Size())
	file := fset.AddFile(filename, -1, n)
	ps := &parts{file: file, src: source{name: filename, size: n, file: true}}
	size = max(size, 1)
	// The parts are cut as they are read (parser.NextCut), each skimmed
	// by a worker while the next is read.
	type piece struct {
		i, off int
		text   string
		buf    []byte // that holds text, to be read into again
	}
	// The skeletons copy what they keep of the text: the memory of a
	// part is read into again once it is skimmed.
	free := make(chan []byte, runtime.GOMAXPROCS(0)+1)
	var (
		bounds = []int{0}
		mu     sync.Mutex
		sks    []*skeleton
		errs   []error
		lines  []int
	)
	work := func(pc piece) {
		sc := getScratch()
		sk, err := skim(&sc.rd, file, pc.text, pc.off)
		putScratch(sc)
		k := strings.Count(pc.text, "\n")
		mu.Lock()
		for len(sks) <= pc.i {
			sks, errs, lines = append(sks, nil), append(errs, nil), append(lines, 0)
		}
		sks[pc.i], errs[pc.i], lines[pc.i] = sk, err, k
		mu.Unlock()
		select {
		case free <- pc.buf:
		default:
		}
	}
	workers := runtime.GOMAXPROCS(0)
	next := make(chan piece, workers)
	var wg sync.WaitGroup
	if workers > 1 {
		for range workers {
			wg.Go(func() {
				for pc := range next {
					work(pc)
				}
			})
		}
	}
	var readErr error
	carry := ""
	for pos, i := 0, 0; pos < n; i++ {
		var buf []byte
		select {
		case buf = <-free:
		default:
		}
		var text string
		text, carry, buf, readErr = ps.src.nextPart(pos, size, carry, buf)
		if readErr != nil {
			break
		}
		if workers > 1 {
			next <- piece{i, pos, text, buf}
		} else {
			work(piece{i, pos, text, buf})
		}
		pos += len(text)
		bounds = append(bounds, pos)
	}
	close(next)
	wg.Wait()
	if readErr != nil {
		return nil, readErr
	}
	// The memory the parts were read into serves to check them (checkPart),
	// but for a part much bigger than most.
	close(free)
	scratches.mu.Lock()
	k := 0
	for buf := range free {
		for k < len(scratches.free) && scratches.free[k].buf != nil {
			k++
		}
		if k < len(scratches.free) && cap(buf) <= 2*size {
			scratches.free[k].buf = buf[:0]
		}
	}
	scratches.mu.Unlock()
	if len(bounds) < 3 {
		src, err := ps.src.read(0, n)
		if err != nil {
			return nil, err
		}
		return ps.whole(unsafe.Slice(unsafe.StringData(src), len(src)))
	}
	return ps.load(nil, bounds, sks, errs, lines)
}

// checkSize reports a file too big to check in parts: a skeleton places
// the names it keeps by 32-bit offsets.
func checkSize(filename string, size int64) error {
	if size > math.MaxUint32 {
		return fmt.Errorf("%s: %d bytes: vet checks files of at most 4 GiB", filename, size)
	}
	return nil
}

// skim returns the skeleton of the part text of file at offset off,
// read with rd.
func skim(rd *parser.Reader, file *token.File, text string, off int) (*skeleton, error) {
	sk := newSkeleton(file)
	// The definitions are gathered in scratch memory, then copied to fit:
	// nvcc -G writes one (a label, a register, a parameter) every 100
	// bytes or so.
	scratch, _ := defScratch.Get().(*defList)
	if scratch == nil {
		scratch = &defList{}
	}
	sk.defs = slices.Grow(scratch.defs[:0], len(text)/96)
	sk.names = slices.Grow(scratch.names[:0], len(text)/12)
	err := rd.SkimAt(file, text, off, sk)
	scratch.defs, scratch.names = sk.defs, sk.names
	sk.defs, sk.names = slices.Clone(sk.defs), slices.Clone(sk.names)
	defScratch.Put(scratch)
	return sk, err
}

// defScratch holds memory for skim to gather definitions in.
var defScratch sync.Pool

// whole parses the whole of ps's file, src, into a module checked whole.
func (ps *parts) whole(src []byte) (*Module, error) {
	text := unsafe.String(unsafe.SliceData(src), len(src))
	setLines(ps.file, text)
	ps.linesSet = true
	m, err := parser.ParsePart(ps.file, text, 0, len(text))
	if err != nil {
		return nil, err
	}
	return NewModule(ps.file.Name(), src, m), nil
}

// load makes the module of ps's file from the skeletons of its parts,
// text[bounds[i]:bounds[i+1]], and the errors of skimming them. A part
// that does not parse may have been cut inside a declaration (see
// parser.Cuts): the file is then skimmed whole, which reports its errors
// if it has any, and Run checks it whole. lines[i] is how many lines
// part i has.
func (ps *parts) load(src []byte, bounds []int, sks []*skeleton, errs []error, lines []int) (*Module, error) {
	file := ps.file
	for _, err := range errs {
		if err != nil {
			text, err := ps.src.read(0, ps.src.size)
			if err != nil {
				return nil, err
			}
			if err := ps.setLines(); err != nil {
				return nil, err
			}
			sk, err := skim(&parser.Reader{}, file, text, 0)
			if err != nil {
				// The errors, as parsing reports them.
				if err := parser.StreamPart(file, text, 0, len(text), discard{}); err != nil {
					return nil, err
				}
				return nil, err
			}
			sks = []*skeleton{sk}
			break
		}
	}
	ps.bounds = bounds
	ps.lines = make([]int, len(bounds))
	for i, k := range lines {
		ps.lines[i+1] = ps.lines[i] + k
	}
	sk := join(sks)
	var defs []defList
	for _, o := range sks {
		defs = append(defs, o.defList)
	}
	m := NewModule(file.Name(), src, &ast.Module{Decls: sk.decls})
	m.defs = defs
	ps.sections = sk.sections
	m.parts = ps
	for _, d := range sk.decls {
		ps.starts = append(ps.starts, d.Pos())
	}
	for _, sec := range sk.sections {
		ps.starts = append(ps.starts, file.Pos(sec[0]))
	}
	sort.Slice(ps.starts, func(i, j int) bool { return ps.starts[i] < ps.starts[j] })
	return m, nil
}

// parts is where a module checked in parts lies.
type parts struct {
	file   *token.File
	src    source
	bounds []int // the parts are the text's [bounds[i], bounds[i+1])
	lines  []int // lines[i]: how many lines start before bounds[i]
	// sections are where the .section declarations lie, in order: the
	// parts leave them out (their trees would be some ten times the size
	// of their data), and StreamSections hands them over.
	sections [][2]int
	// sectionsRead is set once the sections have streamed without an
	// error (readSections): a check read them, or Run did.
	sectionsRead bool
	// starts are the positions of the declarations of the skeleton and of
	// the sections, in order.
	starts []token.Pos

	mu       sync.Mutex
	linesSet bool // the file's table of lines is set

	mostOnce sync.Once
	most     int // mostSegment
}

// source is the text of a module checked in parts: all of it in memory,
// or a file read a window at a time.
type source struct {
	name string
	text string // all of it, unless file
	file bool
	size int
}

// read returns the text [a, b), in memory of its own.
func (s *source) read(a, b int) (string, error) {
	text, _, err := s.readInto(nil, "", a, b)
	return text, err
}

// readInto returns prefix followed by the text [a, b), in buf if it is
// big enough (prefix may lie in buf), else in memory of its own, and the
// memory it is in (nil for a source in memory).
func (s *source) readInto(buf []byte, prefix string, a, b int) (string, []byte, error) {
	if !s.file {
		if prefix == "" {
			return s.text[a:b], nil, nil
		}
		return prefix + s.text[a:b], nil, nil
	}
	f, err := os.Open(s.name)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil {
		return "", nil, err
	} else if info.Size() != int64(s.size) {
		return "", nil, fmt.Errorf("%s: changed while being checked: %d bytes, then %d", s.name, s.size, info.Size())
	}
	n := len(prefix) + b - a
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	copy(buf, prefix)
	if _, err := f.ReadAt(buf[len(prefix):], int64(a)); err != nil {
		return "", nil, fmt.Errorf("%s: changed while being checked: %v", s.name, err)
	}
	return unsafe.String(unsafe.SliceData(buf), len(buf)), buf, nil
}

// nextPart returns the part of the file that starts at pos, of about size
// bytes, cut as parser.Cuts cuts (parser.NextCut), and the text read past
// it (rest); carry is the text read from pos on already. The part and
// rest are read into buf where it is big enough; used is the memory that
// holds them.
func (s *source) nextPart(pos, size int, carry string, buf []byte) (part, rest string, used []byte, err error) {
	slack := max(size/4, 1<<10) // read past the cut, to see what follows it
	win := carry
	if s.file && carry != "" {
		// carry lies in the memory of the part before, which goes back
		// to be read into once that part is skimmed.
		if cap(buf) < len(carry) {
			buf = make([]byte, len(carry), max(len(carry), size+slack))
		}
		buf = buf[:len(carry)]
		copy(buf, carry)
		win = unsafe.String(unsafe.SliceData(buf), len(buf))
	}
	for grow := size + slack; ; grow *= 2 {
		if need := min(s.size-pos, max(grow, len(win))); len(win) < need {
			if win, buf, err = s.readInto(buf, win, pos+len(win), pos+need); err != nil {
				return "", "", nil, err
			}
		}
		atEOF := pos+len(win) == s.size
		if s.size-pos < 2*size {
			return win, "", buf, nil // the last part
		}
		if c := parser.NextCut(win, min(size, len(win))); c >= 0 && (c+slack/16 <= len(win) || atEOF) {
			return win[:c], win[c:], buf, nil
		}
		if atEOF {
			return win, "", buf, nil
		}
		if s.size-pos <= 16*size {
			// No cut in the window, near the end of the file: what
			// follows is read at once rather than a window twice the
			// size at a time (nvcc -G ends with some MB of DWARF
			// sections, which cannot be cut).
			grow = s.size - pos
		}
	}
}

// setLines sets the table of lines of ps's file, once.
func (ps *parts) setLines() error {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.linesSet {
		return nil
	}
	n := 1
	if len(ps.lines) > 0 {
		n += ps.lines[len(ps.lines)-1]
	}
	lines := make([]int, 0, n)
	if ps.src.size > 0 {
		lines = append(lines, 0)
	}
	const chunk = 1 << 20
	for at := 0; at < ps.src.size; at += chunk {
		text, err := ps.src.read(at, min(at+chunk, ps.src.size))
		if err != nil {
			return err
		}
		for i := 0; ; {
			k := strings.IndexByte(text[i:], '\n')
			if k < 0 {
				break
			}
			if i += k + 1; at+i < ps.src.size {
				lines = append(lines, at+i)
			}
		}
	}
	ps.file.SetLines(lines)
	ps.linesSet = true
	return nil
}

// line returns the line of pos, which lies in ps's file, with or without
// its table of lines.
func (ps *parts) line(pos token.Pos) int {
	ps.mu.Lock()
	set := ps.linesSet
	ps.mu.Unlock()
	if set {
		return ps.file.Line(pos)
	}
	off := ps.file.Offset(pos)
	i := sort.SearchInts(ps.bounds, off+1) - 1
	i = min(max(i, 0), len(ps.bounds)-2)
	text, err := ps.src.read(ps.bounds[i], off)
	if err != nil {
		return 0
	}
	return ps.lines[i] + strings.Count(text, "\n") + 1
}

// holdsAny reports whether a position of one of ds lies in ps's file.
func (ps *parts) holdsAny(ds []Diagnostic) bool {
	in := func(p token.Pos) bool { return ps.file.Base() <= int(p) && int(p) <= ps.file.Base()+ps.file.Size() }
	for _, d := range ds {
		if in(d.Pos) || in(d.End) {
			return true
		}
		for _, r := range d.Related {
			if in(r.Pos) || in(r.End) {
				return true
			}
		}
	}
	return false
}

// Line returns the line of pos, a position in the pass's module, as
// Fset.Position(pos).Line, whether the file's table of lines is made or
// not (LoadParts).
func (p *Pass) Line(pos token.Pos) int {
	if ps := p.Module.Whole().parts; ps != nil && ps.file.Base() <= int(pos) && int(pos) <= ps.file.Base()+ps.file.Size() {
		return ps.line(pos)
	}
	return p.Fset.Position(pos).Line
}

// NeedPositions makes the tables of lines of the program's files checked
// in parts, which LoadParts does not make: a check that turns positions
// into token.Positions (Fset.Position), and back (PosOf), calls it first.
// Diagnostics need no call: Run resolves their positions.
func (p *Pass) NeedPositions() error {
	return setLinesOf(p.Program)
}

// setLinesOf makes the tables of lines of the files of mods checked in
// parts, in parallel: reading a file to find its lines is a tenth of
// checking it, and a check that needs positions waits for them.
func setLinesOf(mods []*Module) error {
	errs := make([]error, len(mods))
	parallel(len(mods), func(i int) {
		if ps := mods[i].Whole().parts; ps != nil {
			errs[i] = ps.setLines()
		}
	})
	return errors.Join(errs...)
}

// checkPart streams the part text[start:end] of m, less its sections, a
// declaration at a time, and calls check with the module of each
// declaration but comments: the skeleton's, with the declaration as its
// AST, whose positions [lo, hi) run from the declaration's start to the
// next declaration's (Pass.InPart). The declaration's nodes are reused once
// check returns (parser.Stream): memory holds the tree of one declaration
// at a time. The part that holds the first section calls check once more
// with an empty AST, at the section's start (StreamSections).
func (m *Module) checkPart(start, end int, check func(w *Module)) error {
	ps := m.parts
	// The checks keep no string of a declaration past its check (they
	// report what they find in messages of their own): the memory of a
	// part is read into again for the next. The text of the sections is
	// not read (StreamSections reads it).
	sc := getScratch()
	defer putScratch(sc)
	h := &declWindows{m: m, check: check}
	for _, seg := range ps.segments(start, end) {
		if ps.src.file && cap(sc.buf) < seg[1]-seg[0] {
			// Memory for the biggest run of declarations of a part, read
			// into again for each.
			sc.buf = make([]byte, 0, max(ps.mostSegment(), seg[1]-seg[0]))
		}
		text, buf, err := ps.src.readInto(sc.buf, "", seg[0], seg[1])
		if err != nil {
			return err
		}
		if buf != nil {
			sc.buf = buf
		}
		if err := sc.rd.StreamAt(ps.file, text, seg[0], h); err != nil {
			return err
		}
	}
	if len(ps.sections) > 0 && start <= ps.sections[0][0] && ps.sections[0][0] < end {
		lo := ps.file.Pos(ps.sections[0][0])
		h.window(&ast.Module{}, lo, lo+1)
	}
	return nil
}

// segments returns the runs of the text [start, end) that lie outside
// the sections, in order.
func (ps *parts) segments(start, end int) [][2]int {
	var out [][2]int
	at := start
	for k := 0; k <= len(ps.sections); k++ {
		a, b := end, end // after the last section, the rest
		if k < len(ps.sections) {
			a, b = max(ps.sections[k][0], start), min(ps.sections[k][1], end)
		}
		if a > b || a < at {
			continue // not in the part
		}
		if a > at {
			out = append(out, [2]int{at, a})
		}
		at = b
	}
	return out
}

// mostSegment returns the size of the biggest run of text outside the
// sections of a part (segments).
func (ps *parts) mostSegment() int {
	ps.mostOnce.Do(func() {
		for i := 1; i < len(ps.bounds); i++ {
			for _, seg := range ps.segments(ps.bounds[i-1], ps.bounds[i]) {
				ps.most = max(ps.most, seg[1]-seg[0])
			}
		}
	})
	return ps.most
}

// scratch is the memory of one worker checking parts: the text it reads
// and its parser's nodes.
type scratch struct {
	buf []byte
	rd  parser.Reader
}

// getScratch returns memory to read and parse a part or a section in;
// putScratch gives it back. The memory is kept for the next part, of any
// module (a sync.Pool would drop it at each collection): reading into
// memory that is new costs the kernel a fault a page. There is memory
// for a part a processor, and one more, whatever the number of files.
func getScratch() *scratch {
	scratches.mu.Lock()
	defer scratches.mu.Unlock()
	if n := len(scratches.free); n > 0 {
		sc := scratches.free[n-1]
		scratches.free = scratches.free[:n-1]
		return sc
	}
	return &scratch{}
}

func putScratch(sc *scratch) {
	scratches.mu.Lock()
	defer scratches.mu.Unlock()
	if len(scratches.free) <= runtime.GOMAXPROCS(0) {
		scratches.free = append(scratches.free, sc)
	}
}

// scratches holds the scratch memory not in use.
var scratches struct {
	mu   sync.Mutex
	free []*scratch
}

// declWindows is checkPart's parser.Handler.
type declWindows struct {
	m     *Module
	check func(*Module)
	w     Module
	tree  ast.Module
	one   [1]ast.Decl
}

func (h *declWindows) Decl(d ast.Decl) {
	if _, ok := d.(*ast.Comment); ok {
		return
	}
	h.one[0] = d
	h.tree.Decls = h.one[:]
	h.window(&h.tree, d.Pos(), h.m.parts.next(d.Pos()))
	h.one[0] = nil
}

func (h *declWindows) window(tree *ast.Module, lo, hi token.Pos) {
	h.w = *h.m
	h.w.AST = tree
	h.w.whole, h.w.parts = h.m, nil
	h.w.lo, h.w.hi = lo, hi
	h.check(&h.w)
}

func (h *declWindows) Section(*ast.Section)        {}
func (h *declWindows) SectionItem(ast.SectionItem) {}
func (h *declWindows) EndSection(*ast.Section)     {}

// next returns the start of the first declaration or section of the
// module after pos, or a position past the end of the file.
func (ps *parts) next(pos token.Pos) token.Pos {
	i := sort.Search(len(ps.starts), func(i int) bool { return ps.starts[i] > pos })
	if i < len(ps.starts) {
		return ps.starts[i]
	}
	return ps.file.Pos(ps.src.size) + 1
}

// Whole returns the module that m is a part of, or m.
func (m *Module) Whole() *Module {
	if m.whole != nil {
		return m.whole
	}
	return m
}

// InPart reports whether pos lies in the part of the module that the pass
// checks: for a module checked in parts, from the start of the
// declaration of its AST to the start of the next; always, for a module
// checked whole. A check reports a finding about the module at large (a
// directive, a declaration it finds through Funcs) in the part that holds
// its position, so that it is reported once.
func (p *Pass) InPart(pos token.Pos) bool {
	m := p.Module
	return m.whole == nil || pos >= m.lo && pos < m.hi
}

// Undefined is the value of a name that Defs finds defined nowhere.
const Undefined = "\x00undefined"

// Defs sets, for a module checked in parts, the value of each name of
// names, which must be Undefined, to where it is defined: "" for the
// module's level (a variable, a function, a section or a label in a
// section), or the name of the function whose parameters or body define
// it; a label of a body wins over an earlier definition, any other name
// keeps its first. A name defined nowhere stays Undefined. It reports
// whether m is checked in parts: for a module checked whole, whose AST
// holds the definitions, it changes nothing. The answer is in names
// itself: a program that asks about every label of nvcc -G's DWARF
// (some tens of thousands) holds one map, not two.
func (m *Module) Defs(names map[string]string) bool {
	if m.Whole().parts == nil {
		return false
	}
	if len(names) == 0 {
		return true // most checks in parts: the declaration of a function
	}
	// Most names defined are not asked about (the labels of a body that
	// no DWARF refers to): a bitmap of the names' hashes, small enough
	// for the processor's first cache, turns most of them away before
	// the map does.
	var seen [1 << 12]uint64
	for name := range names {
		h := quickHash(name)
		seen[h>>6&(1<<12-1)] |= 1 << (h & 63)
	}
	for _, part := range m.Whole().defs {
		for _, d := range part.defs {
			name := part.name(d)
			if h := quickHash(name); seen[h>>6&(1<<12-1)]&(1<<(h&63)) == 0 {
				continue
			}
			cur, ok := names[name]
			if fn, override := d.where(); ok && (cur == Undefined || override) {
				names[name] = part.fns[fn]
			}
		}
	}
	return true
}

// quickHash is a hash of s's length and last 8 bytes, where the names of
// nvcc's labels differ ($L__tmp12, $L__BB3_4).
func quickHash(s string) uint32 {
	h := uint64(len(s))
	for i := max(len(s)-8, 0); i < len(s); i++ {
		h = h*0x100000001b3 ^ uint64(s[i])
	}
	h *= 0x9e3779b97f4a7c15
	return uint32(h >> 32)
}

// skeleton is LoadParts' parser.Handler: it keeps copies of the
// declarations (the parser reuses the nodes it hands over) without the
// bodies, and the names that bodies and sections define. Its strings are
// copies too, in chunks of its own (strcopy), so that it holds none of the
// file's text.
type skeleton struct {
	decls    []ast.Decl
	defList      // in order
	base     int // of the file
	sections [][2]int
	strs     strcopy.Chunks
	// the free rest of the chunks that variables, their declarators and
	// lists of them are allocated from (cloneVar)
	vars                          []ast.Variable
	declarators                   []ast.Declarator
	lists                         []*ast.Declarator
	varsLast, declLast, listsLast int // the sizes of the last chunks
	// and of functions, their bodies (empty) and parameter lists
	funcs                               []ast.Function
	blocks                              []ast.Block
	varLists                            []*ast.Variable
	funcsLast, blocksLast, varListsLast int
}

// defList is the definitions of names in a part of a module: a body
// defines some tens, all with the name of its function, which fns holds
// once.
type defList struct {
	defs  []def
	names []byte   // the names of defs, one after the other
	fns   []string // fns[0] is "", the module's level
}

// def is a definition of a name, names[off:off+n], where (Defs:
// fns[fn], or fns[^fn] for a label of a body, which wins over an earlier
// definition). It holds no pointer, so that the garbage collector need
// not read the list, and takes 12 bytes: nvcc -G defines a name every
// 100 bytes or so.
type def struct {
	off, n uint32
	fn     int32
}

// where returns the index of d's place in fns, and whether d is a label
// of a body.
func (d def) where() (fn int32, override bool) {
	if d.fn < 0 {
		return ^d.fn, true
	}
	return d.fn, false
}

// name returns the name that d defines.
func (l *defList) name(d def) string {
	if d.n == 0 {
		return ""
	}
	return unsafe.String(&l.names[d.off], d.n)
}

func newSkeleton(file *token.File) *skeleton {
	return &skeleton{base: file.Base(), defList: defList{fns: []string{""}}}
}

// str returns a copy of x.
func (s *skeleton) str(x string) string { return s.strs.Copy(x) }

func (s *skeleton) strings(list []string) []string {
	if list == nil {
		return nil
	}
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = s.str(x)
	}
	return out
}

func (s *skeleton) define(name, fn string, override bool) {
	k := len(s.fns) - 1
	if fn == "" {
		k = 0
	} else if s.fns[k] != fn {
		s.fns = append(s.fns, s.str(fn))
		k++
	}
	at := int32(k)
	if override {
		at = ^at
	}
	s.defs = append(s.defs, def{uint32(len(s.names)), uint32(len(name)), at})
	s.names = append(s.names, name...)
}

// join returns the declarations and sections of the skeletons of the
// parts of a file, in order, as one, as if one had streamed the whole
// file; the defs stay with each part's.
func join(sks []*skeleton) *skeleton {
	if len(sks) == 1 {
		return sks[0]
	}
	var nd, ns int
	for _, o := range sks {
		nd, ns = nd+len(o.decls), ns+len(o.sections)
	}
	s := &skeleton{base: sks[0].base, decls: make([]ast.Decl, 0, nd), sections: make([][2]int, 0, ns)}
	for _, o := range sks {
		s.decls = append(s.decls, o.decls...)
		s.sections = append(s.sections, o.sections...)
	}
	return s
}

// setLines sets the lines of file, whose text is text, as
// token.File.SetLinesForContent does, a line at a time rather than a byte.
func setLines(file *token.File, text string) {
	lines := make([]int, 0, strings.Count(text, "\n")+1)
	if len(text) > 0 {
		lines = append(lines, 0)
	}
	for i := 0; ; {
		k := strings.IndexByte(text[i:], '\n')
		if k < 0 {
			break
		}
		if i += k + 1; i < len(text) {
			lines = append(lines, i)
		}
	}
	file.SetLines(lines)
}

func (s *skeleton) Decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.Comment:
	case *ast.Version:
		x := *d
		s.decls = append(s.decls, &x)
	case *ast.Target:
		x := *d
		x.Names = s.strings(d.Names)
		s.decls = append(s.decls, &x)
	case *ast.AddressSize:
		x := *d
		s.decls = append(s.decls, &x)
	case *ast.File:
		x := *d
		x.Name = s.str(d.Name)
		s.decls = append(s.decls, &x)
	case *ast.Variable:
		s.decls = append(s.decls, s.cloneVar(d))
		for _, n := range d.Names {
			s.define(n.Name, "", false)
		}
	case *ast.Directive:
		s.decls = append(s.decls, s.cloneDirective(d))
	case *ast.Function:
		f := take(&s.funcs, &s.funcsLast)
		*f = *d
		f.Name = s.str(d.Name)
		f.Linkage = s.strings(d.Linkage)
		f.Return = s.cloneVars(d.Return)
		f.Params = s.cloneVars(d.Params)
		f.Directives = nil
		for _, x := range d.Directives {
			f.Directives = append(f.Directives, s.cloneDirective(x))
		}
		s.define(d.Name, "", false)
		for _, list := range [][]*ast.Variable{d.Params, d.Return} {
			for _, v := range list {
				for _, n := range v.Names {
					s.define(n.Name, d.Name, false)
				}
			}
		}
		if d.Body != nil {
			f.Body = take(&s.blocks, &s.blocksLast)
			*f.Body = ast.Block{Lbrace: d.Body.Lbrace, Rbrace: d.Body.Rbrace}
			Inspect(d.Body, func(st ast.Stmt, _ []*ast.Block) {
				switch st := st.(type) {
				case *ast.Label:
					s.define(st.Name, d.Name, true)
				case *ast.Variable:
					for _, n := range st.Names {
						s.define(n.Name, d.Name, false)
					}
				}
			})
		}
		s.decls = append(s.decls, f)
	}
}

func (s *skeleton) Section(sec *ast.Section) {
	s.define(sec.Name, "", false)
	off := int(sec.Directive) - s.base
	s.sections = append(s.sections, [2]int{off, off})
}

func (s *skeleton) SectionItem(it ast.SectionItem) {
	if l, ok := it.(*ast.Label); ok {
		s.define(l.Name, "", false)
	}
}

func (s *skeleton) EndSection(sec *ast.Section) {
	s.sections[len(s.sections)-1][1] = int(sec.Rbrace) - s.base + 1
}

// SectionsSize returns the size in bytes of the source text of the
// .section declarations of the pass's module, all together: a check that
// gathers from them may size what it gathers by it.
func (p *Pass) SectionsSize() int {
	n := 0
	if ps := p.Module.Whole().parts; ps != nil {
		for _, sec := range ps.sections {
			n += sec[1] - sec[0]
		}
		return n
	}
	for _, d := range p.Module.AST.Decls {
		if s, ok := d.(*ast.Section); ok && s.Rbrace > s.Directive {
			n += int(s.Rbrace-s.Directive) + 1
		}
	}
	return n
}

// StreamSections hands the .section declarations of the pass's module to
// h as parser.Stream hands them over (Section, each item, EndSection;
// h may keep neither them nor their strings, whose text is read into
// again), and reports whether it did. For a module checked
// in parts, whose parts leave the sections out, the part that holds the
// first section hands over all of them, parsed anew (a
// parser.DataTextHandler gets their runs of plain data as text), and the
// other parts none; for a module checked whole, the sections of its AST.
func (p *Pass) StreamSections(h parser.Handler) (bool, error) {
	m := p.Module
	ps := m.Whole().parts
	if ps == nil {
		any := false
		for _, d := range m.AST.Decls {
			if s, ok := d.(*ast.Section); ok {
				any = true
				h.Section(s)
				for _, it := range s.Items {
					h.SectionItem(it)
				}
				h.EndSection(s)
			}
		}
		return any, nil
	}
	if len(ps.sections) == 0 || !p.InPart(ps.file.Pos(ps.sections[0][0])) {
		return false, nil
	}
	return true, ps.readSections(h)
}

// SectionsHere reports whether StreamSections hands sections over to the
// pass: whether its module has any and, for a module checked in parts,
// whether the pass's part is the one that holds the first.
func (p *Pass) SectionsHere() bool {
	ps := p.Module.Whole().parts
	if ps == nil {
		for _, d := range p.Module.AST.Decls {
			if _, ok := d.(*ast.Section); ok {
				return true
			}
		}
		return false
	}
	return len(ps.sections) > 0 && p.InPart(ps.file.Pos(ps.sections[0][0]))
}

// readSections streams every section to h, and notes that they parse.
func (ps *parts) readSections(h parser.Handler) error {
	// The handler keeps no string of a section (Pass.StreamSections):
	// each is read into the same memory. Memory bigger than a part's
	// (nvcc -G's .debug_info is the size of several parts) goes once
	// the sections are read.
	sc := getScratch()
	defer putScratch(sc)
	most := 0
	for _, sec := range ps.sections {
		most = max(most, sec[1]-sec[0])
	}
	mem := sc.buf
	if ps.src.file && cap(mem) < most {
		mem = make([]byte, 0, most)
	}
	for _, sec := range ps.sections {
		var text string
		var err error
		text, mem, err = ps.src.readInto(mem, "", sec[0], sec[1])
		if err != nil {
			return err
		}
		if err := sc.rd.StreamAt(ps.file, text, sec[0], h); err != nil {
			return err
		}
	}
	ps.sectionsRead = true
	return nil
}

// syntaxErrors returns the syntax errors of the whole file, as parsing it
// reports them, or else err, that of a part.
func (ps *parts) syntaxErrors(err error) error {
	if e := ps.setLines(); e != nil {
		return e
	}
	text, e := ps.src.read(0, ps.src.size)
	if e != nil {
		return e
	}
	if all := parser.StreamPart(ps.file, text, 0, len(text), discard{}); all != nil {
		return all
	}
	return err
}

// discard is a parser.Handler that drops what it is handed.
type discard struct{}

func (discard) Decl(ast.Decl)               {}
func (discard) Section(*ast.Section)        {}
func (discard) SectionItem(ast.SectionItem) {}
func (discard) EndSection(*ast.Section)     {}

// SectionsModule returns a module of the .section declarations that
// StreamSections hands over: the module's AST, for a module checked whole.
func (p *Pass) SectionsModule() (*ast.Module, error) {
	ps := p.Module.Whole().parts
	if ps == nil {
		return p.Module.AST, nil
	}
	if err := ps.setLines(); err != nil {
		return nil, err
	}
	out := &ast.Module{}
	for _, sec := range ps.sections {
		text, err := ps.src.read(sec[0], sec[1])
		if err != nil {
			return nil, err
		}
		t, err := parser.ParseAt(ps.file, text, sec[0])
		if err != nil {
			return nil, err
		}
		out.Decls = append(out.Decls, t.Decls...)
	}
	return out, nil
}

func (s *skeleton) cloneVars(list []*ast.Variable) []*ast.Variable {
	if list == nil {
		return nil
	}
	var out []*ast.Variable
	if n := len(list); n <= maxChunk/4 {
		if len(s.varLists) < n {
			s.varListsLast = min(max(2*s.varListsLast, 4*n), maxChunk)
			s.varLists = make([]*ast.Variable, s.varListsLast)
		}
		out, s.varLists = s.varLists[:n:n], s.varLists[n:]
	} else {
		out = make([]*ast.Variable, n)
	}
	for i, v := range list {
		out[i] = s.cloneVar(v)
	}
	return out
}

func (s *skeleton) cloneVar(v *ast.Variable) *ast.Variable {
	x := s.newVar()
	*x = *v
	x.Linkage = s.strings(v.Linkage)
	x.Space = s.str(v.Space)
	x.Attributes = s.strings(v.Attributes)
	x.Type = s.str(v.Type)
	x.PtrSpace = s.str(v.PtrSpace)
	x.Names = s.declList(len(v.Names))
	for i, d := range v.Names {
		y := s.newDecl()
		*y = *d
		y.Name = s.str(d.Name)
		y.Dims = append([]int64(nil), d.Dims...)
		y.Init = s.cloneExpr(d.Init)
		x.Names[i] = y
	}
	return x
}

// The variables of a skeleton (mostly the parameters of its functions,
// some thousands in a big file) are allocated a chunk at a time, each
// chunk twice the last, up to maxChunk.
const maxChunk = 256

// take returns the first element of *chunk, which it refills when empty
// with a chunk twice the size of the last (*last).
func take[T any](chunk *[]T, last *int) *T {
	if len(*chunk) == 0 {
		*last = min(max(2**last, 8), maxChunk)
		*chunk = make([]T, *last)
	}
	x := &(*chunk)[0]
	*chunk = (*chunk)[1:]
	return x
}

func (s *skeleton) newVar() *ast.Variable    { return take(&s.vars, &s.varsLast) }
func (s *skeleton) newDecl() *ast.Declarator { return take(&s.declarators, &s.declLast) }

// declList returns a list of n declarators, with capacity n.
func (s *skeleton) declList(n int) []*ast.Declarator {
	if n > maxChunk/4 {
		return make([]*ast.Declarator, n)
	}
	if len(s.lists) < n {
		s.listsLast = min(max(2*s.listsLast, 4*n), maxChunk)
		s.lists = make([]*ast.Declarator, s.listsLast)
	}
	x := s.lists[:n:n]
	s.lists = s.lists[n:]
	return x
}

func (s *skeleton) cloneDirective(d *ast.Directive) *ast.Directive {
	x := *d
	x.Name = s.str(d.Name)
	x.Args = s.cloneExprs(d.Args)
	return &x
}

func (s *skeleton) cloneExprs(list []ast.Expr) []ast.Expr {
	if list == nil {
		return nil
	}
	out := make([]ast.Expr, len(list))
	for i, e := range list {
		out[i] = s.cloneExpr(e)
	}
	return out
}

func (s *skeleton) cloneExpr(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.Ident:
		x := *e
		x.Name = s.str(e.Name)
		return &x
	case *ast.Lit:
		x := *e
		x.Value = s.str(e.Value)
		return &x
	case *ast.Unary:
		x := *e
		x.Op = s.str(e.Op)
		x.X = s.cloneExpr(e.X)
		return &x
	case *ast.Binary:
		x := *e
		x.Op = s.str(e.Op)
		x.X, x.Y = s.cloneExpr(e.X), s.cloneExpr(e.Y)
		return &x
	case *ast.Paren:
		x := *e
		x.Elems = s.cloneExprs(e.Elems)
		return &x
	case *ast.Braces:
		x := *e
		x.Elems = s.cloneExprs(e.Elems)
		return &x
	case *ast.Address:
		x := *e
		x.Elems = s.cloneExprs(e.Elems)
		return &x
	case *ast.CallExpr:
		x := *e
		if e.Fun != nil {
			f := *e.Fun
			f.Name = s.str(e.Fun.Name)
			x.Fun = &f
		}
		x.Args = s.cloneExprs(e.Args)
		return &x
	}
	return e // nil
}

// Parts returns how many parts Run checks m in: 1 for a module checked
// whole.
func (m *Module) Parts() int {
	if m.parts == nil {
		return 1
	}
	return len(m.parts.bounds) - 1
}

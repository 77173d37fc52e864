package dwarf

import (
	"errors"
	"fmt"
	"go/token"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// This file connects the sections to PTX: File reads them from a module
// that ptx/parser parsed, Nodes and Text make .section nodes of ptx/ast
// that ptx/printer prints.

// File is the .section blocks of a PTX module as Sections, with the source
// position of every datum, so that a reader *Error (section and byte
// offset) maps back to file:line:col.
type File struct {
	Fset     *token.FileSet
	Sections []Section
	pos      map[string]*sectionPos
}

// sectionPos is where a section's data came from.
type sectionPos struct {
	directive token.Pos   // the first .section directive of that name
	data      []token.Pos // one per datum of the joined section
}

// PosError is an error at a position of a PTX file: a datum that is no
// section datum, or a reader *Error (Err) located at the datum where
// decoding failed.
type PosError struct {
	Pos token.Position
	Msg string
	Err error // the located error, or nil
}

func (e *PosError) Error() string { return e.Pos.String() + ": " + e.Msg }

// Unwrap returns the located error.
func (e *PosError) Unwrap() error { return e.Err }

// ParsePTX parses src, the text of the PTX file filename, with ptx/parser
// and returns its sections (FromModule). A syntax error anywhere in the
// file is returned as the parser's parser.ErrorList, each error at its
// file:line:col.
func ParsePTX(filename string, src []byte) (*File, error) {
	fset := token.NewFileSet()
	m, err := parser.ParseFile(fset, filename, src)
	if err != nil {
		return nil, err
	}
	return FromModule(fset, m)
}

// FromModule returns the .section blocks of m, in order of first
// appearance. Blocks of the same name are joined in order, as a linker
// joins sections of one name (ptxas 11.8 -g keeps them apart, as ELF
// sections of the same name; no producer writes two). Labels and comments
// in a block are skipped. A value that is not a
// number, a label, label+N, label-N or label-label (no producer writes
// one) is a *PosError at that value. fset holds m's positions; a module
// built by hand, with no positions, may pass nil.
func FromModule(fset *token.FileSet, m *ast.Module) (*File, error) {
	f := &File{Fset: fset, pos: map[string]*sectionPos{}}
	index := map[string]int{}
	for _, d := range m.Decls {
		s, ok := d.(*ast.Section)
		if !ok || s == nil {
			continue
		}
		i, ok := index[s.Name]
		if !ok {
			i = len(f.Sections)
			index[s.Name] = i
			f.Sections = append(f.Sections, Section{Name: s.Name})
			f.pos[s.Name] = &sectionPos{directive: s.Directive}
		}
		sec, sp := &f.Sections[i], f.pos[s.Name]
		for _, it := range s.Items {
			data, ok := it.(*ast.Data)
			if !ok || data == nil {
				continue
			}
			size := ast.DataSize(data.Type)
			if size == 0 {
				return nil, f.errorAt(data.Directive, s.Directive, fmt.Sprintf("section %s: data directive %q: want .b8, .b16, .b32 or .b64", s.Name, data.Type))
			}
			for _, v := range data.Values {
				if v == nil {
					return nil, f.errorAt(data.Directive, s.Directive, fmt.Sprintf("section %s: missing value", s.Name))
				}
				x := Datum(ast.ExprDatum(size, v))
				if x.Label == "?" {
					return nil, f.errorAt(v.Pos(), data.Directive, fmt.Sprintf("section %s: %s is not an integer, a label, label+N, label-N or label-label", s.Name, describe(v)))
				}
				sec.Data = append(sec.Data, x)
				p := v.Pos()
				if !p.IsValid() {
					p = data.Directive
				}
				sp.data = append(sp.data, p)
			}
		}
	}
	return f, nil
}

// describe names a section value for an error message.
func describe(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Lit:
		return x.Value
	case *ast.Ident:
		return x.Name
	}
	return "the value"
}

// errorAt is a *PosError at p, or at alt when p is unknown.
func (f *File) errorAt(p, alt token.Pos, msg string) error {
	if !p.IsValid() {
		p = alt
	}
	return &PosError{Pos: f.position(p), Msg: msg}
}

func (f *File) position(p token.Pos) token.Position {
	if f.Fset == nil || !p.IsValid() {
		return token.Position{}
	}
	return f.Fset.Position(p)
}

// Position returns the source position of the datum that holds byte off of
// the section name: the last datum for the offset just past the end, the
// .section directive for an empty section or an offset outside it. ok is
// false when the file has no such section or no positions.
func (f *File) Position(name string, off int64) (pos token.Position, ok bool) {
	sp := f.pos[name]
	if sp == nil {
		return token.Position{}, false
	}
	p := sp.directive
	for _, s := range f.Sections {
		if s.Name != name {
			continue
		}
		n := int64(0)
		for i, d := range s.Data {
			if off < n+int64(d.Size) || i == len(s.Data)-1 && off == n+int64(d.Size) {
				if off >= n {
					p = sp.data[i]
				}
				break
			}
			n += int64(d.Size)
		}
	}
	pos = f.position(p)
	return pos, pos.IsValid()
}

// Locate turns a reader *Error into a *PosError at the datum where decoding
// failed (Position); an error about a section the file lacks (no
// .debug_abbrev) is placed at .debug_info. Other errors, and errors with no
// known position, are returned as they are.
func (f *File) Locate(err error) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	p, ok := f.Position(e.Section, e.Offset)
	if !ok && f.pos[e.Section] == nil && f.pos[DebugInfo] != nil {
		p = f.position(f.pos[DebugInfo].directive)
		ok = p.IsValid()
	}
	if !ok {
		return err
	}
	return &PosError{Pos: p, Msg: fmt.Sprintf("%s (%s+0x%x)", e.Msg, e.Section, e.Offset), Err: e}
}

// Read decodes the file's sections (package-level Read); a malformed
// section is a *PosError at the datum where decoding failed.
func (f *File) Read() ([]*Unit, error) {
	units, err := Read(f.Sections)
	if err != nil {
		return nil, f.Locate(err)
	}
	return units, nil
}

// ReadPTX parses the PTX file filename (ParsePTX) and decodes its debug
// sections (File.Read). Every error it returns is at a file:line:col.
func ReadPTX(filename string, src []byte) ([]*Unit, error) {
	if units, ok := readPTXFast(filename, src); ok {
		return units, nil
	}
	// Something is wrong: the way through the whole tree says where.
	return readPTXTree(filename, src)
}

// ReadModule decodes the debug sections of m, a module parsed with fset
// (fset may be nil for a module built by hand): it returns what
// FromModule(fset, m) and then File.Read return, with less memory. It
// flattens .debug_info and .debug_abbrev to bytes straight from the
// tree, with no list of every datum and its position; those are made,
// through FromModule, only to place an error.
func ReadModule(fset *token.FileSet, m *ast.Module) ([]*Unit, error) {
	var s sectionSink
	for _, d := range m.Decls {
		sec, ok := d.(*ast.Section)
		if !ok || sec == nil {
			continue
		}
		s.Section(sec)
		for _, it := range sec.Items {
			s.SectionItem(it)
		}
		s.EndSection(sec)
	}
	if !s.bad {
		if units, err := readFlat(s.info, s.abbr); err == nil {
			return units, nil
		}
	}
	f, err := FromModule(fset, m)
	if err != nil {
		return nil, err
	}
	return f.Read()
}

// ReadPTXFile is ReadPTX of the file name, using less memory: a big file
// is read a piece at a time, never whole (streamFile), and its sections
// are flattened as they come; the file is read whole only to locate an
// error.
func ReadPTXFile(name string) ([]*Unit, error) {
	s, ok, err := streamFile(name)
	if err != nil {
		return nil, err
	}
	if ok {
		if units, err := readFlat(s.info, s.abbr); err == nil {
			return units, nil
		}
	}
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return readPTXTree(name, src)
}

// readPTXTree is ReadPTX through the whole tree (ParsePTX), which knows
// the position of every datum.
func readPTXTree(filename string, src []byte) ([]*Unit, error) {
	f, err := ParsePTX(filename, src)
	if err != nil {
		return nil, err
	}
	return f.Read()
}

// maxGroup is the most numbers the PTX sink puts in one data directive.
const maxGroup = 16

// Nodes is the PTX sink: the sections as .section nodes of ptx/ast, to be
// appended to a module's declarations and printed by ptx/printer.
// Consecutive numbers of one size share a data directive, up to 16 of
// them, and each label reference has a directive of its own, as in the
// guide's example. Numbers are decimal; a label reference is "label",
// "label+N", "label-N" or "label-sub". Data sizes must be 1, 2, 4 or 8
// bytes, as Unit.Sections makes them.
func Nodes(secs []Section) []*ast.Section {
	out := make([]*ast.Section, 0, len(secs))
	for _, s := range secs {
		n := &ast.Section{Name: s.Name}
		var last *ast.Data
		for _, d := range s.Data {
			typ := dataType(d.Size)
			if d.Label != "" {
				n.Items = append(n.Items, &ast.Data{Type: typ, Values: []ast.Expr{labelExpr(d.label())}})
				last = nil
				continue
			}
			v := &ast.Lit{Kind: ast.Int, Value: strconv.FormatUint(d.Value, 10)}
			if last != nil && last.Type == typ && len(last.Values) < maxGroup {
				last.Values = append(last.Values, v)
				continue
			}
			last = &ast.Data{Type: typ, Values: []ast.Expr{v}}
			n.Items = append(n.Items, last)
		}
		out = append(out, n)
	}
	return out
}

func dataType(size int) string {
	switch size {
	case 1, 2, 4, 8:
		return ".b" + strconv.Itoa(8*size)
	}
	return ".b?" + strconv.Itoa(size) // the printer prints it, the parser rejects it
}

func labelExpr(l Label) ast.Expr {
	var x ast.Expr = ast.Reg(l.Name)
	if l.Sub != "" {
		x = &ast.Binary{X: x, Op: "-", Y: ast.Reg(l.Sub)}
	}
	switch {
	case l.Offset > 0:
		x = &ast.Binary{X: x, Op: "+", Y: ast.IntLit(l.Offset)}
	case l.Offset < 0:
		x = &ast.Binary{X: x, Op: "-", Y: ast.UintLit(uint64(-l.Offset))}
	}
	return x
}

// Text prints Nodes(secs) with ptx/printer: the PTX text of the sections,
// in the printer's canonical format, to follow a module's code.
func Text(secs []Section) string {
	m := &ast.Module{}
	for _, n := range Nodes(secs) {
		m.Decls = append(m.Decls, n)
	}
	return printer.String(m)
}

// readPTXFast is ReadPTX for a file that parses and decodes without
// error, in one pass over src and with memory for little more than the two
// sections Read needs: the parser hands the module over piece by piece
// (parser.Stream), with no tree and no table of lines, and the data of
// .debug_info and .debug_abbrev are flattened to bytes as they come. It
// checks every section's data as FromModule does. Where anything is wrong
// it gives up (ok is false) and ReadPTX takes the way that locates the
// error; it returns no error of its own.
func readPTXFast(filename string, src []byte) (units []*Unit, ok bool) {
	s, ok := streamSections(filename, src)
	if !ok {
		return nil, false
	}
	units, err := readFlat(s.info, s.abbr)
	if err != nil {
		return nil, false
	}
	return units, true
}

// streamSections is the first half of readPTXFast: it streams src and
// flattens .debug_info and .debug_abbrev. ok is false where src has a
// syntax error or a datum FromModule rejects.
func streamSections(filename string, src []byte) (s *sectionSink, ok bool) {
	// The parser's strings are views of src; the sink clones those it
	// keeps, so that the units do not hold on to src.
	text := unsafe.String(unsafe.SliceData(src), len(src))
	if s, ok := streamPieces(filename, text); ok {
		return s, true
	}
	s = &sectionSink{}
	if err := parser.Stream(nil, filename, text, s); err != nil || s.bad {
		return nil, false
	}
	return s, true
}

// A big file is streamed in pieces at the same time, one a processor,
// each of at least minPiece bytes.
var (
	minPiece  = 1 << 20
	maxPieces = runtime.GOMAXPROCS
)

// streamPieces is streamSections of a big src cut into pieces
// (parser.Cuts), each streamed by a goroutine of its own into a sink of
// its own, and the sinks' sections joined in order. Where any piece has
// an error (maybe because a cut is not at the top level, see
// parser.Cuts), or src is too small to cut, it reports false and
// streamSections goes through src whole.
func streamPieces(filename, src string) (*sectionSink, bool) {
	n := min(maxPieces(0), len(src)/minPiece)
	if n < 2 {
		return nil, false
	}
	cuts := parser.Cuts(src, n)
	if len(cuts) == 0 {
		return nil, false
	}
	bounds := append(append([]int{0}, cuts...), len(src))
	sinks := make([]sectionSink, len(bounds)-1)
	failed := make([]bool, len(sinks))
	work := func(i int) {
		failed[i] = parser.Stream(nil, filename, src[bounds[i]:bounds[i+1]], &sinks[i]) != nil || sinks[i].bad
	}
	var wg sync.WaitGroup
	for i := 1; i < len(sinks); i++ {
		wg.Go(func() { work(i) })
	}
	work(0)
	wg.Wait()
	s := &sectionSink{}
	for i := range sinks {
		if failed[i] {
			return nil, false
		}
		s.info = join(s.info, sinks[i].info)
		s.abbr = join(s.abbr, sinks[i].abbr)
	}
	return s, true
}

// join returns the bytes of a followed by those of b, either of which may
// be nil, as one section would hold them; it may reuse a.
func join(a, b *flat) *flat {
	if a == nil || b == nil {
		if a == nil {
			return b
		}
		return a
	}
	base := int64(len(a.b))
	for _, l := range b.labels {
		a.addLabel(base+l.off, l.d)
	}
	a.b = append(a.b, b.b...)
	return a
}

// A sectionSink is readPTXFast's parser.Handler.
type sectionSink struct {
	info, abbr *flat
	cur        *flat // of the current section, if Read needs it
	bad        bool  // a datum FromModule rejects
}

func (s *sectionSink) Decl(ast.Decl) {}

func (s *sectionSink) Section(sec *ast.Section) {
	s.cur = nil
	switch sec.Name {
	case DebugInfo:
		if s.info == nil {
			s.info = &flat{name: DebugInfo}
		}
		s.cur = s.info
	case DebugAbbrev:
		if s.abbr == nil {
			s.abbr = &flat{name: DebugAbbrev}
		}
		s.cur = s.abbr
	}
}

func (s *sectionSink) SectionItem(it ast.SectionItem) {
	data, ok := it.(*ast.Data)
	if !ok || data == nil || s.bad {
		return
	}
	size := ast.DataSize(data.Type)
	if size == 0 {
		s.bad = true
		return
	}
	for _, v := range data.Values {
		d, ok := sectionDatum(size, v)
		if !ok {
			s.bad = true
			return
		}
		if s.cur != nil {
			s.cur.add(d)
		}
	}
}

func (s *sectionSink) EndSection(*ast.Section) { s.cur = nil }

// sectionDatum is FromModule's conversion of one value: ast.ExprDatum,
// with a shortcut for a decimal number, the most common value by far, and
// its label names cloned. ok is false for a value FromModule rejects.
func sectionDatum(size int, v ast.Expr) (d Datum, ok bool) {
	if l, isLit := v.(*ast.Lit); isLit && l.Kind == ast.Int {
		if n, isDec := decimal(l.Value); isDec {
			if size < 8 {
				n &= 1<<(8*size) - 1
			}
			return Datum{Size: size, Value: n}, true
		}
	}
	if v == nil {
		return Datum{}, false
	}
	d = Datum(ast.ExprDatum(size, v))
	if d.Label == "?" {
		return Datum{}, false
	}
	d.Label, d.Sub = strings.Clone(d.Label), strings.Clone(d.Sub)
	return d, true
}

// decimal returns the value of a decimal number of at most 19 digits
// without a leading zero (so not octal), or false.
func decimal(s string) (uint64, bool) {
	if len(s) == 0 || len(s) > 19 || s[0] == '0' && len(s) > 1 {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = 10*n + uint64(c-'0')
	}
	return n, true
}

// Package tree holds a parsed PTX module in little more memory than its
// text: a flat list of fixed-size records, one per item of the module, of
// offsets into the text. The items are those of package ptx/ast's tree:
// the module directives (.version, .target, .address_size, .file), the
// variables of every state space and the functions with their parameters
// (guide §2, the function calling sequence; §2.3, parameter passing), the
// statements of function bodies (instructions, labels, .loc, call
// prototypes, { } scopes), the DWARF sections of guide §5 and their data
// lines, and comments.
//
// It exists beside ptx/ast for files of many megabytes. A whole ptx/ast
// tree (parser.ParseFile) takes about ten times the text: its exported
// fields, which every package that reads or writes PTX uses, need nodes
// and pointers for each operand, and parsing is held back by the garbage
// collector tracing them. A File here is the text (not copied) and 16
// bytes a record, with no pointer for the collector to trace; the details
// of an item (an instruction's opcode, modifiers, guard and operands, a
// data line's values) are not nodes but read from the text when asked
// for. The ptx/ast node of an item is made on demand (File.Node), by the
// parser, from the item's text, at the item's positions: it is the node
// that ParseFile builds for that item.
//
// Parse validates the text as ParseFile does, with the same errors at the
// same file:line:col: it reads the module with parser.StreamPart, whose
// nodes are dropped as soon as their records are written.
package tree

import (
	"fmt"
	"go/token"
	"iter"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// Kind is the kind of an item: the ptx/ast node its record stands for.
type Kind uint8

// Kinds of items. A record's Kind says which ptx/ast node File.Node makes
// of it.
const (
	Bad           Kind = iota
	Comment            // *ast.Comment
	Version            // *ast.Version
	Target             // *ast.Target
	AddressSize        // *ast.AddressSize
	FileDirective      // *ast.File (".file 1 "name"")
	Section            // *ast.Section; its children are its items
	Data               // *ast.Data: a data line of a section
	Label              // *ast.Label, in a body or a section
	Variable           // *ast.Variable, at the top level or in a body
	Function           // *ast.Function; its children are its body's statements
	Directive          // *ast.Directive, at the top level or in a body
	Block              // *ast.Block: a { } scope in a body; its children are its statements
	Instruction        // *ast.Instruction
	Loc                // *ast.Loc
	Prototype          // *ast.Prototype (".callprototype")
	nKinds
)

var kindNames = [...]string{
	Bad: "bad", Comment: "comment", Version: "version", Target: "target", AddressSize: "address_size",
	FileDirective: "file", Section: "section", Data: "data", Label: "label", Variable: "variable",
	Function: "function", Directive: "directive", Block: "block", Instruction: "instruction",
	Loc: "loc", Prototype: "prototype",
}

func (k Kind) String() string {
	if k < nKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Flags say where an item is and what its text cannot say cheaply.
type Flags uint8

const (
	// InBody marks an item of a function body or of a scope in one.
	InBody Flags = 1 << iota
	// InSection marks an item of a section.
	InSection
	// Trailing marks a comment that follows an item, or another comment,
	// on its line (ast.Comment.Trailing).
	Trailing
	// HasBody marks a function with a body (it may have no statements).
	HasBody
)

// A Record is one item of a module: its kind and where its text is. It
// holds no pointer. The records of a File are in the order of the items
// in ptx/ast's tree (pre-order): a container (a function, a block, a
// section) comes before its items, which are the records up to its Next.
// That is source order but for comments inside an item (between an
// instruction's operands, in a function's header), which come after it,
// as ParseFile puts them.
type Record struct {
	Kind  Kind
	Flags Flags
	_     uint16
	// Off and End bound the item's text: from its first token to the end
	// of its last (an instruction's ';', a function's '}').
	Off, End uint32
	// Next is the index of the record after the item's children: its
	// next sibling, or the end of its parent's children.
	Next uint32
}

// A File is a parsed PTX module: its text and its records.
type File struct {
	Filename string
	Src      string
	Records  []Record

	file      *token.File
	linesOnce sync.Once
}

// maxSize is the largest text a File's offsets can hold.
const maxSize = 1<<32 - 1

// Parse parses the PTX source src of the file filename, adding the file
// to fset (a new FileSet if fset is nil), and returns its records. It
// reports the errors parser.ParseFile would, at the same file:line:col,
// with the records of the items before them (as a partial File, whose
// nodes need not be ParseFile's).
//
// The table of the file's lines (token.File.SetLines), which positions
// need, is made on demand: by Node, Position or TokenFile. A file of some
// megabytes is parsed in pieces, one goroutine a processor (parser.Cuts),
// with the records and errors of one parse.
func Parse(fset *token.FileSet, filename, src string) (*File, error) {
	if fset == nil {
		fset = token.NewFileSet()
	}
	f := &File{Filename: filename, Src: src, file: fset.AddFile(filename, -1, len(src))}
	if len(src) > maxSize {
		return f, parser.ErrorList{{Pos: token.Position{Filename: filename}, Msg: fmt.Sprintf("file of %d bytes: a tree holds at most %d", len(src), maxSize)}}
	}
	var err error
	if f.Records = parsePieces(f); f.Records == nil {
		f.Records, err = parsePart(f, 0, len(src))
	}
	if err != nil {
		// StreamPart placed the errors with the file's lines, which were
		// not yet set: their offsets place them.
		f.setLines()
		if list, ok := err.(parser.ErrorList); ok {
			for _, e := range list {
				if e.Pos.Filename == filename && e.Pos.Offset >= 0 && e.Pos.Offset <= len(src) {
					e.Pos = f.file.Position(f.file.Pos(e.Pos.Offset))
				}
			}
			list.Sort()
		}
	}
	return f, err
}

// parsePart returns the records of the part src[start:end] of f's text,
// which starts and ends between top-level declarations, and the errors of
// parser.StreamPart.
func parsePart(f *File, start, end int) ([]Record, error) {
	src := f.Src
	b := &builder{src: src, base: f.file.Base(), top: -1, sec: -1, item: -1}
	// Most lines of a module are an item: the count sizes the records at
	// once.
	b.recs = make([]Record, 0, strings.Count(src[start:end], "\n")+8)
	err := parser.StreamPart(f.file, src, start, end, b)
	if b.sec >= 0 {
		// An error cut the section short: it ends with the part, as
		// its last item does.
		if b.item >= 0 {
			b.settle(b.item, end)
		}
		b.recs[b.sec].Next = uint32(len(b.recs))
		b.top = b.sec
	}
	if b.top >= 0 {
		b.settle(b.top, end)
	}
	return b.recs, err
}

// Pieces. A big file is cut into pieces (parser.Cuts), a few a
// processor, parsed at the same time by as many goroutines as there are
// processors, each into records of its own, which are then joined. Where
// a piece has an error (a cut in the wrong place included), or the file
// is small or there is one processor, parsePieces returns nil, and Parse
// parses the file whole: the errors are those of one parse.
const (
	piecesPer = 4       // pieces a processor
	minPiece  = 1 << 20 // bytes
)

func parsePieces(f *File) []Record {
	src := f.Src
	procs := runtime.GOMAXPROCS(0)
	n := min(piecesPer*procs, len(src)/minPiece)
	if procs < 2 || n < 2 {
		return nil
	}
	cuts := parser.Cuts(src, n)
	if len(cuts) == 0 {
		return nil
	}
	bounds := append(append([]int{0}, cuts...), len(src))
	parts := make([][]Record, len(bounds)-1)
	var failed atomic.Bool
	var next atomic.Int64
	worker := func() {
		for !failed.Load() {
			i := int(next.Add(1) - 1)
			if i >= len(parts) {
				return
			}
			recs, err := parsePart(f, bounds[i], bounds[i+1])
			if err != nil {
				failed.Store(true)
				return
			}
			parts[i] = recs
		}
	}
	var wg sync.WaitGroup
	for range min(procs, len(parts)) - 1 {
		wg.Go(worker)
	}
	worker()
	wg.Wait()
	if failed.Load() {
		return nil
	}
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	recs := make([]Record, total)
	at := 0
	for _, p := range parts {
		copy(recs[at:], p)
		if at > 0 {
			for k := at; k < at+len(p); k++ {
				recs[k].Next += uint32(at)
			}
		}
		at += len(p)
	}
	return recs
}

// setLines gives the file its table of lines, once.
func (f *File) setLines() {
	f.linesOnce.Do(func() {
		src := f.Src
		lines := make([]int, 1, strings.Count(src, "\n")+1)
		for i := 0; ; {
			k := strings.IndexByte(src[i:], '\n')
			if k < 0 || i+k+1 >= len(src) {
				break
			}
			i += k + 1
			lines = append(lines, i)
		}
		f.file.SetLines(lines)
	})
}

// TokenFile returns the file's token.File, its lines set.
func (f *File) TokenFile() *token.File {
	f.setLines()
	return f.file
}

// Pos returns the position of offset off of the text.
func (f *File) Pos(off int) token.Pos { return token.Pos(f.file.Base() + off) }

// Position returns the file:line:col of pos.
func (f *File) Position(pos token.Pos) token.Position {
	f.setLines()
	return f.file.Position(pos)
}

// Len returns the number of records.
func (f *File) Len() int { return len(f.Records) }

// Kind returns the kind of record i.
func (f *File) Kind(i int) Kind { return f.Records[i].Kind }

// Text returns the text of record i.
func (f *File) Text(i int) string {
	r := &f.Records[i]
	return f.Src[r.Off:r.End]
}

// Next returns the index of record i's next sibling, or the end of its
// parent's records.
func (f *File) Next(i int) int { return int(f.Records[i].Next) }

// Decls returns the indexes of the top-level items, in order.
func (f *File) Decls() iter.Seq[int] { return f.span(0, len(f.Records)) }

// Children returns the indexes of the items of record i, a function, a
// block or a section (none for another kind), in order.
func (f *File) Children(i int) iter.Seq[int] { return f.span(i+1, int(f.Records[i].Next)) }

func (f *File) span(i, end int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i < end {
			if !yield(i) {
				return
			}
			i = int(f.Records[i].Next)
		}
	}
}

// Node returns the ptx/ast node of record i, made from its text by the
// parser: an ast.Decl for a top-level item, an ast.Stmt for an item of a
// body, an ast.SectionItem for an item of a section. It is the node
// ParseFile builds for the item, positions included; a function's or a
// section's holds all of its items. The error is the parser's on the
// item's text, which Parse's success rules out.
func (f *File) Node(i int) (ast.Node, error) {
	f.setLines()
	r := f.Records[i]
	off, text := int(r.Off), f.Src[r.Off:r.End]
	if r.Kind == Comment {
		return &ast.Comment{Slash: f.Pos(off), Text: text, Trailing: r.Flags&Trailing != 0}, nil
	}
	switch {
	case r.Flags&InBody != 0:
		return parser.ParseStmtAt(f.file, text, off)
	case r.Flags&InSection != 0:
		return parser.ParseSectionItemAt(f.file, text, off)
	}
	m, err := parser.ParseAt(f.file, text, off)
	if m == nil || len(m.Decls) == 0 {
		if err == nil {
			err = parser.ErrorList{{Pos: f.Position(f.Pos(off)), Msg: "no declaration in record " + r.Kind.String()}}
		}
		return nil, err
	}
	return m.Decls[0], err
}

// Decl is Node for a top-level record.
func (f *File) Decl(i int) (ast.Decl, error) {
	n, err := f.Node(i)
	d, _ := n.(ast.Decl)
	if d == nil && err == nil {
		err = fmt.Errorf("record %d (%s) is not a declaration", i, f.Records[i].Kind)
	}
	return d, err
}

// Stmt is Node for a record of a function body.
func (f *File) Stmt(i int) (ast.Stmt, error) {
	n, err := f.Node(i)
	s, _ := n.(ast.Stmt)
	if s == nil && err == nil {
		err = fmt.Errorf("record %d (%s) is not a statement", i, f.Records[i].Kind)
	}
	return s, err
}

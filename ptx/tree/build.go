package tree

import (
	"strings"
	"unsafe"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// A builder is the parser.PrintHandler that Parse streams the module to:
// it writes a record for each item it is handed and keeps no node. As a
// PrintHandler it is handed a run of a section's data lines as their
// text, which it cuts into lines, with no node at all.
//
// An item's End is where its last token ends: before the blanks and
// comments that come between it and the next item (or the '}' or the end
// of the file after it). The comments are records, written after the
// item's: settle goes back over them once the next item's start is
// known.
type builder struct {
	src  string
	base int
	recs []Record
	top  int // the last top-level item not a comment, its End unknown; or -1
	sec  int // the section whose items are being handed; or -1
	item int // the last item of that section, its End unknown; or -1
}

// add writes a record of an item with no children, its End unknown.
func (b *builder) add(k Kind, off int, fl Flags) int {
	n := len(b.recs)
	b.recs = append(b.recs, Record{Kind: k, Flags: fl, Off: uint32(off), Next: uint32(n + 1)})
	return n
}

// comment writes a comment's record: its End is known.
func (b *builder) comment(c *ast.Comment, fl Flags) {
	if c.Trailing {
		fl |= Trailing
	}
	off := int(c.Slash) - b.base
	n := len(b.recs)
	b.recs = append(b.recs, Record{Kind: Comment, Flags: fl, Off: uint32(off), End: uint32(off + len(c.Text)), Next: uint32(n + 1)})
}

// settle sets the End of record i, whose next sibling (or its parent's
// end) is at offset next: back from next over blanks and over the
// comments written after i's children.
func (b *builder) settle(i, next int) {
	src, end := b.src, next
	stop := int(b.recs[i].Next)
	for k := len(b.recs) - 1; ; k-- {
		for end > 0 && isBlank(src[end-1]) {
			end--
		}
		if k < stop || b.recs[k].Kind != Comment || int(b.recs[k].End) != end {
			break
		}
		end = int(b.recs[k].Off)
	}
	b.recs[i].End = uint32(end)
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// startTop notes a top-level item that starts at off: the last one ends
// before it.
func (b *builder) startTop(off int) {
	if b.top >= 0 {
		b.settle(b.top, off)
		b.top = -1
	}
}

// Decl is handed each top-level declaration but a section.
func (b *builder) Decl(d ast.Decl) {
	var k Kind
	switch d := d.(type) {
	case *ast.Comment:
		b.comment(d, 0)
		return
	case *ast.Function:
		off := int(d.Start) - b.base
		b.startTop(off)
		i := b.add(Function, off, 0)
		if d.Body != nil {
			b.recs[i].Flags |= HasBody
			b.stmts(d.Body.Stmts, int(d.Body.Rbrace)-b.base)
			b.recs[i].Next = uint32(len(b.recs))
		}
		b.top = i
		return
	case *ast.Variable:
		k = Variable
	case *ast.Directive:
		k = Directive
	case *ast.Version:
		k = Version
	case *ast.Target:
		k = Target
	case *ast.AddressSize:
		k = AddressSize
	case *ast.File:
		k = FileDirective
	default:
		k = Bad
	}
	off := int(d.Pos()) - b.base
	b.startTop(off)
	b.top = b.add(k, off, 0)
}

// stmts writes the records of a body's statements, whose '}' is at
// rbrace.
func (b *builder) stmts(list []ast.Stmt, rbrace int) {
	last := -1
	for _, s := range list {
		var k Kind
		var off int
		switch s := s.(type) {
		case *ast.Instruction:
			k, off = Instruction, int(s.Start)
		case *ast.Label:
			k, off = Label, int(s.NamePos)
		case *ast.Loc:
			k, off = Loc, int(s.Directive)
		case *ast.Variable:
			k, off = Variable, int(s.Start)
		case *ast.Comment:
			b.comment(s, InBody)
			continue
		case *ast.Block:
			off = int(s.Lbrace) - b.base
			if last >= 0 {
				b.settle(last, off)
			}
			i := b.add(Block, off, InBody)
			b.stmts(s.Stmts, int(s.Rbrace)-b.base)
			b.recs[i].Next = uint32(len(b.recs))
			last = i
			continue
		case *ast.Prototype:
			k, off = Prototype, int(s.NamePos)
		case *ast.Directive:
			k, off = Directive, int(s.Directive)
		default:
			k, off = Bad, int(s.Pos())
		}
		off -= b.base
		if last >= 0 {
			b.settle(last, off)
		}
		last = b.add(k, off, InBody)
	}
	if last >= 0 {
		b.settle(last, rbrace)
	}
}

// Section is handed a section as it starts.
func (b *builder) Section(s *ast.Section) {
	off := int(s.Directive) - b.base
	b.startTop(off)
	b.sec = b.add(Section, off, 0)
	b.item = -1
}

// SectionItem is handed each item of a section that is not in a run of
// data lines (SectionData).
func (b *builder) SectionItem(it ast.SectionItem) {
	var k Kind
	switch it := it.(type) {
	case *ast.Comment:
		b.comment(it, InSection)
		return
	case *ast.Data:
		k = Data
	case *ast.Label:
		k = Label
	}
	off := int(it.Pos()) - b.base
	if b.item >= 0 {
		b.settle(b.item, off)
	}
	b.item = b.add(k, off, InSection)
}

// SectionData is handed a run of data lines as their text: "\t.b8 1,2\n"
// each, a directive and values alone on their line.
func (b *builder) SectionData(text string) {
	// text is a part of the source: its offset is where it lies in it.
	off := int(uintptr(unsafe.Pointer(unsafe.StringData(text))) - uintptr(unsafe.Pointer(unsafe.StringData(b.src))))
	if off < 0 || off+len(text) > len(b.src) {
		off = strings.Index(b.src, text) // not reached: the parser hands substrings
	}
	if b.item >= 0 {
		b.settle(b.item, off)
		b.item = -1
	}
	src, end := b.src, off+len(text)
	for i := off; i < end; {
		for src[i] == ' ' || src[i] == '\t' {
			i++
		}
		nl := i + strings.IndexByte(src[i:end], '\n')
		e := nl
		for src[e-1] == ' ' || src[e-1] == '\t' {
			e--
		}
		n := len(b.recs)
		b.recs = append(b.recs, Record{Kind: Data, Flags: InSection, Off: uint32(i), End: uint32(e), Next: uint32(n + 1)})
		i = nl + 1
	}
}

// EndSection is handed a section at its '}'.
func (b *builder) EndSection(s *ast.Section) {
	if b.item >= 0 {
		b.settle(b.item, int(s.Rbrace)-b.base)
		b.item = -1
	}
	b.recs[b.sec].Next = uint32(len(b.recs))
	b.top, b.sec = b.sec, -1
}

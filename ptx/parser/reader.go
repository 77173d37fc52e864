package parser

import (
	"go/token"
)

// A Reader parses the windows of a big file one after another, as SkimAt
// and StreamAt do, and keeps the memory of its nodes from one window to
// the next: a program that reads a file in some tens of windows so
// allocates that memory once, not once a window (the nodes' chunks are
// shared by every stream, through streamSlabs). The nodes a call hands
// over are reused by the next call, as Stream reuses them from one
// declaration to the next; the zero Reader is ready for use. A Reader is
// not safe for concurrent use.
type Reader struct {
	p parser
}

// SkimAt is SkimAt of package parser, with r's memory.
func (r *Reader) SkimAt(file *token.File, text string, off int, h Handler) error {
	if h == nil {
		return SkimAt(file, text, off, h)
	}
	return r.window(file, text, off, h, true)
}

// StreamAt is StreamAt of package parser, with r's memory.
func (r *Reader) StreamAt(file *token.File, text string, off int, h Handler) error {
	if h == nil {
		return StreamAt(file, text, off, h)
	}
	return r.window(file, text, off, h, false)
}

// window parses one window, skimmed or streamed, with r's memory.
func (r *Reader) window(file *token.File, text string, off int, h Handler, skim bool) error {
	if err := badWindow(file, text, off); err != nil {
		return err
	}
	r.reset(file, text, off, h)
	r.p.skim = skim
	_, err := r.p.run()
	r.drop()
	return err
}

// drop lets go of the window's text and handler once r is done with
// them. The nodes' chunks went back to streamSlabs, emptied, when the
// stream ended (parser.run): r keeps no reference to them, which another
// stream may have taken.
func (r *Reader) drop() {
	p := &r.p
	p.slabs = slabs{}
	clear(p.stack[:cap(p.stack)])
	clear(p.stmts[:cap(p.stmts)])
	p.src, p.h, p.file, p.errors = "", nil, nil, nil
}

// reset makes r's parser a new one for the window text of file at off,
// with the lists of the last; its node chunks come from streamSlabs, as
// every stream's do.
func (r *Reader) reset(file *token.File, text string, off int, h Handler) {
	old := &r.p
	r.p = parser{
		src: text, h: h, itemEnd: -1, itemEndLine: -1, file: file, base: file.Base() + off, noLines: true, part: true,
		stack: old.stack[:0], stmts: old.stmts[:0], comments: old.comments[:0],
	}
}

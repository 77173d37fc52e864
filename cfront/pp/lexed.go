package pp

import (
	"go/token"
	"sort"
	"unsafe"
)

// lexedHeader is a built-in header as lexed_headers.go stores it: its
// name, the size of its text as read, the line starts of that text, the
// line splices it removes (as srcFile records them), where the text
// without them lies in builtinText, and its tokens, positions relative
// to the file.
type lexedHeader struct {
	name             string
	size, start, end int
	lines            []int
	splices, removed []int
	toks             []Token
}

// lexedHeaderFor returns the header full (BuiltinPrefix and its name)
// of lexedHeaders; nil when the table has none, or has one of another
// size than the embedded header (a header changed since the table was
// written, which TestLexedHeaders reports).
func lexedHeaderFor(full string) *lexedHeader {
	i := sort.Search(len(lexedHeaders), func(i int) bool { return lexedHeaders[i].name >= full })
	if i == len(lexedHeaders) || lexedHeaders[i].name != full {
		return nil
	}
	if h := &lexedHeaders[i]; h.current() {
		return h
	}
	return nil
}

// current reports whether the embedded header has the size of h.
func (h *lexedHeader) current() bool {
	size, ok := builtinSize(h.name[len(BuiltinPrefix):])
	return ok && size == h.size
}

// srcFile returns h as a file of fset, its text a part of builtinText:
// nothing is copied, and the line table is h's.
func (h *lexedHeader) srcFile(fset *token.FileSet) *srcFile {
	f := &srcFile{size: h.size, text: builtinText[h.start:h.end], splices: h.splices, removed: h.removed,
		builtin: true, lexed: h}
	f.file = fset.AddFile(h.name, -1, h.size)
	f.file.SetLines(h.lines) // valid: TestLexedHeaders compares them with setLines'
	return f
}

// inBuiltinText returns the offset of s in builtinText when s is a
// slice of it.
func inBuiltinText(s string) (uint32, bool) {
	if len(s) == 0 {
		return 0, false
	}
	d := uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.StringData(builtinText)))
	if d > uintptr(len(builtinText)-len(s)) {
		return 0, false
	}
	return uint32(d), true
}

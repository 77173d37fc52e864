package parser

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// Windows. A program that reads a big file a window at a time, never
// holding its whole text, parses each window as the part of the file it
// is: SkimAt, StreamAt and ParseAt are SkimPart, StreamPart and ParsePart
// of text, the bytes of file from offset off on, without the rest of the
// file's text. Positions are file's; where there are errors, their lines
// and columns are file's lines (token.File.SetLines), which the program
// must have set before the call that reports them.

// SkimAt is SkimPart of the part text of file, which starts at offset off.
func SkimAt(file *token.File, text string, off int, h Handler) error {
	if h == nil {
		return ErrorList{{Pos: token.Position{Filename: file.Name()}, Msg: "SkimAt without a handler"}}
	}
	if err := badWindow(file, text, off); err != nil {
		return err
	}
	p := &parser{src: text, h: h, itemEnd: -1, itemEndLine: -1, file: file, base: file.Base() + off, noLines: true, part: true, skim: true}
	_, err := p.run()
	return err
}

// StreamAt is StreamPart of the part text of file, which starts at offset
// off.
func StreamAt(file *token.File, text string, off int, h Handler) error {
	if err := badWindow(file, text, off); err != nil {
		return err
	}
	p := &parser{src: text, h: h, itemEnd: -1, itemEndLine: -1, file: file, base: file.Base() + off, noLines: true, part: true}
	_, err := p.run()
	return err
}

// ParseAt is ParsePart of the part text of file, which starts at offset
// off.
func ParseAt(file *token.File, text string, off int) (*ast.Module, error) {
	if err := badWindow(file, text, off); err != nil {
		return nil, err
	}
	p := &parser{src: text, itemEnd: -1, itemEndLine: -1, file: file, base: file.Base() + off, noLines: true, part: true}
	return p.run()
}

func badWindow(file *token.File, text string, off int) error {
	if off < 0 || off+len(text) > file.Size() {
		return ErrorList{{Pos: token.Position{Filename: file.Name()}, Msg: fmt.Sprintf("window of %d bytes at %d in a file of %d bytes", len(text), off, file.Size())}}
	}
	return nil
}

// NextCut returns the first place at or after offset at in src where Cuts
// may cut, or -1: a program that reads a file a window at a time finds
// its cuts window by window. Near the end of src the answer may be wrong
// (the declaration after a cut is not all there); a window should reach
// some way past the cut it finds.
func NextCut(src string, at int) int {
	if at < 0 || at > len(src) {
		return -1
	}
	return nextCut(src, at)
}

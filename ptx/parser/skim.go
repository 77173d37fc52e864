package parser

import (
	"go/token"
	"strings"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// Skimming. A program that checks a big file a part at a time first
// needs what the whole module declares: its top-level declarations and
// the names that function bodies and sections define. SkimPart reads a
// part for that alone, skipping the instructions of the bodies and the
// data of the sections at the speed of a byte search, with no nodes.

// SkimPart is StreamPart for a program that wants only what a module
// declares: it hands over the top-level declarations and sections as
// StreamPart does, except that the body of a function holds only its
// labels, call prototypes, variable declarations and directives, all in
// its Stmts (those of nested scopes too, in order, with no Block), and a
// section hands over only its labels (SectionItem). Instructions and
// data are skipped unread: their syntax errors go unreported, so that
// SkimPart may succeed where StreamPart fails (never the other way
// round, on what it reads: the top level and a body's scopes, which must
// be closed). Comments are not handed over.
//
// Where the source is well formed, the declarations, labels and
// variables are those StreamPart hands over, at the same positions.
func SkimPart(file *token.File, src string, start, end int, h Handler) error {
	if h == nil {
		return ErrorList{{Pos: token.Position{Filename: file.Name()}, Msg: "SkimPart without a handler"}}
	}
	if start < 0 || end > len(src) || start > end || file.Size() != len(src) {
		_, err := parsePart(file, src, start, end, h) // reports the bad part
		return err
	}
	p := &parser{src: src[start:end], h: h, itemEnd: -1, itemEndLine: -1, file: file, base: file.Base() + start, noLines: true, part: true, skim: true}
	_, err := p.run()
	return err
}

// labelNext reports whether the current token, a word, is followed by
// ':' (blanks between): the start of a label or a call prototype.
func (p *parser) labelNext() bool {
	i := skipBlanks(p.src, p.end)
	return i < len(p.src) && p.src[i] == ':' && (i+1 >= len(p.src) || p.src[i+1] != ':')
}

// skipTo consumes the source up to offset end, the first byte after a
// skipped item (no comment, no string in it), and scans the next token.
func (p *parser) skipTo(end int) {
	p.line += strings.Count(p.src[p.off:end], "\n")
	p.tokLine = p.line
	p.finish(end)
}

// skimBlock is block for SkimPart.
func (p *parser) skimBlock() *ast.Block {
	b := p.blocks.new()
	b.Lbrace = p.pos(p.off)
	p.expect("{", "")
	base := len(p.stmts)
	for depth := 1; ; {
		p.comments = p.comments[:0]
		if p.tok == tEOF {
			p.errorAt(p.off, "expected '}' at end of scope, found end of file")
			break
		}
		if p.tok == tPunct {
			switch p.lit() {
			case "}":
				depth--
				if depth == 0 {
					b.Rbrace = p.pos(p.off)
					b.Stmts = p.stmtOut.slice(len(p.stmts) - base)
					copy(b.Stmts, p.stmts[base:])
					p.stmts = p.stmts[:base]
					p.next()
					return b
				}
				p.next()
				continue
			case "{":
				depth++
				p.next()
				continue
			}
		}
		if p.tok == tDir {
			// A variable, a directive or a .loc (whose end is not
			// always its line's).
			if s := p.fastStmt(); s != nil {
				if _, ok := s.(*ast.Loc); !ok {
					p.stmts = append(p.stmts, s)
				}
			} else if s := p.stmt(); s != nil {
				if _, ok := s.(*ast.Loc); !ok {
					p.stmts = append(p.stmts, s)
				}
			}
			continue
		}
		if p.tok == tWord && p.labelNext() {
			// A label or a call prototype.
			if s := p.stmt(); s != nil {
				p.stmts = append(p.stmts, s)
			}
			continue
		}
		p.skipStmts()
	}
	b.Stmts = p.stmtOut.slice(len(p.stmts) - base)
	copy(b.Stmts, p.stmts[base:])
	p.stmts = p.stmts[:base]
	b.Rbrace = p.pos(p.off)
	return b
}

// skipStmts skips the instruction that starts at the current token and
// the instructions that follow it, up to the first statement that is
// something else (a label, a directive, a scope's brace) or that holds a
// comment or a string, which becomes the current token: a byte loop, with
// no token scanned between two instructions (a body of nvcc -G is mostly
// runs of them).
func (p *parser) skipStmts() {
	src := p.src
	at := p.end // where the search for the first one's ';' starts
	end := -1   // after the last instruction skipped
	for {
		j := at
		for uint(j) < uint(len(src)) && !skipStop[src[j]] { // uint: no bounds check
			j++
		}
		if j >= len(src) || src[j] != ';' {
			break // a comment or a string: token by token
		}
		end = j + 1
		// The next statement: an instruction if it starts with a guard,
		// or with a word that no ':' follows (a label's).
		k := end
		for uint(k) < uint(len(src)) && class[src[k]]&cSpace != 0 {
			k++
		}
		if k < len(src) && src[k] == '@' {
			at = k + 1
			continue
		}
		e := p.wordEnd(k)
		if e < 0 {
			break
		}
		if c := skipBlanks(src, e); c < len(src) && src[c] == ':' {
			break
		}
		at = e
	}
	if end < 0 {
		p.skipStmt()
		return
	}
	p.skipTo(end)
}

// skipStop marks the bytes that stop skipStmts' search for an
// instruction's end: the ';', and what starts a comment or a string.
var skipStop = [256]bool{';': true, '/': true, '"': true}

// skipStmt skips an instruction, up to and with its ';'.
func (p *parser) skipStmt() {
	// An instruction is short: one loop finds its ';', counting lines,
	// unless a comment or a string comes first.
	src, lines := p.src, 0
	for i := p.end; i < len(src); i++ {
		switch src[i] {
		case ';':
			p.line += lines
			p.tokLine = p.line
			p.finish(i + 1)
			return
		case '\n':
			lines++
		case '"', '/':
			i = len(src)
		}
	}
	// A comment or a string inside: token by token.
	for p.tok != tEOF && !p.is(";") {
		p.next()
	}
	p.got(";")
}

// skimSection is streamSection for SkimPart.
func (p *parser) skimSection(s *ast.Section) {
	p.h.Section(s)
	src := p.src
	// Most sections hold no label, no comment: up to the '}', skipped
	// whole.
	if k := strings.IndexByte(src[p.off:], '}'); k >= 0 {
		seg := src[p.off : p.off+k]
		if strings.IndexByte(seg, ':') < 0 && strings.IndexByte(seg, '/') < 0 && strings.IndexByte(seg, '"') < 0 {
			p.skipTo(p.off + k)
		}
	}
	for {
		p.comments = p.comments[:0]
		if p.is("}") || p.tok == tEOF {
			break
		}
		if p.tok == tWord && p.labelNext() {
			if it := p.sectionItem(); it != nil {
				p.h.SectionItem(it)
			}
			continue
		}
		// A data directive, or the rest of a list of values: its line.
		k := strings.IndexByte(src[p.off:], '\n')
		if k >= 0 {
			seg := src[p.off : p.off+k]
			if strings.IndexByte(seg, '}') < 0 && strings.IndexByte(seg, '/') < 0 && strings.IndexByte(seg, ':') < 0 && strings.IndexByte(seg, '"') < 0 {
				p.skipTo(p.off + k)
				continue
			}
		}
		line := p.tokLine
		for p.tok != tEOF && !p.is("}") && p.tokLine == line && !(p.tok == tWord && p.labelNext()) {
			p.next()
		}
	}
	s.Rbrace = p.pos(p.off)
	p.expect("}", "at end of section")
	p.h.EndSection(s)
}

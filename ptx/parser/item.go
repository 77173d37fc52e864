package parser

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// Items. A program that keeps a module as offsets into its text (package
// ptx/tree) makes the node of one item when it is asked for: it parses
// the item's text alone, as the part of the file it is. ParseStmtAt and
// ParseSectionItemAt parse one statement of a function body or one item
// of a section; a top-level declaration is ParseAt's.

// ParseStmtAt parses the statement that starts text, the bytes of file
// from offset off on, as a statement of a function body or a { } scope:
// an instruction, a label, a .loc, a variable, a call prototype, a
// directive or a block. Positions are file's; where there are errors,
// their lines and columns are file's lines, which the program must have
// set (token.File.SetLines). Comments inside the statement, which a body
// holds as statements of their own after it, are not returned; nor is
// what follows the statement read.
//
// The statement is the node that ParseFile builds for it when text holds
// the statement's tokens and nothing before them (an item starts after
// the previous one's comments, which are items of their own).
func ParseStmtAt(file *token.File, text string, off int) (ast.Stmt, error) {
	return parseItem(file, text, off, func(p *parser) ast.Stmt {
		if x := p.fastStmt(); x != nil {
			return x
		}
		return p.stmt()
	})
}

// ParseSectionItemAt is ParseStmtAt for an item of a section: a data
// directive (".b8 1, 2") or a label.
func ParseSectionItemAt(file *token.File, text string, off int) (ast.SectionItem, error) {
	return parseItem(file, text, off, func(p *parser) ast.SectionItem {
		if it := p.intData(); it != nil {
			return it
		}
		return p.sectionItem()
	})
}

// parseItem runs item on a parser of text at offset off of file, as run
// runs the module loop of a part.
func parseItem[T any](file *token.File, text string, off int, item func(p *parser) T) (x T, err error) {
	if err := badWindow(file, text, off); err != nil {
		return x, err
	}
	p := &parser{src: text, itemEnd: -1, itemEndLine: -1, file: file, base: file.Base() + off, noLines: true, part: true}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				p.errors = append(p.errors, &Error{Pos: p.position(p.off), Msg: fmt.Sprintf("internal error: %v", r)})
			}
		}
		for _, e := range p.errors {
			e.Pos = p.file.Position(token.Pos(p.base + int(e.Pos.Offset)))
		}
		p.errors.Sort()
		err = p.errors.Err()
	}()
	p.scan()
	if p.tok == tEOF {
		p.errorAt(p.off, "expected statement, found end of file")
		return x, nil
	}
	return item(p), nil
}

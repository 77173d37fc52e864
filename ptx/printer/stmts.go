package printer

import (
	"fmt"
	"io"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// Style is a layout of statements, for FprintStmts.
type Style int

const (
	// Canonical is the layout Fprint gives a function body: a { } scope's
	// statements one tab deeper than its braces.
	Canonical Style = iota
	// NVCC is the layout of nvcc's PTX, which generated code that is
	// compared with nvcc's keeps: a { } scope's statements at the
	// indentation of its braces (nvcc's call sequences), and a
	// .callprototype spelt "NAME : .callprototype (RET) _ (PARAMS);", or
	// "()_ (PARAMS)" without a return value.
	NVCC
)

// FprintStmts prints statements to w as Fprint prints those of a function
// body, each indented by depth tabs, in the given layout. A trailing
// comment (ast.Comment.Trailing) joins the line before it, or the line of
// the { of a block it begins.
func FprintStmts(w io.Writer, style Style, depth int, stmts []ast.Stmt) error {
	p := &printer{}
	if err := p.stmts(style, depth, stmts); err != nil {
		return err
	}
	_, err := w.Write(p.buf)
	return err
}

func (p *printer) stmts(style Style, depth int, stmts []ast.Stmt) (err error) {
	defer func() {
		if r := recover(); r != nil {
			ie, ok := r.(internalError)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("printer: %s", ie.msg)
		}
	}()
	for _, s := range stmts {
		if style == NVCC {
			p.nvccStmt(s, depth)
		} else {
			p.stmt(s, depth)
		}
	}
	return nil
}

// nvccStmt prints s in the NVCC layout.
func (p *printer) nvccStmt(s ast.Stmt, depth int) {
	switch s := s.(type) {
	case *ast.Block:
		p.indent(depth)
		p.str("{\n")
		for _, x := range s.Stmts {
			p.nvccStmt(x, depth)
		}
		p.indent(depth)
		p.str("}\n")
	case *ast.Prototype:
		p.indent(depth)
		p.str(s.Name)
		p.str(" : .callprototype ")
		if len(s.Return) > 0 {
			p.params(s.Return, false)
			p.byte(' ')
		} else {
			p.str("()")
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
		p.nl()
	default:
		p.stmt(s, depth)
	}
}

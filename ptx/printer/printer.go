// Package printer prints a PTX syntax tree (package ptx/ast) in one
// canonical format, as gofmt does for Go: module directives first at the
// left margin, a blank line around functions and sections, one statement
// per line indented by a tab per scope, labels at the left margin,
// operands separated by ", ". Literals are printed as written, so that
// printing never changes what ptxas makes of a module.
package printer

import (
	"bytes"
	"fmt"
	"go/token"
	"io"
	"strconv"
	"unsafe"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// Fprint prints m to w.
func Fprint(w io.Writer, m *ast.Module) error {
	p := &printer{buf: make([]byte, 0, 2*flushSize), w: w}
	if err := p.module(m); err != nil {
		return err
	}
	p.flush()
	return p.err
}

// flushSize is how much Fprint buffers before writing.
const flushSize = 64 << 10

// String returns m printed.
func String(m *ast.Module) string {
	p := &printer{}
	if err := p.module(m); err != nil {
		return "<" + err.Error() + ">"
	}
	return string(p.buf)
}

// Format parses src as a PTX file named filename and returns it printed
// in the canonical format, or the parser's errors.
func Format(filename string, src []byte) ([]byte, error) {
	// The tree is printed and dropped before Format returns, so it may
	// share src's memory: a string view of src saves the copy that
	// ParseFile makes. src must not change while Format runs, as for
	// any function reading a slice.
	m, err := parser.ParseString(token.NewFileSet(), filename, unsafe.String(unsafe.SliceData(src), len(src)))
	if err != nil {
		return nil, err
	}
	p := &printer{buf: make([]byte, 0, len(src)+len(src)/8)}
	if err := p.module(m); err != nil {
		return nil, err
	}
	return p.buf, nil
}

type printer struct {
	buf []byte
	w   io.Writer // nil: keep everything in buf
	err error
}

// flush writes out the buffer up to its last full line.
func (p *printer) flush() {
	if p.w == nil || len(p.buf) == 0 {
		return
	}
	if p.err == nil {
		_, p.err = p.w.Write(p.buf)
	}
	p.buf = p.buf[:0]
}

// maybeFlush flushes a full buffer when at the start of a line, where no
// trailing comment can still need to join the line before.
func (p *printer) maybeFlush() {
	if p.w != nil && len(p.buf) >= flushSize {
		// Keep the last line: a trailing comment may yet join it.
		i := bytes.LastIndexByte(p.buf[:len(p.buf)-1], '\n')
		if i < 0 {
			return
		}
		if p.err == nil {
			_, p.err = p.w.Write(p.buf[:i+1])
		}
		n := copy(p.buf, p.buf[i+1:])
		p.buf = p.buf[:n]
	}
}

type internalError struct{ msg string }

func (p *printer) module(m *ast.Module) (err error) {
	defer func() {
		if r := recover(); r != nil {
			ie, ok := r.(internalError)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("printer: %s", ie.msg)
		}
	}()
	if m == nil {
		return nil
	}
	prevKind := kindNone
	for i, d := range m.Decls {
		if c, ok := d.(*ast.Comment); ok && c.Trailing && i > 0 {
			p.trailing(c)
			continue
		}
		if i == 0 || !isLeadingComment(m.Decls[i-1]) {
			// The first item of a group.
			kind := groupKind(m.Decls, i)
			if prevKind != kindNone && (kind != prevKind || kind == kindFunc || kind == kindSection) {
				p.nl()
			}
			prevKind = kind
		}
		p.decl(d)
	}
	return nil
}

// Kinds of top-level groups, for blank lines between them.
const (
	kindNone = iota
	kindHeader
	kindFile
	kindVar
	kindFunc
	kindSection
	kindOther
)

func isLeadingComment(d ast.Decl) bool {
	c, ok := d.(*ast.Comment)
	return ok && !c.Trailing
}

// groupKind is the kind of the first declaration at or after i that is
// not a comment.
func groupKind(decls []ast.Decl, i int) int {
	for ; i < len(decls); i++ {
		switch decls[i].(type) {
		case *ast.Comment:
			continue
		case *ast.Version, *ast.Target, *ast.AddressSize:
			return kindHeader
		case *ast.File:
			return kindFile
		case *ast.Variable:
			return kindVar
		case *ast.Function:
			return kindFunc
		case *ast.Section:
			return kindSection
		default:
			return kindOther
		}
	}
	return kindOther
}

func (p *printer) nl() {
	p.byte('\n')
	if len(p.buf) >= flushSize {
		p.maybeFlush()
	}
}

// str appends s to the buffer. Where s fits, only the buffer's length is
// updated: storing the slice's pointer anew would cost a write barrier
// while the garbage collector is marking, and str runs for every token.
func (p *printer) str(s string) {
	n := len(p.buf)
	if cap(p.buf)-n >= len(s) {
		p.buf = p.buf[:n+len(s)]
		copy(p.buf[n:], s)
		return
	}
	p.buf = append(p.buf, s...)
}

// bytes is str for a byte slice.
func (p *printer) bytes(b []byte) {
	n := len(p.buf)
	if cap(p.buf)-n >= len(b) {
		p.buf = p.buf[:n+len(b)]
		copy(p.buf[n:], b)
		return
	}
	p.buf = append(p.buf, b...)
}

// byte is str for one byte.
func (p *printer) byte(c byte) {
	n := len(p.buf)
	if n < cap(p.buf) {
		p.buf = p.buf[:n+1]
		p.buf[n] = c
		return
	}
	p.buf = append(p.buf, c)
}

func (p *printer) int(v int64) {
	var tmp [20]byte
	p.bytes(strconv.AppendInt(tmp[:0], v, 10))
}

func (p *printer) uint(v uint64) {
	var tmp [20]byte
	p.bytes(strconv.AppendUint(tmp[:0], v, 10))
}

func (p *printer) indent(depth int) {
	for range depth {
		p.byte('\t')
	}
}

// trailing puts a comment at the end of the line just printed.
func (p *printer) trailing(c *ast.Comment) {
	if n := len(p.buf); n > 0 && p.buf[n-1] == '\n' {
		p.buf = p.buf[:n-1]
	}
	p.str(" ")
	p.str(c.Text)
	p.nl()
}

func (p *printer) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.Comment:
		p.str(d.Text)
	case *ast.Version:
		p.str(".version ")
		p.int(int64(d.Major))
		p.str(".")
		p.int(int64(d.Minor))
	case *ast.Target:
		p.str(".target ")
		for i, n := range d.Names {
			if i > 0 {
				p.str(", ")
			}
			p.str(n)
		}
	case *ast.AddressSize:
		p.str(".address_size ")
		p.int(int64(d.Size))
	case *ast.File:
		p.str(".file ")
		p.int(int64(d.Index))
		p.str(" ")
		p.str(strconv.Quote(d.Name))
		if d.HasInfo {
			p.str(", ")
			p.uint(d.Timestamp)
			p.str(", ")
			p.uint(d.Size)
		}
	case *ast.Section:
		p.section(d)
		return
	case *ast.Variable:
		p.variable(d)
		p.str(";")
	case *ast.Function:
		p.function(d)
		return
	case *ast.Directive:
		p.directive(d)
	case nil:
		panic(internalError{"nil declaration"})
	default:
		panic(internalError{fmt.Sprintf("unexpected declaration %T", d)})
	}
	p.nl()
}

func (p *printer) section(s *ast.Section) {
	p.str(".section ")
	p.str(s.Name)
	p.str("\n{\n")
	for i, it := range s.Items {
		switch it := it.(type) {
		case *ast.Comment:
			if it.Trailing {
				p.trailing(it)
				continue
			}
			p.indent(1)
			p.str(it.Text)
		case *ast.Label:
			p.str(it.Name)
			p.str(":")
		case *ast.Data:
			p.indent(1)
			p.str(it.Type)
			p.str(" ")
			p.exprs(it.Values)
		default:
			panic(internalError{fmt.Sprintf("unexpected section item %T at %d", it, i)})
		}
		p.nl()
	}
	p.str("}\n")
}

func (p *printer) function(f *ast.Function) {
	for _, l := range f.Linkage {
		p.str(l)
		p.str(" ")
	}
	if f.Entry {
		p.str(".entry ")
	} else {
		p.str(".func ")
	}
	if f.Return != nil {
		p.params(f.Return, false)
		p.str(" ")
	}
	p.str(f.Name)
	if f.HasParams || len(f.Params) > 0 {
		p.params(f.Params, true)
	}
	for _, d := range f.Directives {
		p.nl()
		p.directive(d)
	}
	if f.Body == nil {
		p.str(";\n")
		return
	}
	p.nl()
	p.block(f.Body, 0)
}

// params prints a parameter list, one per line if long.
func (p *printer) params(list []*ast.Variable, long bool) {
	if !long || len(list) == 0 {
		p.str("(")
		for i, v := range list {
			if i > 0 {
				p.str(", ")
			}
			p.variable(v)
		}
		p.str(")")
		return
	}
	p.str("(\n")
	for i, v := range list {
		p.indent(1)
		p.variable(v)
		if i < len(list)-1 {
			p.str(",")
		}
		p.nl()
	}
	p.str(")")
}

func (p *printer) directive(d *ast.Directive) {
	p.str(d.Name)
	if len(d.Args) > 0 {
		p.str(" ")
		p.exprs(d.Args)
	}
	if d.Semi {
		p.str(";")
	}
}

func (p *printer) variable(v *ast.Variable) {
	for _, l := range v.Linkage {
		p.str(l)
		p.str(" ")
	}
	p.str(v.Space)
	if len(v.Attributes) > 0 {
		p.str(" .attribute(")
		for i, a := range v.Attributes {
			if i > 0 {
				p.str(", ")
			}
			p.str(a)
		}
		p.str(")")
	}
	if v.Align != 0 {
		p.str(" .align ")
		p.int(int64(v.Align))
	}
	if v.Vector != 0 {
		p.str(" .v")
		p.int(int64(v.Vector))
	}
	p.str(" ")
	p.str(v.Type)
	if v.Ptr {
		p.str(" .ptr")
		if v.PtrSpace != "" {
			p.str(" ")
			p.str(v.PtrSpace)
		}
		if v.PtrAlign != 0 {
			p.str(" .align ")
			p.int(int64(v.PtrAlign))
		}
	}
	for i, d := range v.Names {
		if i > 0 {
			p.str(",")
		}
		p.str(" ")
		p.str(d.Name)
		if d.Range != 0 {
			p.str("<")
			p.int(int64(d.Range))
			p.str(">")
		}
		for _, n := range d.Dims {
			p.str("[")
			if n >= 0 {
				p.int(n)
			}
			p.str("]")
		}
		if d.Init != nil {
			p.str(" = ")
			p.expr(d.Init)
		}
	}
}

func (p *printer) block(b *ast.Block, depth int) {
	p.indent(depth)
	p.str("{\n")
	for _, s := range b.Stmts {
		p.stmt(s, depth+1)
	}
	p.indent(depth)
	p.str("}\n")
}

func (p *printer) stmt(s ast.Stmt, depth int) {
	switch s := s.(type) {
	case *ast.Comment:
		if s.Trailing {
			p.trailing(s)
			return
		}
		p.indent(depth)
		p.str(s.Text)
	case *ast.Block:
		p.block(s, depth)
		return
	case *ast.Label:
		p.str(s.Name)
		p.str(":")
	case *ast.Instruction:
		p.indent(depth)
		if s.Guard != "" {
			p.str("@")
			if s.GuardNeg {
				p.str("!")
			}
			p.str(s.Guard)
			p.str(" ")
		}
		p.str(s.Opcode)
		for _, m := range s.Mods {
			p.str(m)
		}
		if len(s.Operands) > 0 {
			p.str(" ")
			p.exprs(s.Operands)
		}
		p.str(";")
	case *ast.Variable:
		p.indent(depth)
		p.variable(s)
		p.str(";")
	case *ast.Loc:
		p.indent(depth)
		p.str(".loc ")
		p.int(int64(s.File))
		p.str(" ")
		p.int(int64(s.Line))
		p.str(" ")
		p.int(int64(s.Column))
		if s.FunctionName != nil {
			p.str(", function_name ")
			p.expr(s.FunctionName)
		}
		if at := s.InlinedAt; at != nil {
			p.str(", inlined_at ")
			p.int(int64(at.File))
			p.str(" ")
			p.int(int64(at.Line))
			p.str(" ")
			p.int(int64(at.Column))
		}
	case *ast.Prototype:
		p.indent(depth)
		p.str(s.Name)
		p.str(": .callprototype ")
		if s.Return != nil {
			p.params(s.Return, false)
			p.str(" ")
		}
		p.str("_")
		if s.HasParams || len(s.Params) > 0 {
			p.str(" ")
			p.params(s.Params, false)
		}
		if s.NoReturn {
			p.str(" .noreturn")
		}
		p.str(";")
	case *ast.Directive:
		p.indent(depth)
		p.directive(s)
	case nil:
		panic(internalError{"nil statement"})
	default:
		panic(internalError{fmt.Sprintf("unexpected statement %T", s)})
	}
	p.nl()
}

func (p *printer) exprs(list []ast.Expr) {
	for i, x := range list {
		if i > 0 {
			p.str(", ")
		}
		p.expr(x)
	}
}

func (p *printer) expr(x ast.Expr) {
	switch x := x.(type) {
	case *ast.Ident:
		p.str(x.Name)
	case *ast.Lit:
		p.str(x.Value)
	case *ast.Unary:
		p.str(x.Op)
		p.expr(x.X)
	case *ast.Binary:
		p.expr(x.X)
		switch x.Op {
		case "+", "-", "|":
			p.str(x.Op)
		default:
			p.str(" ")
			p.str(x.Op)
			p.str(" ")
		}
		p.expr(x.Y)
	case *ast.Paren:
		p.str("(")
		p.exprs(x.Elems)
		p.str(")")
	case *ast.Braces:
		p.str("{")
		p.exprs(x.Elems)
		p.str("}")
	case *ast.Address:
		p.str("[")
		p.exprs(x.Elems)
		p.str("]")
	case *ast.CallExpr:
		p.str(x.Fun.Name)
		p.str("(")
		p.exprs(x.Args)
		p.str(")")
	case nil:
		panic(internalError{"nil expression"})
	default:
		panic(internalError{fmt.Sprintf("unexpected expression %T", x)})
	}
}

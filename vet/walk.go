package vet

import (
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// Inspect calls fn for every statement of b and of the blocks nested in
// it, in order, with the stack of enclosing blocks (b first, the innermost
// last), which fn may not keep past its call. Nested blocks are visited
// after fn sees them.
func Inspect(b *ast.Block, fn func(s ast.Stmt, stack []*ast.Block)) {
	if b == nil {
		return
	}
	st, _ := stacks.Get().(*[]*ast.Block)
	if st == nil {
		s := make([]*ast.Block, 0, 16) // scopes seldom nest deeper
		st = &s
	}
	inspect(b, fn, (*st)[:0])
	clear((*st)[:cap(*st)])
	stacks.Put(st)
}

// stacks holds the stacks of Inspect: fn may not keep the one it is
// handed past its call.
var stacks sync.Pool

func inspect(b *ast.Block, fn func(ast.Stmt, []*ast.Block), stack []*ast.Block) {
	stack = append(stack, b)
	for _, s := range b.Stmts {
		fn(s, stack)
		if nb, ok := s.(*ast.Block); ok && nb != nil {
			inspect(nb, fn, stack)
		}
	}
}

// Lookup finds the variable declarator name in the innermost block of
// stack that declares it, then in f's parameters and return list; it
// returns nil if none does.
func Lookup(name string, stack []*ast.Block, f *ast.Function) (*ast.Variable, *ast.Declarator) {
	for i := len(stack) - 1; i >= 0; i-- {
		for _, s := range stack[i].Stmts {
			if v, ok := s.(*ast.Variable); ok {
				for _, d := range v.Names {
					if d.Name == name && d.Range == 0 {
						return v, d
					}
				}
			}
		}
	}
	if f != nil {
		for _, list := range [][]*ast.Variable{f.Params, f.Return} {
			for _, v := range list {
				for _, d := range v.Names {
					if d.Name == name {
						return v, d
					}
				}
			}
		}
	}
	return nil, nil
}

// TypeSize returns the width in bytes of a PTX fundamental type (".u32"),
// or 0 for another type (.pred, .texref...). The checks ask it of every
// qualifier of many instructions: a switch, not a map, answers.
func TypeSize(typ string) int64 {
	switch typ {
	case ".b8", ".u8", ".s8":
		return 1
	case ".b16", ".u16", ".s16", ".f16", ".bf16":
		return 2
	case ".b32", ".u32", ".s32", ".f32", ".f16x2", ".bf16x2", ".tf32":
		return 4
	case ".b64", ".u64", ".s64", ".f64":
		return 8
	case ".b128":
		return 16
	}
	return 0
}

// Shape is the size and alignment in bytes of one declared variable, and
// whether it is an array (an aggregate parameter, guide §2.3).
type Shape struct {
	Type        string
	Size, Align int64
	Array       bool
	// Float is set for a floating-point scalar or vector (.f32, .f64,
	// .f16x2...): nvlink tells it from an integer of the same width.
	Float bool
}

// ShapeOf returns the shape of the declarator d of v: its type's width
// times its vector length and dimensions; its alignment is .align when
// given, else the element's width. ok is false when the size is not known
// (an opaque type, an unsized array).
func ShapeOf(v *ast.Variable, d *ast.Declarator) (s Shape, ok bool) {
	elem := TypeSize(v.Type)
	if elem == 0 {
		return Shape{Type: v.Type}, false
	}
	if v.Vector > 0 {
		elem *= int64(v.Vector)
	}
	s = Shape{Type: v.Type, Size: elem, Align: elem, Float: strings.HasPrefix(v.Type, ".f") || strings.HasPrefix(v.Type, ".bf")}
	for _, n := range d.Dims {
		if n < 0 {
			return s, false
		}
		s.Size *= n
		s.Array = true
	}
	if v.Align > 0 {
		s.Align = int64(v.Align)
	}
	return s, true
}

// HasLinkage reports whether a linkage list holds l (".extern").
func HasLinkage(linkage []string, l string) bool {
	for _, x := range linkage {
		if x == l {
			return true
		}
	}
	return false
}

// Call is a call instruction's operands: [(ret)], target, [(args)],
// [prototype].
type Call struct {
	In     *ast.Instruction
	Ret    []ast.Expr // nil without a return list
	Target ast.Expr
	Args   []ast.Expr
	HasRet bool
	// Proto is the prototype operand of an indirect call, or nil.
	Proto ast.Expr
}

// ParseCall splits a call instruction's operands; ok is false for a
// shape it does not know.
func ParseCall(in *ast.Instruction) (c Call, ok bool) {
	if in.Opcode != "call" {
		return c, false
	}
	ops := in.Operands
	c.In = in
	if len(ops) == 0 {
		return c, false
	}
	if p, isParen := ops[0].(*ast.Paren); isParen {
		c.Ret, c.HasRet = p.Elems, true
		ops = ops[1:]
	}
	if len(ops) == 0 {
		return c, false
	}
	c.Target = ops[0]
	ops = ops[1:]
	if len(ops) > 0 {
		if p, isParen := ops[0].(*ast.Paren); isParen {
			c.Args = p.Elems
			ops = ops[1:]
		}
	}
	if len(ops) > 0 {
		c.Proto = ops[0]
		ops = ops[1:]
	}
	return c, len(ops) == 0
}

// Name returns the name of an identifier operand, or "".
func Name(x ast.Expr) string {
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

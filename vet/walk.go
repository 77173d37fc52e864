package vet

import (
	"strings"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// Inspect calls fn for every statement of b and of the blocks nested in
// it, in order, with the stack of enclosing blocks (b first, the innermost
// last). Nested blocks are visited after fn sees them.
func Inspect(b *ast.Block, fn func(s ast.Stmt, stack []*ast.Block)) {
	if b == nil {
		return
	}
	inspect(b, fn, make([]*ast.Block, 0, 8))
}

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

// typeSizes are the widths in bytes of PTX's fundamental types.
var typeSizes = map[string]int64{
	".b8": 1, ".u8": 1, ".s8": 1,
	".b16": 2, ".u16": 2, ".s16": 2, ".f16": 2, ".bf16": 2,
	".b32": 4, ".u32": 4, ".s32": 4, ".f32": 4, ".f16x2": 4, ".bf16x2": 4, ".tf32": 4,
	".b64": 8, ".u64": 8, ".s64": 8, ".f64": 8,
	".b128": 16,
}

// TypeSize returns the width in bytes of a PTX fundamental type (".u32"),
// or 0 for another type (.pred, .texref...).
func TypeSize(typ string) int64 { return typeSizes[typ] }

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

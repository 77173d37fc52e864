package cc

import (
	"go/constant"
	"go/token"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
)

// textures are the texture fetches and the surface reads and writes
// (CUDA C++ Programming Guide, "Texture Functions" and "Surface
// Functions"; PTX ISA "Texture Instructions" and "Surface
// Instructions"), each one PTX instruction: its opcode, its geometry,
// its coordinates' type (a surface's are .b32, x in bytes), and where the
// call's coordinates go in the instruction's coordinate vector, as nvcc
// writes it: a 3-D or cube coordinate is a vector of 4 whose last element
// repeats the third; a layer comes first. The texture or surface is an
// object (a 64-bit handle, guide §2.3 note E) or a reference (a .texref
// or .surfref variable, named in the instruction).
var textures = sync.OnceValue(func() map[string]textureFunc {
	return map[string]textureFunc{
		"tex1Dfetch":         {"tex", "1d", "s32", []int{0}, ""},
		"tex1D":              {"tex", "1d", "f32", []int{0}, ""},
		"tex2D":              {"tex", "2d", "f32", []int{0, 1}, ""},
		"tex3D":              {"tex", "3d", "f32", []int{0, 1, 2, 2}, ""},
		"tex1DLayered":       {"tex", "a1d", "f32", []int{1, 0}, ""},
		"tex2DLayered":       {"tex", "a2d", "f32", []int{2, 0, 1, 1}, ""},
		"texCubemap":         {"tex", "cube", "f32", []int{0, 1, 2, 2}, ""},
		"tex1DLod":           {"tex.level", "1d", "f32", []int{0}, "level"},
		"tex2DLod":           {"tex.level", "2d", "f32", []int{0, 1}, "level"},
		"tex3DLod":           {"tex.level", "3d", "f32", []int{0, 1, 2, 2}, "level"},
		"tex1DGrad":          {"tex.grad", "1d", "f32", []int{0}, "grad"},
		"tex2DGrad":          {"tex.grad", "2d", "f32", []int{0, 1}, "grad"},
		"tex3DGrad":          {"tex.grad", "3d", "f32", []int{0, 1, 2, 2}, "grad"},
		"tex2Dgather":        {"tld4", "2d", "f32", []int{0, 1}, "gather"},
		"surf1Dread":         {"suld.b", "1d", "b32", []int{0}, ""},
		"surf2Dread":         {"suld.b", "2d", "b32", []int{0, 1}, ""},
		"surf3Dread":         {"suld.b", "3d", "b32", []int{0, 1, 2, 2}, ""},
		"surf1Dwrite":        {"sust.b", "1d", "b32", []int{0}, ""},
		"surf2Dwrite":        {"sust.b", "2d", "b32", []int{0, 1}, ""},
		"surf3Dwrite":        {"sust.b", "3d", "b32", []int{0, 1, 2, 2}, ""},
		"surf1DLayeredwrite": {"sust.b", "a1d", "b32", []int{1, 0}, ""},
		"surf2DLayeredwrite": {"sust.b", "a2d", "b32", []int{2, 0, 1, 1}, ""},
	}
})

// textureFunc is an entry of textures.
type textureFunc struct {
	op, geom, coord string
	order           []int
	// extra is what follows the coordinates: "level", a level of
	// detail (tex.level); "grad", two gradients (tex.grad); "gather",
	// the component that tld4 gathers (constant, default 0).
	extra string
}

// boundaryModes are the surface instructions' out-of-range modes by the
// value of enum cudaSurfaceBoundaryMode.
var boundaryModes = sync.OnceValue(func() map[int64]string {
	return map[int64]string{0: "zero", 1: "clamp", 2: "trap"}
})

// operandList is "{%first+order[0], %first+order[1], ...}": the operands
// of inline PTX's template that a vector names.
func operandList(first int, order []int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range order {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("%" + strconv.Itoa(first+k))
	}
	b.WriteByte('}')
	return b.String()
}

// textureOperand evaluates the texture or surface argument a of a fetch,
// read or write: for an object, its handle as an operand of the template
// (%first, first the index it takes, returned with the next one); for a
// reference, the name of its .texref or .surfref (cls its class,
// texture<T, dim, mode> or surface<void, dim>).
func (x *fn) textureOperand(e *ast.Call, a ast.Expr, args []*ir.Value, first int) (opnd string, cls *ctypes.Struct, _ []*ir.Value, next int) {
	cls = textureRefType(a.Info().Type)
	if cls == nil {
		return "%" + strconv.Itoa(first), nil, append(args, x.rvalue(a)), first + 1
	}
	if id, ok := withoutImplicitCasts(a).(*ast.Ident); ok {
		if g, ok := id.Obj.(*ast.Global); ok && textureRefType(g.Decl.Type) != nil {
			return x.textureRef(g.Decl).Name, cls, args, first
		}
	}
	x.failf(a.Pos(), "%s: ptxabi cc takes a texture or surface reference only by its name at namespace scope (nvcc also passes one as a 64-bit handle)", e.Builtin)
	return "", nil, nil, 0
}

// elements are the element type and count of a texel type: a vector
// type's elements, or the scalar itself.
func elements(t ctypes.Type) (ctypes.Type, int) {
	if vt, ok := ctypes.Unqualified(t).(*ctypes.Vector); ok {
		return ctypes.BasicOf(vt.Elem), vt.Len
	}
	return t, 1
}

// vectorOf returns the parts as the value of C type t: the scalar, or a
// vector built in local memory (as make_T builds one).
func (x *fn) vectorOf(e *ast.Call, t ctypes.Type, parts []*ir.Value) *ir.Value {
	et, n := elements(t)
	if _, ok := ctypes.Unqualified(t).(*ctypes.Vector); !ok {
		return parts[0]
	}
	size, align := x.sizeAlign(t, e.Pos())
	p := x.b.Alloca(size, align)
	x.storeElements(p, et, parts[:n], e.Pos())
	return p
}

// storeElements stores the elements of a vector of et, one after
// another from p.
func (x *fn) storeElements(p *ir.Value, et ctypes.Type, elems []*ir.Value, pos token.Pos) {
	es, _ := x.sizeAlign(et, pos)
	for k, v := range elems {
		x.store(x.offset(p, int64(k)*es), et, v)
	}
}

// texFetch is tex1Dfetch<T>(object, ...), tex2D<T>... and, through a
// reference, tex1Dfetch(texref, ...), tex1D, tex2D, tex3D: one tex
// instruction of four results, of f32 for texels of floats, s32 or u32
// for integers, whose first elements are converted to the result's type,
// as nvcc does. In cudaReadModeNormalizedFloat the texel is an integer
// and the result floats: the instruction's type is the texel's, and its
// results are the floats' bits.
func texFetch(x *fn, e *ast.Call, _ []*ir.Value, _ ir.Type) *ir.Value {
	f := textures()[e.Builtin]
	a := &ir.Asm{}
	tex, cls, args, next := x.textureOperand(e, e.Args[0], nil, 4)
	t := e.Info().Type
	texel, normalized := t, false
	if cls != nil {
		texel = cls.Template.Args[0].Type
		normalized = cls.Template.Args[2].Value == 1
	}
	te, _ := elements(texel)
	elem := x.scalar(te, e.Pos())
	d, c := "u32", "r"
	switch {
	case elem.IsFloat() && elem.Bits == 32 && !normalized:
		d, c = "f32", "f"
	case elem.IsInt() && elem.Signed && elem.Bits <= 32:
		d = "s32"
	case elem.IsInt() && elem.Bits <= 32:
	default:
		x.failf(e.Pos(), "%s of %s: ptxabi cc fetches textures of 8-, 16- and 32-bit integers and floats", e.Builtin, ctypes.TypeString(texel, ""))
	}
	for range 4 {
		a.Constraints = append(a.Constraints, "="+c)
	}
	outs, agg, _ := a.Outputs()
	if cls == nil {
		// The object, a 64-bit handle, first.
		a.Constraints = append(a.Constraints, ir.AsmClass(args[0].Type))
	}
	operand := func(v *ir.Value) int {
		args = append(args, v)
		a.Constraints = append(a.Constraints, ir.AsmClass(v.Type))
		return len(args) - 1 + 4
	}
	nc := len(f.order) - dup(f.order)
	for _, arg := range e.Args[1 : 1+nc] {
		// The coordinates, of the types the declaration gives them.
		operand(x.rvalue(arg))
	}
	op, rest := f.op, ""
	switch f.extra {
	case "level":
		// The level of detail follows the coordinates.
		rest = ", %" + strconv.Itoa(operand(x.rvalue(e.Args[1+nc])))
	case "grad":
		// The gradients, vectors of the coordinates' shape: a float,
		// or the elements of a float2 or float4.
		for _, g := range e.Args[1+nc : 3+nc] {
			v := x.rvalue(g)
			first := len(args) + 4
			if _, ok := ctypes.Unqualified(g.Info().Type).(*ctypes.Vector); !ok {
				operand(v)
			} else {
				et, _ := elements(g.Info().Type)
				es, _ := x.sizeAlign(et, e.Pos())
				for k := range nc {
					operand(x.load(x.offset(v, int64(k)*es), et))
				}
			}
			rest += ", " + operandList(first, f.order)
		}
	case "gather":
		// The component gathered, a constant.
		var comp int64
		if len(e.Args) > 1+nc {
			m := e.Args[1+nc].Info().Value
			ok := false
			if m != nil {
				comp, ok = constant.Int64Val(constant.ToInt(m))
			}
			if !ok || comp < 0 || comp > 3 {
				x.failf(e.Args[1+nc].Pos(), "%s: the component must be a constant 0, 1, 2 or 3", e.Builtin)
			}
		}
		op += "." + "rgba"[comp:comp+1]
	}
	a.Template = op + "." + f.geom + ".v4." + d + "." + f.coord + " {%0, %1, %2, %3}, [" + tex + ", " + operandList(next, f.order) + "]" + rest + ";"
	r := x.b.Asm(a, agg, args...)
	re, n := elements(t)
	relem := x.scalar(re, e.Pos())
	parts := make([]*ir.Value, n)
	for k := range parts {
		v := x.b.Op(ir.OpExtract, outs[k].Type, r)
		v.AuxInt = outs[k].Offset
		switch {
		case normalized:
			v = x.b.Intrinsic(&ir.Intrinsic{Name: "mov.b32", Pure: true}, ir.F32, v)
		case !elem.IsFloat():
			v = x.convert(v, relem)
		}
		parts[k] = v
	}
	return x.vectorOf(e, t, parts)
}

// surfaceInstr checks a surface read's or write's element type (of 8, 16,
// 32 or 64 bits, 1, 2 or 4 of them) and boundary mode (a constant) and
// returns the instruction's name, its operand class for the elements and
// the register type they travel in.
func (x *fn) surfaceInstr(e *ast.Call, t ctypes.Type, modeArg ast.Expr) (name string, class string, reg ir.Type) {
	f := textures()[e.Builtin]
	et, n := elements(t)
	elem := x.scalar(et, e.Pos())
	if n == 3 || elem.Bits > 64 || elem.Kind == ir.Float && elem.Bits == 16 {
		x.failf(e.Pos(), "%s of %s: surfaces hold 1, 2 or 4 integers or floats of 8 to 64 bits", e.Builtin, ctypes.TypeString(t, ""))
	}
	m := modeArg.Info().Value
	mv, exact := int64(0), false
	if m != nil {
		mv, exact = constant.Int64Val(constant.ToInt(m))
	}
	mode, ok := boundaryModes()[mv]
	if !exact || !ok {
		x.failf(modeArg.Pos(), "%s: the boundary mode must be a constant cudaBoundaryModeZero, cudaBoundaryModeClamp or cudaBoundaryModeTrap", e.Builtin)
	}
	vec := ""
	if n > 1 {
		vec = "v" + strconv.Itoa(n) + "."
	}
	bits := max(int(elem.Bits), 8)
	switch {
	case bits <= 16:
		class, reg = "h", ir.U16
	case bits == 32:
		class, reg = "r", ir.U32
	default:
		class, reg = "l", ir.U64
	}
	return f.op + "." + f.geom + "." + vec + "b" + strconv.Itoa(bits) + "." + mode, class, reg
}

// surfRead is surf2Dread<T>(surface, x, y[, mode]) and surf2Dread(&v,
// surface, x, y[, mode]) (1-D and 3-D alike): one suld.b of T's
// elements, as nvcc writes it.
func surfRead(x *fn, e *ast.Call, _ []*ir.Value, _ ir.Type) *ir.Value {
	f := textures()[e.Builtin]
	cargs := e.Args
	var dst *ir.Value
	t := e.Info().Type
	if textureRefType(cargs[0].Info().Type) == nil && !isHandle(cargs[0].Info().Type) {
		// The form that stores through a pointer.
		dst = x.rvalue(cargs[0])
		t = ctypes.Unqualified(cargs[0].Info().Type).(*ctypes.Pointer).Elem
		cargs = cargs[1:]
	}
	name, class, reg := x.surfaceInstr(e, t, cargs[len(cargs)-1])
	et, n := elements(t)
	a := &ir.Asm{}
	for range n {
		a.Constraints = append(a.Constraints, "="+class)
	}
	outs, agg, _ := a.Outputs()
	surf, _, args, next := x.textureOperand(e, cargs[0], nil, n)
	if len(args) > 0 {
		a.Constraints = append(a.Constraints, ir.AsmClass(args[0].Type))
	}
	for _, arg := range cargs[1 : 1+len(f.order)-dup(f.order)] {
		v := x.rvalue(arg)
		args = append(args, v)
		a.Constraints = append(a.Constraints, ir.AsmClass(v.Type))
	}
	a.Template = name + " " + operandList(0, seq(n)) + ", [" + surf + ", " + operandList(next, f.order) + "];"
	if n == 1 {
		agg = reg // one output: the asm's value is its register
	}
	r := x.b.Asm(a, agg, args...)
	relem := x.scalar(et, e.Pos())
	parts := make([]*ir.Value, n)
	for k := range parts {
		v := r
		if n > 1 {
			v = x.b.Op(ir.OpExtract, outs[k].Type, r)
			v.AuxInt = outs[k].Offset
		}
		if relem.IsFloat() {
			v = x.b.Intrinsic(&ir.Intrinsic{Name: "mov.b" + itoa(int(relem.Bits)), Pure: true}, relem, v)
		} else {
			v = x.convert(v, relem)
		}
		parts[k] = v
	}
	v := x.vectorOf(e, t, parts)
	if dst == nil {
		return v
	}
	if n == 1 {
		x.store(dst, t, v)
		return nil
	}
	x.storeElements(dst, et, parts[:n], e.Pos())
	return nil
}

// surfWrite is surf2Dwrite(v, surface, x, y[, mode]) (1-D and 3-D
// alike): one sust.b of v's elements, as nvcc writes it.
func surfWrite(x *fn, e *ast.Call, _ []*ir.Value, _ ir.Type) *ir.Value {
	f := textures()[e.Builtin]
	t := e.Args[0].Info().Type
	name, class, reg := x.surfaceInstr(e, t, e.Args[len(e.Args)-1])
	et, n := elements(t)
	src := x.rvalue(e.Args[0]) // a vector is the address of its memory
	var args []*ir.Value
	a := &ir.Asm{}
	elem := func(v *ir.Value) *ir.Value {
		if v.Type.IsFloat() {
			v = x.b.Intrinsic(&ir.Intrinsic{Name: "mov.b" + itoa(int(v.Type.Bits)), Pure: true}, reg, v)
		}
		return x.convert(v, reg)
	}
	surf, _, args, next := x.textureOperand(e, e.Args[1], args, 0)
	if len(args) > 0 {
		a.Constraints = append(a.Constraints, ir.AsmClass(args[0].Type))
	}
	for _, arg := range e.Args[2 : 2+len(f.order)-dup(f.order)] {
		v := x.rvalue(arg)
		args = append(args, v)
		a.Constraints = append(a.Constraints, ir.AsmClass(v.Type))
	}
	first := len(args)
	if n == 1 {
		args = append(args, elem(src))
	} else {
		es, _ := x.sizeAlign(et, e.Pos())
		for k := range n {
			args = append(args, elem(x.load(x.offset(src, int64(k)*es), et)))
		}
	}
	for range n {
		a.Constraints = append(a.Constraints, class)
	}
	a.Template = name + " [" + surf + ", " + operandList(next, f.order) + "], " + operandList(first, seq(n)) + ";"
	x.b.Asm(a, ir.VoidT, args...)
	return nil
}

// seq is 0, 1, ... n-1.
func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// dup is how many coordinates order repeats (a 3-D coordinate's fourth).
func dup(order []int) int {
	seen := map[int]bool{}
	d := 0
	for _, k := range order {
		if seen[k] {
			d++
		}
		seen[k] = true
	}
	return d
}

// isHandle reports whether t is a texture or surface object's type.
func isHandle(t ctypes.Type) bool {
	_, ok := ctypes.Unqualified(t).(*ctypes.Handle)
	return ok
}

package ptxgen

import (
	"strconv"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ptx/ast"
)

// A register class is a set of virtual registers of one PTX register type,
// named as nvcc names them.
type regClass int

const (
	rPred regClass = iota // .pred %p
	r16                   // .b16 %rs: 8- and 16-bit integers, f16
	r32                   // .b32 %r
	r64                   // .b64 %rd
	rF32                  // .f32 %f
	rF64                  // .f64 %fd
	numClasses
)

var classes = [numClasses]struct{ decl, prefix string }{
	rPred: {".pred", "%p"}, r16: {".b16", "%rs"}, r32: {".b32", "%r"},
	r64: {".b64", "%rd"}, rF32: {".f32", "%f"}, rF64: {".f64", "%fd"},
}

// classOf is the register class holding a value of type t.
func classOf(t ir.Type) regClass {
	switch {
	case t.Kind == ir.Pred:
		return rPred
	case t.Kind == ir.Float && t.Bits == 32:
		return rF32
	case t.Kind == ir.Float && t.Bits == 64:
		return rF64
	case t.Bits <= 16:
		return r16
	case t.Bits == 32:
		return r32
	}
	return r64
}

// regs numbers the virtual registers of one function, from 1 as nvcc does.
type regs struct {
	n [numClasses]int
}

func (r *regs) fresh(c regClass) string {
	r.n[c]++
	return classes[c].prefix + strconv.Itoa(r.n[c])
}

// decls are the .reg declarations of the registers used.
func (r *regs) decls() []ast.Stmt {
	var out []ast.Stmt
	for c := range numClasses {
		if r.n[c] > 0 {
			out = append(out, &ast.Variable{Space: ".reg", Type: classes[c].decl,
				Names: []*ast.Declarator{{Name: classes[c].prefix, Range: r.n[c] + 1}}})
		}
	}
	return out
}

// typeSuffix is the PTX type of an instruction on t: ".s32", ".u8", ".f32";
// a pointer is unsigned.
func typeSuffix(t ir.Type) string {
	switch t.Kind {
	case ir.Float:
		return sized('f', t.Bits)
	case ir.Pred:
		return ".pred"
	case ir.Int:
		if t.Signed {
			return sized('s', t.Bits)
		}
	}
	return sized('u', t.Bits)
}

// sizedNames are the type suffixes of the common sizes, by kind letter
// and size (8, 16, 32, 64, 128 bits), spelled once.
var sizedNames = [...]struct {
	kind  byte
	names [5]string
}{
	{'b', [5]string{".b8", ".b16", ".b32", ".b64", ".b128"}},
	{'f', [5]string{".f8", ".f16", ".f32", ".f64", ".f128"}},
	{'s', [5]string{".s8", ".s16", ".s32", ".s64", ".s128"}},
	{'u', [5]string{".u8", ".u16", ".u32", ".u64", ".u128"}},
}

// sized is the suffix "." + kind + bits.
func sized(kind byte, bits uint8) string {
	i := -1
	switch bits {
	case 8, 16, 32, 64, 128:
		i = sizeIndex(bits)
	}
	for _, k := range sizedNames {
		if k.kind == kind && i >= 0 {
			return k.names[i]
		}
	}
	return "." + string(rune(kind)) + strconv.Itoa(int(bits))
}

// sizeIndex is the index of 8, 16, 32, 64 or 128 in sizedNames.
func sizeIndex(bits uint8) int {
	n := 0
	for b := uint8(8); b < bits; b *= 2 {
		n++
	}
	return n
}

// bitsSuffix is the untyped ".bN" of t.
func bitsSuffix(t ir.Type) string {
	if t.Kind == ir.Pred {
		return ".pred"
	}
	return sized('b', t.Bits)
}

// arithSuffix is typeSuffix, with 8-bit integers computed in 16 bits.
func arithSuffix(t ir.Type) string {
	if t.Kind == ir.Int && t.Bits == 8 {
		t.Bits = 16
	}
	return typeSuffix(t)
}

// ident returns an identifier node for a register or symbol name, from a
// block of them (a function's instructions name thousands).
func (g *gen) ident(name string) *ast.Ident {
	if len(g.idents) == 0 {
		g.idents = make([]ast.Ident, 2*g.blockSize())
	}
	id := &g.idents[0]
	g.idents = g.idents[1:]
	id.Name = name
	return id
}

package ctgen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Classes generates random C++ class hierarchies for the differential
// layout tests (Itanium C++ ABI class layout as nvcc does it): single and
// multiple inheritance, empty classes and empty bases (also the same empty
// class twice, which the empty-base optimisation must keep apart), bases
// with bit fields and tail padding, virtual functions, user-provided
// constructors and destructors, private members, default member
// initializers, members of class type and pointers to members.
//
// Every data member has a name unique in the whole source, and no class
// that has data appears twice among the subobjects of another, so that
// every member can be named from every class that holds it.
type Classes struct {
	r       *rand.Rand
	classes []*ctypes.Struct
	// keyword records classes written with the class keyword.
	keyword map[*ctypes.Struct]bool
	// subs counts the base class subobjects (transitively) of each class
	// by type.
	subs map[*ctypes.Struct]map[*ctypes.Struct]int
	// WideBitFields lets bit fields be wider than their type.
	WideBitFields bool
	enums         []*ctypes.Enum
}

// NewClasses returns a class generator with a fixed seed.
func NewClasses(seed uint64) *Classes {
	return &Classes{
		r:       rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)),
		keyword: map[*ctypes.Struct]bool{},
		subs:    map[*ctypes.Struct]map[*ctypes.Struct]int{},
	}
}

func (g *Classes) pick(n int) int      { return g.r.IntN(n) }
func (g *Classes) chance(pct int) bool { return g.r.IntN(100) < pct }

// All returns every class generated so far, in definition order.
func (g *Classes) All() []*ctypes.Struct { return g.classes }

// Subobjects returns how many base class subobjects of each type c has
// (its bases, their bases, ...; not c itself).
func (g *Classes) Subobjects(c *ctypes.Struct) map[*ctypes.Struct]int { return g.subs[c] }

// Class returns a new random class, named C<n>, which may derive from and
// hold the classes generated before it.
func (g *Classes) Class(addr int) *ctypes.Struct {
	n := len(g.classes) + 1
	c := &ctypes.Struct{Tag: fmt.Sprintf("C%d", n), Complete: true}
	if g.chance(15) {
		c.Class = true
		g.keyword[c] = true
	}
	switch x := g.pick(100); {
	case x < 4:
		c.Packed = true
	case x < 8:
		c.Pack = []int64{1, 2, 4}[g.pick(3)]
	case x < 12:
		c.Align = []int64{2, 4, 8, 16}[g.pick(4)]
	}
	subs := map[*ctypes.Struct]int{}
	if len(g.classes) > 0 {
		nb := []int{0, 1, 1, 2, 2, 3}[g.pick(6)]
		for range nb {
			b := g.classes[g.pick(len(g.classes))]
			ok := true
			for _, x := range c.Bases {
				ok = ok && x.Type != b
			}
			// A class with data may be a subobject once only.
			if g.hasData(b) && subs[b] > 0 {
				ok = false
			}
			for t := range g.subs[b] {
				if g.hasData(t) && subs[t] > 0 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			acc := ctypes.AccessDefault
			if g.chance(30) {
				acc = ctypes.Public
			}
			if c.Class && acc == ctypes.AccessDefault {
				acc = ctypes.Public // keep the bases reachable for the queries
			}
			c.Bases = append(c.Bases, &ctypes.Base{Type: b, Access: acc})
			subs[b]++
			for t, k := range g.subs[b] {
				subs[t] += k
			}
		}
	}
	g.subs[c] = subs
	if g.chance(25) {
		c.Methods = append(c.Methods, &ctypes.FuncDecl{Name: "v" + c.Tag, Class: c, Virtual: true,
			Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}})
	}
	if g.chance(20) {
		c.Methods = append(c.Methods, &ctypes.FuncDecl{Name: c.Tag, Class: c, Special: ctypes.Constructor,
			Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}})
	}
	if g.chance(8) {
		c.Methods = append(c.Methods, &ctypes.FuncDecl{Name: "~" + c.Tag, Class: c, Special: ctypes.Destructor,
			Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}})
	}
	if !g.chance(20) {
		nf := 1 + g.pick(5)
		private := g.chance(15)
		for i := range nf {
			f := g.field(fmt.Sprintf("%s_%d", strings.ToLower(c.Tag), i), addr)
			if private && i >= nf/2 && f.Name != "" {
				f.Access = ctypes.Private
			} else if c.Class {
				f.Access = ctypes.Public
			}
			c.Fields = append(c.Fields, f)
		}
	}
	g.classes = append(g.classes, c)
	return c
}

// hasData reports whether c or one of its bases has a data member (its
// members can then not be named from a class holding it twice).
func (g *Classes) hasData(c *ctypes.Struct) bool {
	if len(c.Fields) > 0 {
		return true
	}
	for _, b := range c.Bases {
		if g.hasData(b.Type) {
			return true
		}
	}
	return false
}

var classScalars = []ctypes.Kind{ctypes.Char, ctypes.UChar, ctypes.Short, ctypes.Int, ctypes.UInt,
	ctypes.Long, ctypes.LongLong, ctypes.Float, ctypes.Double, ctypes.Bool}

func (g *Classes) field(name string, addr int) *ctypes.Field {
	f := &ctypes.Field{Name: name}
	switch k := g.pick(100); {
	case k < 40:
		bk := bitfieldKinds[g.pick(len(bitfieldKinds))]
		f.BitField, f.Type = true, ctypes.BasicOf(bk.kind)
		bitsOf := map[ctypes.Kind]int{ctypes.Bool: 1, ctypes.Char: 8, ctypes.SChar: 8, ctypes.UChar: 8,
			ctypes.Short: 16, ctypes.UShort: 16, ctypes.Int: 32, ctypes.UInt: 32,
			ctypes.Long: addr, ctypes.ULong: addr, ctypes.LongLong: 64, ctypes.ULongLong: 64}[bk.kind]
		switch {
		case g.chance(10):
			f.Name, f.BitWidth = "", 0
		case g.chance(8):
			f.Name, f.BitWidth = "", 1+g.pick(bitsOf)
		case g.WideBitFields && g.chance(10):
			f.BitWidth = bitsOf + 1 + g.pick(bitsOf+16)
		default:
			f.BitWidth = 1 + g.pick(bitsOf)
		}
	case k < 65:
		f.Type = ctypes.BasicOf(classScalars[g.pick(len(classScalars))])
		f.DefaultInit = g.chance(10)
	case k < 73:
		f.Type = &ctypes.Array{Elem: ctypes.BasicOf(classScalars[g.pick(len(classScalars))]), Len: int64(1 + g.pick(3))}
	case k < 82 && len(g.classes) > 0:
		f.Type = g.classes[g.pick(len(g.classes))]
	case k < 85 && len(g.classes) > 0:
		f.Type = &ctypes.Array{Elem: g.classes[g.pick(len(g.classes))], Len: int64(1 + g.pick(3))}
	case k < 90 && len(g.classes) > 0:
		f.Type = &ctypes.MemberPointer{Class: g.classes[g.pick(len(g.classes))], Elem: ctypes.BasicOf(ctypes.Int)}
	case k < 95 && len(g.classes) > 0:
		f.Type = &ctypes.MemberPointer{Class: g.classes[g.pick(len(g.classes))],
			Elem: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Int), Params: []ctypes.Param{{Type: ctypes.BasicOf(ctypes.Float)}}}}
	case k < 97:
		// An enumeration, as a member or a bit field.
		e := &ctypes.Enum{Tag: fmt.Sprintf("En%d", len(g.enums)+1), Underlying: []ctypes.Kind{ctypes.UInt, ctypes.UChar, ctypes.Short, ctypes.LongLong}[g.pick(4)], Complete: true}
		e.Fixed = true
		g.enums = append(g.enums, e)
		f.Type = e
		if g.chance(50) {
			f.BitField, f.BitWidth = true, 1+g.pick(8)
		}
	default:
		f.Type = &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Int)}
	}
	if !f.BitField && g.chance(6) {
		f.Align = []int64{1, 2, 4, 8, 16}[g.pick(5)]
	}
	return f
}

// Source returns CUDA C++ source defining every class generated so far.
func (g *Classes) Source() string {
	var b strings.Builder
	b.WriteString("#include <cstddef>\n")
	for _, e := range g.enums {
		fmt.Fprintf(&b, "enum %s", e.Tag)
		if e.Fixed {
			fmt.Fprintf(&b, " : %s", e.Underlying)
		}
		fmt.Fprintf(&b, " { %s_a, %s_b };\n", e.Tag, e.Tag)
	}
	for _, c := range g.classes {
		b.WriteString(g.ClassSource(c))
		b.WriteString("\n")
	}
	return b.String()
}

// ClassSource is the definition of c alone, as Source writes it.
func (g *Classes) ClassSource(c *ctypes.Struct) string {
	var b strings.Builder
	kw := "struct"
	if g.keyword[c] {
		kw = "class"
	}
	if c.Pack > 0 {
		fmt.Fprintf(&b, "#pragma pack(push, %d)\n", c.Pack)
	}
	if c.Packed {
		kw += " __attribute__((packed))"
	}
	if c.Align > 0 {
		kw += fmt.Sprintf(" __align__(%d)", c.Align)
	}
	fmt.Fprintf(&b, "%s %s", kw, c.Tag)
	for i, base := range c.Bases {
		if i == 0 {
			b.WriteString(" : ")
		} else {
			b.WriteString(", ")
		}
		if base.Access != ctypes.AccessDefault {
			b.WriteString(base.Access.String() + " ")
		}
		b.WriteString(base.Type.Tag)
	}
	b.WriteString(" {\n")
	if g.keyword[c] {
		b.WriteString("public:\n")
	}
	for _, m := range c.Methods {
		switch {
		case m.Virtual:
			fmt.Fprintf(&b, "    virtual __device__ void %s();\n", m.Name)
		case m.Special == ctypes.Constructor:
			fmt.Fprintf(&b, "    __device__ %s();\n", m.Name)
		case m.Special == ctypes.Destructor:
			fmt.Fprintf(&b, "    __device__ %s();\n", m.Name)
		}
	}
	access := ctypes.Public
	for _, f := range c.Fields {
		if a := c.EffectiveAccess(f); f.Name != "" && a != access {
			fmt.Fprintf(&b, "%s:\n", a)
			access = a
		}
		b.WriteString("    ")
		if f.Align != 0 {
			fmt.Fprintf(&b, "__align__(%d) ", f.Align)
		}
		switch {
		case f.BitField:
			fmt.Fprintf(&b, "%s %s : %d", f.Type, f.Name, f.BitWidth)
		default:
			b.WriteString(ctypes.CXXString(f.Type, f.Name))
			if f.DefaultInit {
				b.WriteString(" = 1")
			}
		}
		b.WriteString(";\n")
	}
	b.WriteString("};")
	if c.Pack > 0 {
		b.WriteString("\n#pragma pack(pop)")
	}
	return b.String()
}

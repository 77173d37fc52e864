package ctgen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
)

// VBases generates random class hierarchies with virtual bases (diamonds,
// virtual bases of virtual bases, nearly empty dynamic classes that become
// primary bases, empty virtual bases) for the differential layout test.
// Each class is used as a non-virtual base at most once and never also as
// a virtual one, so that every base type is an unambiguous subobject of
// every class derived from it.
type VBases struct {
	r       *rand.Rand
	classes []*ctypes.Struct
	src     []string
	usage   map[*ctypes.Struct]int // 0 unused, 1 a non-virtual base, 2 a virtual base
	// Counts of what was generated, by category.
	Counts map[string]int
}

// NewVBases returns a generator with a fixed seed.
func NewVBases(seed uint64) *VBases {
	return &VBases{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), usage: map[*ctypes.Struct]int{}, Counts: map[string]int{}}
}

// All returns the classes generated so far, in order.
func (g *VBases) All() []*ctypes.Struct { return g.classes }

// Source returns the declarations of every class generated so far.
func (g *VBases) Source() string { return strings.Join(g.src, "") }

var vbaseScalars = []ctypes.Kind{ctypes.Char, ctypes.Short, ctypes.Int, ctypes.Long, ctypes.LongLong, ctypes.Double, ctypes.Float}

// Class adds one class, deriving from earlier ones.
func (g *VBases) Class() *ctypes.Struct {
	c := &ctypes.Struct{Tag: fmt.Sprintf("V%d", len(g.classes)), Complete: true}
	var b strings.Builder
	fmt.Fprintf(&b, "struct %s", c.Tag)
	used := map[*ctypes.Struct]bool{}
	for range g.r.IntN(3) {
		if len(g.classes) == 0 {
			break
		}
		base := g.classes[len(g.classes)-1-g.r.IntN(min(len(g.classes), 6))]
		if used[base] || g.usage[base] == 1 {
			continue
		}
		virtual := g.usage[base] == 2 || g.r.IntN(100) < 60
		if virtual {
			g.usage[base] = 2
			g.Counts["virtual bases"]++
		} else {
			g.usage[base] = 1
			g.Counts["non-virtual bases"]++
		}
		used[base] = true
		c.Bases = append(c.Bases, &ctypes.Base{Type: base, Virtual: virtual, Access: ctypes.Public})
		sep := " : "
		if len(c.Bases) > 1 {
			sep = ", "
		}
		kw := ""
		if virtual {
			kw = "virtual "
		}
		fmt.Fprintf(&b, "%s%s%s", sep, kw, base.Tag)
	}
	b.WriteString(" {\n")
	if g.r.IntN(100) < 30 {
		m := &ctypes.FuncDecl{Name: "f" + c.Tag, Class: c, Virtual: true, Kind: ctypes.DeviceFunc,
			Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}}
		c.Methods = append(c.Methods, m)
		fmt.Fprintf(&b, "    virtual __device__ void %s();\n", m.Name)
		g.Counts["classes with virtual functions"]++
	}
	nf := g.r.IntN(3)
	if g.r.IntN(100) < 35 {
		nf = 0
	}
	for i := range nf {
		f := &ctypes.Field{Name: fmt.Sprintf("m%d", i), Type: ctypes.BasicOf(vbaseScalars[g.r.IntN(len(vbaseScalars))])}
		c.Fields = append(c.Fields, f)
		fmt.Fprintf(&b, "    %s;\n", ctypes.CXXString(f.Type, f.Name))
	}
	b.WriteString("};\n")
	g.classes = append(g.classes, c)
	g.src = append(g.src, b.String())
	g.Counts["classes"]++
	return c
}

// BaseTypes are the base classes of c, direct and indirect, each once.
func BaseTypes(c *ctypes.Struct) []*ctypes.Struct {
	var out []*ctypes.Struct
	seen := map[*ctypes.Struct]bool{}
	var walk func(s *ctypes.Struct)
	walk = func(s *ctypes.Struct) {
		for _, b := range s.Bases {
			if !seen[b.Type] {
				seen[b.Type] = true
				out = append(out, b.Type)
			}
			walk(b.Type)
		}
	}
	walk(c)
	return out
}

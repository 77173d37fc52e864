package layoutoracle

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/oracle"
)

// probeBase is the address the class queries pretend an object lies at:
// a base class conversion of a null pointer stays null, so the queries
// convert a pointer to this address and subtract it again.
const probeBase = 4096

// AskClasses compiles the classes of g with nvcc (-std=c++17) for the
// address size and returns nvcc's layout of each of classes: sizeof,
// alignof, the offset of every base class subobject and data member that
// can be named from the class (by layout.Flat path: "Base", "Base::x",
// "m.y"), read as (size_t)&((C*)4096)->x - 4096 and through static_cast
// for bases; and the bits of every bit field of a class that can be
// initialised as an aggregate (no constructors, virtual functions, private
// members or pointers to members in it), by an object with that field all
// ones. Private members, bases that cannot be named unambiguously and the
// virtual table pointer are not asked about: their effects show in the
// offsets of what follows them.
func AskClasses(t testing.TB, addr int, g *ctgen.Classes, classes []*ctypes.Struct) []*Type {
	t.Helper()
	var src strings.Builder
	src.WriteString(g.Source())
	var paths [][]string
	var bitQueries []bitQuery
	out := make([]*Type, len(classes))
	for i, c := range classes {
		out[i] = &Type{Tag: c.Tag, Offsets: map[string]int64{}, Bits: map[string]Bits{}}
		exprs := []string{"sizeof(" + c.Tag + ")", "alignof(" + c.Tag + ")"}
		var ps []string
		var bitPaths []string
		var walk func(cur *ctypes.Struct, ptr, prefix, sep string, ok bool)
		walk = func(cur *ctypes.Struct, ptr, prefix, sep string, ok bool) {
			for _, b := range cur.Bases {
				path := join(prefix, sep, b.Type.Tag)
				okb := ok && g.Subobjects(cur)[b.Type] == 1
				p := fmt.Sprintf("static_cast<%s*>(%s)", b.Type.Tag, ptr)
				if okb {
					exprs = append(exprs, fmt.Sprintf("(size_t)%s - %d", p, probeBase))
					ps = append(ps, path)
				}
				walk(b.Type, p, path, "::", okb)
			}
			for _, f := range cur.Fields {
				if f.Name == "" {
					continue
				}
				path := join(prefix, sep, f.Name)
				okf := ok && cur.EffectiveAccess(f) == ctypes.Public
				if f.BitField {
					bitPaths = append(bitPaths, path)
					continue
				}
				if okf {
					exprs = append(exprs, fmt.Sprintf("(size_t)&(%s)->%s - %d", ptr, f.Name, probeBase))
					ps = append(ps, path)
				}
				switch m := ctypes.Unqualified(f.Type).(type) {
				case *ctypes.Struct:
					walk(m, fmt.Sprintf("&(%s)->%s", ptr, f.Name), path, ".", okf)
				case *ctypes.Array:
					if e, ok := ctypes.Unqualified(m.Elem).(*ctypes.Struct); ok {
						for j := range m.Len {
							walk(e, fmt.Sprintf("&(%s)->%s[%d]", ptr, f.Name, j), fmt.Sprintf("%s[%d]", path, j), ".", okf)
						}
					}
				}
			}
		}
		walk(c, fmt.Sprintf("((%s*)%d)", c.Tag, probeBase), "", ".", true)
		fmt.Fprintf(&src, "__device__ const unsigned long long r%d[] = {%s};\n", i, strings.Join(exprs, ", "))
		paths = append(paths, ps)
		if !aggregateClean(c) {
			out[i].Unasked = bitPaths
			continue
		}
		inits := classBitInits(c)
		if len(inits) != len(bitPaths) {
			t.Fatalf("internal error: %s: %d bit field initializers for %d bit fields", c.Tag, len(inits), len(bitPaths))
		}
		for j, in := range inits {
			obj := fmt.Sprintf("cb%d_%d", i, j)
			bitQueries = append(bitQueries, bitQuery{i, bitPaths[j], obj, fmt.Sprintf("__device__ const %s %s = %s;", c.Tag, obj, in)})
		}
	}
	ptx := oracle.CompilePTX(t, src.String(), addr, "-arch=sm_52", "-std=c++17", "-w")
	objs := oracle.GlobalBytes(t, ptx)
	// The bit probes go in a module of their own: nvcc 11.8 stops with an
	// internal error ("unexpected error while initializing bitfield!") on
	// a few of them; those are dropped, one by one, by the line it names.
	dropped := map[int]bool{}
	for try := 0; len(bitQueries) > 0; try++ {
		var probe strings.Builder
		probe.WriteString(g.Source())
		first := strings.Count(probe.String(), "\n") + 1
		for _, q := range bitQueries {
			probe.WriteString(q.decl + "\n")
		}
		probePTX, err := compile(t, probe.String(), addr)
		if err == nil {
			for k, v := range oracle.GlobalBytes(t, probePTX) {
				objs[k] = v
			}
			break
		}
		m := errLine.FindStringSubmatch(err.Error())
		if m == nil || try > 50 {
			t.Fatalf("nvcc failed on the bit field probes: %v", err)
		}
		line, _ := strconv.Atoi(m[1])
		k := line - first
		if k < 0 || k >= len(bitQueries) {
			t.Fatalf("nvcc failed on the bit field probes: %v", err)
		}
		q := bitQueries[k]
		dropped[q.typ] = true
		out[q.typ].Unasked = append(out[q.typ].Unasked, q.path)
		bitQueries = append(bitQueries[:k:k], bitQueries[k+1:]...)
	}
	if len(dropped) > 0 {
		t.Logf("-m%d: nvcc failed (internal error) on bit field probes of %d classes; those were left out", addr, len(dropped))
	}
	readAnswers(t, objs, paths, bitQueries, out)
	return out
}

// errLine finds the line nvcc names in its first error.
var errLine = regexp.MustCompile(`in\.cu\((\d+)\): (?:error|internal error)`)

// compile is oracle.CompilePTX returning nvcc's failure as an error.
func compile(t testing.TB, src string, addr int) (string, error) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "in.cu"), []byte(src), 0o666); err != nil {
		return "", err
	}
	if _, err := oracle.Run(dir, oracle.NVCC, oracle.MArg(addr), "-ptx", "-o", "out.ptx", "-arch=sm_52", "-std=c++17", "-w", "in.cu"); err != nil {
		return "", err
	}
	b, err := os.ReadFile(filepath.Join(dir, "out.ptx"))
	return string(b), err
}

func join(prefix, sep, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + sep + name
}

// aggregateClean reports whether c and every class in it can be
// initialised as a C++17 aggregate by a constant: no constructors,
// destructors or virtual functions, no private members, no pointers to
// members (whose null value is not all zeros), not packed, and with at
// most one base.
func aggregateClean(c *ctypes.Struct) bool {
	// nvcc 11.8 initialises bit fields of packed classes wrongly (bits
	// over other members, or none) where it does not stop with an
	// internal error: their layouts are checked by offsets only.
	// Nor does it place a second base's data right in device code and
	// initializers: for struct D : A, B with A a 1-byte POD and B 8-aligned
	// whose own first base is 4-aligned, sizeof, offsetof and static_cast
	// put B at 8 (as g++ and the Itanium C++ ABI do), and the loads,
	// stores and initializers nvcc writes use 4. Classes with more than
	// one base are checked by offsets (the ABI's layout) only.
	if len(c.Methods) > 0 || c.Packed || c.Pack > 0 || len(c.Bases) > 1 {
		return false
	}
	for _, b := range c.Bases {
		if !aggregateClean(b.Type) {
			return false
		}
	}
	for _, f := range c.Fields {
		if f.Name != "" && c.EffectiveAccess(f) != ctypes.Public {
			return false
		}
		t := ctypes.Unqualified(f.Type)
		if a, ok := t.(*ctypes.Array); ok {
			t = ctypes.Unqualified(a.Elem)
		}
		switch u := t.(type) {
		case *ctypes.MemberPointer:
			return false
		case *ctypes.Struct:
			if !aggregateClean(u) {
				return false
			}
		}
	}
	return true
}

// classBitInits returns, for every named bit field of c in the walk order
// of AskClasses (bases first, then members, depth first), an aggregate
// initializer of c that sets that field to all ones and nothing else.
func classBitInits(c *ctypes.Struct) []string {
	var out []string
	var walk func(s *ctypes.Struct, wrap func(string) string)
	walk = func(s *ctypes.Struct, wrap func(string) string) {
		// Every slot is written, as zero: one left out, or written {},
		// would take its default member initializer.
		zeros := zeroSlots(s)
		idx := 0
		slot := func() func(string) string {
			i := idx
			idx++
			return func(in string) string {
				var parts []string
				for k, z := range zeros {
					if k == i {
						z = in
					}
					parts = append(parts, z)
				}
				return wrap("{" + strings.Join(parts, ", ") + "}")
			}
		}
		for _, b := range s.Bases {
			walk(b.Type, slot())
		}
		for _, f := range s.Fields {
			if f.BitField && f.Name == "" {
				continue
			}
			w := slot()
			if f.BitField {
				if e, ok := ctypes.Unqualified(f.Type).(*ctypes.Enum); ok {
					out = append(out, w(fmt.Sprintf("(%s)((1ull << %d) - 1)", e.Tag, f.BitWidth)))
					continue
				}
				out = append(out, w(ones(f, f.BitWidth)))
				continue
			}
			switch m := ctypes.Unqualified(f.Type).(type) {
			case *ctypes.Struct:
				walk(m, w)
			case *ctypes.Array:
				if e, ok := ctypes.Unqualified(m.Elem).(*ctypes.Struct); ok {
					for j := range int(m.Len) {
						walk(e, func(in string) string {
							var parts []string
							for k := range int(m.Len) {
								if k == j {
									parts = append(parts, in)
								} else {
									parts = append(parts, "{"+strings.Join(zeroSlots(e), ", ")+"}")
								}
							}
							return w("{" + strings.Join(parts, ", ") + "}")
						})
					}
				}
			}
		}
	}
	walk(c, func(in string) string { return in })
	return out
}

// zeroSlots are the aggregate initializers of the bases and members of s
// that make them zero, default member initializers overridden.
func zeroSlots(s *ctypes.Struct) []string {
	var out []string
	for _, b := range s.Bases {
		out = append(out, "{"+strings.Join(zeroSlots(b.Type), ", ")+"}")
	}
	for _, f := range s.Fields {
		if f.BitField && f.Name == "" {
			continue
		}
		switch u := ctypes.Unqualified(f.Type).(type) {
		case *ctypes.Struct:
			out = append(out, "{"+strings.Join(zeroSlots(u), ", ")+"}")
		case *ctypes.Array:
			if e, ok := ctypes.Unqualified(u.Elem).(*ctypes.Struct); ok {
				var parts []string
				for range int(u.Len) {
					parts = append(parts, "{"+strings.Join(zeroSlots(e), ", ")+"}")
				}
				out = append(out, "{"+strings.Join(parts, ", ")+"}")
			} else {
				out = append(out, "{}")
			}
		case *ctypes.Basic:
			out = append(out, "0")
		default:
			out = append(out, "{}")
		}
	}
	return out
}

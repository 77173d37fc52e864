package layout_test

import (
	"flag"
	"fmt"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/layoutoracle"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

var classCount = flag.Int("count-classes", int(envUint("PTXABI_COUNT_CLASSES", 400)), "random classes per address size compared with nvcc (env PTXABI_COUNT_CLASSES)")

// TestClassLayoutMatchesNVCC lays out random C++ class hierarchies (single
// and multiple inheritance, empty bases, bases with bit fields and tail
// padding, virtual functions, constructors, private members, default
// member initializers, pointers to members, bit fields wider than their
// type) and compares sizeof, alignof, the offset of every base subobject
// and member, and bit positions with nvcc, -m64 and -m32.
func TestClassLayoutMatchesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			n, classes := compareClassBatch(t, addr, *oracleSeed, *classCount)
			t.Logf("seed %d -m%d: %d classes, %d values (sizes, alignments, base and member offsets, bit positions) compared with nvcc", *oracleSeed, addr, classes, n)
		})
	}
}

func compareClassBatch(t *testing.T, addr int, seed uint64, count int) (compared, classes int) {
	g := ctgen.NewClasses(seed + uint64(addr))
	g.WideBitFields = true
	for range count {
		g.Class(addr)
	}
	tgt := target.Default
	tgt.AddressSize = addr
	l := layout.New(tgt)
	all := g.All()
	theirs := layoutoracle.AskClasses(t, addr, g, all)
	for i, c := range all {
		nv := theirs[i]
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("-m%d %s: %s\n%s", addr, c.Tag, fmt.Sprintf(format, args...), classContext(g, c))
		}
		size, err := l.Sizeof(c)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.Tag, err, g.ClassSource(c))
		}
		align, _ := l.Alignof(c)
		if size != nv.Size || align != nv.Align {
			fail("size %d align %d, nvcc size %d align %d", size, align, nv.Size, nv.Align)
		}
		compared += 2
		flat, err := l.Flatten(c)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, f := range flat {
			seen[f.Path] = true
			if f.BitField {
				b, ok := nv.Bits[f.Path]
				if !ok {
					continue
				}
				value := f.BitSize
				if k, ok := ctypes.Unqualified(f.Type).(*ctypes.Basic); ok && k.Kind == ctypes.Bool {
					value = 1
				}
				if f.BitOffset != b.Offset || value != b.Size {
					fail("bit field %s: ours bits %d..+%d, nvcc %d..+%d", f.Path, f.BitOffset, value, b.Offset, b.Size)
				}
				compared++
				continue
			}
			off, ok := nv.Offsets[f.Path]
			if !ok {
				continue
			}
			if f.Offset != off {
				fail("offset of %s: ours %d, nvcc %d", f.Path, f.Offset, off)
			}
			compared++
		}
		for p := range nv.Offsets {
			if !seen[p] {
				fail("nvcc has %s, our Flatten does not", p)
			}
		}
	}
	return compared, len(all)
}

// classContext is the definition of c and of the classes it uses.
func classContext(g *ctgen.Classes, c *ctypes.Struct) string {
	seen := map[*ctypes.Struct]bool{}
	var out string
	var add func(s *ctypes.Struct)
	add = func(s *ctypes.Struct) {
		if seen[s] {
			return
		}
		seen[s] = true
		for _, b := range s.Bases {
			add(b.Type)
		}
		for _, f := range s.Fields {
			if m, ok := ctypes.Unqualified(f.Type).(*ctypes.Struct); ok {
				add(m)
			}
		}
		out += g.ClassSource(s) + "\n"
	}
	add(c)
	return out
}

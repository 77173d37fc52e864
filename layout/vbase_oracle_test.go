package layout_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// relocRx reads a pointer that nvcc initializes with an address in an
// object: name = generic(object)+offset.
var relocRx = regexp.MustCompile(`(?m)^\.visible \.global \.align \d+ \.u(?:32|64) (\w+) = generic\((\w+)\)(?:\+(\d+))?;`)

// sizesRx reads the sizes and alignments array.
var sizesRx = regexp.MustCompile(`(?m)^\.visible \.global \.align \d+ \.b8 sizes\[\d+\] = \{([^}]*)\};`)

// TestVirtualBasesMatchNVCC lays out random class hierarchies with virtual
// bases (ctgen.VBases) and compares, -m64 and -m32, every class's size and
// alignment and the offset of each of its base subobjects (direct and
// indirect, virtual or not) and members with nvcc's: nvcc writes them as
// the initializers of pointers into an extern object of each class
// (__device__ B *p = &object; is generic(object)+offset).
func TestVirtualBasesMatchNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			g := ctgen.NewVBases(*oracleSeed + uint64(addr))
			for range 120 {
				g.Class()
			}
			var src strings.Builder
			src.WriteString(g.Source())
			var sizes []string
			type query struct {
				class *ctypes.Struct
				base  *ctypes.Struct // nil for a member
				field string
			}
			queries := map[string]query{}
			for i, c := range g.All() {
				fmt.Fprintf(&src, "extern __device__ %s o%d;\n", c.Tag, i)
				sizes = append(sizes, fmt.Sprintf("sizeof(%s), alignof(%s)", c.Tag, c.Tag))
				for j, b := range ctgen.BaseTypes(c) {
					name := fmt.Sprintf("b%d_%d", i, j)
					fmt.Fprintf(&src, "__device__ %s *%s = &o%d;\n", b.Tag, name, i)
					queries[name] = query{class: c, base: b}
				}
				for _, f := range c.Fields {
					name := fmt.Sprintf("f%d_%s", i, f.Name)
					fmt.Fprintf(&src, "__device__ void *%s = &o%d.%s;\n", name, i, f.Name)
					queries[name] = query{class: c, field: f.Name}
				}
			}
			fmt.Fprintf(&src, "__device__ unsigned long long sizes[] = {%s};\n", strings.Join(sizes, ", "))
			ptx := oracle.CompilePTX(t, src.String(), addr, "-rdc=true", "-w")
			tgt := target.Default
			tgt.AddressSize = addr
			l := layout.New(tgt)
			m := sizesRx.FindStringSubmatch(ptx)
			if m == nil {
				t.Fatal("no sizes in nvcc's PTX")
			}
			var bytes []byte
			for _, v := range strings.Split(m[1], ",") {
				n, _ := strconv.Atoi(strings.TrimSpace(v))
				bytes = append(bytes, byte(n))
			}
			compared := 0
			for i, c := range g.All() {
				size, err := l.Sizeof(c)
				if err != nil {
					t.Fatal(err)
				}
				align, _ := l.Alignof(c)
				wantSize, wantAlign := le64(bytes[16*i:]), le64(bytes[16*i+8:])
				if size != wantSize || align != wantAlign {
					t.Errorf("-m%d %s: size %d align %d, nvcc %d %d", addr, c.Tag, size, align, wantSize, wantAlign)
				}
				compared += 2
			}
			for _, m := range relocRx.FindAllStringSubmatch(ptx, -1) {
				q, ok := queries[m[1]]
				if !ok {
					continue
				}
				want := int64(0)
				if m[3] != "" {
					want, _ = strconv.ParseInt(m[3], 10, 64)
				}
				flat, err := l.Flatten(q.class)
				if err != nil {
					t.Fatal(err)
				}
				got := int64(-1)
				for _, fl := range flat {
					if q.base != nil && fl.Base && fl.Type == ctypes.Type(q.base) || q.base == nil && fl.Path == q.field {
						got = fl.Offset
						break
					}
				}
				if got != want {
					what := q.field
					if q.base != nil {
						what = q.base.Tag
					}
					t.Errorf("-m%d %s: %s at %d, nvcc %d", addr, q.class.Tag, what, got, want)
				}
				compared++
			}
			if t.Failed() {
				t.Logf("classes:\n%s", g.Source())
			}
			t.Logf("-m%d: %d classes (%v), %d values (sizes, alignments, base subobject and member offsets) equal to nvcc's", addr, len(g.All()), g.Counts, compared)
		})
	}
}

func le64(b []byte) int64 {
	var v int64
	for i := 7; i >= 0; i-- {
		v = v<<8 | int64(b[i])
	}
	return v
}

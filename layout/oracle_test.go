package layout_test

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math/bits"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

var (
	oracleSeed  = flag.Uint64("seed", envUint("PTXABI_SEED", 1), "seed of the random types compared with nvcc (env PTXABI_SEED)")
	oracleCount = flag.Int("count-types", int(envUint("PTXABI_COUNT", 500)), "random types per address size compared with nvcc (env PTXABI_COUNT)")
)

func envUint(name string, def uint64) uint64 {
	if v, err := strconv.ParseUint(os.Getenv(name), 10, 64); err == nil {
		return v
	}
	return def
}

// probe is one value read back from nvcc: what it is, and ours.
type probe struct {
	what string
	want int64 // ours
}

// bitProbe is a bit field whose position is read back from a __device__
// const object initialised with only that field set.
type bitProbe struct {
	what        string
	obj         string
	offset      int64 // ours, absolute bit offset
	size        int
	unsupported bool
}

// TestLayoutMatchesNVCC generates random aggregate types, lays them out, and
// compares every size, alignment, member offset and bit-field position with
// what nvcc computes for the same source, for -m64 and -m32.
func TestLayoutMatchesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			n := compareRandomBatch(t, addr, *oracleSeed, *oracleCount)
			t.Logf("seed %d: %d types, %d values compared with nvcc -m%d", *oracleSeed, *oracleCount, n, addr)
		})
	}
}

func compareRandomBatch(t *testing.T, addr int, seed uint64, count int) int {
	g := ctgen.New(seed + uint64(addr))
	var types []*ctypes.Struct
	for i := 0; i < count; i++ {
		types = append(types, g.Struct(addr))
	}
	return compareWithNVCC(t, addr, g, types)
}

// compareWithNVCC compiles the definitions of g (which include types) with
// nvcc and compares every size, alignment, offset and bit position of
// types with ours. It returns the number of values compared.
func compareWithNVCC(t *testing.T, addr int, g *ctgen.Gen, types []*ctypes.Struct) int {
	tgt := target.Default
	tgt.AddressSize = addr
	l := layout.New(tgt)
	var src strings.Builder
	src.WriteString(g.Source())
	var probes [][]probe
	var bitProbes []bitProbe
	for i, s := range types {
		size, err := l.Sizeof(s)
		if err != nil {
			t.Fatalf("%s: %v\n%s", s, err, g.StructSource(s))
		}
		align, _ := l.Alignof(s)
		flat, err := l.Flatten(s)
		if err != nil {
			t.Fatal(err)
		}
		ps := []probe{{"sizeof(" + s.Tag + ")", size}, {"alignof(" + s.Tag + ")", align}}
		for _, f := range flat {
			if !f.BitField {
				ps = append(ps, probe{fmt.Sprintf("offsetof(%s, %s)", s.Tag, f.Path), f.Offset})
			}
		}
		fmt.Fprintf(&src, "__device__ const unsigned long long r%d[] = {", i)
		for j, p := range ps {
			if j > 0 {
				src.WriteString(", ")
			}
			src.WriteString(p.what)
		}
		src.WriteString("};\n")
		probes = append(probes, ps)
		for _, bp := range bitInits(s, flat) {
			bp.obj = fmt.Sprintf("b%d_%d", i, len(bitProbes))
			if !bp.unsupported {
				fmt.Fprintf(&src, "__device__ const %s %s = %s;\n", s.Tag, bp.obj, bp.what)
			}
			bp.what = s.Tag + " = " + bp.what
			bitProbes = append(bitProbes, bp)
		}
	}
	ptx := oracle.CompilePTX(t, src.String(), addr, "-arch=sm_52", "-std=c++17", "-w")
	objs := readObjects(t, ptx)
	compared := 0
	for i, ps := range probes {
		data, ok := objs[fmt.Sprintf("r%d", i)]
		if !ok {
			t.Fatalf("r%d missing from nvcc's PTX", i)
		}
		for j, p := range ps {
			got := int64(binary.LittleEndian.Uint64(data[8*j:]))
			if got != p.want {
				t.Errorf("-m%d %s: ours %d, nvcc %d\n%s", addr, p.what, p.want, got, g.StructSource(types[i]))
			}
			compared++
		}
	}
	for _, bp := range bitProbes {
		if bp.unsupported {
			continue
		}
		data, ok := objs[bp.obj]
		if !ok {
			t.Fatalf("%s missing from nvcc's PTX", bp.obj)
		}
		lo, n := setBits(data)
		if lo != bp.offset || n != bp.size {
			t.Errorf("-m%d bit field %s: ours bits %d..+%d, nvcc %d..+%d", addr, bp.what, bp.offset, bp.size, lo, n)
		}
		compared++
	}
	return compared
}

// setBits returns the first set bit (bit 0 = least significant bit of byte
// 0) and the number of set bits.
func setBits(data []byte) (int64, int) {
	lo, n := int64(-1), 0
	for i, b := range data {
		if b != 0 && lo < 0 {
			lo = int64(i*8 + bits.TrailingZeros8(b))
		}
		n += bits.OnesCount8(b)
	}
	return lo, n
}

var objRE = regexp.MustCompile(`(?m)^\.global \.align \d+ \.b8 (\w+)\[(\d+)\](?: = \{([^}]*)\})?;`)

// readObjects returns the bytes of every .b8 global in ptx.
func readObjects(t *testing.T, ptx string) map[string][]byte {
	out := map[string][]byte{}
	for _, m := range objRE.FindAllStringSubmatch(ptx, -1) {
		n, _ := strconv.Atoi(m[2])
		data := make([]byte, n)
		if m[3] != "" {
			for i, s := range strings.Split(m[3], ",") {
				v, err := strconv.ParseUint(strings.TrimSpace(s), 0, 8)
				if err != nil {
					t.Fatalf("%s: bad byte %q", m[1], s)
				}
				data[i] = byte(v)
			}
		}
		out[m[1]] = data
	}
	return out
}

// bitInits returns, for every named bit field of s in Flatten's order, an
// initializer of s that sets that field to all ones and nothing else. A bit
// field directly inside a union, or behind a union member other than the
// first, cannot be initialised so (nvcc 11.8 stops with an internal error on
// the one, and positional initialisation cannot reach the other); those are
// marked unsupported.
func bitInits(s *ctypes.Struct, flat []layout.Flat) []bitProbe {
	type site struct {
		field *ctypes.Field
		init  string
		ok    bool
	}
	var sites []site
	var walk func(t ctypes.Type, wrap func(string) string, ok bool)
	walk = func(t ctypes.Type, wrap func(string) string, ok bool) {
		switch u := ctypes.Unqualified(t).(type) {
		case *ctypes.Array:
			for i := range int(u.Len) {
				walk(u.Elem, func(in string) string { return wrap("{" + strings.Repeat("{}, ", i) + in + "}") }, ok)
			}
		case *ctypes.Struct:
			j := 0
			for _, f := range u.Fields {
				if f.BitField && f.Name == "" {
					continue // positional initialisation skips unnamed bit fields
				}
				idx := j
				j++
				okHere := ok && (!u.Union || idx == 0)
				wrapF := func(in string) string { return wrap("{" + strings.Repeat("{}, ", idx) + in + "}") }
				if f.BitField {
					sites = append(sites, site{f, wrapF(ones(f, f.BitWidth)), okHere && !u.Union})
				} else {
					walk(f.Type, wrapF, okHere)
				}
			}
		}
	}
	// __half's default constructor is not constexpr in CUDA 11.8: an object
	// holding one is dynamically initialised, which __device__ forbids. And
	// nvcc 11.8 -m32 crashes (SIGSEGV) on a constant initializer of an
	// object holding a long double.
	walk(s, func(in string) string { return in }, !containsKind(s, 0, ctypes.Half, ctypes.LongDouble))
	var out []bitProbe
	for _, f := range flat {
		if !f.BitField {
			continue
		}
		if len(out) >= len(sites) || sites[len(out)].field != f.Field {
			panic("internal error: bit fields of Flatten and of the initializer walk differ for " + s.Tag)
		}
		st := sites[len(out)]
		out = append(out, bitProbe{what: st.init, offset: f.BitOffset, size: f.BitSize, unsupported: !st.ok})
	}
	return out
}

// ones is an initializer value with every bit of a w-bit field f set.
func ones(f *ctypes.Field, w int) string {
	k := ctypes.Unqualified(f.Type).(*ctypes.Basic).Kind
	switch {
	case k == ctypes.Bool:
		return "true"
	case k.IsSigned():
		return "-1"
	default:
		return strconv.FormatUint(1<<w-1, 10) + "ull"
	}
}

// containsKind reports whether t holds a member of one of the kinds.
func containsKind(t ctypes.Type, depth int, kinds ...ctypes.Kind) bool {
	if depth > 16 {
		return false
	}
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		return slices.Contains(kinds, u.Kind)
	case *ctypes.Array:
		return containsKind(u.Elem, depth+1, kinds...)
	case *ctypes.Struct:
		for _, f := range u.Fields {
			if containsKind(f.Type, depth+1, kinds...) {
				return true
			}
		}
	}
	return false
}

package layout_test

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/layoutoracle"
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
	g.WideBitFields = true
	var types []*ctypes.Struct
	for i := 0; i < count; i++ {
		types = append(types, g.Struct(addr))
	}
	return compareWithNVCC(t, addr, g, types)
}

// compareWithNVCC asks nvcc for the layout of types (defined in g) and
// compares every size, alignment, offset and bit position with ours. It
// returns the number of values compared.
func compareWithNVCC(t *testing.T, addr int, g *ctgen.Gen, types []*ctypes.Struct) int {
	tgt := target.Default
	tgt.AddressSize = addr
	l := layout.New(tgt)
	theirs := layoutoracle.Ask(t, addr, g, types)
	compared := 0
	for i, s := range types {
		nv := theirs[i]
		check := func(what string, ours, nvcc int64) {
			t.Helper()
			if ours != nvcc {
				t.Errorf("-m%d %s: ours %d, nvcc %d\n%s", addr, what, ours, nvcc, g.StructSource(s))
			}
			compared++
		}
		size, err := l.Sizeof(s)
		if err != nil {
			t.Fatalf("%s: %v\n%s", s, err, g.StructSource(s))
		}
		align, _ := l.Alignof(s)
		check("sizeof("+s.Tag+")", size, nv.Size)
		check("alignof("+s.Tag+")", align, nv.Align)
		flat, err := l.Flatten(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range flat {
			if !f.BitField {
				check(fmt.Sprintf("offsetof(%s, %s)", s.Tag, f.Path), f.Offset, nv.Offsets[f.Path])
				continue
			}
			b, ok := nv.Bits[f.Path]
			if !ok {
				continue // one of nv.Unasked
			}
			value := f.BitSize // the bits that hold the value, which nvcc sets
			if k, ok := ctypes.Unqualified(f.Type).(*ctypes.Basic); ok && k.Kind == ctypes.Bool {
				value = 1
			}
			if f.BitOffset != b.Offset || value != b.Size {
				t.Errorf("-m%d bit field %s.%s: ours bits %d..+%d, nvcc %d..+%d\n%s", addr, s.Tag, f.Path, f.BitOffset, f.BitSize, b.Offset, b.Size, g.StructSource(s))
			}
			compared++
		}
	}
	return compared
}

package cfront

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/oracle"
)

// bitFieldSignCases are the two rules of guide §1.3 that the front end
// applies: a plain bit field (neither signed nor unsigned) is signed, and
// one declared without a type ("signed : 6") is an int.
var bitFieldSignCases = []struct {
	decl   string // the member, named m
	kind   ctypes.Kind
	signed bool
}{
	{"int m : 3", ctypes.Int, true},
	{"char m : 3", ctypes.Char, true},
	{"short m : 3", ctypes.Short, true},
	{"long long m : 3", ctypes.LongLong, true},
	{"signed m : 3", ctypes.Int, true},
	{"unsigned m : 3", ctypes.UInt, false},
	{"signed char m : 3", ctypes.SChar, true},
	{"unsigned char m : 3", ctypes.UChar, false},
	{"unsigned short m : 3", ctypes.UShort, false},
}

// bitFieldSignSource declares struct Si for bitFieldSignCases[i].
func bitFieldSignSource() string {
	var src strings.Builder
	for i, c := range bitFieldSignCases {
		fmt.Fprintf(&src, "struct S%d { char c; %s; };\n", i, c.decl)
	}
	return src.String()
}

// TestBitFieldSignedness: §1.3's plain-is-signed and default-int rules,
// as the types of the front end's output.
func TestBitFieldSignedness(t *testing.T) {
	f, err := ParseFile(testConfig(64), token.NewFileSet(), "s.cu", []byte(bitFieldSignSource()))
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range bitFieldSignCases {
		m := f.Lookup(fmt.Sprintf("S%d", i)).(*ctypes.Struct).Fields[1]
		b, ok := ctypes.Unqualified(m.Type).(*ctypes.Basic)
		if !ok || b.Kind != c.kind || b.Kind.IsSigned() != c.signed || !m.BitField || m.BitWidth != 3 {
			t.Errorf("%s: type %v (bit field %v, width %d), want %v, signed %v", c.decl, m.Type, m.BitField, m.BitWidth, c.kind, c.signed)
		}
	}
}

// TestBitFieldSignednessNVCC checks bitFieldSignCases against nvcc: what
// it reads back from each field after storing all ones in it is -1 for a
// signed field and 7 for an unsigned one, -m64 and -m32.
func TestBitFieldSignednessNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	var reads []string
	for i := range bitFieldSignCases {
		reads = append(reads, fmt.Sprintf("[](){ S%d s{}; s.m = 7; return (long long)s.m; }()", i))
	}
	src := bitFieldSignSource() + "__device__ const long long r[] = {" + strings.Join(reads, ", ") + "};\n"
	for _, addr := range []int{64, 32} {
		ptx := oracle.CompilePTX(t, src, addr, "-arch=sm_52", "-std=c++17", "-w")
		r := oracle.Int64s(t, ptx, "r", len(bitFieldSignCases))
		for i, c := range bitFieldSignCases {
			if want := map[bool]int64{true: -1, false: 7}[c.signed]; r[i] != want {
				t.Errorf("-m%d %s: nvcc reads %d after storing 7, want %d", addr, c.decl, r[i], want)
			}
		}
	}
}

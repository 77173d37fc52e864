// Package layoutoracle asks nvcc how it lays out C types: sizeof and
// alignof of each type, offsetof of every member, and the bit positions of
// every bit field, read back from __device__ const objects in the PTX that
// nvcc writes. It serves the differential tests of package layout and of
// the ptxabi layout command.
package layoutoracle

import (
	"encoding/binary"
	"fmt"
	"math/bits"
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

// Type is nvcc's layout of one type.
type Type struct {
	Tag         string
	Size, Align int64
	// Offsets holds the byte offset of every member that is not a bit
	// field, by path (layout.Flat.Path).
	Offsets map[string]int64
	// Bits holds the position of every bit field nvcc can be asked about
	// (see bitInits), by path.
	Bits map[string]Bits
	// Unasked lists the bit fields that could not be asked about.
	Unasked []string
}

// Bits is a bit field's position: absolute offset from bit 0 of byte 0,
// and width.
type Bits struct {
	Offset int64
	Size   int
}

// Ask compiles the definitions of g (which must include types) with nvcc
// for the address size and returns nvcc's layout of each of types. The
// members asked about are those layout.Flatten lists (their paths only; no
// value of ours is used).
func Ask(t testing.TB, addr int, g *ctgen.Gen, types []*ctypes.Struct) []*Type {
	t.Helper()
	tgt := target.Default
	tgt.AddressSize = addr
	l := layout.New(tgt)
	var src strings.Builder
	src.WriteString(g.Source())
	var paths [][]string
	var bitQueries []bitQuery
	out := make([]*Type, len(types))
	for i, s := range types {
		out[i] = &Type{Tag: s.Tag, Offsets: map[string]int64{}, Bits: map[string]Bits{}}
		flat, err := l.Flatten(s)
		if err != nil {
			t.Fatalf("%s: %v\n%s", s, err, g.StructSource(s))
		}
		exprs := []string{"sizeof(" + s.Tag + ")", "alignof(" + s.Tag + ")"}
		var ps []string
		for _, f := range flat {
			if !f.BitField {
				exprs = append(exprs, fmt.Sprintf("offsetof(%s, %s)", s.Tag, f.Path))
				ps = append(ps, f.Path)
			}
		}
		fmt.Fprintf(&src, "__device__ const unsigned long long r%d[] = {%s};\n", i, strings.Join(exprs, ", "))
		paths = append(paths, ps)
		for _, bi := range bitInits(s, flat) {
			if !bi.ok {
				out[i].Unasked = append(out[i].Unasked, bi.path)
				continue
			}
			obj := fmt.Sprintf("b%d_%d", i, len(bitQueries))
			fmt.Fprintf(&src, "__device__ const %s %s = %s;\n", s.Tag, obj, bi.init)
			bitQueries = append(bitQueries, bitQuery{typ: i, path: bi.path, obj: obj})
		}
	}
	ptx := oracle.CompilePTX(t, src.String(), addr, "-arch=sm_52", "-std=c++17", "-w")
	objs := oracle.GlobalBytes(t, ptx)
	readAnswers(t, objs, paths, bitQueries, out)
	return out
}

// bitQuery asks nvcc where a bit field lies: obj is a __device__ object of
// class typ whose field path holds all ones. decl is the object's
// declaration, where it is not written in the common source.
type bitQuery struct {
	typ             int
	path, obj, decl string
}

// readAnswers reads nvcc's answers from the __device__ objects of its PTX:
// r<i> holds sizeof, alignof and the offsets of paths[i] of out[i]; each
// bit query's object has the field's bits set.
func readAnswers(t testing.TB, objs map[string][]byte, paths [][]string, bitQueries []bitQuery, out []*Type) {
	t.Helper()
	for i, ps := range paths {
		data, ok := objs[fmt.Sprintf("r%d", i)]
		if !ok || len(data) != 8*(2+len(ps)) {
			t.Fatalf("r%d missing from nvcc's PTX, or of the wrong size", i)
		}
		v := func(j int) int64 { return int64(binary.LittleEndian.Uint64(data[8*j:])) }
		out[i].Size, out[i].Align = v(0), v(1)
		for j, p := range ps {
			out[i].Offsets[p] = v(2 + j)
		}
	}
	for _, q := range bitQueries {
		data, ok := objs[q.obj]
		if !ok {
			t.Fatalf("%s missing from nvcc's PTX", q.obj)
		}
		lo, n := setBits(data)
		out[q.typ].Bits[q.path] = Bits{lo, n}
	}
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

// bitInit is an initializer of a type that sets one bit field to all ones
// and nothing else.
type bitInit struct {
	path string
	init string
	ok   bool
}

// bitInits returns, for every named bit field of s in Flatten's order, an
// initializer of s that sets that field to all ones and nothing else. A bit
// field directly inside a union, or behind a union member other than the
// first, cannot be initialised so (nvcc 11.8 stops with an internal error on
// the one, and positional initialisation cannot reach the other); those are
// not ok.
func bitInits(s *ctypes.Struct, flat []layout.Flat) []bitInit {
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
	walk(s, func(in string) string { return in }, !containsKind(s, map[ctypes.Type]bool{}, ctypes.Half, ctypes.LongDouble))
	var out []bitInit
	for _, f := range flat {
		if !f.BitField {
			continue
		}
		if len(out) >= len(sites) || sites[len(out)].field != f.Field {
			panic("internal error: bit fields of Flatten and of the initializer walk differ for " + s.Tag)
		}
		st := sites[len(out)]
		out = append(out, bitInit{path: f.Path, init: st.init, ok: st.ok})
	}
	return out
}

// ones is an initializer value with every bit of a w-bit field f set (of
// its type's bits, for a field wider than its type).
func ones(f *ctypes.Field, w int) string {
	k := ctypes.Unqualified(f.Type).(*ctypes.Basic).Kind
	if w >= 64 {
		w = 64
	}
	switch {
	case k == ctypes.Bool:
		return "true"
	case k.IsSigned():
		return "-1"
	default:
		return strconv.FormatUint(uint64(1)<<w-1, 10) + "ull"
	}
}

// containsKind reports whether t holds a member of one of the kinds, at any
// depth (members are held by value, so the walk ends; seen keeps a type
// shared by many members from being walked again).
func containsKind(t ctypes.Type, seen map[ctypes.Type]bool, kinds ...ctypes.Kind) bool {
	t = ctypes.Unqualified(t)
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.(type) {
	case *ctypes.Basic:
		return slices.Contains(kinds, u.Kind)
	case *ctypes.Array:
		return containsKind(u.Elem, seen, kinds...)
	case *ctypes.Struct:
		for _, f := range u.Fields {
			if containsKind(f.Type, seen, kinds...) {
				return true
			}
		}
	}
	return false
}

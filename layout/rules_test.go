package layout_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// Shorthands for building types by hand.
var (
	tChar   = ctypes.BasicOf(ctypes.Char)
	tShort  = ctypes.BasicOf(ctypes.Short)
	tInt    = ctypes.BasicOf(ctypes.Int)
	tUInt   = ctypes.BasicOf(ctypes.UInt)
	tLong   = ctypes.BasicOf(ctypes.Long)
	tLL     = ctypes.BasicOf(ctypes.LongLong)
	tDouble = ctypes.BasicOf(ctypes.Double)
	tFloat  = ctypes.BasicOf(ctypes.Float)
)

func st(tag string, fs ...*ctypes.Field) *ctypes.Struct {
	return &ctypes.Struct{Tag: tag, Complete: true, Fields: fs}
}

func un(tag string, fs ...*ctypes.Field) *ctypes.Struct {
	s := st(tag, fs...)
	s.Union = true
	return s
}

func fld(name string, t ctypes.Type) *ctypes.Field { return &ctypes.Field{Name: name, Type: t} }

func bf(name string, t ctypes.Type, w int) *ctypes.Field {
	return &ctypes.Field{Name: name, Type: t, BitField: true, BitWidth: w}
}

func aligned(f *ctypes.Field, a int64) *ctypes.Field { f.Align = a; return f }

func vec(prefix string, k ctypes.Kind, n int, es int64) *ctypes.Vector {
	return ctgen.VectorType(prefix, k, n, es)
}

// notation writes a layout on one line: "size=S align=A" and then each
// member as path=offset, or path=bB:W for a bit field starting at absolute
// bit B with width W.
func notation(t *testing.T, l *layout.Layouter, typ ctypes.Type) string {
	t.Helper()
	size, err := l.Sizeof(typ)
	if err != nil {
		return "error: " + err.Error()
	}
	align, _ := l.Alignof(typ)
	flat, err := l.Flatten(typ)
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "size=%d align=%d", size, align)
	for _, f := range flat {
		if f.BitField {
			fmt.Fprintf(&b, " %s=b%d:%d", f.Path, f.BitOffset, f.BitSize)
		} else {
			fmt.Fprintf(&b, " %s=%d", f.Path, f.Offset)
		}
	}
	return b.String()
}

// ruleCase is one rule of guide §1.2–1.4 (or one nvcc behaviour where the
// guide is silent), with the layout nvcc 11.8 gives for each address size.
// TestRulesMatchNVCC checks the expectations against nvcc when it is
// installed; TestRules checks ours against them everywhere.
type ruleCase struct {
	name     string
	typ      *ctypes.Struct
	want64   string
	want32   string // empty: same as want64
	warnings int    // nvcc warnings expected (alignment reductions)
}

func ruleCases() []ruleCase {
	return []ruleCase{
		// §1.2: each member at the lowest offset with its alignment; tail padding.
		{name: "aggregate_padding", typ: st("R1", fld("c", tChar), fld("d", tDouble), fld("s", tShort)),
			want64: "size=24 align=8 c=0 d=8 s=16"},
		// -m32 keeps 8-byte alignment of double and long long (an i386 host uses 4).
		{name: "m32_double_and_long_long_8_aligned", typ: st("R2", fld("c", tChar), fld("d", tDouble), fld("c2", tChar), fld("ll", tLL)),
			want64: "size=32 align=8 c=0 d=8 c2=16 ll=24"},
		// long follows the address size.
		{name: "long_follows_address_size", typ: st("R3", fld("c", tChar), fld("l", tLong)),
			want64: "size=16 align=8 c=0 l=8", want32: "size=8 align=4 c=0 l=4"},
		// §1.2: a union's members all start at 0; size rounds to its alignment.
		{name: "union", typ: un("R4", fld("c", &ctypes.Array{Elem: tChar, Len: 5}), fld("i", tInt)),
			want64: "size=8 align=4 c=0 i=0"},
		// C++: an empty struct has size 1.
		{name: "empty_struct", typ: st("R5"), want64: "size=1 align=1"},
		// §1.2 native vectors: odd n -> alignof(t), even n -> n*alignof(t) (capped at 16 by CUDA's headers).
		{name: "vector_alignment", typ: st("R6", fld("c3", vec("char", ctypes.SChar, 3, 1)), fld("c4", vec("char", ctypes.SChar, 4, 1)),
			fld("s2", vec("short", ctypes.Short, 2, 2)), fld("f3", vec("float", ctypes.Float, 3, 4)),
			fld("d2", vec("double", ctypes.Double, 2, 8)), fld("d4", vec("double", ctypes.Double, 4, 8))),
			want64: "size=80 align=16 c3=0 c3.x=0 c3.y=1 c3.z=2 c4=4 c4.x=4 c4.y=5 c4.z=6 c4.w=7 s2=8 s2.x=8 s2.y=10 f3=12 f3.x=12 f3.y=16 f3.z=20 d2=32 d2.x=32 d2.y=40 d4=48 d4.x=48 d4.y=56 d4.z=64 d4.w=72"},
		// §1.3 right to left: later fields take more significant bits.
		{name: "bitfield_right_to_left", typ: st("R7", bf("a", tInt, 3), bf("b", tInt, 5), bf("c", tInt, 7)),
			want64: "size=4 align=4 a=b0:3 b=b3:5 c=b8:7"},
		// §1.3 a bit field never crosses its storage unit.
		{name: "bitfield_no_crossing", typ: st("R8", bf("a", tInt, 30), bf("b", tInt, 4), bf("c", tShort, 9), bf("d", tShort, 9)),
			want64: "size=8 align=4 a=b0:30 b=b32:4 c=b36:9 d=b48:9"},
		// §1.3 bit fields share storage units with other members.
		{name: "bitfield_shares_unit", typ: st("R9", fld("c", tChar), bf("b", tInt, 8), fld("d", tChar), bf("e", tLL, 3)),
			want64: "size=8 align=8 c=0 b=b8:8 d=2 e=b24:3"},
		// §1.3 unnamed bit fields do not affect the alignment.
		{name: "bitfield_unnamed_no_alignment", typ: st("R10", fld("c", tChar), bf("", tInt, 4), bf("", tLL, 9), fld("d", tChar)),
			want64: "size=4 align=1 c=0 d=3"},
		// §1.3 a zero-width bit field aligns the next member to its type's boundary.
		{name: "bitfield_zero_width_aligns_next", typ: st("R11", fld("c", tChar), bf("", tInt, 0), fld("d", tChar), bf("", tShort, 0), bf("e", tChar, 2)),
			want64: "size=7 align=1 c=0 d=4 e=b48:2"},
		// §1.3 ... and does not force the external alignment (nvcc: size 8, align 1).
		{name: "bitfield_zero_width_no_external_alignment", typ: st("R12", fld("a", tChar), bf("", tLL, 0)),
			want64: "size=8 align=1 a=0"},
		// §1.3 named bit fields do align the aggregate.
		{name: "bitfield_named_aligns", typ: st("R13", fld("c", tChar), bf("b", tLL, 3)),
			want64: "size=8 align=8 c=0 b=b8:3"},
		// §1.3 bit fields in unions start at bit 0.
		{name: "bitfield_union", typ: un("R14", bf("c", tChar, 3), bf("i", tInt, 17), fld("s", tShort)),
			want64: "size=4 align=4 c=b0:3 i=b0:17 s=0"},
		// Bit positions are absolute inside nested aggregates and arrays of them.
		{name: "bitfield_nested_absolute", typ: st("R15", fld("c", tChar), fld("in", &ctypes.Array{Len: 2, Elem: st("R15in", fld("x", tChar), bf("y", tUInt, 5))})),
			want64: "size=12 align=4 c=0 in=4 in[0].x=4 in[0].y=b40:5 in[1].x=8 in[1].y=b72:5"},
		// Anonymous members add no path component.
		{name: "anonymous_members", typ: st("R16", fld("a", tChar), fld("", un("", fld("i", tInt), fld("f", tFloat))), bf("b", tUInt, 2)),
			want64: "size=12 align=4 a=0 i=4 f=4 b=b64:2"},
		// A member's explicit alignment raises it; one below the natural alignment is ignored (nvcc warns).
		{name: "member_alignment", typ: st("R17", fld("c", tChar), aligned(fld("i", tInt), 16), aligned(fld("j", tInt), 2)),
			want64: "size=32 align=16 c=0 i=16 j=20", warnings: 1},
		// A type's explicit alignment.
		{name: "type_alignment", typ: func() *ctypes.Struct { s := st("R18", fld("c", tChar)); s.Align = 8; return s }(),
			want64: "size=8 align=8 c=0"},
		// §1.4 handles are .b64 at either address size.
		{name: "handle", typ: st("R19", fld("c", tChar), fld("h", &ctypes.Handle{Kind: ctypes.Texture, Name: "cudaTextureObject_t"})),
			want64: "size=16 align=8 c=0 h=8"},
		// C++: a bit field wider than its type holds its value in the widest
		// integer type of at most its width (short b:20 in a short, short
		// a:33 in an int, aligning the struct to 4), the rest is padding;
		// nvcc warns.
		{name: "bitfield_wider_than_type", typ: st("R21", bf("a", tShort, 3), bf("b", tShort, 20), fld("c", tChar)),
			want64: "size=6 align=2 a=b0:3 b=b16:16 c=5", warnings: 1},
		{name: "bitfield_wider_than_type_aligns", typ: st("R22", fld("x", tChar), bf("a", tShort, 33), fld("c", tChar), bf("d", tChar, 70), bf("e", tInt, 3)),
			want64: "size=32 align=8 x=0 a=b32:16 c=9 d=b128:8 e=b198:3", warnings: 2},
		// Pointers follow the address size.
		{name: "pointer", typ: st("R20", fld("c", tChar), fld("p", &ctypes.Pointer{Elem: tInt})),
			want64: "size=16 align=8 c=0 p=8", want32: "size=8 align=4 c=0 p=4"},
	}
}

func (c ruleCase) want(addr int) string {
	if addr == 32 && c.want32 != "" {
		return c.want32
	}
	return c.want64
}

func TestRules(t *testing.T) {
	for _, addr := range []int{64, 32} {
		tgt := target.Default
		tgt.AddressSize = addr
		for _, c := range ruleCases() {
			t.Run(fmt.Sprintf("%s/m%d", c.name, addr), func(t *testing.T) {
				l := layout.New(tgt)
				if got := notation(t, l, c.typ); got != c.want(addr) {
					t.Errorf("layout of %s:\n got %s\nwant %s", c.typ, got, c.want(addr))
				}
				if n := len(l.Warnings()); n != c.warnings {
					t.Errorf("%d warnings %v, want %d", n, l.Warnings(), c.warnings)
				}
			})
		}
	}
}

// TestRulesMatchNVCC checks that the expectations of TestRules are nvcc's.
func TestRulesMatchNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, addr := range []int{64, 32} {
		g := ctgen.New(0)
		var types []*ctypes.Struct
		for _, c := range ruleCases() {
			// The inner struct of a nested case is defined before it.
			for _, f := range c.typ.Fields {
				if a, ok := f.Type.(*ctypes.Array); ok {
					if s, ok := a.Elem.(*ctypes.Struct); ok {
						g.Add(s)
					}
				}
			}
			g.Add(c.typ)
			types = append(types, c.typ)
		}
		n := compareWithNVCC(t, addr, g, types)
		t.Logf("-m%d: %d values of %d rule cases compared with nvcc", addr, n, len(types))
	}
}

func TestErrors(t *testing.T) {
	self := st("Self")
	self.Fields = []*ctypes.Field{fld("s", self)}
	cases := []struct {
		name string
		typ  ctypes.Type
		want string
	}{
		{"void", ctypes.BasicOf(ctypes.Void), "void has no size"},
		{"incomplete", &ctypes.Struct{Tag: "Fwd"}, "incomplete type struct Fwd has no layout"},
		{"float_bitfield", st("B", bf("f", tFloat, 3)), "bit field f has type float; a bit field must have an integral or enumeration type"},
		{"named_zero_width", st("B", bf("z", tInt, 0)), "named bit field z has zero width"},
		{"bad_alignment", st("B", aligned(fld("c", tChar), 3)), "requested alignment 3 is not a positive power of 2"},
		{"contains_itself", self, "struct Self contains itself"},
		{"flexible_not_last", st("B", fld("a", &ctypes.Array{Elem: tInt, Unsized: true}), fld("b", tInt)), "flexible array member a must be the last member of a struct"},
		{"function", &ctypes.Func{Result: tInt}, "a function type has no size"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := layout.New(target.Default).Sizeof(c.typ)
			if err == nil || err.Error() != c.want {
				t.Errorf("got error %v, want %q", err, c.want)
			}
		})
	}
}

func TestFlexibleArrayMember(t *testing.T) {
	s := st("F", fld("n", tInt), fld("data", &ctypes.Array{Elem: tDouble, Unsized: true}))
	l := layout.New(target.Default)
	if got, want := notation(t, l, s), "size=8 align=8 n=0 data=8"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

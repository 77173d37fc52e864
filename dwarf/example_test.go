package dwarf

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
)

// guideUnit builds the DIEs of the guide's example (chapter 6) with the
// writer: the compile unit, foo(int, int) with i and j in registers %r1
// and %r2, int, test(int *) with p in .param space, void and int *, with
// the forms the example's .debug_abbrev uses.
func guideUnit(t testing.TB) *Unit {
	t.Helper()
	cu := NewDIE(TagCompileUnit).
		Add(AttrProducer, FormString, "lgenfe: EDG 4.9").
		Add(AttrLanguage, FormData1, uint64(LangCPlusPlus)).
		Add(AttrName, FormString, "call1.cu").
		Add(AttrLowPC, FormAddr, uint64(0)).
		Add(AttrStmtList, FormData4, Label{Name: DebugLine}).
		Add(AttrCompDir, FormString, "/home/mmurphy/test")
	intT := NewDIE(TagBaseType).
		Add(AttrName, FormString, "int").
		Add(AttrEncoding, FormData1, uint64(EncSigned)).
		Add(AttrByteSize, FormData4, uint64(4))
	voidT := NewDIE(TagUnspecifiedType).Add(AttrName, FormString, "void")
	ptrT := NewDIE(TagPointerType).
		Add(AttrType, FormRef4, Ref{Target: intT}).
		Add(AttrAddressClass, FormData1, uint64(AddrGenericSpace))
	sub := func(name string, line uint64, typ *DIE, n int) *DIE {
		return NewDIE(TagSubprogram).
			Add(AttrMIPSLinkageName, FormString, name).
			Add(AttrName, FormString, name).
			Add(AttrDeclFile, FormData4, uint64(1)).
			Add(AttrDeclLine, FormData4, line).
			Add(AttrType, FormRef4, Ref{Target: typ}).
			Add(AttrExternal, FormFlag, uint64(1)).
			Add(AttrLowPC, FormAddr, Label{Name: "func_begin" + string(rune('0'+n))}).
			Add(AttrHighPC, FormAddr, Label{Name: "func_end" + string(rune('0'+n))}).
			Add(AttrFrameBase, FormBlock1, Bytes(byte(OpCallFrameCFA)))
	}
	param := func(name string, line uint64, typ *DIE, loc Block, class AddrClass) *DIE {
		return NewDIE(TagFormalParameter).
			Add(AttrName, FormString, name).
			Add(AttrDeclFile, FormData4, uint64(1)).
			Add(AttrDeclLine, FormData4, line).
			Add(AttrType, FormRef4, Ref{Target: typ}).
			Add(AttrLocation, FormBlock1, loc).
			Add(AttrAddressClass, FormData1, uint64(class))
	}
	reg := func(r string) Block {
		b, err := RegLoc(r)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	foo := cu.AddChild(sub("_Z3fooii", 1, intT, 0))
	foo.AddChild(param("i", 1, intT, reg("%r1"), AddrRegSpace))
	foo.AddChild(param("j", 1, intT, reg("%r2"), AddrRegSpace))
	cu.AddChild(intT)
	test := cu.AddChild(sub("_Z4testPi", 6, voidT, 1))
	test.AddChild(param("p", 6, ptrT, AddrLoc("_Z4testPi_param_0", 0, 8), AddrParamSpace))
	cu.AddChild(voidT)
	cu.AddChild(ptrT)
	return &Unit{AddressSize: 8, Root: cu}
}

func readGuide(t testing.TB) (*File, []*Unit) {
	t.Helper()
	src, err := os.ReadFile("testdata/guide_example.ptx")
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParsePTX("guide_example.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	units, err := f.Read()
	if err != nil {
		t.Fatal(err)
	}
	return f, units
}

func dumpString(t testing.TB, units []*Unit) string {
	var b strings.Builder
	if err := Dump(&b, units); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestGuideExample builds the example's DIEs with the writer and checks
// that they decode to the tree the guide's bytes decode to, and that the
// sections are the guide's, byte for byte and label for label
// (.debug_pubnames included).
func TestGuideExample(t *testing.T) {
	x, want := readGuide(t)
	secs, err := guideUnit(t).Sections()
	if err != nil {
		t.Fatal(err)
	}
	got, err := Read(secs)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := dumpString(t, got), dumpString(t, want); g != w {
		t.Errorf("DIE tree differs from the guide's:\n--- got\n%s\n--- want\n%s", g, w)
	}
	if n := want[0].Root.Count(); n != 9 {
		t.Errorf("the guide's tree has %d DIEs, want 9", n)
	}
	for _, name := range []string{DebugInfo, DebugAbbrev, DebugPubnames} {
		var g, w *flat
		for _, s := range secs {
			if s.Name == name {
				g, _ = flatten(s)
			}
		}
		for _, s := range x.Sections {
			if s.Name == name {
				w, _ = flatten(s)
			}
		}
		if g == nil || w == nil {
			t.Errorf("%s: missing (got %v, guide %v)", name, g != nil, w != nil)
			continue
		}
		if !bytes.Equal(g.b, w.b) || !sameLabels(g.labels, w.labels) {
			t.Errorf("%s differs from the guide's:\n got %v %v\nwant %v %v", name, g.b, g.labels, w.b, w.labels)
		}
	}
}

func sameLabels(a, b []labelAt) bool {
	return slices.Equal(a, b)
}

package dwarf

import (
	stddwarf "debug/dwarf"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/printer"
	"github.com/ptxabi/ptxabi/target"
)

// sizesFor is package layout's Sizes for an address size in bytes.
func sizesFor(addressSize int) Sizes {
	tgt := target.Default
	tgt.AddressSize = 8 * addressSize
	return LayoutSizes(layout.New(tgt))
}

// richTypes are the C types of the richer unit.
func richTypes() (rec, un *ctypes.Struct, arr, fp, cint, td ctypes.Type) {
	intT := ctypes.BasicOf(ctypes.Int)
	rec = &ctypes.Struct{Tag: "Rec", Complete: true}
	rec.Fields = []*ctypes.Field{
		{Name: "a", Type: intT, BitField: true, BitWidth: 3},
		{Name: "b", Type: intT, BitField: true, BitWidth: 5},
		{Name: "c", Type: ctypes.BasicOf(ctypes.UInt), BitField: true, BitWidth: 30},
		{Name: "f", Type: ctypes.BasicOf(ctypes.Float)},
		{Name: "next", Type: &ctypes.Pointer{Elem: rec}},
		{Name: "d", Type: ctypes.BasicOf(ctypes.Double)},
	}
	un = &ctypes.Struct{Tag: "U", Union: true, Complete: true, Fields: []*ctypes.Field{
		{Name: "i", Type: intT}, {Name: "f", Type: ctypes.BasicOf(ctypes.Float)}, {Name: "c", Type: &ctypes.Array{Elem: ctypes.BasicOf(ctypes.Char), Len: 4}},
	}}
	arr = &ctypes.Array{Elem: &ctypes.Array{Elem: ctypes.BasicOf(ctypes.Short), Len: 3}, Len: 2}
	fp = &ctypes.Pointer{Elem: &ctypes.Func{Result: intT, Params: []ctypes.Param{{Type: intT}, {Type: &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Void)}}}}}
	cint = &ctypes.Qualified{Type: intT, Const: true}
	td = &ctypes.Typedef{Name: "rec_t", Type: rec}
	return
}

// richUnit is a unit with a kernel whose parameters and variables live in
// the register, param, local, global, shared and const spaces, and types
// of every kind the writer makes. Its PTX is richPTX.
func richUnit(t testing.TB, addressSize int) *Unit {
	t.Helper()
	cu := NewCompileUnit("ptxabi", LangCPlusPlus, "rich.cu", "/src")
	ty := &Types{Sizes: sizesFor(addressSize), Parent: cu}
	mk := func(c ctypes.Type) *DIE {
		d, err := ty.TypeDIE(c)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	_, un, arr, fp, cint, td := richTypes()
	variable := func(parent *DIE, tag Tag, name string, typ *DIE, loc Block, class AddrClass) {
		parent.AddChild(NewVariable(tag, name, typ, loc, class))
	}
	variable(cu, TagVariable, "g", mk(arr), AddrLoc("g", 0, addressSize), AddrGlobalSpace)
	variable(cu, TagVariable, "sh", mk(un), AddrLoc("sh", 0, addressSize), AddrSharedSpace)
	variable(cu, TagVariable, "c0", mk(cint), AddrLoc("c0", 0, addressSize), AddrConstSpace)
	k := cu.AddChild(NewSubprogram("kern", "", nil, true, "func_begin0", "func_end0", 0))
	intP := mk(&ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Int)})
	variable(k, TagFormalParameter, "p", intP, AddrLoc("kern_param_0", 0, addressSize), AddrParamSpace)
	variable(k, TagFormalParameter, "r", mk(td), AddrLoc("kern_param_1", 0, addressSize), AddrParamSpace)
	r1, err := RegLoc("%r1")
	if err != nil {
		t.Fatal(err)
	}
	variable(k, TagVariable, "x", mk(ctypes.BasicOf(ctypes.Int)), r1, AddrRegSpace)
	variable(k, TagVariable, "fn", mk(fp), AddrLoc("__local_depot0", 0, addressSize), AddrLocalSpace)
	return &Unit{AddressSize: addressSize, Root: cu}
}

// richPTX is the kernel that richUnit describes, with its sections.
func richPTX(secs []Section, addressSize int) string {
	ptr, reg := ".u64", "%rd"
	if addressSize == 4 {
		ptr, reg = ".u32", "%r"
	}
	return fmt.Sprintf(`.version 7.0
.target sm_52, debug
.address_size %d

.file 1 "rich.cu"
.global .align 4 .b8 g[12];
.shared .align 4 .b8 sh[4];
.const .align 4 .b32 c0;

.visible .entry kern(
	.param %s kern_param_0,
	.param .align 8 .b8 kern_param_1[32])
{
	.local .align 8 .b8 __local_depot0[8];
	.reg .b32 %%r<8>;
	.reg .b64 %%rd<4>;
	.loc 1 10 1
func_begin0:
	ld.param%s %s3, [kern_param_0];
	ld.param.u32 %%r1, [kern_param_1];
	ld.const.u32 %%r2, [c0];
	add.s32 %%r1, %%r1, %%r2;
	st.global.u32 [g], %%r1;
	st.shared.u32 [sh], %%r1;
	st.local.u32 [__local_depot0], %%r1;
	.loc 1 11 1
	st.u32 [%s3], %%r1;
	ret;
func_end0:
}
%s`, 8*addressSize, ptr, ptr, reg, reg, Text(secs))
}

// TestTextRoundTrip checks that the PTX sink's nodes hold the data the
// writer made, datum for datum, and that its text parses back to them,
// for both units and both address sizes, and for label arithmetic.
func TestTextRoundTrip(t *testing.T) {
	secs := map[string][]Section{"labels": {{DebugInfo, []Datum{
		{Size: 1, Value: 1}, {Size: 1, Value: 255}, {Size: 2, Value: 0xffff}, {Size: 4, Value: 7}, {Size: 4, Value: 8},
		{Size: 8, Label: "$L__a", Offset: -8}, {Size: 8, Label: "$L__a", Offset: 9}, {Size: 4, Label: "$L__e", Sub: "$L__b"},
		{Size: 8, Value: ^uint64(0)}, {Size: 4, Label: ".debug_abbrev"}}}, {DebugAbbrev, Bytes(0)}}}
	for name, u := range map[string]*Unit{"guide": guideUnit(t), "rich64": richUnit(t, 8), "rich32": richUnit(t, 4)} {
		s, err := u.Sections()
		if err != nil {
			t.Fatal(err)
		}
		secs[name] = s
	}
	for name, secs := range secs {
		t.Run(name, func(t *testing.T) {
			nodes := Nodes(secs)
			for i, n := range nodes {
				if n.Name != secs[i].Name || !reflect.DeepEqual(n.Data(), toAST(secs[i].Data)) {
					t.Errorf("node %s holds %+v, want %+v", n.Name, n.Data(), secs[i].Data)
				}
			}
			text := Text(secs)
			x, err := ParsePTX(name+".ptx", []byte(text))
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if !reflect.DeepEqual(x.Sections, secs) {
				t.Errorf("parsed sections differ from written ones:\n%s", text)
			}
			if f, err := printer.Format("t.ptx", []byte(text)); err != nil || string(f) != text {
				t.Errorf("Text is not in the printer's canonical format (%v):\n%s", err, text)
			}
			for _, line := range strings.Split(text, "\n") {
				if n := strings.Count(line, ","); n >= maxGroup {
					t.Errorf("line with %d items: %s", n+1, line)
				}
			}
		})
	}
}

func toAST(ds []Datum) []ast.Datum {
	out := make([]ast.Datum, len(ds))
	for i, d := range ds {
		out[i] = ast.Datum(d)
	}
	return out
}

// normalize splits every numeric datum into bytes, so that groupings
// compare equal.
func normalize(secs []Section) map[string][]Datum {
	out := map[string][]Datum{}
	for _, s := range secs {
		var ds []Datum
		for _, d := range s.Data {
			if d.Label != "" {
				ds = append(ds, d)
				continue
			}
			for i := 0; i < d.Size; i++ {
				ds = append(ds, Datum{Size: 1, Value: d.Value >> (8 * i) & 0xff})
			}
		}
		out[s.Name] = ds
	}
	return out
}

// TestReadBackStdlib writes units with the byte sink and reads them with
// debug/dwarf: the tags, names, address classes and member offsets must
// be the ones written.
func TestReadBackStdlib(t *testing.T) {
	for _, size := range []int{4, 8} {
		u := richUnit(t, size)
		secs, err := u.Sections()
		if err != nil {
			t.Fatal(err)
		}
		codeAddr := map[string]uint64{"func_begin0": 0x1000, "func_end0": 0x1080}
		raw, err := RawBytes(secs, func(l string) (uint64, error) {
			if strings.HasPrefix(l, ".debug_") {
				return 0, nil
			}
			if a, ok := codeAddr[l]; ok {
				return a, nil
			}
			return 0x8000 + uint64(len(l)), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		d, err := stddwarf.New(raw[DebugAbbrev], nil, nil, raw[DebugInfo], nil, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		r := d.Reader()
		for {
			e, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if e == nil {
				break
			}
			if e.Tag == 0 {
				continue
			}
			s := e.Tag.String()
			if n, ok := e.Val(stddwarf.AttrName).(string); ok {
				s += " " + n
			}
			if c, ok := e.Val(stddwarf.AttrAddrClass).(int64); ok {
				s += fmt.Sprintf(" class=%d", c)
			}
			if lo, ok := e.Val(stddwarf.AttrLowpc).(uint64); ok {
				s += fmt.Sprintf(" lo=%#x", lo)
			}
			if bs, ok := e.Val(stddwarf.AttrBitSize).(int64); ok {
				s += fmt.Sprintf(" bits=%d@%d", bs, e.Val(stddwarf.AttrBitOffset))
			}
			got = append(got, s)
		}
		// Our reader on the same sections must see the same DIEs.
		units, err := Read(secs)
		if err != nil {
			t.Fatal(err)
		}
		var ours []string
		units[0].Root.Walk(func(d *DIE, _ int) { ours = append(ours, d.Tag.String()) })
		if len(ours) != len(got) {
			t.Errorf("size %d: debug/dwarf sees %d DIEs, Read %d", size, len(got), len(ours))
		}
		joined := strings.Join(got, "\n")
		for _, want := range []string{
			"Subprogram kern lo=0x1000",
			"Variable g class=5", "Variable sh class=8", "Variable c0 class=4",
			"FormalParameter p class=7", "FormalParameter r class=7",
			"Variable x class=2", "Variable fn class=6",
			"Member a bits=3@29", "Member b bits=5@24", "Member c bits=30@2",
			"StructType Rec", "UnionType U", "Typedef rec_t", "ConstType", "ArrayType", "SubroutineType",
			fmt.Sprintf("PointerType class=12"),
		} {
			if !strings.Contains(joined, want) {
				t.Errorf("size %d: no %q in\n%s", size, want, joined)
			}
		}
	}
}

var verbose = flag.Bool("dwarf.v", false, "log the llvm-dwarfdump output of the oracle tests")

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestGolden compares the PTX of the richer unit (both address sizes)
// with testdata/rich*.ptx; -update rewrites them. The oracle test assembles
// the same text.
func TestGolden(t *testing.T) {
	for _, size := range []int{4, 8} {
		secs, err := richUnit(t, size).Sections()
		if err != nil {
			t.Fatal(err)
		}
		got := richPTX(secs, size)
		file := fmt.Sprintf("testdata/rich%d.ptx", 8*size)
		if *update {
			if err := os.WriteFile(file, []byte(got), 0o666); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if got != string(want) {
			t.Errorf("%s differs from the writer's output (go test -update rewrites it)", file)
		}
	}
}

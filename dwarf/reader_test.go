package dwarf

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

func byteSection(name string, b ...byte) Section { return Section{name, Bytes(b...)} }

// abbrevCU is one abbreviation: compile unit, no children, DW_AT_name string.
var abbrevCU = byteSection(DebugAbbrev, 1, 0x11, 0, 3, 8, 0, 0, 0)

func TestReadErrors(t *testing.T) {
	lbl := func(size int, name string) Datum { return Datum{Size: size, Label: name} }
	hdr := func(length uint64, rest ...Datum) Section {
		d := []Datum{{Size: 4, Value: length}, {Size: 1, Value: 2}, {Size: 1}, lbl(4, DebugAbbrev), {Size: 1, Value: 8}}
		return Section{DebugInfo, append(d, rest...)}
	}
	tests := []struct {
		name string
		secs []Section
		off  int64
		msg  string
	}{
		{"no abbrev", []Section{hdr(7)}, 0, "no .debug_abbrev"},
		{"length past end", []Section{hdr(100), abbrevCU}, 0, "runs past the end of the section"},
		{"short header", []Section{{DebugInfo, Bytes(1, 0)}, abbrevCU}, 0, "unit length runs past the end"},
		{"version", []Section{{DebugInfo, append(Bytes(7, 0, 0, 0, 9, 0), Bytes(0, 0, 0, 0, 8)...)}, abbrevCU}, 4, "DWARF version 9"},
		{"address size", []Section{{DebugInfo, Bytes(7, 0, 0, 0, 2, 0, 0, 0, 0, 0, 3)}, abbrevCU}, 10, "address size 3"},
		{"wrong abbrev label", []Section{{DebugInfo, []Datum{{Size: 4, Value: 7}, {Size: 2, Value: 2}, lbl(4, "foo"), {Size: 1, Value: 8}}}, abbrevCU}, 6, "not .debug_abbrev"},
		{"undefined code", []Section{hdr(9, Datum{Size: 1, Value: 5}, Datum{Size: 1}), abbrevCU}, 11, "abbreviation code 5 is not defined"},
		{"unterminated string", []Section{hdr(9, Datum{Size: 1, Value: 1}, Datum{Size: 1, Value: 65}), abbrevCU}, 12, "not NUL-terminated"},
		{"label in string", []Section{hdr(12, Datum{Size: 1, Value: 1}, lbl(4, "x")), abbrevCU}, 12, "label reference in"},
		{"label size", []Section{hdr(12, Datum{Size: 1, Value: 1}, lbl(4, "x")), byteSection(DebugAbbrev, 1, 0x11, 0, 0x11, 1, 0, 0, 0)}, 12, "4-byte label reference"},
		{"unknown form", []Section{hdr(9, Datum{Size: 1, Value: 1}, Datum{Size: 1}), byteSection(DebugAbbrev, 1, 0x11, 0, 3, 0x7f, 0, 0, 0)}, 12, "unknown form 0x7f"},
		{"block past end", []Section{hdr(9, Datum{Size: 1, Value: 1}, Datum{Size: 1, Value: 9}), byteSection(DebugAbbrev, 1, 0x11, 0, 2, 0x0a, 0, 0, 0)}, 13, "runs past the end"},
		{"abbrev children flag", []Section{hdr(8, Datum{Size: 1, Value: 1}), byteSection(DebugAbbrev, 1, 0x11, 7, 0, 0, 0)}, 2, "children flag 7"},
		{"abbrev unterminated", []Section{hdr(8, Datum{Size: 1, Value: 1}), byteSection(DebugAbbrev, 1, 0x11, 0, 3)}, 4, "runs past the end"},
		{"two roots", []Section{hdr(11, Datum{Size: 1, Value: 1}, Datum{Size: 1}, Datum{Size: 1, Value: 1}, Datum{Size: 1}), abbrevCU}, 13, "second top-level DIE"},
		{"bad datum", []Section{{DebugInfo, []Datum{{Size: 3}}}, abbrevCU}, 0, "datum of 3 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(tt.secs)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if e.Offset != tt.off || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("got %v, want offset 0x%x and %q", err, tt.off, tt.msg)
			}
		})
	}
}

func TestExtractErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{".section .debug_info { .b8 1, }", "f.ptx:1:31: expected a number or a label"},
		{".section .debug_info { .b8 1", "f.ptx:1:29: expected } to end .section .debug_info"},
		{".section .debug_info\n .b8 1 }", "f.ptx:2:2: expected { after .section .debug_info"},
		{".section .debug_info {\n .b12 1 }", "f.ptx:2:2: expected .b8, .b16, .b32, .b64 or }, found \".b12\""},
		{".section .debug_info { .b8 99999999999999999999999 }", "f.ptx:1:28: bad number"},
		{".section .debug_info { .b32 lbl+x }", "f.ptx:1:33: expected a number after the label"},
		{"/* never ends", "f.ptx:1:1: unterminated comment"},
		{"\"abc\n", "f.ptx:1:1: unterminated string literal"},
		{".section", "f.ptx:1:9: expected a section name"},
	}
	for _, tt := range tests {
		_, err := ExtractSections("f.ptx", []byte(tt.src))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %s", tt.src, err, tt.want)
		}
	}
}

func TestExtract(t *testing.T) {
	src := `// .section .debug_fake { .b8 1 }
.global .b8 s[4] = {1, 2, 3, 4}; /* .section .x { } */
	.section	.debug_info
	{
.b8 1, 2 // comment
.b16 0xffff, -1
.b32 .debug_abbrev+4, $L__x-2
.b64 18446744073709551615
	}
.section .debug_info { .b8 9 }
`
	x, err := ExtractSections("f.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Section{{DebugInfo, []Datum{{1, 1, "", 0}, {1, 2, "", 0}, {2, 0xffff, "", 0}, {2, 0xffff, "", 0},
		{4, 0, ".debug_abbrev", 4}, {4, 0, "$L__x", -2}, {8, ^uint64(0), "", 0}, {1, 9, "", 0}}}}
	if len(x.Sections) != 1 || len(x.Sections[0].Data) != len(want[0].Data) {
		t.Fatalf("got %+v", x.Sections)
	}
	for i, d := range x.Sections[0].Data {
		if d != want[0].Data[i] {
			t.Errorf("datum %d: got %+v, want %+v", i, d, want[0].Data[i])
		}
	}
	if p, ok := x.Position(DebugInfo, 7); !ok || p.String() != "f.ptx:7:6" {
		t.Errorf("Position(7) = %v, %v; want f.ptx:7:6", p, ok)
	}
}

func TestPackRegister(t *testing.T) {
	for _, tt := range []struct {
		reg  string
		want uint64
	}{{"%r1", 0x257231}, {"%rd12", 0x2572643132}, {"%f3", 0x256633}} {
		v, err := PackRegister(tt.reg)
		if err != nil || v != tt.want {
			t.Errorf("PackRegister(%q) = %#x, %v; want %#x", tt.reg, v, err, tt.want)
		}
		if r, ok := UnpackRegister(v); !ok || r != tt.reg {
			t.Errorf("UnpackRegister(%#x) = %q, %v", v, r, ok)
		}
	}
	// The bytes of the guide's example (NOTES.md): 144, 177, 228, 149, 1.
	b, _ := RegLoc("%r1")
	if got := normalize([]Section{{"x", b}})["x"]; len(got) != 5 || got[1].Value != 177 || got[4].Value != 1 {
		t.Errorf("RegLoc(%%r1) = %v", b)
	}
	if _, err := PackRegister("%toolongname"); err == nil {
		t.Error("PackRegister accepted a 12-byte name")
	}
}

func TestConstantNames(t *testing.T) {
	for _, tt := range []struct {
		got  interface{ String() string }
		want string
	}{
		{TagCompileUnit, "DW_TAG_compile_unit"}, {AttrMIPSLinkageName, "DW_AT_MIPS_linkage_name"},
		{FormBlock1, "DW_FORM_block1"}, {OpRegx, "DW_OP_regx"}, {EncSigned, "DW_ATE_signed"},
		{LangCPlusPlus, "DW_LANG_C_plus_plus"}, {AddrRegSpace, "ADDR_reg_space"},
		{AddrGenericSpace, "ADDR_generic_space"}, {AddrClass(13), "ADDR_unknown_0xd"}, {Tag(0x4109), "DW_TAG_unknown_0x4109"},
	} {
		if s := tt.got.String(); s != tt.want {
			t.Errorf("got %s, want %s", s, tt.want)
		}
	}
	// The §5.2 table: twelve classes, 1 to 12.
	for c := AddrClass(1); c <= 12; c++ {
		if !KnownAddrClass(c) {
			t.Errorf("address class %d missing", c)
		}
	}
}

// FuzzReader runs the section extractor and the reader on arbitrary PTX
// text: they must return an error or a tree, never panic, and the dumps
// must not fail.
func FuzzReader(f *testing.F) {
	if src, err := os.ReadFile("testdata/guide_example.ptx"); err == nil {
		f.Add(src)
	}
	f.Add([]byte(".section .debug_abbrev { .b8 1, 17, 1, 3, 8, 2, 10, 0, 0, 0 }\n.section .debug_info { .b32 12\n.b8 2, 0\n.b32 .debug_abbrev\n.b8 8, 1, 65, 0, 3, 144, 177, 228, 0 }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		x, err := ExtractSections("f.ptx", src)
		if err != nil {
			return
		}
		units, err := Read(x.Sections)
		if err != nil {
			_ = x.Locate(err)
			return
		}
		if err := Dump(io.Discard, units); err != nil {
			t.Fatal(err)
		}
		if err := JSON(io.Discard, units); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzReadSections feeds raw bytes as .debug_info and .debug_abbrev, with
// a label reference spliced in, to reach deeper into the decoder.
func FuzzReadSections(f *testing.F) {
	x, _ := ExtractSections("g", mustRead(f, "testdata/guide_example.ptx"))
	n := normalize(x.Sections)
	var info, abbr []byte
	for _, d := range n[DebugInfo] {
		info = append(info, byte(d.Value))
	}
	for _, d := range n[DebugAbbrev] {
		abbr = append(abbr, byte(d.Value))
	}
	f.Add(info, abbr, uint16(6))
	f.Fuzz(func(t *testing.T, info, abbr []byte, at uint16) {
		id := Bytes(info...)
		if int(at) < len(id) {
			id = append(id[:at:at], append(Block{{Size: 8, Label: "func_begin0"}}, id[at:]...)...)
		}
		units, err := Read([]Section{{DebugInfo, id}, byteSection(DebugAbbrev, abbr...)})
		if err != nil {
			return
		}
		if err := Dump(io.Discard, units); err != nil {
			t.Fatal(err)
		}
		if err := JSON(io.Discard, units); err != nil {
			t.Fatal(err)
		}
	})
}

func mustRead(t testing.TB, name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

package dwarf

import (
	"errors"
	"fmt"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
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

// TestParsePTXErrors: syntax errors come from ptx/parser at their
// file:line:col; a value that is no section datum is an error at the value.
func TestParsePTXErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{".section .debug_info { .b8 1, }", "f.ptx:1:31: "},
		{".section .debug_info { .b8 1", "f.ptx:1:29: "},
		{".section .debug_info\n .b8 1 }", "f.ptx:2:2: "},
		{".section .debug_info {\n .b12 1 }", "f.ptx:2:2: expected data directive"},
		{".section .debug_info { .b32 lbl+x }", "f.ptx:1:29: section .debug_info: the value is not an integer"},
		{".section .debug_info { .b32 1,\n  1.5 }", "f.ptx:2:3: section .debug_info: 1.5 is not an integer"},
		{".section .debug_info { .b8 \"s\" }", `f.ptx:1:28: section .debug_info: "s" is not an integer`},
		{"/* never ends", "f.ptx:1:1: "},
		{"\"abc\n", "f.ptx:1:1: "},
		{".section", "f.ptx:1:9: "},
		{".version 7.0\n.target sm_52\n.entry k( { ret; }", "f.ptx:3:"},
	}
	for _, tt := range tests {
		_, err := ParsePTX("f.ptx", []byte(tt.src))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %s...", tt.src, err, tt.want)
		}
	}
}

// TestReadPTXErrors: malformed DWARF is an error at the datum where
// decoding failed, or at the section when there is no such datum.
func TestReadPTXErrors(t *testing.T) {
	const abbr = ".section .debug_abbrev { .b8 1, 17, 0, 3, 8, 0, 0, 0 }\n"
	tests := []struct{ src, want string }{
		// The string starting at "65" has no NUL.
		{abbr + ".section .debug_info {\n.b32 9\n.b8 2, 0\n.b32 .debug_abbrev\n.b8 8, 1, 65\n}", "f.ptx:6:11: DW_AT_name (DW_FORM_string) is not NUL-terminated (.debug_info+0xc)"},
		// The unit length runs past the end: at the length.
		{abbr + ".section .debug_info {\n  .b32 99\n.b8 2, 0\n}", "f.ptx:3:8: unit length 0x63 runs past"},
		// An undefined abbreviation code.
		{abbr + ".section .debug_info { .b32 8\n.b16 2\n.b32 .debug_abbrev\n.b8 8,\n 7 }", "f.ptx:6:2: abbreviation code 7 is not defined"},
		// The abbreviation offset is a label of the wrong section.
		{abbr + ".section .debug_info { .b32 8\n.b16 2\n.b32 .debug_line\n.b8 8, 1, 0 }", "f.ptx:4:6: abbreviation offset is the label .debug_line"},
		// No .debug_abbrev: at .debug_info.
		{"\n.section .debug_info { .b32 7, 2, 8 }", "f.ptx:2:1: no .debug_abbrev section"},
		// An empty .debug_abbrev: at its directive.
		{".section .debug_abbrev { }\n.section .debug_info { .b32 8\n.b16 2\n.b32 .debug_abbrev\n.b8 8, 1, 0 }", "f.ptx:1:1: abbreviation code runs past the end"},
		// A label where a string was expected.
		{abbr + ".section .debug_info { .b32 11\n.b16 2\n.b32 .debug_abbrev\n.b8 8, 1\n.b32 $L__x-$L__y }", "f.ptx:6:6: label reference in DW_AT_name"},
	}
	for _, tt := range tests {
		_, err := ReadPTX("f.ptx", []byte(tt.src))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q:\n got %v\nwant %s...", tt.src, err, tt.want)
			continue
		}
		var pe *PosError
		var e *Error
		if !errors.As(err, &pe) || !errors.As(err, &e) {
			t.Errorf("%v: not a *PosError wrapping an *Error", err)
		}
	}
}

// TestFromModule checks the data and the positions of the sections of a
// parsed module: blocks of one name joined, labels and comments skipped,
// negative numbers truncated to the datum's size, label arithmetic kept.
func TestFromModule(t *testing.T) {
	src := `// .section .debug_fake { .b8 1 }
.global .b8 s[4] = {1, 2, 3, 4}; /* .section .x { } */
	.section	.debug_info
	{
.b8 1, 2 // comment
.b16 0xffff, -1
.b32 .debug_abbrev+4, $L__x-2
$L__here:
.b64 18446744073709551615
.b32 $L__end-$L__begin
	}
.section .debug_info { .b8 9 }
`
	f, err := ParsePTX("f.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Datum{{Size: 1, Value: 1}, {Size: 1, Value: 2}, {Size: 2, Value: 0xffff}, {Size: 2, Value: 0xffff},
		{Size: 4, Label: ".debug_abbrev", Offset: 4}, {Size: 4, Label: "$L__x", Offset: -2}, {Size: 8, Value: ^uint64(0)},
		{Size: 4, Label: "$L__end", Sub: "$L__begin"}, {Size: 1, Value: 9}}
	if len(f.Sections) != 1 || !reflect.DeepEqual(f.Sections[0].Data, want) {
		t.Fatalf("got %+v\nwant %+v", f.Sections, want)
	}
	for _, tt := range []struct {
		off  int64
		want string
	}{{0, "f.ptx:5:5"}, {7, "f.ptx:7:6"}, {9, "f.ptx:7:6"}, {10, "f.ptx:7:23"}, {16, "f.ptx:9:6"}, {22, "f.ptx:10:6"}, {26, "f.ptx:12:28"}, {27, "f.ptx:12:28"}, {28, "f.ptx:3:2"}} {
		if p, ok := f.Position(DebugInfo, tt.off); !ok || p.String() != tt.want {
			t.Errorf("Position(%d) = %v, %v; want %s", tt.off, p, ok, tt.want)
		}
	}
	if _, ok := f.Position(DebugAbbrev, 0); ok {
		t.Error("a position in a missing section")
	}
	// A module built by hand has no positions; Locate leaves errors alone.
	m := &ast.Module{Decls: []ast.Decl{&ast.Section{Name: DebugInfo, Items: []ast.SectionItem{
		&ast.Data{Type: ".b8", Values: []ast.Expr{ast.UintLit(7)}}}}}}
	f, err = FromModule(nil, m)
	if err != nil || len(f.Sections) != 1 || f.Sections[0].Data[0] != (Datum{Size: 1, Value: 7}) {
		t.Fatalf("FromModule = %+v, %v", f, err)
	}
	if _, err := f.Read(); err == nil || strings.Contains(err.Error(), "f.ptx") {
		t.Errorf("Read = %v", err)
	} else if _, ok := err.(*Error); !ok {
		t.Errorf("Read = %T, want a bare *Error", err)
	}
	m.Decls[0].(*ast.Section).Items[0].(*ast.Data).Type = ".b24"
	if _, err := FromModule(nil, m); err == nil || !strings.Contains(err.Error(), `".b24"`) {
		t.Errorf("FromModule with .b24: %v", err)
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

// FuzzReader runs the parser and the reader on arbitrary PTX text: they
// must return an error or a tree, never panic; every error must carry a
// file:line:col, and the dumps must not fail.
func FuzzReader(f *testing.F) {
	for _, file := range []string{"testdata/guide_example.ptx", "../ptx/parser/testdata/corpus/nvcc-m64-G-sm_70-globals.ptx"} {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte(".section .debug_abbrev { .b8 1, 17, 1, 3, 8, 2, 10, 0, 0, 0 }\n.section .debug_info { .b32 12\n.b8 2, 0\n.b32 .debug_abbrev\n.b8 8, 1, 65, 0, 3, 144, 177, 228, 0 }"))
	f.Add([]byte(".section .debug_abbrev { .b8 1, 17, 0, 3, 8, 0, 0, 0 }\n.section .debug_info { .b32 $L__a-$L__b, 2\n.b32 .debug_abbrev+1\n.b8 8, 1 }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		units, err := ReadPTX("f.ptx", src)
		checkFastPath(t, "f.ptx", src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.ptx:") {
				t.Fatalf("error without a position: %v", err)
			}
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
	x, err := ParsePTX("g", mustRead(f, "testdata/guide_example.ptx"))
	if err != nil {
		f.Fatal(err)
	}
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

// TestReadCarriedCorpus decodes the debug sections of every file of the
// PTX parser's carried corpus (nvcc and clang-14 output, with and without
// -G/-g): no errors, and a unit in each file compiled for debugging, with
// the DIEs llvm-dwarfdump-14 decodes from the cubin where ptxas and
// llvm-dwarfdump-14 are installed.
func TestReadCarriedCorpus(t *testing.T) {
	files, _ := filepath.Glob("../ptx/parser/testdata/corpus/*.ptx")
	if len(files) == 0 {
		t.Fatal("no ../ptx/parser/testdata/corpus")
	}
	var debug int
	dies := map[string]int{} // by producer
	for _, file := range files {
		units, err := ReadPTX(file, mustRead(t, file))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		checkFastPath(t, file, mustRead(t, file))
		base := filepath.Base(file)
		if strings.Contains(base, "-G-") || strings.Contains(base, "-g-") {
			debug++
			if len(units) != 1 || units[0].Root.Count() < 20 {
				t.Errorf("%s: %d units", base, len(units))
				continue
			}
			producer, _, _ := strings.Cut(base, "-")
			dies[producer] += units[0].Root.Count()
			if oracle.Have(oracle.PTXAS) && oracle.Have(oracle.LLVMDwarfdump) {
				checkAgainstLLVM(t, base, string(mustRead(t, file)), false)
			}
		} else if len(units) != 0 {
			t.Errorf("%s: %d units in a file without debug information", base, len(units))
		}
	}
	if debug < 5 {
		t.Errorf("only %d files with debug information", debug)
	}
	t.Logf("%d corpus files read, %d with debug information: %d DIEs of nvcc -G, %d of clang -g", len(files), debug, dies["nvcc"], dies["clang"])
}

// checkFastPath checks that ReadPTX's streaming way (readPTXFast) and its
// way through the whole tree (readPTXTree) agree on src: the one decodes
// src exactly when the other does, to units that dump the same.
func checkFastPath(t *testing.T, name string, src []byte) {
	t.Helper()
	fast, ok := readPTXFast(name, src)
	tree, err := readPTXTree(name, src)
	if ok != (err == nil) {
		t.Fatalf("%s: the streaming reader decodes it: %v; the tree reader: %v", name, ok, err)
	}
	// Cut in pieces at every line "}" after 16 bytes (streamPieces).
	minP, maxP := minPiece, maxPieces
	minPiece, maxPieces = 16, func(int) int { return 1000 }
	pieces, pok := readPTXFast(name, src)
	minPiece, maxPieces = minP, maxP
	if pok != ok {
		t.Fatalf("%s: the streaming reader decodes it: %v; in pieces: %v", name, ok, pok)
	}
	if !ok {
		return
	}
	var a, b, p strings.Builder
	if err := Dump(&p, pieces); err != nil {
		t.Fatal(err)
	}
	if err := Dump(&a, fast); err != nil {
		t.Fatal(err)
	}
	if err := Dump(&b, tree); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Fatalf("%s: the streaming reader and the tree reader decode it differently", name)
	}
	if p.String() != a.String() {
		t.Fatalf("%s: the streaming reader decodes it differently in pieces", name)
	}
	fset := token.NewFileSet()
	m, err := parser.ParseFile(fset, name, src)
	if err != nil {
		t.Fatal(err)
	}
	units, err := ReadModule(fset, m)
	if err != nil {
		t.Fatalf("%s: ReadModule: %v", name, err)
	}
	var c strings.Builder
	if err := Dump(&c, units); err != nil {
		t.Fatal(err)
	}
	if c.String() != b.String() {
		t.Fatalf("%s: ReadModule and the tree reader decode it differently", name)
	}
}

// TestReadPTXSplitSection: a section written as two blocks, which the
// streaming reader may read in two pieces, decodes as the tree reader
// joins it, label references after the join included.
func TestReadPTXSplitSection(t *testing.T) {
	good := string(mustRead(t, "testdata/guide_example.ptx"))
	src := strings.Replace(good, ".b32 1, 1, 164\n", ".b32 1, 1, 164\n}\n.section .debug_info {\n", 1)
	if src == good {
		t.Fatal("the split did not apply")
	}
	checkFastPath(t, "split.ptx", []byte(src))
	minP, maxP := minPiece, maxPieces
	defer func() { minPiece, maxPieces = minP, maxP }()
	minPiece, maxPieces = 16, func(int) int { return 1000 }
	s, ok := streamPieces("split.ptx", src)
	if !ok || s.info == nil || len(s.info.labels) == 0 {
		t.Fatal("the file was not read in pieces")
	}
}

// TestReadPTXFastErrors: where the streaming reader meets what it cannot
// decode, ReadPTX still gives the tree reader's positioned error.
func TestReadPTXFastErrors(t *testing.T) {
	good := string(mustRead(t, "testdata/guide_example.ptx"))
	for _, tt := range []struct{ name, src string }{
		{"syntax error in code", strings.Replace(good, "ret;", "ret", 1)},
		{"value that is no datum", strings.Replace(good, ".b8 0", ".b8 (1+2)", 1)},
		{"malformed DWARF", strings.Replace(good, ".b8 0, 0, 0", ".b8 0, 0, 7", 1)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.src == good {
				t.Fatal("the mutation did not apply")
			}
			checkFastPath(t, "f.ptx", []byte(tt.src))
			_, err := ReadPTX("f.ptx", []byte(tt.src))
			if err == nil || !strings.HasPrefix(err.Error(), "f.ptx:") {
				t.Fatalf("want an error at a position, got %v", err)
			}
			fset := token.NewFileSet()
			if m, perr := parser.ParseFile(fset, "f.ptx", []byte(tt.src)); perr == nil {
				if _, merr := ReadModule(fset, m); fmt.Sprint(merr) != fmt.Sprint(err) {
					t.Fatalf("ReadModule: %v; ReadPTX: %v", merr, err)
				}
			}
		})
	}
}

// TestReadPTXFile: ReadPTXFile decodes as ReadPTX does, gives its
// positioned errors, and reports a missing file as a *fs.PathError.
func TestReadPTXFile(t *testing.T) {
	good := "testdata/guide_example.ptx"
	bad := filepath.Join(t.TempDir(), "bad.ptx")
	src := strings.Replace(string(mustRead(t, good)), ".b8 0, 0, 0", ".b8 0, 0, 7", 1)
	if err := os.WriteFile(bad, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{good, bad} {
		want, werr := ReadPTX(name, mustRead(t, name))
		got, gerr := ReadPTXFile(name)
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Fatalf("%s: ReadPTXFile: %v; ReadPTX: %v", name, gerr, werr)
		}
		var a, b strings.Builder
		Dump(&a, got)
		Dump(&b, want)
		if a.String() != b.String() {
			t.Fatalf("%s: ReadPTXFile and ReadPTX decode it differently", name)
		}
	}
	var pe *fs.PathError
	if _, err := ReadPTXFile(filepath.Join(t.TempDir(), "missing.ptx")); !errors.As(err, &pe) {
		t.Fatalf("missing file: got %v, want a *fs.PathError", err)
	}
}

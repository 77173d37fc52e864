package printer_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestGolden formats each testdata/*.ptx and compares with its .golden.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.ptx")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, err := printer.Format(f, src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		golden := strings.TrimSuffix(f, ".ptx") + ".golden"
		if *update {
			if err := os.WriteFile(golden, out, 0o666); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != string(want) {
			t.Errorf("%s: formatted output differs from %s:\n%s", f, golden, out)
		}
		again, err := printer.Format(golden, out)
		if err != nil || string(again) != string(out) {
			t.Errorf("%s: formatting is not idempotent (%v)", f, err)
		}
	}
}

// TestBuild prints a module built by hand, with no positions.
func TestBuild(t *testing.T) {
	m := &ast.Module{Decls: []ast.Decl{
		&ast.Version{Major: 7, Minor: 8},
		&ast.Target{Names: []string{"sm_70"}},
		&ast.AddressSize{Size: 64},
		&ast.Function{Linkage: []string{".visible"}, Entry: true, Name: "k", HasParams: true,
			Params: []*ast.Variable{{Space: ".param", Type: ".u64", Names: []*ast.Declarator{{Name: "k_param_0"}}}},
			Body: &ast.Block{Stmts: []ast.Stmt{
				&ast.Variable{Space: ".reg", Type: ".b64", Names: []*ast.Declarator{{Name: "%rd", Range: 2}}},
				ast.NewInstruction("ld.param.u64", ast.Reg("%rd1"), ast.Addr("k_param_0", 0)),
				ast.NewInstruction("st.global.u32", ast.Addr("%rd1", -4), ast.IntLit(-1)),
				&ast.Instruction{Guard: "%p1", GuardNeg: true, Opcode: "ret"},
			}}},
		ast.NewSection(".debug_abbrev", []ast.Datum{{Size: 1, Value: 1}, {Size: 1, Value: 17}, {Size: 4, Label: ".debug_info"}, {Size: 8, Label: "$L__f", Offset: 8}}),
	}}
	want := `.version 7.8
.target sm_70
.address_size 64

.visible .entry k(
	.param .u64 k_param_0
)
{
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [k_param_0];
	st.global.u32 [%rd1+-4], -1;
	@!%p1 ret;
}

.section .debug_abbrev
{
	.b8 1, 17
	.b32 .debug_info
	.b64 $L__f+8
}
`
	if got := printer.String(m); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if _, err := printer.Format("built.ptx", []byte(want)); err != nil {
		t.Errorf("printed module does not parse: %v", err)
	}
}

// TestFormatStream checks that Format, which prints the module as the
// parser streams it, prints what String prints of the parsed tree, and
// fails as ParseFile does. The inputs are the golden inputs and the parser's
// corpus, as they are and with comments put in at random: leading and
// trailing comments, blank lines and a comment at the end decide where the
// blank lines between declarations go.
func TestFormatStream(t *testing.T) {
	t.Run("whole", testFormatStream)
	// Big files are formatted in pieces (formatPieces): here every file
	// is, at every line "}" after 64 bytes, each piece by a goroutine of
	// its own, or by three goroutines taking them in turn.
	restore := printer.SetPieces(64, 1000, 1)
	t.Run("pieces", testFormatStream)
	printer.SetPieces(64, 3, 5)
	t.Run("pieces in turn", testFormatStream)
	restore()
}

func testFormatStream(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.ptx")
	corpus, _ := filepath.Glob("../parser/testdata/corpus/*.ptx")
	r := rand.New(rand.NewPCG(1, 2))
	for _, f := range append(files, corpus...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for k := range 8 {
			src := data
			switch {
			case k == 1:
				src = data[:len(data)/2] // an error, most likely
			case k > 5:
				src = withBlanks(r, data)
			case k > 1:
				src = withComments(r, data)
			}
			out, err := printer.Format(f, src)
			m, perr := parser.ParseFile(token.NewFileSet(), f, src)
			if fmt.Sprint(err) != fmt.Sprint(perr) {
				t.Fatalf("%s (%d): Format: %v\nParseFile: %v", f, k, err, perr)
			}
			if perr == nil && string(out) != printer.String(m) {
				t.Fatalf("%s (%d): Format and String differ:\n%s", f, k, src)
			}
		}
	}
}

// TestAppendFormat checks that AppendFormat appends what Format returns,
// whatever the room after dst's length, the pieces (formatPieces) printing
// in the room or, where it is short, in memory of their own; and that it
// writes nothing past the length it returns.
func TestAppendFormat(t *testing.T) {
	defer printer.SetPieces(64, 1000, 1)()
	corpus, _ := filepath.Glob("../parser/testdata/corpus/*.ptx")
	for _, f := range corpus {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := printer.Format(f, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, room := range []int{0, len(src) / 2, len(src), len(src) + len(src)/8, 2 * len(src)} {
			dst := make([]byte, 3, 3+room+1)
			copy(dst, "abc")
			full := dst[:cap(dst)]
			full[cap(full)-1] = '!'
			out, err := printer.AppendFormat(dst[:3:3+room], f, src)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != "abc"+string(want) {
				t.Fatalf("%s, room %d: AppendFormat differs from Format", f, room)
			}
			if full[cap(full)-1] != '!' {
				t.Fatalf("%s, room %d: AppendFormat wrote past the room", f, room)
			}
		}
	}
}

// TestFormatSectionData checks Format against String of the parsed tree on
// the forms of section data around the lines that the parser hands a
// PrintHandler as text (parser.PrintHandler).
func TestFormatSectionData(t *testing.T) {
	for _, body := range []string{
		".b8 1\n.b8 2,3\n\t.b16 4 , 5\n  .b32\t6,7  \n.b64 8\n",
		".b8 1,\n2\n.b8 3\n",
		".b8 1 // c\n.b8 2\n// d\n.b8 3 /* e */\n.b8 4\n",
		".b8 1\r\n.b8 2\n.b8 0x3\n.b8 4;\n.b8 5; .b8 6\n",
		"$L: .b8 1\n.b8 2\n$M:\n.b8 3\n.b32 $L\n.b8 4\n",
		".b8 1\n.b8 2 }\n",
		".b8 1\n.b8 2}",
		".b8 1\n.b8 2\n}\n.section .b { .b8 1\n}",
		".b8 1.5\n.b8 1\n.b8 2\n",
		".b85 1\n.b8 1\n.b32x 1\n",
		".b8 1\n.b8 007\n.b8 -1\n",
		".b64 $L__a\n.b32 x, 1 ,%r1\n.b64 a.b\n.b64 f(1)\n.b64 f (1)\n.b64 $L+1\n.b32 .debug_abbrev\n.b8 1\n",
		".b64 $L__a\n.b64 $L__b // c\n.b64 $L__c\n",
		".b8 1\n,2\n.b8 3\n;\n.b8 4\n+5\n.b8 6\n// c\n,7\n",
		".b8 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34\n,35\n.b8 36\n",
	} {
		src := ".version 7.8\n.section .debug_info\n{\n" + body + "\n}\n// end\n"
		out, err := printer.Format("f.ptx", []byte(src))
		m, perr := parser.ParseFile(token.NewFileSet(), "f.ptx", []byte(src))
		if fmt.Sprint(err) != fmt.Sprint(perr) {
			t.Errorf("%q: Format: %v\nParseFile: %v", body, err, perr)
			continue
		}
		if perr == nil && string(out) != printer.String(m) {
			t.Errorf("%q: Format and String differ:\n%s\n---\n%s", body, out, printer.String(m))
		}
	}
}

// withComments returns src with comments and blank lines put in at random
// line starts and line ends.
func withComments(r *rand.Rand, src []byte) []byte {
	var out []byte
	for _, l := range bytes.SplitAfter(src, []byte("\n")) {
		switch r.IntN(12) {
		case 0:
			out = append(out, "// lead\n"...)
		case 1:
			out = append(out, "/* block */ "...)
		case 2:
			out = append(out, "\n\n"...)
		}
		if n := len(l); n > 0 && l[n-1] == '\n' && r.IntN(10) == 0 {
			out = append(out, l[:n-1]...)
			out = append(out, " // trail\n"...)
			continue
		}
		out = append(out, l...)
	}
	if r.IntN(2) == 0 {
		out = append(out, "// end\n"...)
	}
	return out
}

// withBlanks returns src with the blanks around some commas, brackets and
// '+' signs changed at random: operand lists written otherwise than as
// the printer writes them.
func withBlanks(r *rand.Rand, src []byte) []byte {
	var out []byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c != ',' && c != '[' && c != '+' && c != '{' || r.IntN(4) != 0 {
			out = append(out, c)
			continue
		}
		if c == ',' && i+1 < len(src) && src[i+1] == ' ' {
			i++ // the blank after it goes, or another takes its place
		}
		out = append(out, [...]string{" ", "", "\t", "  "}[r.IntN(4)]...)
		out = append(out, c)
		out = append(out, [...]string{" ", "", "\t", "  "}[r.IntN(4)]...)
	}
	return out
}

// FuzzFormat checks that Format prints what String prints of the parsed
// tree, and fails when parsing fails, with the input cut in pieces.
func FuzzFormat(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.ptx")
	for _, name := range append(files, "../parser/testdata/corpus/nvcc-m64-G-sm_70-half.ptx") {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	// "}" lines that are not at the top level, where a cut goes wrong.
	f.Add([]byte(".visible .entry a()\n{\n{add.f16 %rs2,%rs3,%rs1;\n}\n\tret;\n}\n/* c\n}\n.visible .entry x() {}\n*/\n.visible .entry b()\n{\n}\n\t// .globl c\n.visible .entry c()\n{\n}\n"))
	f.Add([]byte(".version 7.8\n// a\n.global .u32 x; // b\n/* c */\n.section .debug_str { // d\n$L: .b8 1 // e\n} // f\n// g\n"))
	// Statements the parser hands over as their printed text.
	f.Add([]byte(".func f()\n{\n\t.reg .b32 %r<3>;\n\t.loc\t1 2 3\n\tmov.u32 \t%r1, [%rd1+-4];\n$L1:\n\t@!%p1 bra \t$L1;\n\t{\n\t.param .align 8 .b8 param0[16];\n\tcall.uni (retval0), \n\tfoo, \n\t(\n\tparam0, \n\tparam1\n\t); // c\n\t}\n}\n"))
	// In pieces at every line "}" after 16 bytes (formatPieces), which
	// must print what the whole does, whatever the "}" lines are, into
	// chunks so small that a new one is taken at most lines.
	defer printer.SetPieces(16, 1000, 1)()
	defer printer.SetChunks(16, 8)()
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := printer.Format("f.ptx", src)
		m, perr := parser.ParseFile(token.NewFileSet(), "f.ptx", src)
		if fmt.Sprint(err) != fmt.Sprint(perr) {
			t.Fatalf("Format: %v\nParseFile: %v", err, perr)
		}
		if perr == nil && string(out) != printer.String(m) {
			t.Fatalf("Format and String differ:\n%s\n---\n%s", out, printer.String(m))
		}
	})
}

// TestAppend checks that Append adds to what dst holds exactly what
// String prints, over the golden inputs and the parser's corpus, into a
// slice too small and one with room.
func TestAppend(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.ptx")
	corpus, _ := filepath.Glob("../parser/testdata/corpus/*.ptx")
	for _, f := range append(files, corpus...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := parser.ParseFile(token.NewFileSet(), f, src)
		if err != nil {
			continue
		}
		want := "prefix\n" + printer.String(m)
		for _, room := range []int{0, 2 * len(want)} {
			out, err := printer.Append(append(make([]byte, 0, room), "prefix\n"...), m)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if string(out) != want {
				t.Fatalf("%s (room %d): Append and String differ", f, room)
			}
		}
	}
}

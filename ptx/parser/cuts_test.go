package parser_test

import (
	"go/token"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/parser"
)

// TestCuts checks where Cuts cuts, and that a piece cut at a "}" that is
// not at the top level fails to parse, as Cuts promises.
func TestCuts(t *testing.T) {
	fn := func(name, body string) string {
		return ".visible .entry " + name + "()\n{\n" + body + "\tret;\n}\n"
	}
	asm := "\t// begin inline asm\n\t{add.f16 %rs2,%rs3,%rs1;\n}\n\t// end inline asm\n"
	comment := "/* a comment\n}\n.visible .entry x() {}\n*/\n"
	for _, tt := range []struct {
		name string
		src  string
		n    int
		want []string // the text each cut is followed by
	}{
		{"functions", fn("a", "") + fn("b", "") + "\t// .globl c\n" + fn("c", ""), 100, []string{".visible .entry b()", "\t// .globl c"}},
		{"inline asm", fn("a", asm+asm) + fn("b", ""), 100, []string{".visible .entry b()"}},
		{"section", fn("a", "") + "\t.section\t.debug_abbrev\n\t{\n.b8 0\n}\n\t.section\t.debug_info\n\t{\n}\n", 100, []string{"\t.section\t.debug_abbrev", "\t.section\t.debug_info"}},
		{"global after", fn("a", "") + ".global .u32 g;\n" + fn("b", ""), 100, nil},
		{"one piece", fn("a", "") + fn("b", ""), 1, nil},
		{"in a comment", fn("a", "") + comment + fn("b", ""), 100, []string{".visible .entry x() {}"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cuts := parser.Cuts(tt.src, tt.n)
			var got []string
			for _, c := range cuts {
				line, _, _ := strings.Cut(tt.src[c:], "\n")
				got = append(got, line)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("cuts before %q, want %q", got, tt.want)
			}
			if tt.name == "in a comment" {
				// The cut is wrong: the piece before it does not parse.
				if _, err := parser.ParseString(token.NewFileSet(), "f.ptx", tt.src[:cuts[0]]); err == nil {
					t.Fatal("a piece cut inside a comment parses")
				}
			}
		})
	}
}
